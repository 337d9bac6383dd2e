import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';

interface Props {
  /** The entry whose delete is refused, or null when closed. */
  entry: { id: string; name: string; count: number; filterPath: string } | null;
  onClose(): void;
}

/**
 * SPEC.md section 5: deleting an entry that CMTS rows use is not permitted; the count is given and the
 * user is asked to search and update them first, with a link to those rows (firestore.rules refuses the
 * delete too).
 */
export function DependentsDialog({ entry, onClose }: Props) {
  const { t } = useTranslation('admin');
  return (
    <Dialog
      open={entry !== null}
      onClose={onClose}
      aria-labelledby="dependents-title"
      data-testid="dependents"
    >
      <DialogTitle id="dependents-title">
        {t('netManage.deleteRefusedTitle', { name: entry?.name })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText data-testid="dependents-count">
          {t('netManage.totalInCmts', { num: entry?.count ?? 0 })}
        </DialogContentText>
        <DialogContentText sx={{ mt: 1 }}>{t('netManage.searchAndUpdate')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        {entry && (
          <Button component={AppLink} href={entry.filterPath} onClick={onClose} data-testid="dependents-link">
            {t('netManage.showDependents', { num: entry.count })}
          </Button>
        )}
        <Button onClick={onClose} variant="contained" autoFocus>
          {t('netManage.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
