import { Timestamp } from 'firebase-admin/firestore';

/**
 * How long `audit_log` keeps a record (it holds phone numbers): every record carries `expireAt`, and
 * the TTL policy on that field (firestore.indexes.json `fieldOverrides`) deletes it after that date,
 * usually within a day or two of it. Just over a year, so that a year-on-year question can be answered.
 */
export const AUDIT_RETENTION_DAYS = 400;

/** The `expireAt` of an audit record written at `at` (now when not known yet: a server timestamp). */
export function auditExpireAt(at?: Timestamp | null, now = Date.now()): Timestamp {
  return Timestamp.fromMillis((at?.toMillis() ?? now) + AUDIT_RETENTION_DAYS * 24 * 60 * 60 * 1000);
}
