import type { Firestore } from 'firebase-admin/firestore';
import type { LookSnapshot } from '@insight/common/diagnosis';
import type { NetworkPlace } from '@insight/common/outages';
import { DIAGNOSIS_COLLECTIONS } from '@insight/common/diagnosis-playbook';
import type { DeviceScore, LookStore } from '../../domain/diagnosis/look-store';

/** A stored place's known fields (strings or null), or null when none was stored. */
function placeOf(value: unknown): NetworkPlace | null {
  if (typeof value !== 'object' || value === null) return null;
  const text = (field: unknown) => (typeof field === 'string' ? field : null);
  const { olt, port, headEnd } = value as Record<string, unknown>;
  return { olt: text(olt), port: text(port), headEnd: text(headEnd) };
}

/** gRPC ALREADY_EXISTS: the minute's look was written first by another view. */
const ALREADY_EXISTS = 6;

/**
 * Looks in Firestore: `device_snapshots/{mac}` keeps the last look's score, time, customer's name and place (what
 * lists read, one document per device), `device_snapshots/{mac}/looks/{minute}` each look. Both carry `expireAt`
 * (the TTL policy of firestore.indexes.json deletes them 90 days on). Server only (firestore.rules).
 */
export function firestoreLookStore(db: () => Firestore): LookStore {
  const device = (mac: string) => db().collection(DIAGNOSIS_COLLECTIONS.snapshots).doc(mac);
  return {
    async add(look: LookSnapshot, minute: number, expireAt: Date) {
      const batch = db().batch();
      batch.create(device(look.mac).collection(DIAGNOSIS_COLLECTIONS.looks).doc(String(minute)), {
        ...look,
        expireAt,
      });
      batch.set(device(look.mac), {
        mac: look.mac,
        score: look.score,
        at: look.at,
        customer: look.customer ?? null,
        place: look.place ?? null,
        expireAt,
      });
      try {
        await batch.commit();
        return true;
      } catch (error) {
        if ((error as { code?: number }).code === ALREADY_EXISTS) return false;
        throw error;
      }
    },
    async list(mac: string, limit: number) {
      const snapshot = await device(mac)
        .collection(DIAGNOSIS_COLLECTIONS.looks)
        .orderBy('at', 'desc')
        .limit(limit)
        .get();
      return snapshot.docs.map((doc) => {
        const { expireAt: _expireAt, ...look } = doc.data();
        return look as LookSnapshot;
      });
    },
    async scores(macs: readonly string[]) {
      const answer: Record<string, DeviceScore> = {};
      if (macs.length === 0) return answer;
      const docs = await db().getAll(...macs.map(device));
      for (const doc of docs) {
        const data = doc.data();
        if (data && typeof data.at === 'string')
          answer[doc.id] = {
            score: typeof data.score === 'number' ? data.score : null,
            at: data.at,
            customer: typeof data.customer === 'string' ? data.customer : null,
            place: placeOf(data.place),
          };
      }
      return answer;
    },
  };
}
