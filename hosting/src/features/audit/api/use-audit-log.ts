import { useEffect, useState } from 'react';
import {
  collection,
  limit,
  onSnapshot,
  orderBy,
  query,
  Timestamp,
  where,
  type QueryConstraint,
} from 'firebase/firestore';
import type { AuditRecord } from '@insight/common/customer360';
import { db } from '../../../lib/firestore';
import { notifyDataUpdated } from '../../../lib/snackbar-store';
import { AUDIT_COLLECTION, auditQueryPlan, type AuditFilters } from './audit-query';

export type { AuditFilters } from './audit-query';

export interface AuditRow extends AuditRecord {
  id: string;
  at: Date | null;
}

/** The audit log, newest first, filtered on the server, kept live with a Firestore listener. */
export function useAuditLog(filters: AuditFilters) {
  const [state, setState] = useState<{ rows: AuditRow[]; loading: boolean; error: string | null }>({
    rows: [],
    loading: true,
    error: null,
  });
  const key = JSON.stringify(filters);
  useEffect(() => {
    const plan = auditQueryPlan(JSON.parse(key) as AuditFilters);
    const constraints: QueryConstraint[] = [
      ...plan.equality.map(({ field, value }) => where(field, '==', value)),
      ...plan.range.map(({ field, op, value }) => where(field, op, Timestamp.fromDate(value))),
    ];
    const q = query(
      collection(db, AUDIT_COLLECTION),
      ...constraints,
      orderBy(plan.orderBy.field, plan.orderBy.direction),
      limit(plan.limit),
    );
    let first = true;
    return onSnapshot(
      q,
      (snapshot) => {
        const rows = snapshot.docs.map((doc) => {
          const data = doc.data() as AuditRecord & { at?: Timestamp };
          return { ...data, id: doc.id, at: data.at ? data.at.toDate() : null };
        });
        setState({ rows, loading: false, error: null });
        if (first) notifyDataUpdated();
        first = false;
      },
      (error) => setState({ rows: [], loading: false, error: error.message }),
    );
  }, [key]);
  return state;
}
