import type { ReactNode } from 'react';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { OperationState } from '../hooks/use-operation';

interface Props {
  open: boolean;
  title?: string;
  /** What will happen, stated plainly. */
  message: string;
  children?: ReactNode;
  state: OperationState<unknown>;
  /** Shown once sent. */
  sentMessage: string;
  canConfirm?: boolean;
  onConfirm(): void;
  onClose(): void;
  testId: string;
}

/** Confirm, then 'sent' or the error, in one dialog; the confirm button is disabled while sending. */
export function OperationDialog({
  open,
  title,
  message,
  children,
  state,
  sentMessage,
  canConfirm = true,
  onConfirm,
  onClose,
  testId,
}: Props) {
  const { t } = useTranslation('insight360');
  const { t: te } = useTranslation('errors');
  const pending = state.status === 'pending';
  const done = state.status === 'sent';
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      aria-labelledby={`${testId}-title`}
      data-testid={testId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={`${testId}-title`}>{title ?? t('ops.confirmTitle')}</DialogTitle>
      <DialogContent>
        {!done && <DialogContentText sx={{ mb: children ? 2 : 0 }}>{message}</DialogContentText>}
        {!done && children}
        {done && (
          <Alert severity="success" data-testid={`${testId}-sent`} role="status">
            {sentMessage}
          </Alert>
        )}
        {state.status === 'failed' && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid={`${testId}-failed`} role="alert">
            {state.error.code === 'upstream_timeout'
              ? t('ops.mayHaveRun')
              : t('ops.failed', { message: te(`codes.${state.error.code}`) })}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          {done ? t('ops.close') : t('ops.cancel')}
        </Button>
        {!done && (
          <Button
            variant="contained"
            onClick={onConfirm}
            disabled={pending || !canConfirm}
            startIcon={pending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
            data-testid={`${testId}-confirm`}
          >
            {pending ? t('ops.sending') : t('ops.confirm')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
