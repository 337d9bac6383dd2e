import type { Firestore } from 'firebase-admin/firestore';
import { Timestamp } from 'firebase-admin/firestore';
import type { ChangeMarkStore } from '../../domain/cache/change-marks';

/** The functions' own collection (no client reads or writes it: firestore.rules' default deny). */
export const CHANGE_MARKS_COLLECTION = 'device_changes';
/** How long a mark is kept: well past the call cache's life (`CACHE_TTL_SECONDS`). */
export const CHANGE_MARK_KEEP_MS = 10 * 60_000;

/**
 * `device_changes/{mac}`: when an operation last changed the device (`changedAt`, ms). A mark older than
 * the call cache's life says nothing any more: `expireAt` lets a TTL policy delete it (docs/architecture.md, "Where state lives").
 */
export function firestoreChangeMarks(db: () => Firestore, keepMs = CHANGE_MARK_KEEP_MS): ChangeMarkStore {
  return {
    async read(mac) {
      const snap = await db().collection(CHANGE_MARKS_COLLECTION).doc(mac).get();
      const changedAt: unknown = snap.get('changedAt');
      return typeof changedAt === 'number' ? changedAt : null;
    },
    async write(mac, at) {
      await db()
        .collection(CHANGE_MARKS_COLLECTION)
        .doc(mac)
        .set({ changedAt: at, expireAt: Timestamp.fromMillis(at + keepMs) });
    },
  };
}
