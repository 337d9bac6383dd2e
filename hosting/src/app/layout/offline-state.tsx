import { lazy, Suspense, useEffect, useState } from 'react';
import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../components/visually-hidden';
import { useNetworkMode } from '../../lib/use-network-status';

// Not in the landing's code: loaded when the network goes.
const OfflineChip = lazy(() => import('./offline-chip'));

/** How long "Back online" stays in the live region after the network returns. */
const BACK_ONLINE_MS = 5_000;

/**
 * The top bar's network state (docs/field-mode.md): offline, or the network not answering, a chip says
 * so; the live region around it (polite) announces either, and the return, to screen readers.
 */
export function OfflineState() {
  const { t } = useTranslation();
  const mode = useNetworkMode();
  const online = mode === 'online';
  // Adjusted while rendering (React's pattern for state derived from a change): back online once the
  // network returns after it was lost, for BACK_ONLINE_MS.
  const [shownOnline, setShownOnline] = useState(online);
  const [backOnline, setBackOnline] = useState(false);
  if (online !== shownOnline) {
    setShownOnline(online);
    setBackOnline(online);
  }
  useEffect(() => {
    if (!backOnline) return;
    const timer = window.setTimeout(() => setBackOnline(false), BACK_ONLINE_MS);
    return () => window.clearTimeout(timer);
  }, [backOnline]);
  return (
    <Box role="status" aria-live="polite" data-testid="network-state" sx={{ display: 'contents' }}>
      {mode !== 'online' && (
        <Suspense
          fallback={
            <Box component="span" sx={{ typography: 'body2', display: { xs: 'none', sm: 'inline' } }}>
              {t(mode === 'offline' ? 'network.offline' : 'network.notAnswering')}
            </Box>
          }
        >
          <OfflineChip mode={mode} />
        </Suspense>
      )}
      {backOnline && (
        <Box component="span" sx={visuallyHidden}>
          {t('network.backOnline')}
        </Box>
      )}
    </Box>
  );
}
