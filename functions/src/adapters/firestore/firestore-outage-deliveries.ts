import type { Firestore } from 'firebase-admin/firestore';
import { CRM_WEBHOOKS_COLLECTION, crmWebhookDocumentSchema } from '@insight/common/crm-webhooks';
import { OUTAGES_COLLECTION } from '@insight/common/outages';
import type { DeliveryRecord, DeliveryStore } from '../../domain/outages/notify';

/** The functions' own collection: one record per outage, change and webhook (no client reads or writes it). */
export const OUTAGE_DELIVERIES_COLLECTION = 'outage_deliveries';
/** A claim left 'sending' this long was abandoned (an instance stopped mid-send): it may be taken again. */
export const DELIVERY_LEASE_MS = 15 * 60_000;

/** The CRM webhooks and the delivery records in Firestore (docs/outages.md, "Notifications"). */
export function firestoreDeliveryStore(db: () => Firestore): DeliveryStore {
  const deliveries = () => db().collection(OUTAGE_DELIVERIES_COLLECTION);
  return {
    async enabledWebhooks() {
      const snapshot = await db().collection(CRM_WEBHOOKS_COLLECTION).where('enabled', '==', true).get();
      return snapshot.docs.flatMap((doc) => {
        const parsed = crmWebhookDocumentSchema.safeParse(doc.data());
        return parsed.success ? [{ id: doc.id, url: parsed.data.url, secret: parsed.data.secret }] : [];
      });
    },
    async claim(key, outageId, at) {
      const ref = deliveries().doc(key);
      return db().runTransaction(async (tx) => {
        const stored = (await tx.get(ref)).data() as (DeliveryRecord & { claimedAt: number }) | undefined;
        if (stored && (stored.state !== 'sending' || stored.claimedAt > at - DELIVERY_LEASE_MS))
          return { state: stored.state, attempts: stored.attempts, lastError: stored.lastError };
        tx.set(ref, {
          outageId,
          state: 'sending',
          attempts: 0,
          lastError: null,
          claimedAt: at,
          updatedAt: at,
        });
        return null;
      });
    },
    async finish(key, record, at) {
      await deliveries()
        .doc(key)
        .update({ ...record, updatedAt: at });
    },
    async setNotify(outageId, change, notify) {
      const ref = db().collection(OUTAGES_COLLECTION).doc(outageId);
      await db().runTransaction(async (tx) => {
        const state = (await tx.get(ref)).get('state') as unknown;
        if (state === (change === 'open' ? 'open' : 'resolved')) tx.update(ref, { notify });
      });
    },
  };
}
