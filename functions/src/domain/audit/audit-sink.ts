import type { AuditRecord } from '@insight/common/customer360';

/** Where operations leave their trail: the append-only `audit_log` collection in production. */
export interface AuditSink {
  write(record: AuditRecord): Promise<void>;
}

/** For tests and benchmarks. */
export class MemoryAuditSink implements AuditSink {
  readonly records: AuditRecord[] = [];
  async write(record: AuditRecord): Promise<void> {
    this.records.push(record);
  }
}
