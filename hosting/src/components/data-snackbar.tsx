import { Button, Snackbar } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { closeDataSnackbar, useDataSnackbarOpen } from '../lib/snackbar-store';

/** docs/requirements.md, "Layout and navigation": 'Data has been updated.' after a list loads, mounted once by the layout. */
export function DataSnackbar() {
  const { t } = useTranslation();
  const open = useDataSnackbarOpen();
  return (
    <Snackbar
      open={open}
      autoHideDuration={4000}
      onClose={(_event, reason) => reason !== 'clickaway' && closeDataSnackbar()}
      message={t('snackbar.dataUpdated')}
      action={
        <Button color="inherit" size="small" onClick={closeDataSnackbar}>
          {t('snackbar.close')}
        </Button>
      }
    />
  );
}
