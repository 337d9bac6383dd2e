/** The key measurements over the device's stored looks, as small sparklines (loaded with the charts). */
import { Box, Stack, Typography } from '@mui/material';
import { SparkLineChart } from '@mui/x-charts/SparkLineChart';
import { useTranslation } from 'react-i18next';
import type { LookSnapshot, SnapshotMeasure } from '@insight/common/diagnosis';

const TRENDED: readonly SnapshotMeasure[] = ['rxPower', 'oltRxPower', 'plumeHealth'];

export default function LookTrend({ looks }: { looks: readonly LookSnapshot[] }) {
  const { t } = useTranslation('insight360');
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
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }} data-testid="look-trend">
      {series.map((item) => (
        <Box key={item.key} sx={{ minWidth: 140 }}>
          <Typography variant="caption" color="text.secondary">
            {t('diagnosis.trend', { measure: item.label, count: item.values.length })}
          </Typography>
          <Box
            role="img"
            aria-label={t('diagnosis.trendValues', { measure: item.label, values: item.values.join(' → ') })}
          >
            <SparkLineChart data={item.values} height={32} width={140} showHighlight showTooltip />
          </Box>
        </Box>
      ))}
    </Stack>
  );
}
