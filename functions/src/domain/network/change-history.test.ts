import { describe, expect, it } from 'vitest';
import { MemoryHistoryStore } from '../../testing/memory-network';
import { historyOperation, recordChange, type DocumentChange } from './change-history';

const change = (overrides: Partial<DocumentChange>): DocumentChange => ({
  eventId: 'e1',
  collection: 'cmts_head_end',
  docId: 'H1',
  before: null,
  after: null,
  beforeWrittenAt: null,
  ...overrides,
});

describe('change history', () => {
  it('when a document is created or updated, then the record names updatedBy and holds before and after', async () => {
    const store = new MemoryHistoryStore();
    const after = { name: 'Ottawa', updatedBy: 'u1', updatedAt: '2026-01-01T00:00:00.000Z' };
    expect(await recordChange(store, change({ after }))).toBe('recorded');
    expect(store.records.get('e1')).toEqual({
      uid: 'u1',
      email: null,
      mac: null,
      customerAccountNumber: null,
      operation: 'listCreate',
      parameters: { collection: 'cmts_head_end', docId: 'H1', before: null, after },
      outcome: 'sent',
      errorCode: null,
      collection: 'cmts_head_end',
      docId: 'H1',
    });
    await recordChange(
      store,
      change({ eventId: 'e2', before: after, after: { ...after, name: 'Gatineau', updatedBy: 'u2' } }),
    );
    expect(store.records.get('e2')).toMatchObject({ uid: 'u2', operation: 'listUpdate' });
  });

  it('when the same event is delivered twice, then one record is kept', async () => {
    const store = new MemoryHistoryStore();
    const same = change({ after: { name: 'A', updatedBy: 'u1' } });
    expect(await recordChange(store, same)).toBe('recorded');
    expect(await recordChange(store, same)).toBe('duplicate');
    expect(store.records.size).toBe(1);
  });

  it('when only the dependency count changed, then nothing is recorded', async () => {
    const before = { name: 'A', updatedBy: 'u1', cmtsCount: 1 };
    expect(historyOperation(before, { ...before, cmtsCount: 2 })).toBeNull();
    expect(historyOperation({ name: 'A' }, { name: 'A', cmtsCount: 1 })).toBeNull();
    expect(historyOperation(before, { ...before, cmtsCount: 2, name: 'B' })).toBe('listUpdate');
    const store = new MemoryHistoryStore();
    expect(await recordChange(store, change({ before, after: { ...before, cmtsCount: 0 } }))).toBe('skipped');
    expect(store.records.size).toBe(0);
  });

  it('when a document is deleted, then the author is the deletion stamp, or system without a current stamp', async () => {
    const store = new MemoryHistoryStore();
    const before = { name: 'A', updatedBy: 'u1' };
    const writtenAt = new Date('2026-01-01T10:00:00.000Z');
    store.stamps.set('cmts_head_end:H1', {
      deletedBy: 'u9',
      deletedAt: new Date('2026-01-01T10:05:00.000Z'),
    });
    await recordChange(store, change({ eventId: 'd1', before, beforeWrittenAt: writtenAt }));
    expect(store.records.get('d1')).toMatchObject({
      uid: 'u9',
      operation: 'listDelete',
      parameters: { after: null },
    });

    // A stamp older than the document's last write is from an earlier delete of the same id.
    await recordChange(
      store,
      change({ eventId: 'd2', before, beforeWrittenAt: new Date('2026-01-02T00:00:00.000Z') }),
    );
    expect(store.records.get('d2')!.uid).toBe('system');

    await recordChange(store, change({ eventId: 'd3', docId: 'H2', before, beforeWrittenAt: writtenAt }));
    expect(store.records.get('d3')!.uid).toBe('system');
  });

  it('when a create carries no authorship stamp (Admin SDK), then the author is system', async () => {
    const store = new MemoryHistoryStore();
    await recordChange(store, change({ after: { name: 'A' } }));
    expect(store.records.get('e1')!.uid).toBe('system');
  });
});
