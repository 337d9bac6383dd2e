/**
 * The open outages outside the board (the 360 view's banner and diagnosis, Home's marks): read through
 * Firestore's REST API every OUTAGES_POLL_MS while the page is visible, as the roles are
 * (lib/roles-listener.ts), so that an outage appears and clears within seconds without the Firestore SDK on
 * those pages. The documents are parsed with the shared schema (common/src/outages.ts), loaded with the
 * first answer: the view's first load carries no schema library (docs/architecture.md, "First load").
 */
import { useMemo } from 'react';
import useSWR from 'swr';
import type { NetworkPlace, Outage } from '@insight/common/outages';
import { can } from '@insight/common/roles';
import { queryFirestore } from '../lib/firestore-rest';
import type { HttpError } from '../lib/http-client';
import { useAuth } from '../providers/auth-provider';

/** How often the open outages are read again while the page is visible. */
export const OUTAGES_POLL_MS = 10_000;
const KEY = 'firestore:outages:open';

interface OpenOutages {
  outages: Outage[];
  /** The open outages that cover a device at `place`, newest first. */
  covering(place: NetworkPlace): Outage[];
}

async function readOpenOutages(): Promise<OpenOutages> {
  // The collection is named here (OUTAGES_COLLECTION) so that the read starts with the schema's load, not after it.
  const [{ outageCovers, outageSchema }, documents] = await Promise.all([
    import('@insight/common/outages'),
    queryFirestore('outages', 'state', 'open'),
  ]);
  const outages = documents
    .flatMap((document) => {
      const parsed = outageSchema.safeParse(document);
      return parsed.success ? [parsed.data] : [];
    })
    .sort((a, b) => b.startsAt.localeCompare(a.startsAt));
  return { outages, covering: (place) => outages.filter((outage) => outageCovers(outage, place)) };
}

/**
 * The open outages, for the roles that see them (outagesView); none while unread, for the others, or when
 * `enabled` is false (a view kept offline).
 */
export function useOpenOutages(enabled = true): OpenOutages | null {
  const { state } = useAuth();
  const allowed = state.status === 'signedIn' && can(state.user.roles, 'outagesView');
  const { data } = useSWR<OpenOutages, HttpError>(enabled && allowed ? KEY : null, readOpenOutages, {
    refreshInterval: OUTAGES_POLL_MS,
    revalidateOnFocus: true,
    shouldRetryOnError: false,
    dedupingInterval: 2_000,
  });
  return data ?? null;
}

/** The newest open outage that covers a device at `place` (null: none known, or the place is not known yet). */
export function useKnownOutage(place: NetworkPlace | null, enabled = true): Outage | null {
  const open = useOpenOutages(enabled && place !== null);
  return useMemo(() => (open && place ? (open.covering(place)[0] ?? null) : null), [open, place]);
}
