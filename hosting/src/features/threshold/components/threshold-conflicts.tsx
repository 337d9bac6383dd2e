import { useMemo } from 'react';
import { Alert, AlertTitle, Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { thresholdConflicts, type ThresholdConflict } from '@insight/common/admin-invariants';
import type { ThresholdLists } from '../api/threshold-lists';

/** At most this many conflicts are listed; the count says how many more. */
export const CONFLICTS_SHOWN = 20;

/**
 * Above the rules: the saved threshold records that break the invariants the API now checks (records
 * written before it did), each in plain words. Nothing while a list loads or when there is none.
 */
export function ThresholdConflicts({ lists }: { lists: ThresholdLists }) {
  const { t } = useTranslation('admin');
  const ready = [lists.rules, lists.definitions, lists.variants].every(
    (list) => !list.loading && !list.error,
  );
  const conflicts = useMemo(
    () => (ready ? thresholdConflicts(lists.rules.rows, lists.variants.rows, lists.definitions.rows) : []),
    [ready, lists.rules.rows, lists.variants.rows, lists.definitions.rows],
  );
  if (conflicts.length === 0) return null;

  const text = (conflict: ThresholdConflict) => {
    const value =
      conflict.reason === 'parameterTaken' && conflict.value
        ? t(`threshold.parameters.${conflict.value}` as 'threshold.parameters.rxPower', conflict.value)
        : (conflict.value ?? '');
    return t(`threshold.conflicts.${conflict.reason}`, { a: conflict.ids[0], b: conflict.ids[1], value });
  };
  const more = conflicts.length - CONFLICTS_SHOWN;
  return (
    <Alert severity="warning" data-testid="threshold-conflicts">
      <AlertTitle>{t('threshold.conflicts.title', { count: conflicts.length })}</AlertTitle>
      {t('threshold.conflicts.help')}
      <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
        {conflicts.slice(0, CONFLICTS_SHOWN).map((conflict) => (
          <li key={`${conflict.reason}/${conflict.ids.join('/')}`} data-testid="threshold-conflict">
            {text(conflict)}
          </li>
        ))}
        {more > 0 && <li>{t('threshold.conflicts.more', { count: more })}</li>}
      </Box>
    </Alert>
  );
}
