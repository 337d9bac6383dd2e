import type { AuditOperation } from '@insight/common/customer360';
import type { QueryShape } from '@insight/common/query-shape';

/** The audit page's filters (dates as Dates, or as the ISO strings they become in a memo key). */
export interface AuditFilters {
  mac?: string;
  email?: string;
  operation?: AuditOperation;
  from?: Date | string;
  to?: Date | string;
  /** Admin-list changes: one collection, and optionally one document of it. */
  collection?: string;
  docId?: string;
}

/** The fields the page filters by equality, in the order the query names them. */
export const AUDIT_EQUALITY_FIELDS = ['mac', 'email', 'operation', 'collection', 'docId'] as const;
export const AUDIT_COLLECTION = 'audit_log';
export const AUDIT_MAX_ROWS = 1000;

/** What Firestore is asked: equality filters, a range on `at`, newest first. No Firestore types here. */
export interface AuditQueryPlan {
  equality: Array<{ field: (typeof AUDIT_EQUALITY_FIELDS)[number]; value: string }>;
  range: Array<{ field: 'at'; op: '>=' | '<='; value: Date }>;
  orderBy: { field: 'at'; direction: 'desc' };
  limit: number;
}

/** The one builder of the audit query: use-audit-log runs it, the index test enumerates it. */
export function auditQueryPlan(filters: AuditFilters): AuditQueryPlan {
  const equality: AuditQueryPlan['equality'] = [];
  for (const field of AUDIT_EQUALITY_FIELDS) {
    const value = filters[field];
    if (value) equality.push({ field, value });
  }
  const range: AuditQueryPlan['range'] = [];
  if (filters.from) range.push({ field: 'at', op: '>=', value: new Date(filters.from) });
  if (filters.to) range.push({ field: 'at', op: '<=', value: new Date(filters.to) });
  return { equality, range, orderBy: { field: 'at', direction: 'desc' }, limit: AUDIT_MAX_ROWS };
}

/** Every shape the audit page can ask for: each combination of filters run through auditQueryPlan. */
export function auditQueryShapes(): QueryShape[] {
  const shapes = new Map<string, QueryShape>();
  const fields = AUDIT_EQUALITY_FIELDS;
  for (let mask = 0; mask < 1 << fields.length; mask++) {
    for (const dates of [
      {},
      { from: new Date(0) },
      { to: new Date(0) },
      { from: new Date(0), to: new Date(1) },
    ]) {
      const filters: AuditFilters = { ...dates };
      fields.forEach((field, bit) => {
        if (mask & (1 << bit)) (filters as Record<string, string>)[field] = 'x';
      });
      const plan = auditQueryPlan(filters);
      const shape: QueryShape = {
        collectionGroup: AUDIT_COLLECTION,
        equality: plan.equality.map(({ field }) => field),
        range: [...new Set(plan.range.map(({ field }) => field))],
        orderBy: [plan.orderBy],
      };
      shapes.set(JSON.stringify(shape), shape);
    }
  }
  return [...shapes.values()];
}
