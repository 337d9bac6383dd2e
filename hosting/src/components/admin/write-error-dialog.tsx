import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { closeWriteError, useWriteError } from '../../lib/write-error-store';

/** SPEC.md section 8: the database write error modal, mounted once by the layout. */
export function WriteErrorDialog() {
  const { t } = useTranslation();
  const error = useWriteError();
  return (
    <Dialog
      open={error !== null}
      onClose={closeWriteError}
      aria-labelledby="write-error-title"
      aria-describedby="write-error-message"
      data-testid="write-error"
    >
      <DialogTitle id="write-error-title">{t('adminKit.writeError')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="write-error-message">
          {error?.message ?? t('adminKit.firebaseError')}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={closeWriteError} autoFocus>
          {t('adminKit.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
