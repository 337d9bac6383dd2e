import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { closeWriteError, useWriteError } from '../../lib/write-error-store';
import { useConflictText } from './conflict-text';

/**
 * The database write error modal (docs/requirements.md, "Admin kit"), mounted once by the layout. A write the API refused
 * for a conflict says why in the user's language; any other failure shows the server's message.
 */
export function WriteErrorDialog() {
  const { t } = useTranslation();
  const error = useWriteError();
  const conflictText = useConflictText();
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
        <DialogContentText
          id="write-error-message"
          data-testid="write-error-message"
          data-reason={error?.conflict?.reason}
        >
          {error?.conflict ? conflictText(error.conflict) : (error?.message ?? t('adminKit.firebaseError'))}
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
