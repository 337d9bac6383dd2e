import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';

interface Props {
  /** The item to delete, named in the dialog; null when closed. */
  item: string | null;
  onCancel(): void;
  /** Resolves when the delete is over (the dialog stays disabled meanwhile). */
  onConfirm(): Promise<unknown>;
}

/** docs/requirements.md, "Admin kit": 'Are you sure you want to delete this item?' */
export function ConfirmDeleteDialog({ item, onCancel, onConfirm }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={item !== null}
      onClose={busy ? undefined : onCancel}
      aria-labelledby="confirm-delete-title"
      data-testid="confirm-delete"
    >
      <DialogTitle id="confirm-delete-title">{t('adminKit.deleteTitle', { item: item ?? '' })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('adminKit.confirmDelete')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy} autoFocus>
          {t('adminKit.cancel')}
        </Button>
        <Button
          color="error"
          variant="contained"
          disabled={busy}
          data-testid="confirm-delete-yes"
          onClick={async () => {
            setBusy(true);
            try {
              await onConfirm();
            } finally {
              setBusy(false);
            }
          }}
        >
          {t('adminKit.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
