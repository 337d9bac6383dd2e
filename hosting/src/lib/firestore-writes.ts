/**
 * Client writes to the admin lists, in the shape firestore.rules checks: every write carries the
 * authorship stamp (the writer's uid and the server's time), a create also sets createdOn, and a delete
 * goes in one batch with its deletion stamp (common/src/change-history.ts) so that the change history
 * knows who deleted.
 */
import { deleteDoc, doc, serverTimestamp, setDoc, writeBatch } from 'firebase/firestore';
import { DELETION_STAMPS, deletionStampId } from '@insight/common/change-history';
import { auth } from './firebase';
import { db } from './firestore';

function currentUid(): string {
  const uid = auth.currentUser?.uid;
  if (!uid) throw new Error('Sign-in required');
  return uid;
}

export interface SaveOptions {
  /** Whether the document exists already: an update keeps its createdOn. */
  exists: boolean;
  /** The field that holds the server time of the last write ('lastUpdate' for CMTS rows). */
  timeField: 'updatedAt' | 'lastUpdate' | 'updateDate';
  /** The field a create sets once to the server time ('insertDate' for thresholds; null: none). */
  createdField?: 'createdOn' | 'insertDate' | null;
}

/** Creates or updates `collection/id` with `fields`, stamped. */
export async function saveDocument(
  collectionPath: string,
  id: string,
  fields: Record<string, unknown>,
  { exists, timeField, createdField = 'createdOn' }: SaveOptions,
): Promise<void> {
  const stamp = { updatedBy: currentUid(), [timeField]: serverTimestamp() };
  const ref = doc(db, collectionPath, id);
  if (exists) await setDoc(ref, { ...fields, ...stamp }, { merge: true });
  else await setDoc(ref, { ...fields, ...stamp, ...(createdField ? { [createdField]: serverTimestamp() } : {}) });
}

/** Deletes `collection/id` together with its deletion stamp (`stamped: false`: a list without history). */
export async function deleteDocument(
  collectionPath: string,
  id: string,
  { stamped = true }: { stamped?: boolean } = {},
): Promise<void> {
  if (!stamped) {
    await deleteDoc(doc(db, collectionPath, id));
    return;
  }
  const batch = writeBatch(db);
  batch.set(doc(db, DELETION_STAMPS, deletionStampId(collectionPath, id)), {
    collection: collectionPath,
    docId: id,
    deletedBy: currentUid(),
    deletedAt: serverTimestamp(),
  });
  batch.delete(doc(db, collectionPath, id));
  await batch.commit();
}

/**
 * Writes many documents in batches of at most `size`. `lookups` names the documents the rules read for
 * a row (e.g. the head end a CMTS row refers to): a batch is closed before it would name more than
 * `maxLookups` distinct ones, since Firestore rules allow 20 document reads per request.
 */
export async function saveMany(
  collectionPath: string,
  rows: ReadonlyArray<{ id: string; fields: Record<string, unknown>; exists: boolean }>,
  timeField: SaveOptions['timeField'],
  { size = 400, lookups, maxLookups = 18 }: { size?: number; lookups?: (fields: Record<string, unknown>) => string[]; maxLookups?: number } = {},
): Promise<number> {
  const uid = currentUid();
  const batches: Array<typeof rows> = [];
  let current: Array<(typeof rows)[number]> = [];
  let named = new Set<string>();
  for (const row of rows) {
    const needed = lookups?.(row.fields) ?? [];
    const after = new Set([...named, ...needed]);
    if (current.length > 0 && (current.length >= size || after.size > maxLookups)) {
      batches.push(current);
      current = [];
      named = new Set(needed);
    } else named = after;
    current.push(row);
  }
  if (current.length > 0) batches.push(current);
  let written = 0;
  for (const chunk of batches) {
    const batch = writeBatch(db);
    for (const row of chunk) {
      const stamp = { updatedBy: uid, [timeField]: serverTimestamp() };
      const ref = doc(db, collectionPath, row.id);
      if (row.exists) batch.set(ref, { ...row.fields, ...stamp }, { merge: true });
      else batch.set(ref, { ...row.fields, ...stamp, createdOn: serverTimestamp() });
    }
    await batch.commit();
    written += chunk.length;
  }
  return written;
}
