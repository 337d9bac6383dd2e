/**
 * One outage on the board: where (the port, linked to its page for the roles that have it, or the area),
 * what kind, since when (and until when, once resolved), the ONUs and accounts affected, the marketing area
 * and head end by their names in the network lists, the note operation staff keep, and where the CRM
 * notification stands ("failed" says so, with the last error).
 */
import { useId, type ReactNode } from 'react';
import { Box, Button, Chip, Link, Paper, Stack, Typography } from '@mui/material';
import EditNoteIcon from '@mui/icons-material/EditNote';
import { useTranslation } from 'react-i18next';
import { outagePortPath, type Outage } from '@insight/common/outages';
import { AppLink } from '../../../components/app-link';
import { FieldList, type Field } from '../../../components/field-list';
import { useFormatDateTime } from '../../../lib/date';
import type { AreaNames } from '../api/outages';

/** An id of the network lists in words: its name and code, or the code alone when no name is known. */
const named = (names: AreaNames, id: string | null) => {
  if (!id) return null;
  const name = names.get(id);
  return name ? `${name} (${id})` : id;
};

/** Where an outage is, in one line: `OLT-TOR-1 1/1/5`, or the area it covers. */
export function usePlaceText(names: { headEnd: AreaNames; area: AreaNames }) {
  const { t } = useTranslation('outages');
  return (outage: Outage): string =>
    outage.olt && outage.port
      ? `${outage.olt} ${outage.port}`
      : t('card.areaPlace', {
          area: named(names.headEnd, outage.headEnd) ?? named(names.area, outage.area) ?? t('card.unknown'),
        });
}

function NotifyChip({ notify }: { notify: Outage['notify'] }) {
  const { t } = useTranslation('outages');
  const label = t(`notify.${notify.state}`);
  return (
    <Chip
      size="small"
      label={label}
      color={notify.state === 'failed' ? 'error' : notify.state === 'sent' ? 'success' : 'default'}
      variant={notify.state === 'failed' ? 'filled' : 'outlined'}
      data-testid="outage-notify"
      data-notify={notify.state}
    />
  );
}

export function OutageCard({
  outage,
  names,
  place,
  canOpenPort,
  onEditNote,
}: {
  outage: Outage;
  names: { headEnd: AreaNames; area: AreaNames };
  place: string;
  canOpenPort: boolean;
  /** Set for the roles that keep the note, on an open outage. */
  onEditNote?: () => void;
}) {
  const { t } = useTranslation('outages');
  const formatDate = useFormatDateTime();
  const headingId = useId();
  const portPath = outagePortPath(outage);
  const { note, notify } = outage;
  const heading: ReactNode =
    portPath && canOpenPort ? (
      <Link component={AppLink} href={portPath} data-testid="outage-port-link">
        {place}
      </Link>
    ) : (
      place
    );
  const fields: Field[] = [
    { label: t('card.since'), value: formatDate(outage.startsAt), testId: 'outage-since' },
    ...(outage.endsAt
      ? [{ label: t('card.resolvedAt'), value: formatDate(outage.endsAt), testId: 'outage-ends' }]
      : []),
    {
      label: t('card.onus'),
      value: t('card.onusValue', { down: outage.onusDown, total: outage.onusTotal }),
      testId: 'outage-onus',
    },
    { label: t('card.accounts'), value: outage.accounts, testId: 'outage-accounts' },
    { label: t('card.area'), value: named(names.area, outage.area), testId: 'outage-area' },
    { label: t('card.headEnd'), value: named(names.headEnd, outage.headEnd), testId: 'outage-head-end' },
    { label: t('note.ticket'), value: note.ticket, testId: 'outage-ticket' },
    {
      label: t('note.backAbout'),
      value: note.backAbout ? formatDate(note.backAbout) : t('card.noEstimate'),
      testId: 'outage-back-about',
    },
    ...(note.text ? [{ label: t('note.text'), value: note.text, testId: 'outage-note-text' }] : []),
  ];
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={headingId}
      data-testid={`outage-${outage.id}`}
      data-state={outage.state}
      sx={{ p: 2, borderLeft: 4, borderLeftColor: outage.state === 'open' ? 'error.main' : 'success.main' }}
    >
      <Stack spacing={1.5}>
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Typography variant="subtitle1" component="h3" id={headingId} sx={{ fontWeight: 600, mr: 1 }}>
            {heading}
          </Typography>
          <Chip size="small" variant="outlined" label={t(`kinds.${outage.kind}`)} />
          <Chip
            size="small"
            variant="outlined"
            label={t(`states.${outage.state}`)}
            data-testid="outage-state"
          />
          <NotifyChip notify={notify} />
        </Stack>
        <FieldList columns={3} fields={fields} />
        {notify.state === 'failed' && (
          <Typography variant="body2" color="error" data-testid="outage-notify-error">
            {t('notify.failedDetail', { attempts: notify.attempts, error: notify.lastError ?? '-' })}
          </Typography>
        )}
        {onEditNote && (
          <Box>
            <Button
              size="small"
              variant="outlined"
              startIcon={<EditNoteIcon />}
              onClick={onEditNote}
              data-testid="outage-edit-note"
              aria-label={t('note.editFor', { place })}
            >
              {t('note.edit')}
            </Button>
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
