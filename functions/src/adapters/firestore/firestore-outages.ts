import type { Firestore } from 'firebase-admin/firestore';
import { NETWORK_COLLECTIONS } from '@insight/common/network';
import { OUTAGES_COLLECTION, outageId, outageSchema, type Outage } from '@insight/common/outages';
import { OLT_NAME } from '@insight/common/upstream/wan';
import { nextOutage, type OutageStore } from '../../domain/outages/outage-store';

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** A stored outage as the schema reads it, or null when absent or not one (never written over blindly). */
function outageOf(data: unknown): Outage | null {
  if (data === undefined) return null;
  const parsed = outageSchema.safeParse(data);
  if (!parsed.success) throw new Error(`outage document unreadable: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

/**
 * The `outages` collection (docs/outages.md): each alert read, stepped by `nextOutage` and written in one
 * transaction, so two deliveries of one webhook (Alertmanager retries, two instances) write once.
 */
export function firestoreOutages(db: () => Firestore): OutageStore {
  const outages = () => db().collection(OUTAGES_COLLECTION);
  return {
    async apply(alert, context, now) {
      const ref = outages().doc(outageId(alert.fingerprint, alert.startsAt));
      return db().runTransaction(async (tx) => {
        const snapshot = await tx.get(ref);
        const stored = outageOf(snapshot.data());
        const next = nextOutage(stored, alert, context, now);
        if (!next) return stored ? 'unchanged' : 'ignored';
        tx.set(ref, next.outage);
        return next.outcome;
      });
    },
    async saveNote(id, note, now) {
      const ref = outages().doc(id);
      return db().runTransaction(async (tx) => {
        const stored = outageOf((await tx.get(ref)).data());
        if (!stored) return null;
        tx.update(ref, { note, updatedAt: now });
        return { ...stored, note, updatedAt: now };
      });
    },
    async placeOf(olt) {
      const row = (await db().collection(NETWORK_COLLECTIONS.cmts).doc(olt).get()).data();
      return { headEnd: text(row?.headEnd), area: text(row?.marketArea) };
    },
    async oltPlaces() {
      const rows = await db().collection(NETWORK_COLLECTIONS.cmts).select('headEnd', 'marketArea').get();
      return rows.docs
        .filter((row) => OLT_NAME.test(row.id))
        .map((row) => ({
          olt: row.id,
          headEnd: text(row.get('headEnd')),
          area: text(row.get('marketArea')),
        }));
    },
  };
}
