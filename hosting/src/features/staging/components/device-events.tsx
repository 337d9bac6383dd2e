import { Alert, List, ListItem, ListItemText, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '../../../lib/date';
import type { StagingLists } from '../api/staging-lists';
import { DeviceStateChip } from './generic-levels';

type EventRow = StagingLists['events']['rows'][number];

/** The newest staging events of the province's warehouses, newest first, live. */
export function DeviceEvents({
  events,
  loading,
  error,
}: {
  events: readonly EventRow[];
  loading: boolean;
  error: string | null;
}) {
  const { t } = useTranslation('staging');
  const formatDate = useFormatDateTime();
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="device-events">
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        {t('generic.events')}
      </Typography>
      {error ? (
        <Alert severity="error">{t('generic.eventsFailed', { message: error })}</Alert>
      ) : loading ? (
        <Stack spacing={1}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={40} />
          ))}
        </Stack>
      ) : events.length === 0 ? (
        <Typography color="text.secondary" data-testid="device-events-empty">
          {t('generic.noEvents')}
        </Typography>
      ) : (
        <List dense disablePadding sx={{ maxHeight: 340, overflow: 'auto' }} aria-live="polite">
          {events.map((event) => (
            <ListItem
              key={event.id}
              disableGutters
              divider
              secondaryAction={<DeviceStateChip state={event.state} />}
              data-testid="device-event"
            >
              <ListItemText
                primary={event.macAddress}
                secondary={[event.at ? formatDate(event.at) : '', event.message].filter(Boolean).join(' · ')}
                slotProps={{ primary: { sx: { fontFamily: 'monospace' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
