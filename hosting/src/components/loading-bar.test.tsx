import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOADING_BAR } from '@insight/common/constants';
import { startLoading } from '../lib/loading-store';
import { renderWithTheme } from '../testing/render';
import { LoadingBar } from './loading-bar';

afterEach(() => vi.useRealTimers());

describe('the page loading bar', () => {
  it('when work starts, then after the throttle a progress bar creeps forward, completes once the work is done and then hides', async () => {
    await renderWithTheme(<LoadingBar />);
    vi.useFakeTimers();
    let stop: () => void = () => undefined;
    act(() => void (stop = startLoading()));
    expect(screen.queryByRole('progressbar')).toBeNull();
    act(() => void vi.advanceTimersByTime(LOADING_BAR.throttleMs + 1));
    const bar = screen.getByRole('progressbar', { name: 'Loading…' });
    expect(bar.getAttribute('aria-valuenow')).toBe('5');
    act(() => void vi.advanceTimersByTime(LOADING_BAR.durationMs / 2));
    expect(Number(bar.getAttribute('aria-valuenow'))).toBeGreaterThan(40);
    act(() => stop());
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    act(() => void vi.advanceTimersByTime(LOADING_BAR.hideDelayMs + 1));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
