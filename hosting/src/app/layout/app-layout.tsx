import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Box, Toolbar, useMediaQuery, useTheme } from '@mui/material';
import { ErrorBoundary } from '../../components/error-boundary';
import { LoadingBar } from '../../components/loading-bar';
import { useDataSnackbarOpen } from '../../lib/snackbar-store';
import { useWriteError } from '../../lib/write-error-store';
import { SideDrawer } from './side-drawer';
import { TopBar } from './top-bar';

// The write-error modal and the 'Data has been updated.' snackbar load when first shown and stay mounted
// after (their closing transitions); were their code unreachable, the screen itself is kept.
const WriteErrorDialog = lazy(() =>
  import('../../components/admin/write-error-dialog').then((module) => ({
    default: module.WriteErrorDialog,
  })),
);
const DataSnackbar = lazy(() =>
  import('../../components/data-snackbar').then((module) => ({ default: module.DataSnackbar })),
);

/** True from the first time `shown` is true. */
function useShownOnce(shown: boolean): boolean {
  const [once, setOnce] = useState(shown);
  if (shown && !once) setOnce(true);
  return once || shown;
}

/** Where the desktop drawer's state is kept; index.html's first script reads it too, before the first paint. */
const EXPANDED_KEY = 'insight-drawer-expanded';
const NO_ACTIONS = { mobileOpen: false, onToggleExpanded: () => undefined, onCloseMobile: () => undefined };

interface Props {
  children: ReactNode;
  /**
   * Rendered at build time (scripts/prerender.ts): the phone's and the desktop's layout in one markup,
   * chosen by the screen's width in CSS, with the drawer expanded or not as given.
   */
  prerender?: { expanded: boolean };
}

export function AppLayout({ children, prerender }: Props) {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [expanded, setExpanded] = useState(() =>
    prerender ? prerender.expanded : localStorage.getItem(EXPANDED_KEY) !== 'false',
  );
  const [mobileOpen, setMobileOpen] = useState(false);
  const writeErrorShown = useShownOnce(useWriteError() !== null);
  const snackbarShown = useShownOnce(useDataSnackbarOpen());

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      {/* A page's skip links (the 360 view's): the first stops of the tab order, before the top bar. */}
      <div id="skip-links" />
      <LoadingBar />
      <TopBar isPhone={prerender ? 'byWidth' : isPhone} onOpenMenu={() => setMobileOpen(true)} />
      {prerender ? (
        // A phone's drawer is closed (and not loaded) when the page opens: only the desktop's is shown.
        <Box sx={{ display: { xs: 'none', md: 'contents' } }}>
          <SideDrawer isPhone={false} expanded={expanded} {...NO_ACTIONS} />
        </Box>
      ) : (
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
      )}
      <Box component="main" id="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 } }}>
        <Toolbar />
        {children}
      </Box>
      <ErrorBoundary fallback={() => null}>
        <Suspense fallback={null}>
          {writeErrorShown && <WriteErrorDialog />}
          {snackbarShown && <DataSnackbar />}
        </Suspense>
      </ErrorBoundary>
    </Box>
  );
}
