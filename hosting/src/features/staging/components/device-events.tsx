import { Alert, Box, List, ListItem, ListItemText, Paper, Skeleton, Stack, Typography } from '@mui/material';
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
        // A region that scrolls takes the focus, so that a keyboard scrolls it too.
        <List
          dense
          disablePadding
          sx={{ maxHeight: 430, overflow: 'auto' }}
          aria-live="polite"
          aria-label={t('generic.events')}
          tabIndex={0}
        >
          {events.map((event) => (
            <ListItem key={event.id} disableGutters divider data-testid="device-event">
              <ListItemText
                primary={
                  <Stack
                    direction="row"
                    spacing={1}
                    sx={{ alignItems: 'center', justifyContent: 'space-between' }}
                  >
                    <Box component="span" sx={{ fontFamily: 'monospace' }}>
                      {event.macAddress}
                    </Box>
                    <DeviceStateChip state={event.state} />
                  </Stack>
                }
                secondary={[event.at ? formatDate(event.at) : '', event.message].filter(Boolean).join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
