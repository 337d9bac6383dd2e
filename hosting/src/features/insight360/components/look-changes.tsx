/**
 * What changed since the last look (README, "Diagnosis"): the previous stored look of the device (one
 * taken before this view opened) against what the view holds now — "ONU receive power −22.1 → −27.8 dBm
 * since 11/20/26, 3 days ago, looked at by support2" — and the trend of the key measurements.
 */
import { Box, Stack, Typography } from '@mui/material';
import TrendingDownIcon from '@mui/icons-material/TrendingDown';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import TrendingFlatIcon from '@mui/icons-material/TrendingFlat';
import { useTranslation } from 'react-i18next';
import { changesSince, type MeasureValue, type SnapshotMeasure } from '@insight/common/diagnosis';
import { useNumber } from '../../../components/grade-chip';
import { useFormatDateTime } from '../../../lib/date';
import { useLooks } from '../api/diagnosis';
import { LookTrend } from './look-trend';

/** How long ago, in words people say (minutes, hours, days). */
export function useAgo() {
  const { t } = useTranslation('insight360');
  return (from: number, to: number) => {
    const minutes = Math.max(0, Math.round((to - from) / 60_000));
    if (minutes < 60) return t('diagnosis.minutesAgo', { count: minutes });
    const hours = Math.round(minutes / 60);
    if (hours < 48) return t('diagnosis.hoursAgo', { count: hours });
    return t('diagnosis.daysAgo', { count: Math.round(hours / 24) });
  };
}

export function LookChanges({
  mac,
  measures,
  complete,
  openedAt,
}: {
  mac: string;
  /** When the view of this MAC opened: looks stored from then on are this view's own. */
  openedAt: number;
  measures: Partial<Record<SnapshotMeasure, MeasureValue>>;
  /** Every section has answered (the comparison is then final). */
  complete: boolean;
}) {
  const { t } = useTranslation('insight360');
  const number = useNumber();
  const formatDate = useFormatDateTime();
  const ago = useAgo();
  const { data, error } = useLooks(mac);
  if (error) return null;
  if (!data)
    return (
      <Typography variant="body2" color="text.secondary" data-testid="look-changes" data-state="loading">
        {t('diagnosis.changesLoading')}
      </Typography>
    );
  const earlier = data.looks.filter((look) => Date.parse(look.at) < openedAt - 1000);
  const previous = earlier[0];
  const value = (measure: SnapshotMeasure, item: MeasureValue) =>
    typeof item.value === 'number'
      ? `${number(item.value)}${item.unit ? ` ${item.unit}` : ''}`
      : measure === 'onuState'
        ? t(`status.oper.${item.value}` as 'status.oper.up')
        : String(item.value ?? '–');
  if (!previous)
    return (
      <Typography variant="body2" color="text.secondary" data-testid="look-changes" data-state="first">
        {t('diagnosis.firstLook')}
      </Typography>
    );
  const changes = changesSince(previous.measures, measures);
  const when = t('diagnosis.since', {
    date: formatDate(previous.at),
    ago: ago(Date.parse(previous.at), openedAt),
    by: previous.by,
  });
  return (
    <Box
      data-testid="look-changes"
      data-state={changes.length > 0 ? 'changed' : complete ? 'same' : 'partial'}
    >
      {changes.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {complete ? t('diagnosis.nothingChanged', { when }) : t('diagnosis.changesPartial', { when })}
        </Typography>
      ) : (
        <Stack component="ul" spacing={0.25} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {changes.map((change) => (
            <Stack
              component="li"
              key={change.measure}
              direction="row"
              spacing={0.75}
              sx={{ alignItems: 'center' }}
              data-testid={`change-${change.measure}`}
            >
              {change.worse === true ? (
                <TrendingDownIcon fontSize="small" color="error" />
              ) : change.worse === false ? (
                <TrendingUpIcon fontSize="small" color="success" />
              ) : (
                <TrendingFlatIcon fontSize="small" color="action" />
              )}
              <Typography variant="body2">
                {t('diagnosis.change', {
                  measure: t(`diagnosis.measures.${change.measure}`),
                  from: value(change.measure, change.from),
                  to: value(change.measure, change.to),
                  when,
                  direction:
                    change.worse === true
                      ? t('diagnosis.worse')
                      : change.worse === false
                        ? t('diagnosis.better')
                        : '',
                })}
              </Typography>
            </Stack>
          ))}
        </Stack>
      )}
      <LookTrend looks={data.looks.slice(0, 30)} />
    </Box>
  );
}
