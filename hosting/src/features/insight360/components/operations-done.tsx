import { useEffect } from 'react';
import { Alert, Box, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '../../../lib/date';
import type { ViewSections } from '../api/sections';
import { useOperationsDone, type DoneOperation } from '../hooks/use-operations-done';

/** Reads the device's sections again when it is expected back (a reset's restart), once per operation. */
function useReadAgainWhenBack(done: readonly DoneOperation[], sections: ViewSections) {
  const awaited = done.filter((operation) => operation.backAt !== undefined);
  const key = awaited.map((operation) => operation.id).join();
  useEffect(() => {
    const now = Date.now();
    const timers = awaited
      .filter((operation) => operation.backAt! > now)
      .map((operation) =>
        window.setTimeout(
          () =>
            Object.values(sections).forEach((section) =>
              // A section that fails to answer shows its own error (its card); nothing more to do here.
              Promise.resolve(section.refresh()).catch(() => undefined),
            ),
          operation.backAt! - now,
        ),
      );
    return () => timers.forEach((timer) => window.clearTimeout(timer));
    // Scheduled once per operation; the sections' refresh functions are stable per device.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}

/** "Device reset — sent 11/26/26, 02:02 PM by agent@…. The ONU restarts; …": what, when, who, what next. */
export function useDoneSentence() {
  const { t } = useTranslation('insight360');
  const formatDateTime = useFormatDateTime();
  return (operation: DoneOperation) => ({
    what: t(
      `ops.done.what.${operation.kind}` as 'ops.done.what.callForwarding',
      operation.values as Record<'phone' | 'state', string>,
    ),
    rest: `${t('ops.done.sent', {
      at: formatDateTime(operation.at),
      by: operation.by ?? t('ops.someone'),
    })} ${t(`ops.done.next.${operation.kind}` as 'ops.done.next.deviceReset', {
      ...operation.values,
      count: Number(operation.values.count ?? 0),
      back: operation.backAt ? formatDateTime(operation.backAt) : '',
    })}`,
  });
}

/**
 * What the operations of this view sent: what, when, by whom, and what happens next (a reset: the ONU
 * restarts and the view reads the device again when it is expected back). Under the header, where the
 * agent looks after a dialog closed.
 */
export function OperationsDone({ mac, sections }: { mac: string; sections: ViewSections }) {
  const { t } = useTranslation('insight360');
  const sentence = useDoneSentence();
  const done = useOperationsDone(mac);
  useReadAgainWhenBack(done, sections);
  if (done.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="operations-done-title" data-testid="operations-done">
      <Typography id="operations-done-title" variant="subtitle2" component="h2">
        {t('ops.done.title')}
      </Typography>
      <Stack spacing={1} component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-live="polite">
        {done.map((operation) => (
          <Alert
            key={operation.id}
            component="li"
            severity="info"
            data-testid={`operation-done-${operation.kind}`}
          >
            <strong>{sentence(operation).what}</strong> — {sentence(operation).rest}
          </Alert>
        ))}
      </Stack>
    </Box>
  );
}
