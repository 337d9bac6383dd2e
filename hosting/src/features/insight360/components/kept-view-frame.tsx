import { useMemo, type ReactNode } from 'react';
import { Alert, Stack } from '@mui/material';
import { SWRConfig } from 'swr';
import { useTranslation } from 'react-i18next';
import { formatMac } from '@insight/common/mac';
import { useFormatTime } from '../../../lib/date';
import type { KeptView } from '../../../lib/kept-views';
import { useNetworkMode } from '../../../lib/use-network-status';
import { fromKeptView, type KeptAnswers } from '../api/kept-view';

/**
 * A kept view shown offline or while the network is not answering (docs/field-mode.md): its reads answer
 * from what was kept, in a cache of their own (the live view's cache is left as it was), under a banner
 * saying when it was taken and which case it is.
 */
export function KeptViewFrame({ view, children }: { view: KeptView<KeptAnswers>; children: ReactNode }) {
  const { t } = useTranslation('insight360');
  const offline = useNetworkMode() === 'offline';
  const config = useMemo(() => ({ provider: () => new Map(), use: [fromKeptView(view)] }), [view]);
  const time = useFormatTime()(view.takenAt);
  return (
    <Stack spacing={2}>
      <Alert severity="info" data-testid="kept-view-banner">
        <strong>{t(offline ? 'kept.asOf' : 'kept.asOfNotAnswering', { time })}</strong> {t('kept.readOnly')}
      </Alert>
      <SWRConfig value={config}>{children}</SWRConfig>
    </Stack>
  );
}

/** Offline or while the network is not answering, a device whose view is not kept on this device. */
export function NotKeptAlert({ mac }: { mac: string }) {
  const { t } = useTranslation('insight360');
  const offline = useNetworkMode() === 'offline';
  return (
    <Alert severity="warning" role="alert" data-testid="view-not-kept">
      {t(offline ? 'kept.notKept' : 'kept.notKeptNotAnswering', { mac: formatMac(mac) })}
    </Alert>
  );
}
