import { Box, Typography, useTheme } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import { useTranslation } from 'react-i18next';
import type { OnuState } from '@insight/common/upstream/wan';
import { useFormatDateTime, useFormatTime } from '../../../lib/date';

/**
 * The x axis of a chart over hours: the time of day on the axis, the date and time in the tooltip, as the
 * portal writes them in the current language (lib/date.ts).
 */
function useTimeAxis(points: ReadonlyArray<{ ts: string }>) {
  const formatDateTime = useFormatDateTime();
  const formatTime = useFormatTime();
  return {
    data: points.map((point) => point.ts),
    scaleType: 'point' as const,
    valueFormatter: (ts: string, context: { location: string }) =>
      context.location === 'tick' ? formatTime(ts) : formatDateTime(ts),
  };
}

/** ONU receive and transmit power over the last 24 hours, with the warn bound drawn as a reference. */
export function PowerChart({
  history,
  warnBelow,
}: {
  history: OnuState['powerHistory'];
  /** The pass range's lower bound (a line on the chart), or null when the rules give none. */
  warnBelow: number | null;
}) {
  const { t } = useTranslation('insight360');
  const theme = useTheme();
  const timeAxis = useTimeAxis(history);
  if (history.length === 0) return null;
  return (
    <Box data-testid="power-chart">
      <Typography variant="caption" color="text.secondary" component="p">
        {t('wan.powerChart')}
      </Typography>
      <LineChart
        height={200}
        margin={{ left: 10, right: 10, top: 10, bottom: 10 }}
        xAxis={[timeAxis]}
        series={[
          {
            data: history.map((point) => point.rx_pwr),
            label: t('wan.rxPower'),
            color: theme.palette.primary.main,
            showMark: false,
          },
          ...(warnBelow === null
            ? []
            : [
                {
                  data: history.map(() => warnBelow),
                  label: `${t('grade.warn')} ${t('grade.below')} ${warnBelow}`,
                  color: theme.palette.warning.main,
                  showMark: false,
                },
              ]),
        ]}
        aria-label={t('wan.powerChart')}
      />
    </Box>
  );
}

/** Downstream and upstream traffic of the fibre and Ethernet sides. */
export function TrafficChart({
  fiber,
  ethernet,
}: {
  fiber: OnuState['fiberTraffic'];
  ethernet: OnuState['ethernetTraffic'];
}) {
  const { t } = useTranslation('insight360');
  const theme = useTheme();
  const timeAxis = useTimeAxis(fiber);
  if (fiber.length === 0) return null;
  return (
    <Box data-testid="traffic-chart">
      <Typography variant="caption" color="text.secondary" component="p">
        {t('wan.traffic')}
      </Typography>
      <LineChart
        height={200}
        margin={{ left: 10, right: 10, top: 10, bottom: 10 }}
        xAxis={[timeAxis]}
        series={[
          {
            data: fiber.map((point) => point.rxMbps),
            label: `${t('wan.fiber')} ${t('wan.down')}`,
            color: theme.palette.primary.main,
            showMark: false,
            area: true,
          },
          {
            data: fiber.map((point) => point.txMbps),
            label: `${t('wan.fiber')} ${t('wan.up')}`,
            color: theme.palette.secondary.main,
            showMark: false,
          },
          {
            data: ethernet.map((point) => point.rxMbps),
            label: `${t('wan.ethernet')} ${t('wan.down')}`,
            color: theme.palette.success.main,
            showMark: false,
          },
        ]}
        aria-label={t('wan.traffic')}
      />
    </Box>
  );
}
