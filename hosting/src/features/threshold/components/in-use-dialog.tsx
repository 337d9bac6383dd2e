import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** A definition or variant that rules still use cannot be deleted: how many, and what to do first. */
export function InUseDialog({
  entry,
  onClose,
}: {
  entry: { name: string; count: number } | null;
  onClose(): void;
}) {
  const { t } = useTranslation('admin');
  return (
    <Dialog open={entry !== null} onClose={onClose} data-testid="in-use-dialog">
      <DialogTitle>{t('threshold.deleteRefusedTitle', { name: entry?.name ?? '' })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('threshold.inUse', { count: entry?.count ?? 0 })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {t('netManage.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
