import type { Firestore } from 'firebase-admin/firestore';
import { FieldValue } from 'firebase-admin/firestore';
import type { AuditRecord } from '@insight/common/customer360';
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
  };
}
