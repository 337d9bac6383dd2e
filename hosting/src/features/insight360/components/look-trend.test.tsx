/** The look trend draws its charts (the charts library) only once it is near the screen. */
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LookSnapshot } from '@insight/common/diagnosis';
import { renderWithTheme } from '../../../testing/render';
import { LookTrend } from './look-trend';

vi.mock('./sparkline', () => ({
  default: ({ values }: { values: number[] }) => (
    <svg data-testid="sparkline" data-values={values.join(',')} />
  ),
}));

const look = (score: number, at: string): LookSnapshot => ({
  mac: 'A4C1E8000001',
  at,
  by: 'tech',
  score,
  measures: {},
  findings: [],
});
const looks = [look(3, '2026-11-25T10:00:00Z'), look(5, '2026-11-24T10:00:00Z')];

/** An IntersectionObserver the test drives: `reach()` puts every observed element on screen. */
function fakeObserver() {
  const callbacks: Array<(entries: Array<{ isIntersecting: boolean }>) => void> = [];
  class Observer {
    constructor(callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
      callbacks.push(callback);
    }
    observe() {}
    disconnect() {}
  }
  vi.stubGlobal('IntersectionObserver', Observer);
  return { reach: () => callbacks.forEach((callback) => callback([{ isIntersecting: true }])) };
}

afterEach(() => vi.unstubAllGlobals());

describe('LookTrend', () => {
  it('when the trend is below the fold, then its captions and boxes are drawn but no chart until it nears the screen', async () => {
    const observer = fakeObserver();
    await renderWithTheme(<LookTrend looks={looks} />);
    expect(screen.getByTestId('look-trend').textContent).toBe('Experience score, last 2 looks');
    expect(screen.getByRole('img').getAttribute('aria-label')).toContain('5 → 3');
    expect(screen.queryByTestId('sparkline')).toBeNull();
    act(() => observer.reach());
    expect((await screen.findByTestId('sparkline')).getAttribute('data-values')).toBe('5,3');
  });
});
