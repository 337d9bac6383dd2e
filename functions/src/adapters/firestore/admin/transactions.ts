/**
 * What every operation of the Firestore admin store shares (firestore-admin-store.ts): the store's
 * context, the documents the operations coordinate on (rows, tombstones, locks), the refusals, and the
 * one way a transaction is run.
 */
import { randomUUID } from 'node:crypto';
import { Timestamp, type DocumentSnapshot, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { ADMIN_LISTS, type AdminListId, type ConflictDetails } from '@insight/common/admin-lists';
import { AppError } from '../../../lib/app-error';
import { docKey } from '../firestore-dependencies';
import { withContention } from '../grpc-status';

/** `delete_tombstones/{collection}:{id}`: a delete in progress; child writes naming the row are refused. */
export const TOMBSTONES = 'delete_tombstones';
/** `write_locks/{key}`: serialises saves that one invariant relates (server-only). */
export const WRITE_LOCKS = 'write_locks';
/** A tombstone left by an interrupted delete stops refusing writes after this long. */
export const TOMBSTONE_TTL_MS = 60_000;
/**
 * A delete gives up unless its tombstone has at least this long left when the row goes: instances whose
 * clocks disagree by less than this never judge the same tombstone live on one side and expired on the
 * other.
 */
export const TOMBSTONE_MARGIN_MS = 10_000;

/** The steps of a parent delete a caller may wait at (the race tests interleave writes there). */
export type DeleteStep = 'checking' | 'deleting' | 'releasing';

export interface StoreContext {
  db: () => Firestore;
  now: () => number;
  /** Awaited before each step of a parent delete (tests only). */
  beforeStep?: (step: DeleteStep, list: AdminListId, id: string) => Promise<void>;
}

export const rowRef = (ctx: StoreContext, list: AdminListId, id: string) =>
  ctx.db().collection(ADMIN_LISTS[list].collection).doc(id);
export const tombRef = (ctx: StoreContext, list: AdminListId, id: string) =>
  ctx.db().collection(TOMBSTONES).doc(docKey(ADMIN_LISTS[list].collection, id));
export const lockRef = (ctx: StoreContext, key: string) => ctx.db().collection(WRITE_LOCKS).doc(key);

export const conflict = (details: ConflictDetails, message: string) =>
  new AppError('conflict', message, { details });
export const missingRow = (list: AdminListId, id: string) =>
  new AppError('not_found', `${ADMIN_LISTS[list].collection}/${id} does not exist`);

/** A tombstone as stored: whose delete it is (its token) and until when it refuses writes. */
export interface Tombstone {
  token: string | null;
  until: number;
}

export function tombstoneOf(doc: DocumentSnapshot): Tombstone | null {
  if (!doc.exists) return null;
  const until: unknown = doc.get('until');
  const token: unknown = doc.get('token');
  return {
    token: typeof token === 'string' ? token : null,
    until: until instanceof Timestamp ? until.toMillis() : 0,
  };
}

/** Whether the tombstone document refuses writes now (whoever's it is). */
export const isLive = (doc: DocumentSnapshot, now: number) => (tombstoneOf(doc)?.until ?? 0) > now;

/** A new tombstone for a delete by `uid`: its own token, and when it stops refusing writes. */
export function newTombstone(list: AdminListId, id: string, uid: string, now: number) {
  const until = Timestamp.fromMillis(now + TOMBSTONE_TTL_MS);
  return {
    collection: ADMIN_LISTS[list].collection,
    docId: id,
    by: uid,
    token: randomUUID(),
    until,
    // A TTL policy removes what an interrupted delete left (firestore.indexes.json).
    expireAt: until,
  };
}

/** One transaction, run again when Firestore aborts it for contention. */
export function inTransaction<T>(
  ctx: StoreContext,
  run: (tx: Transaction) => Promise<T>,
  maxAttempts = 5,
): Promise<T> {
  return withContention(() => ctx.db().runTransaction(run, { maxAttempts }));
}
