/**
 * Change history of the admin lists (common/src/change-history.ts): one audit record per create, update
 * and delete, with before and after, written under the event's id so that a repeated delivery adds
 * nothing. Who wrote comes from the rules-checked stamps, never from the event's auth context (not
 * reliable: firebase-tools issue 7450).
 */
import { isDeepStrictEqual } from 'node:util';
import type { HistoryOperation } from '@insight/common/change-history';
import type { AuditRecord } from '@insight/common/customer360';
import { COUNT_FIELD } from '@insight/common/network';

/** A document's fields as plain JSON values (timestamps as ISO strings). */
export type PlainDocument = Record<string, unknown>;

export interface DeletionStamp {
  deletedBy: string;
  deletedAt: Date | null;
}

/** Where the history goes and where deletion stamps are read (Firestore in production). */
export interface HistoryStore {
  deletionStamp(collection: string, docId: string): Promise<DeletionStamp | null>;
  /** Writes `record` under `id` with the server's time; false when a record with that id exists already. */
  createOnce(id: string, record: AuditRecord): Promise<boolean>;
}

export interface DocumentChange {
  eventId: string;
  collection: string;
  docId: string;
  before: PlainDocument | null;
  after: PlainDocument | null;
  /** When the deleted document was last written: a deletion stamp older than that is from an earlier delete. */
  beforeWrittenAt: Date | null;
}

/** The author of writes that carry no stamp (Admin SDK, seed, a stale deletion stamp). */
export const SYSTEM_AUTHOR = 'system';

export type RecordOutcome = 'recorded' | 'duplicate' | 'skipped';

export async function recordChange(store: HistoryStore, change: DocumentChange): Promise<RecordOutcome> {
  const operation = historyOperation(change.before, change.after);
  if (!operation) return 'skipped';
  const uid =
    operation === 'listDelete' ? await deletedBy(store, change) : (authorOf(change.after) ?? SYSTEM_AUTHOR);
  const created = await store.createOnce(change.eventId, {
    uid,
    email: null,
    mac: null,
    customerAccountNumber: null,
    operation,
    parameters: {
      collection: change.collection,
      docId: change.docId,
      before: change.before,
      after: change.after,
    },
    outcome: 'sent',
    errorCode: null,
    collection: change.collection,
    docId: change.docId,
  });
  return created ? 'recorded' : 'duplicate';
}

/**
 * The operation a write stands for, or null when there is nothing to record: an update that changes
 * nothing but the dependency count is the count trigger's (or the recount's) own write.
 */
export function historyOperation(
  before: PlainDocument | null,
  after: PlainDocument | null,
): HistoryOperation | null {
  if (!before && !after) return null;
  if (!before) return 'listCreate';
  if (!after) return 'listDelete';
  return isDeepStrictEqual(withoutCount(before), withoutCount(after)) ? null : 'listUpdate';
}

function withoutCount(document: PlainDocument): PlainDocument {
  const { [COUNT_FIELD]: _count, ...rest } = document;
  return rest;
}

function authorOf(document: PlainDocument | null): string | null {
  const updatedBy = document?.updatedBy;
  return typeof updatedBy === 'string' && updatedBy ? updatedBy : null;
}

/** The deletion stamp's author, if the stamp belongs to this delete (written after the document's last write). */
async function deletedBy(store: HistoryStore, change: DocumentChange): Promise<string> {
  const stamp = await store.deletionStamp(change.collection, change.docId);
  if (!stamp?.deletedBy) return SYSTEM_AUTHOR;
  const stale =
    stamp.deletedAt &&
    change.beforeWrittenAt &&
    // Both are Dates, so compared to the millisecond: a delete never precedes the document's last write.
    stamp.deletedAt.getTime() < change.beforeWrittenAt.getTime();
  return stale ? SYSTEM_AUTHOR : stamp.deletedBy;
}
