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
import type { AuditOperation, AuditRecord } from '@insight/common/customer360';
import { db } from '../../../lib/firestore';
import { notifyDataUpdated } from '../../../lib/snackbar-store';

export interface AuditFilters {
  mac?: string;
  email?: string;
  operation?: AuditOperation;
  from?: Date;
  to?: Date;
  /** Admin-list changes: one collection, and optionally one document of it. */
  collection?: string;
  docId?: string;
}

export interface AuditRow extends AuditRecord {
  id: string;
  at: Date | null;
}

const MAX_ROWS = 1000;

/** The audit log, newest first, filtered on the server, kept live with a Firestore listener. */
export function useAuditLog(filters: AuditFilters) {
  const [state, setState] = useState<{ rows: AuditRow[]; loading: boolean; error: string | null }>({
    rows: [],
    loading: true,
    error: null,
  });
  const key = JSON.stringify(filters);
  useEffect(() => {
    const parsed = JSON.parse(key) as {
      mac?: string;
      email?: string;
      operation?: AuditOperation;
      from?: string;
      to?: string;
      collection?: string;
      docId?: string;
    };
    const constraints: QueryConstraint[] = [];
    if (parsed.mac) constraints.push(where('mac', '==', parsed.mac));
    if (parsed.email) constraints.push(where('email', '==', parsed.email));
    if (parsed.operation) constraints.push(where('operation', '==', parsed.operation));
    if (parsed.collection) constraints.push(where('collection', '==', parsed.collection));
    if (parsed.docId) constraints.push(where('docId', '==', parsed.docId));
    if (parsed.from) constraints.push(where('at', '>=', Timestamp.fromDate(new Date(parsed.from))));
    if (parsed.to) constraints.push(where('at', '<=', Timestamp.fromDate(new Date(parsed.to))));
    const q = query(collection(db, 'audit_log'), ...constraints, orderBy('at', 'desc'), limit(MAX_ROWS));
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
