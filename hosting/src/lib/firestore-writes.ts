/**
 * Client writes to the admin lists, in the shape firestore.rules checks: every write carries the
 * authorship stamp (the writer's uid and the server's time), a create also sets createdOn, and a delete
 * goes in one batch with its deletion stamp (common/src/change-history.ts) so that the change history
 * knows who deleted.
 */
import { doc, serverTimestamp, setDoc, writeBatch } from 'firebase/firestore';
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
  timeField: 'updatedAt' | 'lastUpdate';
}

/** Creates or updates `collection/id` with `fields`, stamped. */
export async function saveDocument(
  collectionPath: string,
  id: string,
  fields: Record<string, unknown>,
  { exists, timeField }: SaveOptions,
): Promise<void> {
  const stamp = { updatedBy: currentUid(), [timeField]: serverTimestamp() };
  const ref = doc(db, collectionPath, id);
  if (exists) await setDoc(ref, { ...fields, ...stamp }, { merge: true });
  else await setDoc(ref, { ...fields, ...stamp, createdOn: serverTimestamp() });
}

/** Deletes `collection/id` together with its deletion stamp. */
export async function deleteDocument(collectionPath: string, id: string): Promise<void> {
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

/** Writes many documents in batches of at most `size` (Firestore allows 500 writes per batch). */
export async function saveMany(
  collectionPath: string,
  rows: ReadonlyArray<{ id: string; fields: Record<string, unknown>; exists: boolean }>,
  timeField: SaveOptions['timeField'],
  size = 400,
): Promise<number> {
  const uid = currentUid();
  let written = 0;
  for (let start = 0; start < rows.length; start += size) {
    const batch = writeBatch(db);
    for (const row of rows.slice(start, start + size)) {
      const stamp = { updatedBy: uid, [timeField]: serverTimestamp() };
      const ref = doc(db, collectionPath, row.id);
      if (row.exists) batch.set(ref, { ...row.fields, ...stamp }, { merge: true });
      else batch.set(ref, { ...row.fields, ...stamp, createdOn: serverTimestamp() });
    }
    await batch.commit();
    written += Math.min(size, rows.length - start);
  }
  return written;
}
