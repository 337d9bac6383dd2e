import { logger } from 'firebase-functions';
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { getFirestore } from 'firebase-admin/firestore';
import { OUTAGES_COLLECTION, outageSchema, type Outage } from '@insight/common/outages';
import { postNotification } from '../adapters/upstream/crm-notification';
import { firestoreDeliveryStore } from '../adapters/firestore/firestore-outage-deliveries';
import { changeOf, notifyOutage } from '../domain/outages/notify';
import { TRIGGER_MEMORY, TRIGGER_REGION } from './options';

const outageOf = (data: unknown): Outage | null => {
  if (data === undefined) return null;
  const parsed = outageSchema.safeParse(data);
  if (!parsed.success) logger.error('outage unreadable', { issue: parsed.error.issues[0]?.message });
  return parsed.success ? parsed.data : null;
};

/**
 * On an outage's open and resolve, the CRM notifications (domain/outages/notify.ts). The deliveries retry
 * themselves within the invocation (about 90 s at most) and never throw for a CRM's failure; an invocation
 * that fails otherwise (Firestore unavailable) is retried by the platform, and since each delivery is
 * claimed before it is sent, a retried or repeated event sends nothing twice.
 */
export const outageNotifications = onDocumentWritten(
  {
    document: `${OUTAGES_COLLECTION}/{outageId}`,
    region: TRIGGER_REGION,
    memory: TRIGGER_MEMORY,
    timeoutSeconds: 300,
    retry: true,
  },
  async (event) => {
    const before = event.data?.before?.exists ? outageOf(event.data.before.data()) : null;
    const after = event.data?.after?.exists ? outageOf(event.data.after.data()) : null;
    const change = changeOf(before, after);
    if (!change || !after) return;
    const notify = await notifyOutage(after, change, {
      store: firestoreDeliveryStore(() => getFirestore()),
      post: postNotification,
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      now: Date.now,
      logger,
    });
    logger.info('outage notified', { outageId: after.id, change, ...notify });
  },
);
