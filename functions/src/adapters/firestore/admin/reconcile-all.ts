/**
 * Every kept count brought in line with the rows: the recount (`POST /api/admin/recount`) and the marker
 * migration (`npm run migrate:markers`, migrate-markers.ts) are this one pass.
 *
 * 1. Rows: page by page, in one transaction per page, a row without a marker gets one naming where it
 *    is counted now (its parents' incarnations read in that transaction); a row whose marker disagrees
 *    with it is reconciled as its trigger would (applyAdminWrite). Markers left by deleted rows too.
 * 2. Counts: every parent's count set, in a transaction with the markers that count rows in it. Never
 *    skipped on a comparison made earlier, so whatever a trigger did in between, the count ends right.
 * 3. Tombstones whose delete was interrupted, once expired, are removed.
 * Both steps are the reconciliation the triggers do, so a pass running beside them changes nothing twice.
 */
import { FieldPath, FieldValue, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import {
  ADMIN_LIST_IDS,
  ADMIN_LISTS,
  PARENT_LISTS,
  type AdminListId,
  type RecountResult,
} from '@insight/common/admin-lists';
import {
  namedParents,
  parentKey,
  planReconcile,
  type Marker,
  type ParentKey,
  type ParentState,
} from '../../../domain/admin/dependency-plan';
import {
  applyAdminWrite,
  countFieldOf,
  docKey,
  exactTime,
  MARKERS,
  markerRef,
  parentState,
} from '../firestore-dependencies';
import { withContention } from '../grpc-status';
import { TOMBSTONES, tombstoneOf, type StoreContext } from './transactions';

/** Rows read and marked per transaction. */
const PAGE = 200;
/** Reconciles and repairs run at once. */
const PARALLEL = 16;

/** Where a pass stands, for a migration that resumes where an interrupted run stopped. */
export interface PassPosition {
  step: 'rows' | 'markers' | 'counts';
  list: AdminListId;
  /** The last document id done in that step and list. */
  after: string | null;
}

export interface PassReport extends RecountResult {
  /** Rows that had no marker and were given one. */
  marked: number;
  /** Rows whose marker disagreed with them, reconciled. */
  reconciled: number;
  /** Expired tombstones removed. */
  swept: number;
}

export interface PassOptions {
  /** Where to start (a resumed migration); from the beginning when absent. */
  from?: PassPosition | null;
  /** Called after each page with the position reached (the migration stores it). */
  reached?: (position: PassPosition, report: PassReport) => Promise<void>;
}

const CHILD_LISTS = ADMIN_LIST_IDS.filter((id) => ADMIN_LISTS[id].references.length > 0);
const STEPS: Array<{ step: PassPosition['step']; lists: readonly AdminListId[] }> = [
  { step: 'rows', lists: CHILD_LISTS },
  { step: 'markers', lists: CHILD_LISTS },
  { step: 'counts', lists: PARENT_LISTS },
];

export async function reconcileAll(ctx: StoreContext, options: PassOptions = {}): Promise<PassReport> {
  const db = ctx.db();
  const report: PassReport = { checked: 0, repaired: [], orphans: [], marked: 0, reconciled: 0, swept: 0 };
  let started = !options.from;
  for (const { step, lists } of STEPS)
    for (const list of lists) {
      let after: string | null = null;
      if (!started) {
        if (options.from!.step !== step || options.from!.list !== list) continue;
        started = true;
        after = options.from!.after;
      }
      for (;;) {
        const page = await pageOf(db, step, list, after);
        if (page.length === 0) break;
        if (step === 'rows') await markRows(db, list, page, report);
        else if (step === 'markers') await dropStaleMarkers(db, list, page, report);
        else await repairCounts(db, list, page, report);
        after = page.at(-1)!.id;
        await options.reached?.({ step, list, after }, report);
        if (page.length < PAGE) break;
      }
    }
  report.swept = await sweepTombstones(ctx);
  return report;
}

function pageOf(db: Firestore, step: PassPosition['step'], list: AdminListId, after: string | null) {
  const spec = ADMIN_LISTS[list];
  let query =
    step === 'markers'
      ? db.collection(MARKERS).where('list', '==', list)
      : db
          .collection(spec.collection)
          .select(...(step === 'rows' ? spec.references.map(({ field }) => field) : []));
  query = query.orderBy(FieldPath.documentId());
  if (after) query = query.startAfter(after);
  return query
    .limit(PAGE)
    .get()
    .then((snapshot) => snapshot.docs);
}

/** A page of child rows: the unmarked marked, in one transaction; the disagreeing reconciled. */
async function markRows(db: Firestore, list: AdminListId, rows: DocumentSnapshot[], report: PassReport) {
  report.checked += rows.length;
  const named = rows.map((row) => namedParents(list, row.data() ?? null));
  const keys = [...new Set(named.flatMap((refs) => Object.values(refs).filter((key) => key !== null)))];
  // Run again on contention: what it found is taken from the attempt that committed.
  const found = await withContention(() =>
    db.runTransaction(async (tx) => {
      const read = await tx.getAll(
        ...rows.map((row) => markerRef(db, list, row.id)),
        ...keys.map((key) => db.doc(key)),
      );
      const states = new Map<ParentKey, ParentState>(
        keys.map((key, index) => [key, parentState(read[rows.length + index]!)]),
      );
      const attempt = { due: [] as string[], orphans: [] as RecountResult['orphans'], marked: 0 };
      rows.forEach((row, index) => {
        const marker = read[index]!;
        const plan = planReconcile(named[index]!, (marker.get('refs') as Marker | undefined) ?? {}, states);
        for (const { field, key } of plan.orphans)
          attempt.orphans.push({ list, id: row.id, field, parent: key.slice(key.lastIndexOf('/') + 1) });
        if (marker.exists) {
          if (plan.changed) attempt.due.push(row.id);
          return;
        }
        // Counted by the counts step, from the markers: no count moves here.
        const next = Object.values(plan.next).filter((counted) => counted !== null);
        if (next.length === 0) return;
        tx.set(marker.ref, {
          list,
          refs: plan.next,
          parents: next.map((counted) => counted.key),
          at: FieldValue.serverTimestamp(),
        });
        attempt.marked += 1;
      });
      return attempt;
    }),
  );
  report.orphans.push(...found.orphans);
  report.marked += found.marked;
  await reconcileEach(db, list, found.due, report);
}

/** Rows reconciled as their trigger would (counts moved by the difference with their markers). */
async function reconcileEach(db: Firestore, list: AdminListId, ids: string[], report: PassReport) {
  await inBatches(ids, async (id) => {
    const outcome = await applyAdminWrite(db, list, id, { reconcile: true });
    if (outcome.status === 'applied') report.reconciled += 1;
  });
}

/** Markers whose row is gone: reconciled (the row leaves its parents). */
async function dropStaleMarkers(
  db: Firestore,
  list: AdminListId,
  markers: DocumentSnapshot[],
  report: PassReport,
) {
  const collection = ADMIN_LISTS[list].collection;
  const prefix = `${docKey(collection, '')}`;
  const ids = markers.map((marker) => marker.id.slice(prefix.length));
  const rows = await db.getAll(...ids.map((id) => db.collection(collection).doc(id)));
  await reconcileEach(
    db,
    list,
    ids.filter((_, index) => !rows[index]!.exists),
    report,
  );
}

async function repairCounts(
  db: Firestore,
  list: AdminListId,
  parents: DocumentSnapshot[],
  report: PassReport,
) {
  report.checked += parents.length;
  await inBatches(
    parents.map((doc) => doc.id),
    async (id) => {
      const fix = await repairCount(db, parentKey(list, id));
      if (fix) report.repaired.push({ list, id, ...fix });
    },
  );
}

/** Sets a parent's count to the markers counting rows in its incarnation, in one transaction with them. */
export async function repairCount(
  db: Firestore,
  key: ParentKey,
): Promise<{ was: number; now: number } | null> {
  const field = countFieldOf(key);
  return withContention(() =>
    db.runTransaction(async (tx) => {
      const parent = await tx.get(db.doc(key));
      if (!parent.exists) return null;
      const created = exactTime(parent.createTime);
      const markers = await tx.get(db.collection(MARKERS).where('parents', 'array-contains', key));
      const now = markers.docs.filter((doc) =>
        Object.values((doc.get('refs') as Marker | undefined) ?? {}).some(
          (counted) => counted?.key === key && counted.created === created,
        ),
      ).length;
      const stored: unknown = parent.get(field);
      if (stored === now) return null;
      tx.update(parent.ref, { [field]: now });
      return { was: typeof stored === 'number' ? stored : 0, now };
    }),
  );
}

/** Removes the tombstones that stopped refusing writes (their delete was interrupted). */
async function sweepTombstones(ctx: StoreContext): Promise<number> {
  const db = ctx.db();
  const expired = await db.collection(TOMBSTONES).where('until', '<', new Date(ctx.now())).get();
  let swept = 0;
  await inBatches(expired.docs, async (doc) => {
    const gone = await db.runTransaction(async (tx) => {
      const tomb = tombstoneOf(await tx.get(doc.ref));
      if (!tomb || tomb.until > ctx.now()) return false;
      tx.delete(doc.ref);
      return true;
    });
    if (gone) swept += 1;
  });
  return swept;
}

async function inBatches<T>(items: readonly T[], run: (item: T) => Promise<void>) {
  for (let start = 0; start < items.length; start += PARALLEL)
    await Promise.all(items.slice(start, start + PARALLEL).map(run));
}
