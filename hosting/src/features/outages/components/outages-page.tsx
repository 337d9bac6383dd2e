/**
 * /outages, the outage board (docs/features.md, "Known outages"): the open outages, live, newest first,
 * then those resolved in the last days. Each says where, since when, what it takes with it, the note
 * operation staff keep and whether the CRM was told; the port links to its page.
 */
import { useState } from 'react';
import { Alert, Skeleton, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { can, type RoleKey } from '@insight/common/roles';
import type { Outage } from '@insight/common/outages';
import type { CollectionState } from '../../../lib/firestore-hooks';
import { useAuth } from '../../../providers/auth-provider';
import {
  RESOLVED_DAYS,
  useAreaNames,
  useOpenOutages,
  useResolvedOutages,
  type AreaNames,
} from '../api/outages';
import { OutageCard, usePlaceText } from './outage-card';
import { NoteDialog } from './note-dialog';

const NO_ROLES: readonly RoleKey[] = [];

function OutageList({
  id,
  title,
  empty,
  list,
  names,
  roles,
  onEditNote,
}: {
  id: string;
  title: string;
  empty: string;
  list: CollectionState<Outage>;
  names: { headEnd: AreaNames; area: AreaNames };
  roles: readonly RoleKey[];
  onEditNote(outage: Outage): void;
}) {
  const { t } = useTranslation('outages');
  const placeOf = usePlaceText(names);
  const headingId = `${id}-title`;
  const canNote = can(roles, 'outagesNote');
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={1.5} data-testid={id}>
      <Typography variant="h6" component="h2" id={headingId}>
        {list.loading ? title : `${title} (${list.rows.length})`}
      </Typography>
      {list.error ? (
        <Alert severity="error" data-testid={`${id}-error`}>
          {t('loadFailed', { message: list.error })}
        </Alert>
      ) : list.loading ? (
        <Stack spacing={1} role="status" aria-label={t('loading')} data-testid={`${id}-loading`}>
          <Skeleton variant="rounded" height={96} />
          <Skeleton variant="rounded" height={96} />
        </Stack>
      ) : list.rows.length === 0 ? (
        <Typography color="text.secondary" data-testid={`${id}-empty`}>
          {empty}
        </Typography>
      ) : (
        list.rows.map((outage) => (
          <OutageCard
            key={outage.id}
            outage={outage}
            names={names}
            place={placeOf(outage)}
            canOpenPort={can(roles, 'portView')}
            onEditNote={canNote && outage.state === 'open' ? () => onEditNote(outage) : undefined}
          />
        ))
      )}
      {list.invalid > 0 && (
        <Alert severity="warning" data-testid={`${id}-invalid`}>
          {t('invalid', { count: list.invalid })}
        </Alert>
      )}
    </Stack>
  );
}

export default function OutagesPage() {
  const { t } = useTranslation('outages');
  const { state } = useAuth();
  const roles = state.status === 'signedIn' ? state.user.roles : NO_ROLES;
  const open = useOpenOutages();
  const resolved = useResolvedOutages();
  const names = useAreaNames();
  const placeOf = usePlaceText(names);
  // The outage whose note is being edited: its live copy, so a change by another shows in the form's title;
  // once it has left the open list (resolved meanwhile), the copy it was opened with: the form and what was
  // typed stay, and a save says what the API answers.
  const [editing, setEditing] = useState<Outage | null>(null);
  const edited = editing ? (open.rows.find((outage) => outage.id === editing.id) ?? editing) : null;
  return (
    <Stack spacing={3} sx={{ maxWidth: 1100 }}>
      <div>
        <Typography variant="h5" component="h1" data-testid="outages-title">
          {t('title')}
        </Typography>
        <Typography color="text.secondary">{t('intro')}</Typography>
      </div>
      <OutageList
        id="outages-open"
        title={t('open')}
        empty={t('openEmpty')}
        list={open}
        names={names}
        roles={roles}
        onEditNote={(outage) => setEditing(outage)}
      />
      <OutageList
        id="outages-resolved"
        title={t('resolved', { days: RESOLVED_DAYS })}
        empty={t('resolvedEmpty', { days: RESOLVED_DAYS })}
        list={resolved}
        names={names}
        roles={roles}
        onEditNote={() => undefined}
      />
      <NoteDialog outage={edited} place={edited ? placeOf(edited) : ''} onClose={() => setEditing(null)} />
    </Stack>
  );
}
