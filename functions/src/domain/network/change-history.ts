/**
 * Change history of the admin lists (common/src/change-history.ts): one audit record per create, update
 * and delete, with before and after, written under the event's id so that a repeated delivery adds
 * nothing. Who wrote comes from the author stamp the API writes: `updatedBy` on the row for creates and
 * updates, and for a delete the deletion stamp of that very delete (keyed by the version of the row it
 * deleted), never the event's auth context (not reliable: firebase-tools issue 7450).
 */
import { isDeepStrictEqual } from 'node:util';
import { ADMIN_LISTS } from '@insight/common/admin-lists';
import type { HistoryOperation } from '@insight/common/change-history';
import type { AuditRecord } from '@insight/common/customer360';

/** A document's fields as plain JSON values (timestamps as ISO strings). */
export type PlainDocument = Record<string, unknown>;

export interface DocumentChange {
  collection: string;
  docId: string;
  before: PlainDocument | null;
  after: PlainDocument | null;
}

/** The author of writes that carry no stamp (Admin SDK, seed, a delete without its stamp). */
export const SYSTEM_AUTHOR = 'system';

/** The fields the functions keep on a row (counts): a change to them alone is not a user's change. */
const DERIVED_FIELDS = new Set(
  Object.values(ADMIN_LISTS).flatMap((spec) => (spec.countField ? [spec.countField] : [])),
);

/**
 * The history record of a change, or null when there is nothing to record. `deletedBy`: the author of
 * the delete's own stamp (null when the delete has none).
 */
export function historyRecord(change: DocumentChange, deletedBy: string | null): AuditRecord | null {
  const operation = historyOperation(change.before, change.after);
  if (!operation) return null;
  const uid =
    operation === 'listDelete' ? (deletedBy ?? SYSTEM_AUTHOR) : (authorOf(change.after) ?? SYSTEM_AUTHOR);
  return {
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
  };
}

/**
 * The operation a write stands for, or null when there is nothing to record: an update that changes
 * nothing but a kept count is the trigger's (or the recount's) own write.
 */
export function historyOperation(
  before: PlainDocument | null,
  after: PlainDocument | null,
): HistoryOperation | null {
  if (!before && !after) return null;
  if (!before) return 'listCreate';
  if (!after) return 'listDelete';
  return isDeepStrictEqual(withoutDerived(before), withoutDerived(after)) ? null : 'listUpdate';
}

function withoutDerived(document: PlainDocument): PlainDocument {
  return Object.fromEntries(Object.entries(document).filter(([key]) => !DERIVED_FIELDS.has(key)));
}

function authorOf(document: PlainDocument | null): string | null {
  const updatedBy = document?.updatedBy;
  return typeof updatedBy === 'string' && updatedBy ? updatedBy : null;
}
