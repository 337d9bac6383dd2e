/**
 * A device's seven days of history (docs/history.md): the series a Prometheus-compatible store keeps for
 * each ONU and its Wi-Fi, and the 360 API's answer built from them. Pure types and constants (no zod), so
 * the web app imports it at no cost; the store's answer schema is in upstream/prometheus.ts.
 */

/** The store's sample step, and the grid every query is aligned to (seconds). */
export const HISTORY_STEP_SECONDS = 900;
/** How far back a view reads. */
export const HISTORY_DAYS = 7;
export const HISTORY_RANGE_SECONDS = HISTORY_DAYS * 24 * 60 * 60;
/** Points per series over the range, both ends included (7 × 96 + 1). */
export const HISTORY_POINTS = HISTORY_RANGE_SECONDS / HISTORY_STEP_SECONDS + 1;

export type HistoryMetricType = 'gauge' | 'counter';

export interface HistorySeriesSpec {
  /** The Prometheus metric name. */
  name: string;
  type: HistoryMetricType;
  unit: 'dBm' | '1' | 'score' | 'clients' | 'events';
  /** Labels besides `mac` (always present). */
  labels: readonly string[];
  /** The values a sample may take; any other is a gap. */
  min: number;
  max: number;
  help: string;
}

/** The series a view reads, by their Prometheus names. */
export const HISTORY_SERIES = {
  rxPower: {
    name: 'onu_rx_power_dbm',
    type: 'gauge',
    unit: 'dBm',
    labels: ['olt', 'port'],
    min: -50,
    max: 10,
    help: 'The ONU receive optical power.',
  },
  txPower: {
    name: 'onu_tx_power_dbm',
    type: 'gauge',
    unit: 'dBm',
    labels: ['olt', 'port'],
    min: -50,
    max: 10,
    help: 'The ONU transmit optical power.',
  },
  oltRxPower: {
    name: 'olt_rx_power_dbm',
    type: 'gauge',
    unit: 'dBm',
    labels: ['olt', 'port'],
    min: -50,
    max: 10,
    help: 'The OLT receive optical power from the ONU.',
  },
  up: {
    name: 'onu_oper_up',
    type: 'gauge',
    unit: '1',
    labels: ['olt', 'port'],
    min: 0,
    max: 1,
    help: 'The ONU operational state: 1 up, 0 down.',
  },
  los: {
    name: 'onu_los_events_total',
    type: 'counter',
    unit: 'events',
    labels: ['olt', 'port'],
    min: 0,
    max: Number.MAX_SAFE_INTEGER,
    help: 'Losses of signal of the ONU.',
  },
  dyingGasp: {
    name: 'onu_dying_gasp_events_total',
    type: 'counter',
    unit: 'events',
    labels: ['olt', 'port'],
    min: 0,
    max: Number.MAX_SAFE_INTEGER,
    help: 'Dying gasps of the ONU (power lost at the home).',
  },
  podHealth: {
    name: 'wifi_pod_health_score',
    type: 'gauge',
    unit: 'score',
    labels: ['pod'],
    min: 0,
    max: 100,
    help: 'The Wi-Fi health of each pod, 0 to 100.',
  },
  clients: {
    name: 'wifi_clients',
    type: 'gauge',
    unit: 'clients',
    labels: [],
    min: 0,
    max: 10_000,
    help: 'The number of Wi-Fi clients.',
  },
} as const satisfies Record<string, HistorySeriesSpec>;

export type HistorySeriesKey = keyof typeof HISTORY_SERIES;
export const HISTORY_SERIES_KEYS = Object.keys(HISTORY_SERIES) as HistorySeriesKey[];
export const HISTORY_METRIC_NAMES: readonly string[] = HISTORY_SERIES_KEYS.map(
  (key) => HISTORY_SERIES[key].name,
);

/** The `mac` label's form: 12 lower-case hex digits, no separators. */
export const HISTORY_MAC_LABEL = /^[0-9a-f]{12}$/;

/** The `mac` label of a normalised MAC (common/src/mac.ts gives 12 upper-case hex digits). */
export function historyMacLabel(normalizedMac: string): string {
  return normalizedMac.toLowerCase();
}

/** The one selector a view queries: every history series of one device. */
export function historySelector(macLabel: string): string {
  if (!HISTORY_MAC_LABEL.test(macLabel))
    throw new Error('history selector: the mac label is not 12 lower-case hex digits');
  return `{__name__=~"${HISTORY_METRIC_NAMES.join('|')}",mac="${macLabel}"}`;
}

/** The range a view reads at `nowMs`: the last grid point at or before now, and seven days before it (epoch s). */
export function historyRange(nowMs: number): { start: number; end: number } {
  const end = Math.floor(nowMs / 1000 / HISTORY_STEP_SECONDS) * HISTORY_STEP_SECONDS;
  return { start: end - HISTORY_RANGE_SECONDS, end };
}

export type HistoryEventKind = 'los' | 'dyingGasp';

export interface HistoryEvent {
  kind: HistoryEventKind;
  /** The grid time (ISO) of the first sample that counted it. */
  at: string;
}

/** A closed range of values; a null bound is open on that side. */
export interface HistoryRange {
  min: number | null;
  max: number | null;
}

/** The optical series a view draws against the threshold manager's bands. */
export const HISTORY_BANDED = ['rxPower', 'txPower', 'oltRxPower'] as const;
export type HistoryBandedKey = (typeof HISTORY_BANDED)[number];

/** Where a series passes and where it warns, from the device's threshold rules (several warn ranges: below and above). */
export interface HistoryBands {
  pass: HistoryRange | null;
  warn: HistoryRange[];
}

/** The 360 API's history of one device; null is a gap (no sample, or one out of range). */
export interface HistorySection {
  /** The device's `mac` label. */
  mac: string;
  /** The first point's time (ISO). */
  start: string;
  /** Seconds between points. */
  step: number;
  /** Each point's time, epoch seconds on the 15-minute grid. */
  times: number[];
  rxPower: Array<number | null>;
  txPower: Array<number | null>;
  oltRxPower: Array<number | null>;
  up: Array<0 | 1 | null>;
  clients: Array<number | null>;
  pods: Array<{ pod: string; health: Array<number | null> }>;
  /** Losses of signal and dying gasps, oldest first. */
  events: HistoryEvent[];
  /**
   * The optical series' pass and warn ranges by the threshold rules in force when the answer was made (not
   * kept with the cached series: an engineer's edit moves them on the next view). Absent when the device's
   * technology could not be read.
   */
  bands?: Partial<Record<HistoryBandedKey, HistoryBands>>;
}
