import { describe, expect, it } from 'vitest';
import { ascending, median, medianBy, percentile, spread } from './stats';

describe('harness/stats', () => {
  it('when asked for a percentile, then it answers the value at the nearest rank below, whatever the order', () => {
    const values = [50, 10, 40, 20, 30, 60, 70, 80, 90, 100];
    expect(percentile(values, 50)).toBe(60);
    expect(percentile(values, 95)).toBe(100);
    expect(percentile(values, 0)).toBe(10);
    expect(percentile(values, 100)).toBe(100);
    expect(values[0]).toBe(50);
  });
  it('when there are no values, then every figure is NaN', () => {
    expect(percentile([], 50)).toBeNaN();
    expect(spread([])).toMatchObject({ count: 0, p50: NaN, max: NaN, min: NaN });
  });
  it('when asked for a median, then an odd count gives the middle and an even one the upper middle', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(3);
  });
  it('when asked for the median item by a figure, then it answers that whole item', () => {
    const runs = [
      { score: 70, lcp: 1 },
      { score: 50, lcp: 2 },
      { score: 60, lcp: 3 },
    ];
    expect(medianBy(runs, (run) => run.score)).toEqual({ score: 60, lcp: 3 });
    expect(() => medianBy([], () => 0)).toThrow();
  });
  it('when asked for the spread, then it gives the percentiles and the extremes of the values', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(spread(values)).toEqual({ count: 100, p50: 51, p95: 96, p99: 100, min: 1, max: 100 });
    expect(ascending([3, 1, 2])).toEqual([1, 2, 3]);
  });
});
