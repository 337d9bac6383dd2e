/**
 * Change history of the admin lists (network management and thresholds).
 * The admin-list trigger writes one `audit_log` record per create, update and delete, with before and
 * after, under the event's id so that a repeated delivery writes nothing new; its `at` is when the change
 * happened. Who wrote comes from the author stamp the API writes: `updatedBy` on the row for creates and
 * updates, and for deletes a deletion stamp written in the delete's own transaction, keyed by the version
 * of the row it deleted (so a late event of an earlier delete of the same id finds its own stamp).
 */
import { NETWORK_COLLECTIONS } from './network';
import { THRESHOLD_COLLECTIONS } from './threshold';

/** Collections whose every change is recorded. */
export const TRACKED_COLLECTIONS: readonly string[] = [
  ...Object.values(NETWORK_COLLECTIONS),
  ...Object.values(THRESHOLD_COLLECTIONS),
];

/** `deletion_stamps/{collection}:{docId}:{version}`: { collection, docId, deletedBy, deletedAt, expireAt }. */
export const DELETION_STAMPS = 'deletion_stamps';
/**
 * A collection path's slashes become dots (a document id may not hold a slash); `version` is the deleted
 * row's last update time as `seconds.nanoseconds`.
 */
export const deletionStampId = (collection: string, docId: string, version: string) =>
  `${collection.replaceAll('/', '.')}:${docId}:${version}`;

export const HISTORY_OPERATIONS = ['listCreate', 'listUpdate', 'listDelete'] as const;
export type HistoryOperation = (typeof HISTORY_OPERATIONS)[number];
