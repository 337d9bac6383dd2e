/**
 * The key measurements over the device's stored looks, as small sparklines. The captions and each
 * chart's box are drawn at once; the charts library fills the boxes once the trend is on screen (below
 * the fold on a phone, neither its code nor its drawing is part of the first load) and its code has
 * loaded, so nothing under the trend moves.
 */
import { lazy, Suspense } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { LookSnapshot, SnapshotMeasure } from '@insight/common/diagnosis';
import { useNearViewport } from '../../../hooks/use-near-viewport';

const Sparkline = lazy(() => import('./sparkline'));
/** Each chart's box, reserved before the chart loads. */
const CHART = { width: 140, height: 32 } as const;

const TRENDED: readonly SnapshotMeasure[] = ['rxPower', 'oltRxPower', 'plumeHealth'];

export function LookTrend({ looks }: { looks: readonly LookSnapshot[] }) {
  const { t } = useTranslation('insight360');
  const [trendRef, nearScreen] = useNearViewport<HTMLDivElement>('0px');
  const oldestFirst = [...looks].reverse();
  const series = [
    ...TRENDED.map((measure) => ({
      key: measure,
      label: t(`diagnosis.measures.${measure}`),
      values: oldestFirst
        .map((look) => look.measures[measure]?.value)
        .filter((v): v is number => typeof v === 'number'),
    })),
    {
      key: 'score',
      label: t('diagnosis.scoreLabel'),
      values: oldestFirst.map((look) => look.score).filter((v): v is number => typeof v === 'number'),
    },
  ].filter((item) => item.values.length >= 2);
  if (series.length === 0) return null;
  return (
    <Stack ref={trendRef} direction="row" sx={{ flexWrap: 'wrap', gap: 2 }} data-testid="look-trend">
      {series.map((item) => (
        <Box key={item.key} sx={{ minWidth: CHART.width }}>
          <Typography variant="caption" color="text.secondary">
            {t('diagnosis.trend', { measure: item.label, count: item.values.length })}
          </Typography>
          <Box
            role="img"
            aria-label={t('diagnosis.trendValues', { measure: item.label, values: item.values.join(' → ') })}
          >
            {nearScreen ? (
              <Suspense fallback={<Box sx={CHART} />}>
                <Sparkline values={item.values} {...CHART} />
              </Suspense>
            ) : (
              <Box sx={CHART} />
            )}
          </Box>
        </Box>
      ))}
    </Stack>
  );
}
