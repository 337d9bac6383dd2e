import { useEffect, useRef, useState } from 'react';
import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { LOADING_BAR } from '@insight/common/constants';
import { startLoading, useIsLoading } from '../lib/loading-store';

/**
 * The page loading bar: appears after the throttle (200 ms), creeps towards the end over the duration
 * (5000 ms), completes and hides after the hide delay (500 ms) once the work is done.
 */
export function LoadingBar() {
  const { t } = useTranslation();
  const loading = useIsLoading();
  const [progress, setProgress] = useState<number | null>(null);
  const startedAt = useRef(0);

  useEffect(() => {
    if (loading) {
      const throttle = setTimeout(() => {
        startedAt.current = Date.now();
        setProgress(5);
      }, LOADING_BAR.throttleMs);
      const tick = setInterval(() => {
        if (startedAt.current === 0) return;
        const elapsed = Date.now() - startedAt.current;
        setProgress(Math.min(95, 5 + (90 * elapsed) / LOADING_BAR.durationMs));
      }, 100);
      return () => {
        clearTimeout(throttle);
        clearInterval(tick);
      };
    }
    if (startedAt.current === 0) return;
    setProgress(100);
    const hide = setTimeout(() => {
      startedAt.current = 0;
      setProgress(null);
    }, LOADING_BAR.hideDelayMs);
    return () => clearTimeout(hide);
  }, [loading]);

  if (progress === null) return null;
  // A determinate progress bar as MUI's LinearProgress draws it (a track, a bar scaled to the value, the
  // same ARIA), without its code: this bar is on every page's first load, the signed-out landing's too.
  return (
    <Box
      role="progressbar"
      aria-label={t('loading')}
      aria-valuenow={Math.round(progress)}
      aria-valuemin={0}
      aria-valuemax={100}
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        height: 3,
        overflow: 'hidden',
        bgcolor: (theme) => (theme.palette.mode === 'dark' ? 'primary.dark' : 'primary.light'),
      }}
    >
      <Box
        sx={{
          height: '100%',
          bgcolor: 'primary.main',
          transform: `scaleX(${progress / 100})`,
          transformOrigin: 'left',
          transition: 'transform 0.4s linear',
          '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
        }}
      />
    </Box>
  );
}

/** Suspense fallback that drives the loading bar while a page chunk loads. */
export function PageLoading() {
  useEffect(() => startLoading(), []);
  return null;
}
