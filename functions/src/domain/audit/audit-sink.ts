import type { AuditOperation, AuditRecord } from '@insight/common/customer360';

/** The newest record of an operation that went out (sent, or no answer in time): when, and by whom. */
export interface LastOperation {
  at: number;
  email: string | null;
}

/** Where operations leave their trail: the append-only `audit_log` collection in production. */
export interface AuditSink {
  write(record: AuditRecord): Promise<void>;
  /**
   * The newest `operation` on `mac` that went out (outcome sent or unknown), read from the trail itself,
   * so that it holds across agents and instances; null when there is none.
   */
  lastOf(mac: string, operation: AuditOperation): Promise<LastOperation | null>;
}

const wentOut = (record: AuditRecord) => record.outcome === 'sent' || record.outcome === 'unknown';

/** For tests and benchmarks. */
export class MemoryAuditSink implements AuditSink {
  readonly records: AuditRecord[] = [];
  readonly times: number[] = [];
  constructor(private readonly now: () => number = Date.now) {}
  async write(record: AuditRecord): Promise<void> {
    this.records.push(record);
    this.times.push(this.now());
  }
  async lastOf(mac: string, operation: AuditOperation): Promise<LastOperation | null> {
    for (let index = this.records.length - 1; index >= 0; index--) {
      const record = this.records[index]!;
      if (record.mac === mac && record.operation === operation && wentOut(record))
        return { at: this.times[index]!, email: record.email };
    }
    return null;
  }
}
