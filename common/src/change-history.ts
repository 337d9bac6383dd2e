/**
 * Change history of the admin lists (network management and thresholds; staging reuses it).
 * A Firestore trigger writes one `audit_log` record per create, update and delete, with before and after,
 * under the event's id so that a repeated delivery writes nothing new. Who wrote comes from the
 * rules-checked authorship stamp: `updatedBy` on the document for creates and updates, and for deletes a
 * deletion stamp that the rules require in the same batch as the delete.
 */
import { NETWORK_COLLECTIONS } from './network';
import { THRESHOLD_COLLECTIONS } from './threshold';

/** Collections whose every change is recorded. */
export const TRACKED_COLLECTIONS: readonly string[] = [
  ...Object.values(NETWORK_COLLECTIONS),
  ...Object.values(THRESHOLD_COLLECTIONS),
];

/** `deletion_stamps/{collection}:{docId}`: { collection, docId, deletedBy, deletedAt }. */
export const DELETION_STAMPS = 'deletion_stamps';
/** A collection path's slashes become dots: a document id may not hold a slash. */
export const deletionStampId = (collection: string, docId: string) =>
  `${collection.replaceAll('/', '.')}:${docId}`;

export const HISTORY_OPERATIONS = ['listCreate', 'listUpdate', 'listDelete'] as const;
export type HistoryOperation = (typeof HISTORY_OPERATIONS)[number];
