import { afterEach, describe, expect, it, vi } from 'vitest';
import { SETTLE_MAX_MS, startLoading, whenPageSettled } from './loading-store';

describe('whenPageSettled', () => {
  afterEach(() => vi.useRealTimers());

  it('when the page is loading, then background work waits until the loading is done and the browser is idle', () => {
    vi.useFakeTimers();
    const done = startLoading();
    const callback = vi.fn();
    whenPageSettled(callback);
    // Long past a frame and the idle moment, well before SETTLE_MAX_MS.
    vi.advanceTimersByTime(1000);
    expect(callback).not.toHaveBeenCalled();
    done();
    vi.advanceTimersByTime(1000);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('when something starts loading again before the idle moment, then the work waits for it too', () => {
    vi.useFakeTimers();
    const first = startLoading();
    const callback = vi.fn();
    whenPageSettled(callback);
    first();
    const second = startLoading();
    vi.advanceTimersByTime(1000);
    expect(callback).not.toHaveBeenCalled();
    second();
    vi.advanceTimersByTime(1000);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('when the page keeps loading, then the work runs at the latest after SETTLE_MAX_MS, once; cancelled, it never runs', () => {
    vi.useFakeTimers();
    const done = startLoading();
    const callback = vi.fn();
    const cancelled = vi.fn();
    whenPageSettled(callback);
    whenPageSettled(cancelled)();
    vi.advanceTimersByTime(SETTLE_MAX_MS - 1);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledTimes(1);
    done();
    vi.advanceTimersByTime(SETTLE_MAX_MS);
    expect(callback).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
