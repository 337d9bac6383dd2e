/**
 * Dependency counts by reconciliation (docs/architecture.md, "Admin writes and dependency counts").
 * Each child row has a marker that says in which parent rows it is counted, and in which incarnation of
 * each (the parent's creation time). A trigger, or a recount, compares the marker with the row as it is
 * now and moves the counts by the difference. Events may then arrive late, twice or out of order: only
 * the row's present state counts, so a second look changes nothing, and a parent deleted and created
 * again under the same id is not charged for rows counted in the one before.
 */
import { ADMIN_LISTS, type AdminListId } from '@insight/common/admin-lists';

/** `collection/id` of a parent row. */
export type ParentKey = string;

export interface CountedIn {
  key: ParentKey;
  /** The parent's creation time when the row was counted in it (its incarnation). */
  created: string;
}

/** Per reference field: where the row is counted (null: nowhere). */
export type Marker = Record<string, CountedIn | null>;

export interface ParentState {
  exists: boolean;
  /** Its creation time, when it exists. */
  created: string | null;
}

export interface ReconcilePlan {
  /** The parents the row joins, each in the incarnation it was read in. */
  increments: CountedIn[];
  /** The parents the row leaves, each in the incarnation it was counted in. */
  decrements: CountedIn[];
  next: Marker;
  /** References to parents that do not exist: not counted anywhere, reported by the recount. */
  orphans: Array<{ field: string; key: ParentKey }>;
  /** Whether the marker or a count changes. */
  changed: boolean;
}

export const parentKey = (list: AdminListId, id: string): ParentKey =>
  `${ADMIN_LISTS[list].collection}/${id}`;

/** The parent rows a child row names now (null for an empty or absent reference), by field. */
export function namedParents(
  list: AdminListId,
  row: Record<string, unknown> | null,
): Record<string, ParentKey | null> {
  const named: Record<string, ParentKey | null> = {};
  for (const { field, parent } of ADMIN_LISTS[list].references) {
    const value = row?.[field];
    named[field] = typeof value === 'string' && value !== '' ? parentKey(parent, value) : null;
  }
  return named;
}

/** The parents a reconcile must know about: those named now and those the marker counts the row in. */
export function parentsInvolved(named: Record<string, ParentKey | null>, marker: Marker): ParentKey[] {
  const keys = new Set<ParentKey>();
  for (const key of Object.values(named)) if (key) keys.add(key);
  for (const counted of Object.values(marker)) if (counted) keys.add(counted.key);
  return [...keys];
}

/**
 * What moves: the row leaves the parent its marker names (if that incarnation still exists) and joins the
 * parent it names now (if that exists). Nothing moves when both agree.
 */
export function planReconcile(
  named: Record<string, ParentKey | null>,
  marker: Marker,
  parents: ReadonlyMap<ParentKey, ParentState>,
): ReconcilePlan {
  const plan: ReconcilePlan = { increments: [], decrements: [], next: {}, orphans: [], changed: false };
  for (const [field, key] of Object.entries(named)) {
    const counted = marker[field] ?? null;
    const state = key ? parents.get(key) : undefined;
    const target: CountedIn | null =
      key && state?.exists && state.created ? { key, created: state.created } : null;
    if (key && !target) plan.orphans.push({ field, key });
    plan.next[field] = target;
    if (counted?.key === target?.key && counted?.created === target?.created) continue;
    plan.changed = true;
    if (counted) {
      const old = parents.get(counted.key);
      if (old?.exists && old.created === counted.created) plan.decrements.push(counted);
    }
    if (target) plan.increments.push(target);
  }
  // A field the marker holds that the list no longer names (a row deleted: named is all null, handled above).
  for (const field of Object.keys(marker)) {
    if (field in named) continue;
    const counted = marker[field];
    if (!counted) continue;
    plan.changed = true;
    const old = parents.get(counted.key);
    if (old?.exists && old.created === counted.created) plan.decrements.push(counted);
  }
  return plan;
}
