import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHANGE_FLAG_MS } from '@insight/common/staging';
import { useChangeFlags } from './use-change-flags';

type Row = { id: string; state: string };
const version = (row: Row) => row.state;

describe('useChangeFlags', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('when the first snapshot arrives, then nothing is flagged; when a row changes, then only it is flagged for about a second', () => {
    const { result, rerender } = renderHook(({ rows }) => useChangeFlags(rows, version), {
      initialProps: {
        rows: [
          { id: 'a', state: 'waiting' },
          { id: 'b', state: 'waiting' },
        ],
      },
    });
    expect(result.current.size).toBe(0);

    rerender({
      rows: [
        { id: 'a', state: 'provisioning' },
        { id: 'b', state: 'waiting' },
      ],
    });
    expect([...result.current.keys()]).toEqual(['a']);

    act(() => vi.advanceTimersByTime(CHANGE_FLAG_MS - 100));
    expect(result.current.has('a')).toBe(true);
    act(() => vi.advanceTimersByTime(200));
    expect(result.current.size).toBe(0);
  });

  it('when the rows are cleared (Reset) and come back, then that is a first snapshot again: nothing is flagged', () => {
    const { result, rerender } = renderHook(({ rows }) => useChangeFlags(rows, version), {
      initialProps: { rows: [{ id: 'a', state: 'waiting' }] as Row[] },
    });
    rerender({ rows: [] });
    rerender({ rows: [{ id: 'a', state: 'staged' }] });
    expect(result.current.size).toBe(0);
  });
});
