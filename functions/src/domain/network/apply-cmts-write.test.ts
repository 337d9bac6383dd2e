import { describe, expect, it } from 'vitest';
import { NETWORK_COLLECTIONS } from '@insight/common/network';
import { MemoryDependencyCounts } from '../../testing/memory-network';
import type { Logger } from '../../lib/logger';
import { applyCmtsWrite } from './apply-cmts-write';

const { headEnd: HE, marketArea: MA } = NETWORK_COLLECTIONS;

function recordingLogger() {
  const warnings: Array<Record<string, unknown> | undefined> = [];
  const logger: Logger = { info() {}, error() {}, warn: (_message, data) => warnings.push(data) };
  return { logger, warnings };
}

const row = (headEnd: string, marketArea: string) => ({ headEnd, marketArea });

describe('applyCmtsWrite', () => {
  it('when a row is created, moved and deleted, then both sides follow', async () => {
    const store = new MemoryDependencyCounts({ headEnds: { H1: 0, H2: 0 }, marketAreas: { M1: 0 } });
    const { logger } = recordingLogger();
    await applyCmtsWrite(store, logger, {
      eventId: 'e1',
      document: 'cmts_source/C1',
      before: null,
      after: row('H1', 'M1'),
    });
    expect([store.count(HE, 'H1'), store.count(MA, 'M1')]).toEqual([1, 1]);
    await applyCmtsWrite(store, logger, {
      eventId: 'e2',
      document: 'cmts_source/C1',
      before: row('H1', 'M1'),
      after: row('H2', 'M1'),
    });
    expect([store.count(HE, 'H1'), store.count(HE, 'H2'), store.count(MA, 'M1')]).toEqual([0, 1, 1]);
    await applyCmtsWrite(store, logger, {
      eventId: 'e3',
      document: 'cmts_source/C1',
      before: row('H2', 'M1'),
      after: null,
    });
    expect([store.count(HE, 'H2'), store.count(MA, 'M1')]).toEqual([0, 0]);
  });

  it('when the same event is delivered twice, then it counts once', async () => {
    const store = new MemoryDependencyCounts({ headEnds: { H1: 0 }, marketAreas: { M1: 0 } });
    const write = { eventId: 'e1', document: 'cmts_source/C1', before: null, after: row('H1', 'M1') };
    expect((await applyCmtsWrite(store, recordingLogger().logger, write)).status).toBe('applied');
    expect((await applyCmtsWrite(store, recordingLogger().logger, write)).status).toBe('duplicate');
    expect(store.count(HE, 'H1')).toBe(1);
  });

  it('when an update leaves the references alone, then nothing is written, not even the ledger', async () => {
    const store = new MemoryDependencyCounts({ headEnds: { H1: 1 }, marketAreas: { M1: 1 } });
    const result = await applyCmtsWrite(store, recordingLogger().logger, {
      eventId: 'e1',
      document: 'cmts_source/C1',
      before: row('H1', 'M1'),
      after: row('H1', 'M1'),
    });
    expect(result.status).toBe('unchanged');
    expect(store.ledger.size).toBe(0);
  });

  it('when a referenced head end does not exist, then the other side is counted, no ghost is made, the event is recorded and a warning logged', async () => {
    const store = new MemoryDependencyCounts({ headEnds: {}, marketAreas: { M1: 0 } });
    const { logger, warnings } = recordingLogger();
    const write = { eventId: 'e1', document: 'cmts_source/C1', before: null, after: row('GHOST', 'M1') };
    const result = await applyCmtsWrite(store, logger, write);
    expect(result).toMatchObject({ status: 'applied', missing: [{ collection: HE, id: 'GHOST', delta: 1 }] });
    expect(store.count(MA, 'M1')).toBe(1);
    expect(store.areas.has(`${HE}/GHOST`)).toBe(false);
    expect(store.ledger.has('e1')).toBe(true);
    expect(warnings).toHaveLength(1);
    expect((await applyCmtsWrite(store, logger, write)).status).toBe('duplicate');
    expect(store.count(MA, 'M1')).toBe(1);
  });

  it('when a target keeps disappearing, then it gives up with an error so that the event is retried', async () => {
    const store = new MemoryDependencyCounts({ headEnds: { H1: 0 }, marketAreas: { M1: 0 } });
    store.applyOnce = async () => 'missing';
    await expect(
      applyCmtsWrite(store, recordingLogger().logger, {
        eventId: 'e1',
        document: 'cmts_source/C1',
        before: null,
        after: row('H1', 'M1'),
      }),
    ).rejects.toThrow(/kept disappearing/);
  });
});
