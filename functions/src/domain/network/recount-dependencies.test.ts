import { describe, expect, it } from 'vitest';
import { NETWORK_COLLECTIONS } from '@insight/common/network';
import { MemoryAuditSink } from '../audit/audit-sink';
import { MemoryDependencyCounts } from '../../testing/memory-network';
import { recountDependencies } from './recount-dependencies';

const { headEnd: HE, marketArea: MA } = NETWORK_COLLECTIONS;

describe('recountDependencies', () => {
  it('when counts have drifted, then only the wrong ones are written, reported and audited', async () => {
    const counts = new MemoryDependencyCounts({
      headEnds: { H1: 5, H2: 1, H3: undefined },
      marketAreas: { M1: 2 },
    });
    counts.rows.set('C1', { headEnd: 'H1', marketArea: 'M1' });
    counts.rows.set('C2', { headEnd: 'H2', marketArea: 'M1' });
    counts.rows.set('C3', { headEnd: 'GONE', marketArea: null });
    const audit = new MemoryAuditSink();
    const result = await recountDependencies({ counts, audit }, { uid: 'eng', email: 'eng@insight.test' });
    expect(result).toEqual({ checked: 4, repaired: [{ collection: HE, id: 'H1', was: 5, now: 1 }] });
    expect(counts.count(HE, 'H1')).toBe(1);
    expect(counts.count(HE, 'H3')).toBeUndefined();
    expect(counts.count(MA, 'M1')).toBe(2);
    expect(audit.records).toEqual([
      {
        uid: 'eng',
        email: 'eng@insight.test',
        mac: null,
        customerAccountNumber: null,
        operation: 'recountDependencies',
        parameters: { repaired: result.repaired },
        outcome: 'sent',
        errorCode: null,
      },
    ]);
  });

  it('when a count changes between the read and the repair, then the concurrent change wins', async () => {
    const counts = new MemoryDependencyCounts({ headEnds: { H1: 3 }, marketAreas: {} });
    const snapshot = counts.snapshot.bind(counts);
    counts.snapshot = async () => {
      const taken = await snapshot();
      counts.areas.set(`${HE}/H1`, 4);
      return taken;
    };
    const result = await recountDependencies(
      { counts, audit: new MemoryAuditSink() },
      { uid: 'eng', email: null },
    );
    expect(result.repaired).toEqual([]);
    expect(counts.count(HE, 'H1')).toBe(4);
  });
});
