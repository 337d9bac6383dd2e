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
  /** Shown once sent: what was sent, when, by whom, and what happens next. */
  sentMessage: ReactNode;
  /** The title once sent (default: 'Sent'). */
  sentTitle?: string;
  /** A warning above the question (e.g. the same operation went out a moment ago). */
  notice?: ReactNode;
  /**
   * The failure is what the notice explains (a refusal it words better, e.g. a reset sent a moment ago):
   * not said twice. Any other failure is shown under the notice.
   */
  failureInNotice?: boolean;
  /** The confirm button's word (default: 'Confirm'). */
  confirmLabel?: string;
  canConfirm?: boolean;
  onConfirm(): void;
  onClose(): void;
  testId: string;
}

/** Confirm, then 'sent' or the error, in one dialog; the confirm button is disabled while sending. */
/**
 * An alert's text wraps anywhere: a long e-mail or request id on a phone would otherwise overflow the
 * message, which then scrolls without being focusable (axe: scrollable-region-focusable).
 */
const WRAPPED = { '& .MuiAlert-message': { overflowWrap: 'anywhere', minWidth: 0 } } as const;

export function OperationDialog({
  open,
  title,
  message,
  children,
  state,
  sentMessage,
  sentTitle,
  notice,
  failureInNotice = false,
  confirmLabel,
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
      <DialogTitle id={`${testId}-title`}>
        {done ? (sentTitle ?? t('ops.sentTitle')) : (title ?? t('ops.confirmTitle'))}
      </DialogTitle>
      <DialogContent>
        {!done && notice && (
          <Alert severity="warning" sx={{ mb: 2, ...WRAPPED }} data-testid={`${testId}-notice`} role="alert">
            {notice}
          </Alert>
        )}
        {!done && <DialogContentText sx={{ mb: children ? 2 : 0 }}>{message}</DialogContentText>}
        {!done && children}
        {done && (
          <Alert severity="success" sx={WRAPPED} data-testid={`${testId}-sent`} role="status">
            {sentMessage}
          </Alert>
        )}
        {state.status === 'failed' && !(notice && failureInNotice) && (
          <Alert severity="error" sx={{ mt: 2, ...WRAPPED }} data-testid={`${testId}-failed`} role="alert">
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
            {pending ? t('ops.sending') : (confirmLabel ?? t('ops.confirm'))}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
