/**
 * The device history from a Prometheus-compatible store (Prometheus, Thanos, Mimir, VictoriaMetrics):
 * one `GET /api/v1/query_range` per view, for every series of one device (docs/history.md). The answer's
 * envelope is checked (a failed or malformed answer is the section's upstream_error); below it, whatever is
 * not a usable sample (NaN, ±Inf, text, a value out of the series' range, a time off the grid) is a gap.
 */
import {
  HISTORY_MAC_LABEL,
  HISTORY_SERIES,
  HISTORY_SERIES_KEYS,
  HISTORY_STEP_SECONDS,
  historySelector,
  type HistoryEvent,
  type HistorySeriesKey,
} from '@insight/common/history';
import {
  PROMETHEUS_QUERY_RANGE_PATH,
  prometheusErrorSchema,
  prometheusMatrixEnvelopeSchema,
  prometheusSampleSchema,
} from '@insight/common/upstream/prometheus';
import { z } from 'zod';
import type { DeviceHistory } from '../../domain/history/device-history';
import { AppError } from '../../lib/app-error';
import { callRequired, type ServiceConfig } from '../upstream/transport';

/** A counter that rises by more than this in one step is garbage (a gap), not that many events. */
export const MAX_EVENTS_PER_STEP = 100;

const answerSchema = z.union([prometheusMatrixEnvelopeSchema, prometheusErrorSchema]);
const KEY_BY_NAME = new Map(HISTORY_SERIES_KEYS.map((key) => [HISTORY_SERIES[key].name as string, key]));

/** The sample's value, or null when it is not one the series can take. */
function sampleValue(key: HistorySeriesKey, raw: string): number | null {
  // Number('') is 0 and Number('0x1') is 1: only decimal notation is a value.
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(raw.trim())) return null;
  const value = Number(raw);
  const spec = HISTORY_SERIES[key];
  if (!Number.isFinite(value) || value < spec.min || value > spec.max) return null;
  if (key === 'up' && value !== 0 && value !== 1) return null;
  if (spec.type === 'counter' && !Number.isInteger(value)) return null;
  return value;
}

/** The events a counter's points say: an increase between two points is that many events at the later one. */
function countedEvents(kind: HistoryEvent['kind'], points: ReadonlyArray<number | null>, times: number[]) {
  const events: Array<HistoryEvent & { t: number }> = [];
  let previous: number | null = null;
  points.forEach((value, i) => {
    if (value === null) return;
    // A counter that went down was reset (the ONU restarted): its new value is what it counted since.
    const increase = previous === null ? 0 : value >= previous ? value - previous : value;
    previous = value;
    if (increase > MAX_EVENTS_PER_STEP) return;
    const at = new Date(times[i]! * 1000).toISOString();
    for (let n = 0; n < increase; n++) events.push({ kind, at, t: times[i]! });
  });
  return events;
}

export function createPrometheusHistory(service: ServiceConfig): DeviceHistory {
  return {
    async read(macLabel, range) {
      if (!HISTORY_MAC_LABEL.test(macLabel))
        throw new AppError('invalid_mac', 'A valid MAC address is required');
      const step = HISTORY_STEP_SECONDS;
      const answer = await callRequired(
        service,
        {
          path: PROMETHEUS_QUERY_RANGE_PATH,
          query: {
            query: historySelector(macLabel),
            start: String(range.start),
            end: String(range.end),
            step: String(step),
            // The store gives up before the call's own deadline.
            timeout: `${Math.max(1, Math.floor(service.timeoutMs / 1000))}s`,
          },
        },
        answerSchema,
      );
      if (answer.status === 'error')
        throw new AppError(
          answer.errorType === 'timeout' ? 'upstream_timeout' : 'upstream_error',
          `The history store answered ${answer.errorType}: ${answer.error.slice(0, 200)}`,
          { path: PROMETHEUS_QUERY_RANGE_PATH },
        );

      const times: number[] = [];
      for (let t = range.start; t <= range.end; t += step) times.push(t);
      const indexOf = new Map(times.map((t, i) => [t, i]));
      const empty = () => times.map((): number | null => null);
      const series = new Map<HistorySeriesKey, Array<number | null>>();
      const pods = new Map<string, Array<number | null>>();
      for (const item of answer.data.result) {
        const key = KEY_BY_NAME.get(item.metric.__name__ ?? '');
        // Only this device's series: a store that ignored the selector does not mix another device in.
        if (!key || item.metric.mac !== macLabel) continue;
        let points: Array<number | null>;
        if (key === 'podHealth') {
          const pod = item.metric.pod;
          if (!pod) continue;
          points = pods.get(pod) ?? empty();
          pods.set(pod, points);
        } else {
          // A device that moved port has two series of a name: they fill one timeline.
          points = series.get(key) ?? empty();
          series.set(key, points);
        }
        for (const raw of item.values) {
          const sample = prometheusSampleSchema.safeParse(raw);
          if (!sample.success) continue;
          const i = indexOf.get(sample.data[0]);
          const value = sampleValue(key, sample.data[1]);
          if (i !== undefined && value !== null) points[i] = value;
        }
      }
      const of = (key: HistorySeriesKey) => series.get(key) ?? empty();
      const events = [
        ...countedEvents('los', of('los'), times),
        ...countedEvents('dyingGasp', of('dyingGasp'), times),
      ]
        .sort((a, b) => a.t - b.t)
        .map(({ kind, at }) => ({ kind, at }));
      return {
        mac: macLabel,
        start: new Date(range.start * 1000).toISOString(),
        step,
        times,
        rxPower: of('rxPower'),
        txPower: of('txPower'),
        oltRxPower: of('oltRxPower'),
        up: of('up') as Array<0 | 1 | null>,
        clients: of('clients'),
        // The gateway first, then the pods by name.
        pods: [...pods.entries()]
          .sort(([a], [b]) => (a === 'gateway' ? -1 : b === 'gateway' ? 1 : a < b ? -1 : a > b ? 1 : 0))
          .map(([pod, health]) => ({ pod, health })),
        events,
      };
    },
  };
}
