/**
 * The outage board's reads and its one write (docs/features.md, "Known outages"): the open outages and
 * those resolved in the last RESOLVED_DAYS, live from Firestore and parsed with the shared schema
 * (common/src/outages.ts); the head ends' and marketing areas' names, live from the network lists, so an
 * engineer's rename shows at once; the note through the API (PUT /api/outages/{id}/note), which checks
 * the role and validates it with the same schema as the form.
 */
import { useMemo, useState } from 'react';
import { where } from 'firebase/firestore';
import { areaDocumentSchema, NETWORK_COLLECTIONS } from '@insight/common/network';
import { OUTAGES_COLLECTION, outageSchema, type Outage, type OutageNoteEdit } from '@insight/common/outages';
import { apiFetch } from '../../../lib/http-client';
import { useCollection, type CollectionState } from '../../../lib/firestore-hooks';

/** How far back the board lists resolved outages. */
export const RESOLVED_DAYS = 7;
const DAY_MS = 86_400_000;

const newestFirst = (a: Outage, b: Outage) => b.startsAt.localeCompare(a.startsAt);

function sorted(state: CollectionState<Outage>, by: (a: Outage, b: Outage) => number) {
  return { ...state, rows: [...state.rows].sort(by) };
}

/** The open outages, newest first, live. */
export function useOpenOutages(): CollectionState<Outage> {
  const state = useCollection(OUTAGES_COLLECTION, outageSchema, {
    constraints: [where('state', '==', 'open')],
    constraintsKey: 'open',
  });
  return useMemo(() => sorted(state, newestFirst), [state]);
}

/**
 * The outages resolved since RESOLVED_DAYS before the page opened, last resolved first, live. One range
 * on `endsAt` (null while open): a single-field index answers it.
 */
export function useResolvedOutages(now: () => number = Date.now): CollectionState<Outage> {
  const [since] = useState(() => new Date(now() - RESOLVED_DAYS * DAY_MS).toISOString());
  const state = useCollection(OUTAGES_COLLECTION, outageSchema, {
    constraints: [where('endsAt', '>=', since)],
    constraintsKey: `resolved:${since}`,
    notify: false,
  });
  return useMemo(() => sorted(state, (a, b) => (b.endsAt ?? '').localeCompare(a.endsAt ?? '')), [state]);
}

/** Names by id, of the head ends or the marketing areas (empty when the lists cannot be read). */
export type AreaNames = ReadonlyMap<string, string>;

/**
 * The head ends' and marketing areas' names, live: the lists are read by adminRead; a role without it
 * sees the ids the outage carries.
 */
export function useAreaNames(): { headEnd: AreaNames; area: AreaNames } {
  const headEnds = useCollection(NETWORK_COLLECTIONS.headEnd, areaDocumentSchema, { notify: false });
  const areas = useCollection(NETWORK_COLLECTIONS.marketArea, areaDocumentSchema, { notify: false });
  return useMemo(
    () => ({
      headEnd: new Map(headEnds.rows.map((row) => [row.id, row.name])),
      area: new Map(areas.rows.map((row) => [row.id, row.name])),
    }),
    [headEnds.rows, areas.rows],
  );
}

/** `PUT /api/outages/{id}/note`: the note operation staff keep (a ticket, an estimated time back, a text). */
export async function saveOutageNote(id: string, note: OutageNoteEdit): Promise<void> {
  await apiFetch<unknown>(`/outages/${encodeURIComponent(id)}/note`, { method: 'PUT', body: note });
}
