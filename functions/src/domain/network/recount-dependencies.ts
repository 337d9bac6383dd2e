import { CMTS_REFERENCES } from '@insight/common/network';
import type { AuditSink } from '../audit/audit-sink';
import type { CountFix, CountSnapshot, DependencyCountStore } from './dependency-counts';

export interface RecountResult {
  /** How many head ends and marketing areas were checked. */
  checked: number;
  repaired: CountFix[];
}

const key = (collection: string, id: string) => `${collection}/${id}`;

/** How many CMTS rows reference each head end and marketing area. */
function tally(rows: CountSnapshot['rows']): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of rows) {
    for (const { collection, field } of CMTS_REFERENCES) {
      const id = row[field];
      if (typeof id === 'string' && id)
        counts.set(key(collection, id), (counts.get(key(collection, id)) ?? 0) + 1);
    }
  }
  return counts;
}

/**
 * Recomputes every head end and marketing area count from the CMTS rows and writes the ones that differ
 * (an absent count reads as 0). Run it when the lists are quiet: a CMTS write whose trigger has not run
 * yet is counted here and again by its trigger, which a second recount repairs.
 */
export async function recountDependencies(
  deps: { counts: DependencyCountStore; audit: AuditSink },
  actor: { uid: string; email: string | null },
): Promise<RecountResult> {
  const snapshot = await deps.counts.snapshot();
  const expected = tally(snapshot.rows);
  const fixes = snapshot.counts
    .map(({ collection, id, count }) => ({
      collection,
      id,
      was: count ?? 0,
      now: expected.get(key(collection, id)) ?? 0,
    }))
    .filter((fix) => fix.was !== fix.now);
  const repaired = fixes.length > 0 ? await deps.counts.repair(fixes) : [];
  await deps.audit.write({
    uid: actor.uid,
    email: actor.email,
    mac: null,
    customerAccountNumber: null,
    operation: 'recountDependencies',
    parameters: { repaired },
    outcome: 'sent',
    errorCode: null,
  });
  return { checked: snapshot.counts.length, repaired };
}
