/**
 * Where outages are kept (docs/outages.md): the `outages` collection in production
 * (adapters/firestore/firestore-outages.ts), a map in the tests. Every alert is applied by `nextOutage`,
 * one pure step from what is stored to what is stored next, inside the store's transaction: a replayed
 * webhook finds its own result and changes nothing.
 */
import {
  EMPTY_OUTAGE_NOTE,
  outageId,
  type Outage,
  type OutageNote,
  type OutageNotify,
} from '@insight/common/outages';
import type { OutageAlert } from '@insight/common/upstream/alertmanager';

/** What the receiver learnt besides the alert: the affected accounts, and the OLT's place in the lists. */
export interface AlertContext {
  accounts: number | null;
  /** The ONUs the port lists (when the annotations do not say). */
  onusTotal: number | null;
  headEnd: string | null;
  area: string | null;
}

export type AlertOutcome = 'opened' | 'updated' | 'resolved' | 'unchanged' | 'ignored';

/** The notification state of a change that is still to be sent (docs/outages.md, "Notifications"). */
export const pendingNotify = (now: string): OutageNotify => ({
  state: 'pending',
  attempts: 0,
  lastError: null,
  updatedAt: now,
});

/**
 * The outage after `alert`, or null when nothing changes: a firing alert opens its outage, or updates the
 * counts of the open one; a resolved alert resolves the open one. A replay, a resolve of an unknown or
 * already resolved outage, and a firing alert for a resolved one (a late replay) change nothing.
 */
export function nextOutage(
  stored: Outage | null,
  alert: OutageAlert,
  context: AlertContext,
  now: string,
): { outage: Outage; outcome: Exclude<AlertOutcome, 'unchanged' | 'ignored'> } | null {
  const onusDown = alert.onusDown ?? stored?.onusDown ?? 0;
  const onusTotal = alert.onusTotal ?? context.onusTotal ?? stored?.onusTotal ?? onusDown;
  const accounts = context.accounts ?? stored?.accounts ?? onusDown;
  if (alert.status === 'resolved') {
    if (stored?.state !== 'open') return null;
    return {
      outcome: 'resolved',
      outage: {
        ...stored,
        state: 'resolved',
        endsAt: alert.endsAt ?? now,
        updatedAt: now,
        notify: pendingNotify(now),
      },
    };
  }
  if (stored === null)
    return {
      outcome: 'opened',
      outage: {
        id: outageId(alert.fingerprint, alert.startsAt),
        fingerprint: alert.fingerprint,
        kind: alert.kind,
        state: 'open',
        olt: alert.olt,
        port: alert.port,
        area: alert.area ?? context.area,
        headEnd: alert.headEnd ?? context.headEnd,
        onusDown,
        onusTotal,
        accounts,
        startsAt: alert.startsAt,
        updatedAt: now,
        endsAt: null,
        note: EMPTY_OUTAGE_NOTE,
        notify: pendingNotify(now),
      },
    };
  if (stored.state !== 'open') return null;
  // A place the network lists did not know when the outage opened (an OLT row added since) is filled in.
  const area = stored.area ?? alert.area ?? context.area;
  const headEnd = stored.headEnd ?? alert.headEnd ?? context.headEnd;
  const same =
    stored.onusDown === onusDown &&
    stored.onusTotal === onusTotal &&
    stored.accounts === accounts &&
    stored.area === area &&
    stored.headEnd === headEnd;
  if (same) return null;
  return {
    outcome: 'updated',
    outage: { ...stored, onusDown, onusTotal, accounts, area, headEnd, updatedAt: now },
  };
}

export interface OutageStore {
  /** Applies one alert in a transaction (the read, `nextOutage`, the write); what it did. */
  apply(alert: OutageAlert, context: AlertContext, now: string): Promise<AlertOutcome>;
  /** Replaces an outage's note; the outage after, or null when there is none of that id. */
  saveNote(id: string, note: OutageNote, now: string): Promise<Outage | null>;
  /** An OLT's head end and marketing area from its row of the network lists (cmts_source), or nulls. */
  placeOf(olt: string): Promise<{ headEnd: string | null; area: string | null }>;
  /** Every OLT of the network lists (cmts_source rows named like an OLT) with its head end and area. */
  oltPlaces(): Promise<OltPlace[]>;
}

export interface OltPlace {
  olt: string;
  headEnd: string | null;
  area: string | null;
}

/**
 * The OLTs' places as Prometheus's text exposition (version 0.0.4): `olt_info{olt,head_end,area} 1`, the
 * info series the power outage rule joins on (monitoring/rules/outages.yml). Label values are the lists'
 * ids (letters, digits, `-_[]`), escaped all the same; an OLT without a head end or area has no series.
 */
export function oltInfoExposition(places: readonly OltPlace[]): string {
  const escape = (value: string) => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
  const lines = places
    .filter((place) => place.headEnd !== null && place.area !== null)
    .sort((a, b) => (a.olt < b.olt ? -1 : a.olt > b.olt ? 1 : 0))
    .map(
      (place) =>
        `olt_info{olt="${escape(place.olt)}",head_end="${escape(place.headEnd!)}",area="${escape(place.area!)}"} 1`,
    );
  return [
    "# HELP olt_info An OLT's head end and marketing area in Insight's network lists.",
    '# TYPE olt_info gauge',
    ...lines,
    '',
  ].join('\n');
}

/** For tests: the outages in a map, the OLTs' places given. */
export class MemoryOutageStore implements OutageStore {
  readonly outages = new Map<string, Outage>();
  /** Every write, in order (a replay must add none). */
  readonly writes: Outage[] = [];
  constructor(readonly places: Record<string, { headEnd: string; area: string }> = {}) {}
  async apply(alert: OutageAlert, context: AlertContext, now: string): Promise<AlertOutcome> {
    const id = outageId(alert.fingerprint, alert.startsAt);
    const next = nextOutage(this.outages.get(id) ?? null, alert, context, now);
    if (!next) return this.outages.has(id) ? 'unchanged' : 'ignored';
    this.outages.set(id, next.outage);
    this.writes.push(next.outage);
    return next.outcome;
  }
  async saveNote(id: string, note: OutageNote, now: string): Promise<Outage | null> {
    const stored = this.outages.get(id);
    if (!stored) return null;
    const outage = { ...stored, note, updatedAt: now };
    this.outages.set(id, outage);
    this.writes.push(outage);
    return outage;
  }
  async placeOf(olt: string) {
    return this.places[olt] ?? { headEnd: null, area: null };
  }
  async oltPlaces() {
    return Object.entries(this.places).map(([olt, place]) => ({ olt, ...place }));
  }
}
