import { Box, Typography, useTheme } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import { useTranslation } from 'react-i18next';
import type { OnuState } from '@insight/common/upstream/wan';

const hour = (ts: string) => new Date(ts).getHours();

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
  if (history.length === 0) return null;
  return (
    <Box data-testid="power-chart">
      <Typography variant="caption" color="text.secondary" component="p">
        {t('wan.powerChart')}
      </Typography>
      <LineChart
        height={200}
        margin={{ left: 10, right: 10, top: 10, bottom: 10 }}
        xAxis={[
          {
            data: history.map((point) => point.ts),
            scaleType: 'point',
            valueFormatter: (ts: string) => `${hour(ts)}h`,
          },
        ]}
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
  if (fiber.length === 0) return null;
  return (
    <Box data-testid="traffic-chart">
      <Typography variant="caption" color="text.secondary" component="p">
        {t('wan.traffic')}
      </Typography>
      <LineChart
        height={200}
        margin={{ left: 10, right: 10, top: 10, bottom: 10 }}
        xAxis={[
          {
            data: fiber.map((point) => point.ts),
            scaleType: 'point',
            valueFormatter: (ts: string) => `${hour(ts)}h`,
          },
        ]}
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
