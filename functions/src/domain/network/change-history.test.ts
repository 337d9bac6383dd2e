import { describe, expect, it } from 'vitest';
import { historyOperation, historyRecord, type DocumentChange } from './change-history';

const change = (overrides: Partial<DocumentChange>): DocumentChange => ({
  collection: 'cmts_head_end',
  docId: 'H1',
  before: null,
  after: null,
  ...overrides,
});

describe('change history', () => {
  it('when a document is created or updated, then the record names updatedBy and holds before and after', () => {
    const after = { name: 'Ottawa', updatedBy: 'u1', updatedAt: '2026-01-01T00:00:00.000Z' };
    expect(historyRecord(change({ after }), null)).toEqual({
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
    expect(
      historyRecord(change({ before: after, after: { ...after, name: 'Gatineau', updatedBy: 'u2' } }), null),
    ).toMatchObject({ uid: 'u2', operation: 'listUpdate' });
  });

  it('when only a kept count changed, then nothing is recorded', () => {
    const before = { name: 'A', updatedBy: 'u1', cmtsCount: 1 };
    expect(historyOperation(before, { ...before, cmtsCount: 2 })).toBeNull();
    expect(historyOperation({ name: 'A' }, { name: 'A', cmtsCount: 1 })).toBeNull();
    expect(historyOperation({ name: 'A' }, { name: 'A', ruleCount: 3 })).toBeNull();
    expect(historyOperation({ name: 'A' }, { name: 'A', childCount: 3 })).toBeNull();
    expect(historyOperation(before, { ...before, cmtsCount: 2, name: 'B' })).toBe('listUpdate');
    expect(historyRecord(change({ before, after: { ...before, cmtsCount: 0 } }), null)).toBeNull();
  });

  it('when a document is deleted, then the author is its own deletion stamp, or system without one', () => {
    const before = { name: 'A', updatedBy: 'u1' };
    expect(historyRecord(change({ before }), 'u9')).toMatchObject({
      uid: 'u9',
      operation: 'listDelete',
      parameters: { after: null },
    });
    expect(historyRecord(change({ before }), null)!.uid).toBe('system');
  });

  it('when a create carries no authorship stamp (Admin SDK), then the author is system', () => {
    expect(historyRecord(change({ after: { name: 'A' } }), null)!.uid).toBe('system');
  });
});
