/**
 * What the simulator was asked to do (resets, voice operations, regenerations, SMS, the ACS's tasks) and
 * the outage notifications its stand-in CRM received, inspectable by tests.
 */
export type RecordKind = 'reset' | 'voice' | 'bc' | 'sms' | 'crm' | 'acs';

export interface SimRecord {
  id: string;
  kind: RecordKind;
  at: string;
  mac: string | null;
  method: string;
  path: string;
  body: unknown;
}

const LIMIT = 1000;

export class Records {
  private readonly items: SimRecord[] = [];
  private counter = 0;

  add(record: Omit<SimRecord, 'id' | 'at'>): SimRecord {
    const full = { ...record, id: `rec-${++this.counter}`, at: new Date().toISOString() };
    this.items.push(full);
    if (this.items.length > LIMIT) this.items.shift();
    return full;
  }

  list(filter: { kind?: string; mac?: string; to?: string }): SimRecord[] {
    return this.items
      .filter(
        (item) => (!filter.kind || item.kind === filter.kind) && (!filter.mac || item.mac === filter.mac),
      )
      .filter((item) => !filter.to || (item.body as { to?: string } | null)?.to === filter.to)
      .reverse();
  }

  clear(): void {
    this.items.length = 0;
  }
}
