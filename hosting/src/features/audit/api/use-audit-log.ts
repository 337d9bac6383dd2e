import { limit, orderBy, Timestamp, where } from 'firebase/firestore';
import { auditDocumentSchema, type AuditDocument } from '@insight/common/customer360';
import { useCollection, type WithId } from '../../../lib/firestore-hooks';
import { AUDIT_COLLECTION, auditQueryPlan, type AuditFilters } from './audit-query';

export type { AuditFilters } from './audit-query';
export type AuditRow = WithId<AuditDocument>;

/** The audit log, newest first, filtered on the server, live and parsed like every other list. */
export function useAuditLog(filters: AuditFilters) {
  const plan = auditQueryPlan(filters);
  return useCollection(AUDIT_COLLECTION, auditDocumentSchema, {
    constraints: [
      ...plan.equality.map(({ field, value }) => where(field, '==', value)),
      ...plan.range.map(({ field, op, value }) => where(field, op, Timestamp.fromDate(value))),
      orderBy(plan.orderBy.field, plan.orderBy.direction),
      limit(plan.limit),
    ],
    constraintsKey: JSON.stringify(plan),
  });
}
