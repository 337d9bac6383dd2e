import { describe, expect, it } from 'vitest';
import type { StagingMessage } from '@insight/common/staging';
import { ReplayBuffer } from './replay-buffer';

const upsert = (name: string): StagingMessage => ({
  type: 'upsert',
  rows: [{ name, mac: '0C01', status: 'online', firmware: null, ports: [], lastEvent: null, updatedAt: 't' }],
});
const names = (delivered: Array<{ message: StagingMessage }> | null) =>
  delivered?.flatMap(({ message }) =>
    'rows' in message ? message.rows.map((row) => ('name' in row ? row.name : row.key)) : [],
  ) ?? null;

describe('ReplayBuffer', () => {
  it('when a viewer resumes from an id it was given, then it gets exactly the messages after it', () => {
    const buffer = new ReplayBuffer(10);
    const first = buffer.push(upsert('SW-1'));
    buffer.push(upsert('SW-2'));
    const third = buffer.push(upsert('SW-3'));
    expect(names(buffer.since(first.id))).toEqual(['SW-2', 'SW-3']);
    expect(buffer.since(third.id)).toEqual([]);
    expect(buffer.lastId()).toBe(third.id);
  });

  it('when the id is older than what is kept, ahead of the last, or of another buffer, then it cannot resume', () => {
    const buffer = new ReplayBuffer(2);
    const first = buffer.push(upsert('SW-1'));
    const second = buffer.push(upsert('SW-2'));
    buffer.push(upsert('SW-3'));
    buffer.push(upsert('SW-4'));
    // SW-1 and SW-2 left: resuming after SW-2 still works (SW-3 is the oldest kept), after SW-1 does not.
    expect(names(buffer.since(second.id))).toEqual(['SW-3', 'SW-4']);
    expect(buffer.since(first.id)).toBeNull();
    expect(buffer.since(buffer.lastId().replace(/-\d+$/, '-99'))).toBeNull();
    expect(buffer.since(new ReplayBuffer(2).lastId())).toBeNull();
    expect(buffer.since('not-an-id')).toBeNull();
    expect(buffer.since(null)).toBeNull();
  });

  it('when the buffer is reset, then no earlier id resumes and numbering goes on', () => {
    const buffer = new ReplayBuffer(10);
    const before = buffer.push(upsert('SW-1'));
    buffer.reset();
    expect(buffer.since(before.id)).toBeNull();
    const after = buffer.push(upsert('SW-2'));
    expect(after.id.split('-')[1]).toBe('2');
    expect(after.id.split('-')[0]).not.toBe(before.id.split('-')[0]);
  });
});
