import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CUSTOMER_CALL_DELAY_MS } from '@insight/common/constants';
import { useDebouncedMac } from './use-debounced-mac';

describe('useDebouncedMac (the customer call delay)', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance', 'Date'] }));
  afterEach(() => vi.useRealTimers());

  it('when a view opens, then its MAC is used at once (no wait before the first call)', () => {
    const { result } = renderHook(({ mac }) => useDebouncedMac(mac), { initialProps: { mac: 'A' } });
    expect(result.current).toBe('A');
  });

  it('when the MAC is corrected within 25 ms, then the intermediate MAC is never used and the last one is used once it settles', () => {
    const seen: Array<string | null> = [];
    const { result, rerender } = renderHook(
      ({ mac }) => {
        const settled = useDebouncedMac(mac);
        seen.push(settled);
        return settled;
      },
      { initialProps: { mac: 'A' } },
    );
    act(() => vi.advanceTimersByTime(1_000));
    rerender({ mac: 'B' });
    expect(result.current).toBe('B');
    act(() => vi.advanceTimersByTime(CUSTOMER_CALL_DELAY_MS - 15));
    rerender({ mac: 'C' });
    act(() => vi.advanceTimersByTime(CUSTOMER_CALL_DELAY_MS - 5));
    rerender({ mac: 'D' });
    // D came 20 ms after C: the view stays on what it showed until D has settled.
    act(() => vi.advanceTimersByTime(CUSTOMER_CALL_DELAY_MS - 1));
    expect(result.current).not.toBe('D');
    act(() => vi.advanceTimersByTime(2));
    expect(result.current).toBe('D');
    expect(seen).not.toContain('C');
  });

  it('when MAC changes are further apart than 25 ms, then each is used at once', () => {
    const { result, rerender } = renderHook(({ mac }) => useDebouncedMac(mac), {
      initialProps: { mac: 'A' },
    });
    act(() => vi.advanceTimersByTime(CUSTOMER_CALL_DELAY_MS + 1));
    rerender({ mac: 'B' });
    expect(result.current).toBe('B');
    act(() => vi.advanceTimersByTime(CUSTOMER_CALL_DELAY_MS + 1));
    rerender({ mac: 'C' });
    expect(result.current).toBe('C');
  });
});
