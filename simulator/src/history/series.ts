/**
 * A device's seven days of history (docs/history.md), as a Prometheus-compatible store would hold them: the
 * series of common/src/history.ts, one sample every 15 minutes on the absolute grid, deterministic per device
 * (the same device and grid time give the same value on every start). The series follow the device's
 * scenario and agree with its present state: the last point is the present measurement.
 *
 * - healthy: flat, with a little noise;
 * - `slow-decline`: receive power (and the OLT's from it) falls 2–4 dB over the week, today at warn;
 * - `flapping`: one or two losses of signal in every 6-hour block (≥ 3 in any 24 hours), no dying gasp, up now;
 * - `evening-congestion`: Wi-Fi health near 35 from 19:00 to 23:00 in Toronto every day, more clients;
 * - `power-cuts`: a 30-minute cut with a dying gasp every other day, up now;
 * - a device down now: down from one moment, the same for every ONU of a port whose fault is above the home
 *   (feeder, dark branch, OLT card), with its loss of signal or dying gasp counted then.
 */
import {
  HISTORY_POINTS,
  HISTORY_SERIES,
  HISTORY_STEP_SECONDS,
  historyMacLabel,
  type HistorySeriesKey,
} from '@insight/common/history';
import type { CatalogueCustomer } from '../catalogue/generate';
import type { MacEntry } from '../catalogue/macs';
import { createRng, hashSeed, round } from '../catalogue/random';

export interface HistorySeries {
  /** `__name__` and the labels. */
  metric: Record<string, string>;
  /** [epoch s, value], oldest first, on the 15-minute grid; a missing time is a gap. */
  points: Array<[number, number]>;
}

export interface HistoryDevice {
  entry: MacEntry;
  customer: CatalogueCustomer;
}

const STEP = HISTORY_STEP_SECONDS;
const SLOTS_PER_DAY = 96;
/** Flapping: one loss of signal (sometimes two) in every block of this many slots (6 hours). */
export const FLAP_BLOCK_SLOTS = 24;
/** Power cuts: how many slots a cut lasts. */
export const POWER_CUT_SLOTS = 2;
/** Evening congestion: the local hours (America/Toronto) when Wi-Fi health drops, [from, to). */
export const EVENING_HOURS = { from: 19, to: 23 } as const;
/** The loss of an ONU behind a damaged feeder before the fault, over its present reading (dB). */
const FEEDER_LOSS_DB = 10;
const PORT_FAULTS = new Set(['feeder', 'branch-dark', 'card-down']);

/** A uniform value in [0, 1) for a key and a number: the same on every start. */
const unit = (key: number, n: number) => createRng((key ^ Math.imul(n, 0x9e3779b1)) >>> 0)();
const noise = (key: number, n: number) => 2 * unit(key, n) - 1;

/** The grid slot of an epoch-seconds time. */
const slotOf = (seconds: number) => Math.floor(seconds / STEP);

const torontoHour = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Toronto',
  hour: 'numeric',
  hourCycle: 'h23',
});
const hourCache = new Map<number, number>();
/** The hour of the day in Toronto at an epoch-seconds time (daylight saving included). */
export function torontoHourAt(seconds: number): number {
  const hourKey = Math.floor(seconds / 3600);
  let hour = hourCache.get(hourKey);
  if (hour === undefined) {
    hour = Number(torontoHour.format(new Date(hourKey * 3600 * 1000)));
    if (hourCache.size > 10_000) hourCache.clear();
    hourCache.set(hourKey, hour);
  }
  return hour;
}

/** The slots of `flapping`'s losses of signal in 6-hour block `block`. */
function flapSlots(key: number, block: number): number[] {
  const first = block * FLAP_BLOCK_SLOTS + Math.floor(unit(key, block) * FLAP_BLOCK_SLOTS);
  if (unit(key ^ 0x51, block) < 0.5) return [first];
  const second = block * FLAP_BLOCK_SLOTS + Math.floor(unit(key ^ 0x52, block) * FLAP_BLOCK_SLOTS);
  return second === first ? [first] : [first, second].sort((a, b) => a - b);
}

/** The first slot of `power-cuts`'s cut on UTC day `day`, or null (a cut every other day, in the evening UTC). */
function cutSlot(key: number, day: number): number | null {
  if ((day + (key & 1)) % 2 !== 0) return null;
  return day * SLOTS_PER_DAY + 72 + Math.floor(unit(key ^ 0xc7, day) * 16);
}

/**
 * When a device that is down now went down (epoch s, on the grid), from the simulator's epoch: a port's
 * fault above the home takes every ONU of the port at the same moment; the home's own fault, its own.
 */
export function downSince(customer: CatalogueCustomer, epochMs: number): number {
  const portWide = PORT_FAULTS.has(customer.link.condition);
  const key = hashSeed(portWide ? `${customer.link.olt}:${customer.link.port}` : customer.mac);
  const hoursBefore = 1 + (key % 30);
  const quarter = (key >>> 8) % 4;
  return (slotOf(epochMs / 1000 - hoursBefore * 3600) - quarter) * STEP;
}

/** The device's history series over the 7 days ending at `endSeconds` (aligned down to the grid). */
export function generateHistory(
  device: HistoryDevice,
  options: { epochMs: number },
  endSeconds: number,
): HistorySeries[] {
  const { entry, customer } = device;
  const scenario = entry.scenario ?? null;
  const mac = historyMacLabel(customer.mac);
  const key = hashSeed(mac);
  const endSlot = slotOf(endSeconds);
  const firstSlot = endSlot - (HISTORY_POINTS - 1);
  const gpon = customer.networkType === 'GPON';
  const state = customer.state;
  const upNow = state.operStatus === 1;
  const downFromSlot = upNow ? null : Math.min(slotOf(downSince(customer, options.epochMs)), endSlot);
  const downCause = upNow ? null : (customer.link.downCause ?? 'los');
  const feederOnline = upNow && customer.link.condition === 'feeder';
  const feederFromSlot = feederOnline ? slotOf(downSince(customer, options.epochMs)) : null;
  const decline = scenario === 'slow-decline' ? 2 + 2 * unit(key, 7) : 0;

  // The present readings of an ONU that is down are the no-light floor: before it went down, nominal ones.
  const nominal = 0.5 * noise(key, 11);
  const present = upNow
    ? { rx: state.rx_pwr, tx: state.tx_pwr, oltRx: state.oltRxPower }
    : { rx: (gpon ? -18 : -17) + nominal, tx: gpon ? 2.5 : 1.8, oltRx: -20 + nominal };

  const flaps = new Set<number>();
  const cuts = new Set<number>();
  const cutStarts = new Set<number>();
  if (scenario === 'flapping')
    for (
      let block = Math.floor(firstSlot / FLAP_BLOCK_SLOTS);
      block <= Math.floor(endSlot / FLAP_BLOCK_SLOTS);
      block++
    )
      for (const slot of flapSlots(key, block)) if (slot !== endSlot) flaps.add(slot);
  if (scenario === 'power-cuts')
    for (
      let day = Math.floor(firstSlot / SLOTS_PER_DAY) - 1;
      day <= Math.floor(endSlot / SLOTS_PER_DAY);
      day++
    ) {
      const start = cutSlot(key, day);
      // A cut that would reach the present is not drawn: the device is up now.
      if (start === null || start + POWER_CUT_SLOTS - 1 >= endSlot) continue;
      cutStarts.add(start);
      for (let k = 0; k < POWER_CUT_SLOTS; k++) cuts.add(start + k);
    }

  const onuLabels = { mac, olt: customer.link.olt, port: customer.link.port };
  const points = (): Array<[number, number]> => [];
  const series: Record<Exclude<HistorySeriesKey, 'podHealth'>, Array<[number, number]>> = {
    rxPower: points(),
    txPower: points(),
    oltRxPower: points(),
    up: points(),
    los: points(),
    dyingGasp: points(),
    clients: points(),
  };
  const pods = ['gateway', ...customer.lan.pods.map((pod) => pod.id)];
  const podPoints = pods.map(points);
  const presentScore = customer.lan.plume.health.score;
  const presentClients = customer.lan.clients.filter(
    (client) => client.connectionState === 'connected',
  ).length;
  let los = key % 3;
  let dyingGasp = (key >>> 4) % 2;

  for (let slot = firstSlot; slot <= endSlot; slot++) {
    const t = slot * STEP;
    const last = slot === endSlot;
    const down = (downFromSlot !== null && slot >= downFromSlot) || flaps.has(slot) || cuts.has(slot);
    if (slot === downFromSlot && downCause === 'los') los++;
    if (slot === downFromSlot && downCause === 'dyingGasp') dyingGasp++;
    if (flaps.has(slot)) los++;
    if (cutStarts.has(slot)) dyingGasp++;
    series.up.push([t, down ? 0 : 1]);
    series.los.push([t, los]);
    series.dyingGasp.push([t, dyingGasp]);
    // A dark ONU has no reading, and its Wi-Fi is not heard from: gaps.
    if (down) continue;
    const ageFraction = (endSlot - slot) / (HISTORY_POINTS - 1);
    const feederLoss = feederFromSlot !== null && slot < feederFromSlot ? FEEDER_LOSS_DB : 0;
    const optical = (value: number, salt: number, extra: number) =>
      last ? value : round(value + extra + 0.15 * noise(key ^ salt, slot), 2);
    series.rxPower.push([t, optical(present.rx, 0x11, decline * ageFraction + feederLoss)]);
    series.txPower.push([t, optical(present.tx, 0x22, 0)]);
    series.oltRxPower.push([t, optical(present.oltRx, 0x33, decline * ageFraction + feederLoss)]);
    const hour = torontoHourAt(t);
    const evening =
      scenario === 'evening-congestion' && hour >= EVENING_HOURS.from && hour < EVENING_HOURS.to;
    series.clients.push([
      t,
      last
        ? presentClients
        : Math.max(0, Math.round(presentClients + (evening ? 6 : 0) + 1.2 * noise(key ^ 0x44, slot))),
    ]);
    pods.forEach((_pod, i) => {
      const baseline = presentScore - (i === 0 ? 0 : Math.floor(unit(key ^ 0x55, i) * 6));
      const value = last
        ? baseline
        : evening
          ? 35 + 8 * noise(key ^ (0x66 + i), slot)
          : baseline + 3 * noise(key ^ (0x66 + i), slot);
      podPoints[i]!.push([t, Math.max(0, Math.min(100, Math.round(value)))]);
    });
  }

  const named = (
    seriesKey: HistorySeriesKey,
    labels: Record<string, string>,
    values: Array<[number, number]>,
  ) => ({
    metric: { __name__: HISTORY_SERIES[seriesKey].name, ...labels },
    points: values,
  });
  return [
    named('rxPower', onuLabels, series.rxPower),
    named('txPower', onuLabels, series.txPower),
    named('oltRxPower', onuLabels, series.oltRxPower),
    named('up', onuLabels, series.up),
    named('los', onuLabels, series.los),
    named('dyingGasp', onuLabels, series.dyingGasp),
    ...pods.map((pod, i) => named('podHealth', { mac, pod }, podPoints[i]!)),
    named('clients', { mac }, series.clients),
  ];
}

/** Escapes a label value for the text formats (backslash, double quote, new line). */
const labelValue = (value: string) => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

/**
 * Series as OpenMetrics text (timestamps in seconds, `# EOF` last), for
 * `promtool tsdb create-blocks-from openmetrics`: each metric family's samples together, after its TYPE.
 */
export function toOpenMetrics(series: readonly HistorySeries[]): string {
  const lines: string[] = [];
  const specs = Object.values(HISTORY_SERIES);
  for (const spec of specs) {
    const family = series.filter((item) => item.metric.__name__ === spec.name);
    if (family.length === 0) continue;
    // OpenMetrics names a counter's family without its _total suffix.
    const familyName = spec.type === 'counter' ? spec.name.replace(/_total$/, '') : spec.name;
    lines.push(`# TYPE ${familyName} ${spec.type}`, `# HELP ${familyName} ${spec.help}`);
    for (const item of family) {
      const labels = Object.entries(item.metric)
        .filter(([name]) => name !== '__name__')
        .map(([name, value]) => `${name}="${labelValue(value)}"`)
        .join(',');
      for (const [t, value] of item.points) lines.push(`${spec.name}{${labels}} ${value} ${t}`);
    }
  }
  lines.push('# EOF');
  return `${lines.join('\n')}\n`;
}
