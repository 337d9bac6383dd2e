import type { Firestore } from 'firebase-admin/firestore';
import { FieldValue } from 'firebase-admin/firestore';
import type { AuditRecord } from '@insight/common/customer360';
import type { AuditSink } from '../../domain/audit/audit-sink';

/** Appends to `audit_log` with a server timestamp (clients cannot write there: firestore.rules). */
export function firestoreAuditSink(db: () => Firestore): AuditSink {
  return {
    async write(record: AuditRecord) {
      await db()
        .collection('audit_log')
        .add({ ...record, at: FieldValue.serverTimestamp() });
    },
  };
}
