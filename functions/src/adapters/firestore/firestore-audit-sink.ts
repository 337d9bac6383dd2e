import type { Firestore } from 'firebase-admin/firestore';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import type { AuditOperation, AuditRecord } from '@insight/common/customer360';
import type { AuditSink } from '../../domain/audit/audit-sink';
import { auditExpireAt } from './audit-retention';

/**
 * Appends to `audit_log` with a server timestamp (clients cannot write there: firestore.rules), and the
 * date its TTL policy deletes it (audit-retention.ts).
 */
export function firestoreAuditSink(db: () => Firestore, now: () => number = Date.now): AuditSink {
  return {
    async write(record: AuditRecord) {
      await db()
        .collection('audit_log')
        .add({ ...record, at: FieldValue.serverTimestamp(), expireAt: auditExpireAt(null, now()) });
    },
    // The (mac, operation, at desc) index of firestore.indexes.json; a few records cover the failed tries.
    async lastOf(mac: string, operation: AuditOperation) {
      const snapshot = await db()
        .collection('audit_log')
        .where('mac', '==', mac)
        .where('operation', '==', operation)
        .orderBy('at', 'desc')
        .limit(5)
        .get();
      for (const doc of snapshot.docs) {
        const data = doc.data() as AuditRecord & { at?: Timestamp | null };
        if (data.outcome !== 'sent' && data.outcome !== 'unknown') continue;
        return { at: data.at instanceof Timestamp ? data.at.toMillis() : now(), email: data.email ?? null };
      }
      return null;
    },
  };
}
