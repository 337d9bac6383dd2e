/**
 * The known outage of the device's port or area, at the top of the 360 view (docs/features.md, "Known
 * outages"): "Known outage since 02:02 PM on OLT-TOR-1 1/1/5 · 17 customers · ticket OUT-123 · back about
 * 04:00 PM", with a link to the outage board. It appears and clears as the open outages are read again
 * (hooks/use-open-outages.ts).
 */
import { Alert, Link } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Outage } from '@insight/common/outages';
import { AppLink } from '../../../components/app-link';
import { useFormatWhen } from '../../../lib/date';

/** The banner's words: where and since when, how many customers, the ticket and the time back when known. */
export function useOutageText() {
  const { t } = useTranslation('insight360');
  const formatWhen = useFormatWhen();
  return (outage: Outage): string => {
    const place =
      outage.olt && outage.port
        ? `${outage.olt} ${outage.port}`
        : t('outage.area', { area: outage.headEnd ?? outage.area ?? '-' });
    return [
      t('outage.since', { since: formatWhen(outage.startsAt), place }),
      t('outage.customers', { count: outage.accounts }),
      ...(outage.note.ticket ? [t('outage.ticket', { ticket: outage.note.ticket })] : []),
      outage.note.backAbout
        ? t('outage.back', { time: formatWhen(outage.note.backAbout) })
        : t('outage.noEstimate'),
    ].join(' · ');
  };
}

export function OutageBanner({ outage }: { outage: Outage }) {
  const { t } = useTranslation('insight360');
  const text = useOutageText();
  return (
    <Alert
      severity="warning"
      role="status"
      data-testid="outage-banner"
      data-outage={outage.id}
      action={
        <Link
          component={AppLink}
          href="/outages"
          data-testid="outage-banner-board"
          sx={{ whiteSpace: 'nowrap' }}
        >
          {t('outage.board')}
        </Link>
      }
      sx={{ '& .MuiAlert-action': { alignItems: 'center', pt: 0 } }}
    >
      {text(outage)}
    </Alert>
  );
}
