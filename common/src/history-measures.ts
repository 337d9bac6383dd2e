/**
 * What the diagnosis reads from a device's seven days of history (docs/history.md, "Measures"): losses of
 * signal in the last 24 hours, how far the received light fell over the week, on how many days the power
 * was cut at the home, and how far the Wi-Fi's health falls in the evening. Pure numbers with the times
 * behind them; the API grades them with the threshold manager's rules (parameters of the same names).
 */
import { PROVIDER_TIME_ZONE } from './constants';
import type { HistorySection } from './history';
import type { Grading } from './threshold-grading';

export const HISTORY_MEASURES = ['losCount24h', 'rxDrop7d', 'dyingGaspDays', 'eveningWifiDrop'] as const;
export type HistoryMeasure = (typeof HISTORY_MEASURES)[number];

export interface MeasuredValue {
  /** Null when the history holds too little to say. */
  value: number | null;
  /** The times behind it (ISO), oldest first: the drops, the dying gasps. */
  times: string[];
}

/** The zone the provider's customers live in: "the evening" and "a day" are theirs. */
export const HISTORY_TIME_ZONE = PROVIDER_TIME_ZONE;
/** The evening hours whose Wi-Fi is compared with the day's, in the customers' zone. */
export const EVENING = { from: 19, to: 23 } as const;
/** The day's hours the evening is compared with. */
export const DAYTIME = { from: 8, to: 19 } as const;
/** A day of points at 15-minute steps. */
const POINTS_PER_DAY = 96;
/** Fewer points than this in a day (at either end of the week) say nothing of the light's trend. */
const MIN_DAY_POINTS = 8;
/** Fewer days with both a daytime and an evening say nothing of the evenings. */
const MIN_EVENING_DAYS = 3;

const localParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: HISTORY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
});
/** The customers' local date (YYYY-MM-DD) and hour at an epoch second. */
function local(seconds: number): { date: string; hour: number } {
  const parts = Object.fromEntries(
    localParts.formatToParts(new Date(seconds * 1000)).map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

const median = (values: readonly number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const present = (values: ReadonlyArray<number | null>) => values.filter((v): v is number => v !== null);
const round1 = (value: number) => Math.round(value * 10) / 10;

/** The four measures of one device's history. */
export function historyMeasures(history: HistorySection): Record<HistoryMeasure, MeasuredValue> {
  const end = history.times.at(-1) ?? null;
  const since = end === null ? Infinity : end - 24 * 3600;
  const los = history.events.filter((event) => event.kind === 'los' && Date.parse(event.at) / 1000 > since);
  const gasps = history.events.filter((event) => event.kind === 'dyingGasp');
  const gaspDays = new Set(gasps.map((event) => local(Date.parse(event.at) / 1000).date));

  // The light: the median of the week's first day against the last day's (positive: it fell).
  const first = present(history.rxPower.slice(0, POINTS_PER_DAY));
  const last = present(history.rxPower.slice(-POINTS_PER_DAY));
  const drop =
    first.length >= MIN_DAY_POINTS && last.length >= MIN_DAY_POINTS
      ? round1(median(first)! - median(last)!)
      : null;

  // The Wi-Fi: per local day, the pods' mean health by day against the evening; the median over the days.
  const days = new Map<string, { day: number[]; evening: number[] }>();
  history.times.forEach((time, index) => {
    const health = present(history.pods.map((pod) => pod.health[index] ?? null));
    if (health.length === 0) return;
    const { date, hour } = local(time);
    const bucket = days.get(date) ?? { day: [], evening: [] };
    if (hour >= EVENING.from && hour < EVENING.to) bucket.evening.push(mean(health));
    else if (hour >= DAYTIME.from && hour < DAYTIME.to) bucket.day.push(mean(health));
    days.set(date, bucket);
  });
  const falls = [...days.values()]
    .filter((bucket) => bucket.day.length > 0 && bucket.evening.length > 0)
    .map((bucket) => mean(bucket.day) - mean(bucket.evening));

  return {
    losCount24h: { value: end === null ? null : los.length, times: los.map((event) => event.at) },
    rxDrop7d: { value: drop, times: [] },
    dyingGaspDays: {
      value: end === null ? null : gaspDays.size,
      times: gasps.map((event) => event.at),
    },
    eveningWifiDrop: {
      value: falls.length >= MIN_EVENING_DAYS ? Math.round(median(falls)!) : null,
      times: [],
    },
  };
}

/** A history with what the API made of it: the measures and their grades by the threshold manager's rules. */
export interface AssessedHistory {
  measures: Record<HistoryMeasure, MeasuredValue>;
  grades: Partial<Record<HistoryMeasure, Grading>>;
}

/** The 360 API's history answer with its assessment (absent when the device's rules could not be read). */
export type AssessedHistorySection = HistorySection & { assessment?: AssessedHistory };
