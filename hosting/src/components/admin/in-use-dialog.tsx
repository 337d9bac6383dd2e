import { useId } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../app-link';

/** A delete refused because other rows still name the row: what the dialog says about it. */
export interface InUseRefusal {
  title: string;
  /** How many rows name it, in words. */
  message: string;
  /** What to do first, under the count. */
  hint?: string;
  /** The rows that name it (e.g. the CMTS table filtered on the entry). */
  link?: { href: string; label: string };
}

/**
 * docs/requirements.md, "Admin kit": a row that others still name cannot be deleted; the count is given (the server's
 * when it answered 409 inUse) and, where a screen lists them, a link to those rows. Every admin list
 * shows this one dialog (through AdminList).
 */
export function InUseDialog({
  refusal,
  onClose,
  testId,
}: {
  refusal: InUseRefusal | null;
  onClose(): void;
  testId: string;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={refusal !== null} onClose={onClose} aria-labelledby={titleId} data-testid={testId}>
      <DialogTitle id={titleId}>{refusal?.title}</DialogTitle>
      <DialogContent>
        <DialogContentText data-testid={`${testId}-count`}>{refusal?.message}</DialogContentText>
        {refusal?.hint && <DialogContentText sx={{ mt: 1 }}>{refusal.hint}</DialogContentText>}
      </DialogContent>
      <DialogActions>
        {refusal?.link && (
          <Button
            component={AppLink}
            href={refusal.link.href}
            onClick={onClose}
            data-testid={`${testId}-link`}
          >
            {refusal.link.label}
          </Button>
        )}
        <Button onClick={onClose} variant={refusal?.link ? 'contained' : 'text'} autoFocus>
          {t('adminKit.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
