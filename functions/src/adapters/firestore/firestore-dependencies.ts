/**
 * Dependency counts kept by reconciliation (domain/admin/dependency-plan.ts) and the admin lists' change
 * history, in one transaction per written row: the trigger's whole work for an event.
 */
import {
  FieldValue,
  Timestamp,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import { ADMIN_LISTS, adminListOf, type AdminListId } from '@insight/common/admin-lists';
import { DELETION_STAMPS, deletionStampId } from '@insight/common/change-history';
import type { AuditRecord } from '@insight/common/customer360';
import {
  namedParents,
  parentsInvolved,
  planReconcile,
  type Marker,
  type ParentKey,
  type ParentState,
  type ReconcilePlan,
} from '../../domain/admin/dependency-plan';
import { historyRecord, type DocumentChange } from '../../domain/network/change-history';
import { auditExpireAt } from './audit-retention';
import { grpcCode, GRPC, withContention } from './grpc-status';

/** `dependency_markers/{collection}:{id}`: where a child row is counted (server-only). */
export const MARKERS = 'dependency_markers';
/** Deletion stamps and markers of deleted rows are kept this long (a TTL policy on expireAt). */
export const STAMP_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export const docKey = (collection: string, id: string) => `${collection.replaceAll('/', '.')}:${id}`;
export const markerRef = (db: Firestore, list: AdminListId, id: string) =>
  db.collection(MARKERS).doc(docKey(ADMIN_LISTS[list].collection, id));

/** A Firestore time as an exact, comparable string (`seconds.nanoseconds`). */
export function exactTime(time: Timestamp | undefined | null): string | null {
  return time ? `${time.seconds}.${String(time.nanoseconds).padStart(9, '0')}` : null;
}

export function parentState(doc: DocumentSnapshot): ParentState {
  return { exists: doc.exists, created: doc.exists ? exactTime(doc.createTime) : null };
}

export function countFieldOf(key: ParentKey): string {
  const collection = key.slice(0, key.lastIndexOf('/'));
  const list = adminListOf(collection);
  const field = list ? ADMIN_LISTS[list].countField : undefined;
  if (!field) throw new Error(`${collection} keeps no count`);
  return field;
}

const markerOf = (doc: DocumentSnapshot): Marker => (doc.get('refs') as Marker | undefined) ?? {};
const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((key) => b.includes(key));

/** What the trigger was told about the write, for the history record. */
export interface WrittenRow {
  eventId: string;
  change: DocumentChange;
  /** The deleted row's version (its last update time), to find the delete's own stamp. */
  deletedVersion: string | null;
  /** When the change happened: the history is ordered by it. */
  changedAt: Timestamp;
}

export type ApplyOutcome = { status: 'applied' | 'duplicate' | 'unchanged'; plan: ReconcilePlan | null };

/** Retries a reconcile whose parents changed under it; a contended transaction retries inside the SDK. */
const ATTEMPTS = 8;

/**
 * Brings the counts in line with the row as it is now (when `reconcile`), and writes the history record
 * of `written` (when given), atomically. A second delivery of the same event finds its history record
 * and writes nothing; a reconcile that finds the marker in line with the row writes nothing either.
 */
export async function applyAdminWrite(
  db: Firestore,
  list: AdminListId,
  id: string,
  options: {
    reconcile: boolean;
    written?: WrittenRow | null;
    /** The row as the event carried it: the parents it names are read up front with the row. */
    hint?: Record<string, unknown> | null;
    /** Awaited between the read of the parents and the transaction (tests interleave writes there). */
    afterParentsRead?: () => Promise<void>;
  },
): Promise<ApplyOutcome> {
  const spec = ADMIN_LISTS[list];
  const rowRef = db.collection(spec.collection).doc(id);
  const marker = markerRef(db, list, id);
  const written = options.written ?? null;
  const audit = written ? db.collection('audit_log').doc(written.eventId) : null;
  const stampRef =
    written?.change.after === null && written.deletedVersion
      ? db.collection(DELETION_STAMPS).doc(deletionStampId(spec.collection, id, written.deletedVersion))
      : null;

  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    // The parents' existence and incarnation are read outside the transaction: many rows of one parent
    // then never wait on each other's read locks; a parent that vanishes fails the update (NOT_FOUND) and
    // the next attempt reads again.
    const parents = new Map<ParentKey, ParentState>();
    let keys: ParentKey[] = [];
    if (options.reconcile) {
      // One read for the row, its marker and the parents the event's row names (most often all of them);
      // a second only for parents the marker names besides.
      const guessed = Object.values(namedParents(list, options.hint ?? null)).filter(
        (key): key is ParentKey => key !== null,
      );
      const [row, markerDoc, ...guessedDocs] = await db.getAll(
        rowRef,
        marker,
        ...guessed.map((key) => db.doc(key)),
      );
      guessed.forEach((key, index) => parents.set(key, parentState(guessedDocs[index]!)));
      keys = parentsInvolved(namedParents(list, row!.exists ? row!.data()! : null), markerOf(markerDoc!));
      const missing = keys.filter((key) => !parents.has(key));
      const docs = missing.length > 0 ? await db.getAll(...missing.map((key) => db.doc(key))) : [];
      missing.forEach((key, index) => parents.set(key, parentState(docs[index]!)));
      await options.afterParentsRead?.();
    }
    try {
      const outcome = await withContention(() =>
        db.runTransaction(
          async (tx): Promise<ApplyOutcome | 'stale'> => {
            // Reads first (a transaction's rule), in one round trip, then the writes.
            const refs = [audit, stampRef, ...(options.reconcile ? [rowRef, marker] : [])].filter(
              (ref): ref is DocumentReference => ref !== null,
            );
            const read = new Map((await tx.getAll(...refs)).map((doc) => [doc.ref.path, doc]));
            if (audit && read.get(audit.path)!.exists) return { status: 'duplicate', plan: null };
            const stamp = stampRef ? read.get(stampRef.path)! : null;
            let plan: ReconcilePlan | null = null;
            let rowExists = false;
            let moved: DocumentSnapshot[] = [];
            if (options.reconcile) {
              const [row, markerDoc] = [read.get(rowRef.path), read.get(marker.path)];
              rowExists = row!.exists;
              const named = namedParents(list, rowExists ? row!.data()! : null);
              const counted = markerOf(markerDoc!);
              if (!sameSet(parentsInvolved(named, counted), keys)) return 'stale';
              plan = planReconcile(named, counted, parents);
              // The parents whose counts move, read here: each must still be the incarnation the plan
              // names (a parent deleted and created again since is another row).
              const touched = [...plan.increments, ...plan.decrements];
              moved = touched.length > 0 ? await tx.getAll(...touched.map(({ key }) => db.doc(key))) : [];
              const joined = moved.slice(0, plan.increments.length);
              if (joined.some((doc, index) => exactTime(doc.createTime) !== plan!.increments[index]!.created))
                return 'stale';
            }
            const record = written ? historyRecord(written.change, deletedBy(stamp)) : null;
            // A delete happened when its own stamp was written (the same transaction), if it has one.
            const deletedAt: unknown = stamp?.get('deletedAt');
            const at = deletedAt instanceof Timestamp ? deletedAt : written?.changedAt;
            if (audit && record) tx.create(audit, { ...record, at, expireAt: auditExpireAt(at) });
            if (plan?.changed) {
              applyPlan(tx, db, plan, moved.slice(plan.increments.length));
              const next = Object.values(plan.next).filter((counted) => counted !== null);
              if (!rowExists && next.length === 0) tx.delete(marker);
              else
                tx.set(marker, {
                  list,
                  refs: plan.next,
                  parents: next.map((counted) => counted.key),
                  at: FieldValue.serverTimestamp(),
                });
            }
            return { status: record || plan?.changed ? 'applied' : 'unchanged', plan };
          },
          { maxAttempts: 25 },
        ),
      );
      if (outcome !== 'stale') return outcome;
    } catch (error) {
      if (grpcCode(error) === GRPC.ALREADY_EXISTS) return { status: 'duplicate', plan: null };
      if (grpcCode(error) !== GRPC.NOT_FOUND || attempt === ATTEMPTS) throw error;
    }
  }
  throw new Error(`${spec.collection}/${id}: its parents kept changing; the event is retried`);
}

/**
 * +1 on each parent joined, −1 on each left, never below zero (a drifted count is left for the recount),
 * and only on the incarnation the marker counted the row in: a parent created again since is not charged.
 */
function applyPlan(tx: Transaction, db: Firestore, plan: ReconcilePlan, leftDocs: DocumentSnapshot[]) {
  const moves = new Map<ParentKey, number>();
  for (const { key } of plan.increments) moves.set(key, (moves.get(key) ?? 0) + 1);
  plan.decrements.forEach(({ key, created }, index) => {
    const doc = leftDocs[index];
    const stored = doc?.get(countFieldOf(key)) as unknown;
    if (doc?.exists && exactTime(doc.createTime) === created && typeof stored === 'number' && stored > 0)
      moves.set(key, (moves.get(key) ?? 0) - 1);
  });
  // Always in the same order (by path): two transactions moving rows in opposite directions between the
  // same parents must not wait on each other's locks.
  for (const key of [...moves.keys()].sort()) {
    const delta = moves.get(key)!;
    if (delta !== 0)
      tx.update(db.doc(key) as DocumentReference, { [countFieldOf(key)]: FieldValue.increment(delta) });
  }
}

function deletedBy(stamp: DocumentSnapshot | null): string | null {
  const value: unknown = stamp?.get('deletedBy');
  return typeof value === 'string' && value ? value : null;
}

/** A deletion stamp for `row` (read in the deleting transaction), written beside the delete. */
export function writeDeletionStamp(
  tx: Transaction,
  db: Firestore,
  list: AdminListId,
  row: DocumentSnapshot,
  uid: string,
  now: number,
): void {
  const collection = ADMIN_LISTS[list].collection;
  const version = exactTime(row.updateTime);
  if (!version) return;
  tx.set(db.collection(DELETION_STAMPS).doc(deletionStampId(collection, row.id, version)), {
    collection,
    docId: row.id,
    deletedBy: uid,
    deletedAt: FieldValue.serverTimestamp(),
    expireAt: Timestamp.fromMillis(now + STAMP_TTL_MS),
  });
}

/** The history record the trigger would write (for tests of the record alone). */
export type { AuditRecord };
