/**
 * The statistics the benchmarks and the timed end-to-end tests print: percentiles by nearest rank below
 * (the value at ⌊p% × n⌋ of the values in ascending order), so that every figure of docs/performance.md is
 * read the same way.
 */

/** The values in ascending order (a copy). */
export const ascending = (values: readonly number[]): number[] => [...values].sort((a, b) => a - b);

/** The p-th percentile of some values (nearest rank below), NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = ascending(values);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** The median: the 50th percentile as above (of an even count, the upper of the middle two). */
export const median = (values: readonly number[]): number => percentile(values, 50);

/** The item whose `value` is the median of the items' values (a whole run whose figures belong together). */
export function medianBy<T>(items: readonly T[], value: (item: T) => number): T {
  if (items.length === 0) throw new Error('no items to take the median of');
  return [...items].sort((a, b) => value(a) - value(b))[Math.floor(items.length / 2)]!;
}

/** p50, p95, p99, the least and the most of some values (NaN for none). */
export function spread(values: readonly number[]) {
  const sorted = ascending(values);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    min: sorted[0] ?? NaN,
    max: sorted.at(-1) ?? NaN,
  };
}
