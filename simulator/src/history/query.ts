/**
 * The simulator's stand-in for a Prometheus-compatible store's `GET /api/v1/query_range` (docs/history.md),
 * for exactly the selectors the API sends: `{__name__=~"a|b|…",mac="…"}`, or `name{mac="…"}`. Each
 * evaluation time takes the newest sample within Prometheus's 5-minute look-back, as the real store does (so a
 * range off the 15-minute grid answers nothing, as it would there).
 */
import { HISTORY_MAC_LABEL, HISTORY_STEP_SECONDS } from '@insight/common/history';
import type { HistorySeries } from './series';

/** Prometheus's default look-back of a selector (seconds). */
export const LOOKBACK_SECONDS = 300;
/** Prometheus's limit on the points of one answer's series. */
export const MAX_POINTS = 11_000;

export interface HistorySelector {
  /** The metric names selected. */
  names: string[];
  mac: string;
}

export class BadQuery extends Error {}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;

/** Reads one of the selectors the API sends; anything else is a BadQuery (Prometheus's bad_data). */
export function parseSelector(query: string): HistorySelector {
  const match = /^\s*([a-zA-Z_:][a-zA-Z0-9_:]*)?\s*\{(.*)\}\s*$/s.exec(query);
  if (!match) throw new BadQuery(`unsupported query: ${query.slice(0, 80)}`);
  let names: string[] | null = match[1] ? [match[1]] : null;
  let mac: string | null = null;
  for (const matcher of match[2]!
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const parsed = /^([a-zA-Z_][a-zA-Z0-9_]*)\s*(=~|=)\s*"([^"\\]*)"$/.exec(matcher);
    if (!parsed) throw new BadQuery(`unsupported matcher: ${matcher.slice(0, 80)}`);
    const [, label, op, value] = parsed;
    if (label === '__name__' && names === null) {
      names = op === '=~' ? value!.split('|') : [value!];
      if (!names.every((name) => NAME.test(name))) throw new BadQuery('__name__ must list metric names');
    } else if (label === 'mac' && op === '=') mac = value!;
    else throw new BadQuery(`unsupported matcher: ${matcher.slice(0, 80)}`);
  }
  if (!names || mac === null) throw new BadQuery('the selector names its metrics and one mac');
  return { names, mac };
}

/** Epoch seconds from a Prometheus time parameter (a number of seconds, or RFC 3339). */
export function parseTime(value: string): number | null {
  if (/^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  const ms = Date.parse(value);
  return /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(ms) ? ms / 1000 : null;
}

/** Seconds from a Prometheus step (a number of seconds, or a duration such as 15m). */
export function parseStep(value: string): number | null {
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value);
  const match = /^(\d+)(s|m|h|d)$/.exec(value);
  return match ? Number(match[1]) * { s: 1, m: 60, h: 3600, d: 86_400 }[match[2] as 's'] : null;
}

/** Whether a selector's mac label is one the series can carry (12 lower-case hex digits). */
export const isMacLabel = (mac: string) => HISTORY_MAC_LABEL.test(mac);

/** The matrix of `series` selected by `names`, evaluated from start to end every step (Prometheus's rule). */
export function evaluateRange(
  series: readonly HistorySeries[],
  names: readonly string[],
  range: { start: number; end: number; step: number },
): Array<{ metric: Record<string, string>; values: Array<[number, string]> }> {
  const result: Array<{ metric: Record<string, string>; values: Array<[number, string]> }> = [];
  for (const item of series) {
    if (!names.includes(item.metric.__name__ ?? '')) continue;
    const bySlot = new Map(item.points.map(([t, value]) => [t, value]));
    const values: Array<[number, string]> = [];
    for (let t = range.start; t <= range.end; t += range.step) {
      // The newest sample at or before t, no older than the look-back (samples sit on the 15-minute grid).
      const sampleAt = Math.floor(t / HISTORY_STEP_SECONDS) * HISTORY_STEP_SECONDS;
      const value = t - sampleAt < LOOKBACK_SECONDS ? bySlot.get(sampleAt) : undefined;
      if (value !== undefined) values.push([t, String(value)]);
    }
    if (values.length > 0) result.push({ metric: item.metric, values });
  }
  return result;
}
