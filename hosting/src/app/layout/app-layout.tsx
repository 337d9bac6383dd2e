import { useState, type ReactNode } from 'react';
import { Box, Button, Snackbar, Toolbar, useMediaQuery, useTheme } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { WriteErrorDialog } from '../../components/admin/write-error-dialog';
import { LoadingBar } from '../../components/loading-bar';
import { closeDataSnackbar, useDataSnackbarOpen } from '../../lib/snackbar-store';
import { SideDrawer } from './side-drawer';
import { TopBar } from './top-bar';

const EXPANDED_KEY = 'insight-drawer-expanded';

export function AppLayout({ children }: { children: ReactNode }) {
  const theme = useTheme();
  const { t } = useTranslation();
  const isPhone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [expanded, setExpanded] = useState(() => localStorage.getItem(EXPANDED_KEY) !== 'false');
  const [mobileOpen, setMobileOpen] = useState(false);
  const snackbarOpen = useDataSnackbarOpen();

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <LoadingBar />
      <TopBar isPhone={isPhone} onOpenMenu={() => setMobileOpen(true)} />
      <SideDrawer
        isPhone={isPhone}
        expanded={expanded}
        onToggleExpanded={() =>
          setExpanded((value) => {
            localStorage.setItem(EXPANDED_KEY, String(!value));
            return !value;
          })
        }
        mobileOpen={mobileOpen}
        onCloseMobile={() => setMobileOpen(false)}
      />
      <Box component="main" id="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 } }}>
        <Toolbar />
        {children}
      </Box>
      <WriteErrorDialog />
      <Snackbar
        open={snackbarOpen}
        autoHideDuration={4000}
        onClose={(_event, reason) => reason !== 'clickaway' && closeDataSnackbar()}
        message={t('snackbar.dataUpdated')}
        action={
          <Button color="inherit" size="small" onClick={closeDataSnackbar}>
            {t('snackbar.close')}
          </Button>
        }
      />
    </Box>
  );
}
