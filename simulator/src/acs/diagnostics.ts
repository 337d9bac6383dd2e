/**
 * The TR-181 diagnostics a device runs, as the simulator plays them: how long each takes on a device, and
 * its results, by their TR-181 names, following the device's line (simulator/src/acs/routes.ts tells the
 * whole behaviour). Every draw is seeded by the simulator's seed, the device's MAC and the test: the same
 * device gives the same results on every start.
 */
import type { Tr181Object } from '@insight/common/upstream/acs';
import type { CatalogueCustomer } from '../catalogue/generate';
import { createRng, hashSeed, int, pick, weighted, type Rng } from '../catalogue/random';
import { hex } from '../catalogue/generators/draw';
import { lossy, type XsdType } from './device';

/** One result parameter: its name under the diagnostic's object, its value and XSD type. */
export type Result = [name: string, value: string | number | boolean, type: XsdType];

/** The device's random stream for one test (seeded; the same on every start). */
export const testRng = (seed: string, mac: string, test: string): Rng =>
  createRng(hashSeed(`${seed}|${mac}|${test}`));

/** Durations at scale 1 (ms): a speed test (download then upload) 10–20 s, a ping 5 s, a traceroute 8–30 s. */
const DURATIONS: Record<Tr181Object, readonly [number, number]> = {
  download: [6000, 10_000],
  upload: [4000, 10_000],
  ping: [5000, 5000],
  traceroute: [8000, 30_000],
  wifiScan: [10_000, 10_000],
};

/** How long the test takes on this device, times the ACS's time scale (ms, whole). */
export function durationOf(seed: string, mac: string, object: Tr181Object, scale: number): number {
  const [min, max] = DURATIONS[object];
  return Math.round(int(testRng(seed, mac, `${object}-duration`), min, max) * scale);
}

/** The inputs a test ran with (the values its task set, or the device's defaults). */
export interface Inputs {
  host: string;
  repetitions: number;
  maxHops: number;
}

/** A run's timing: requested at, and done `durationMs` later (epoch ms). */
export interface Timing {
  requestedAt: number;
  durationMs: number;
}

const between = (rng: Rng, min: number, max: number) => min + rng() * (max - min);
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * A transfer test (TR-143): it starts a tenth of the way in (the connection's set-up) and ends with the
 * test; the bytes are what the line carries in that time, so that bytes × 8 / (EOM − BOM) is the speed.
 * A healthy line: 88–97 % of the plan; a lossy one: 30–60 % down, 40–70 % up. The upload's bytes are its
 * `TestFileLength`: what the device sent in the test's time (the length a task sets is not held to).
 */
export function transferResults(
  customer: CatalogueCustomer,
  rng: Rng,
  timing: Timing,
  direction: 'down' | 'up',
): Result[] {
  const plan = customer.details.productSpeeds;
  const planMbps = direction === 'down' ? plan.downloadMbps : plan.uploadMbps;
  const share = !lossy(customer)
    ? between(rng, 0.88, 0.97)
    : direction === 'down'
      ? between(rng, 0.3, 0.6)
      : between(rng, 0.4, 0.7);
  const bom = timing.requestedAt + Math.round(timing.durationMs * 0.1);
  const eom = Math.max(bom + 1, timing.requestedAt + timing.durationMs);
  const bytes = Math.round(((planMbps * share * 1e6) / 8) * ((eom - bom) / 1000));
  return [
    ['BOMTime', iso(bom), 'xsd:dateTime'],
    ['EOMTime', iso(eom), 'xsd:dateTime'],
    [direction === 'down' ? 'TestBytesReceived' : 'TestFileLength', bytes, 'xsd:unsignedInt'],
  ];
}

/** A ping: a healthy line loses nothing at 3–9 ms; a lossy one 10–30 % at 20–45 ms. */
export function pingResults(customer: CatalogueCustomer, rng: Rng, inputs: Inputs): Result[] {
  const sent = inputs.repetitions;
  const bad = lossy(customer);
  const lost = bad ? Math.min(sent, Math.max(1, Math.round(sent * between(rng, 0.1, 0.3)))) : 0;
  const average = bad ? int(rng, 20, 45) : int(rng, 3, 9);
  const answered = sent - lost > 0;
  const minimum = Math.max(1, average - (bad ? int(rng, 5, 10) : int(rng, 1, 2)));
  const maximum = average + (bad ? int(rng, 10, 30) : int(rng, 2, 6));
  return [
    ['SuccessCount', sent - lost, 'xsd:unsignedInt'],
    ['FailureCount', lost, 'xsd:unsignedInt'],
    ['AverageResponseTime', answered ? average : 0, 'xsd:unsignedInt'],
    ['MinimumResponseTime', answered ? minimum : 0, 'xsd:unsignedInt'],
    ['MaximumResponseTime', answered ? maximum : 0, 'xsd:unsignedInt'],
  ];
}

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** Where a host resolves: an IPv4 address is itself; a name, an address of its own in 198.51.100.0/24. */
const addressOf = (host: string) =>
  IPV4.test(host) || host.includes(':') ? host : `198.51.100.${1 + (hashSeed(host.toLowerCase()) % 254)}`;

/**
 * A traceroute: 4–7 hops (the provider's access router, its core, then the target), three probes each.
 * A lossy line: round trips 15–35 ms longer, and one or two hops before the target do not answer
 * (ErrorCode 1, no round trips). `MaxHopCount` below the route's length stops it short of the target.
 */
export function tracerouteResults(customer: CatalogueCustomer, rng: Rng, inputs: Inputs): Result[] {
  const count = int(rng, 4, 7);
  const bad = lossy(customer);
  const silent = new Set<number>();
  if (bad) for (let k = int(rng, 1, 2); k > 0; k--) silent.add(int(rng, 2, count - 1));
  const city = customer.details.networkGroup.toLowerCase();
  const hops: Result[] = [];
  let base = int(rng, 1, 3) + (bad ? int(rng, 15, 35) : 0);
  let last = 0;
  const shown = Math.min(count, inputs.maxHops);
  for (let i = 1; i <= shown; i++) {
    base += i === 1 ? 0 : int(rng, 0, 2);
    const probes = [0, 1, 2].map(() => base + int(rng, 0, 2));
    const target = i === count;
    const host = target
      ? inputs.host
      : i === 1
        ? `bng1.${city}.example-telecom.net`
        : `cr${i - 1}.core.example-telecom.net`;
    const address = target
      ? addressOf(inputs.host)
      : i === 1
        ? `10.0.${int(rng, 0, 255)}.1`
        : `172.16.${i}.${int(rng, 1, 254)}`;
    const answered = !silent.has(i);
    const prefix = `RouteHops.${i}`;
    hops.push(
      [`${prefix}.Host`, answered ? host : '', 'xsd:string'],
      [`${prefix}.HostAddress`, answered ? address : '', 'xsd:string'],
      [`${prefix}.ErrorCode`, answered ? 0 : 1, 'xsd:unsignedInt'],
      [`${prefix}.RTTimes`, answered ? probes.join(',') : '', 'xsd:string'],
    );
    if (answered) last = Math.round(probes.reduce((sum, value) => sum + value, 0) / probes.length);
  }
  return [
    ['ResponseTime', last, 'xsd:unsignedInt'],
    ['RouteHopsNumberOfEntries', shown, 'xsd:unsignedInt'],
    ...hops,
  ];
}

export type Band = '2.4GHz' | '5GHz';
/** The gateway's two radios: Radio.1 on 2.4 GHz, Radio.2 on 5 GHz. */
export interface Radios {
  channel: Record<1 | 2, number>;
  autoChannel: Record<1 | 2, boolean>;
}

const CHANNELS_5 = [36, 40, 44, 48, 149, 153, 157, 161] as const;

/** The radios as the device starts: channel 6 pinned in a crowded home; else its clients' channels. */
export function defaultRadios(customer: CatalogueCustomer, crowded: boolean, rng: Rng): Radios {
  const onBand = (band: string) => customer.lan.clients.find((client) => client.band === band)?.channel;
  return {
    channel: {
      1: crowded ? 6 : (onBand('2.4GHz') ?? pick(rng, [1, 6, 11])),
      2: onBand('5GHz') ?? pick(rng, CHANNELS_5),
    },
    autoChannel: { 1: !crowded, 2: true },
  };
}

const NEIGHBOUR_NAMES = [
  'BELL',
  'VIDEOTRON',
  'Rogers',
  'HITRON',
  'TELUS',
  'NETGEAR',
  'SM-',
  'Fizz',
  'EBOX',
  'DIRECT-',
];

interface Neighbour {
  band: Band;
  channel: number;
  signal: number;
}

/**
 * A neighbour scan. A home: 2–5 networks on 2.4 GHz spread over channels 1, 6 and 11, 0–3 on 5 GHz, most
 * of them weak. A crowded home: 10–14 networks on 2.4 GHz channels 3–9, mostly on 6, several stronger than
 * -65 dBm; 5 GHz clear.
 */
export function wifiScanResults(rng: Rng, crowded: boolean): Result[] {
  const neighbours: Neighbour[] = [];
  if (crowded) {
    const count = int(rng, 10, 14);
    const strong = int(rng, 3, 5);
    for (let i = 0; i < count; i++)
      neighbours.push({
        band: '2.4GHz',
        channel:
          i < strong
            ? 6
            : weighted(rng, [
                [3, 1],
                [4, 1],
                [5, 2],
                [6, 4],
                [7, 2],
                [8, 1],
                [9, 1],
              ] as const),
        signal: i < strong ? -int(rng, 48, 63) : -int(rng, 66, 86),
      });
  } else {
    for (let i = int(rng, 2, 5); i > 0; i--)
      neighbours.push({ band: '2.4GHz', channel: pick(rng, [1, 6, 11]), signal: -int(rng, 66, 90) });
    for (let i = int(rng, 0, 3); i > 0; i--)
      neighbours.push({ band: '5GHz', channel: pick(rng, CHANNELS_5), signal: -int(rng, 70, 92) });
  }
  const results: Result[] = [['ResultNumberOfEntries', neighbours.length, 'xsd:unsignedInt']];
  neighbours.forEach((neighbour, index) => {
    const prefix = `Result.${index + 1}`;
    const bssid = hex(rng, 6).match(/../g)!.join(':');
    results.push(
      [`${prefix}.Radio`, `Device.WiFi.Radio.${neighbour.band === '2.4GHz' ? 1 : 2}`, 'xsd:string'],
      [`${prefix}.SSID`, `${pick(rng, NEIGHBOUR_NAMES)}${hex(rng, 2)}`, 'xsd:string'],
      [`${prefix}.BSSID`, bssid, 'xsd:string'],
      [`${prefix}.Channel`, neighbour.channel, 'xsd:unsignedInt'],
      [`${prefix}.SignalStrength`, neighbour.signal, 'xsd:int'],
      [`${prefix}.OperatingFrequencyBand`, neighbour.band, 'xsd:string'],
      [
        `${prefix}.OperatingChannelBandwidth`,
        neighbour.band === '2.4GHz'
          ? pick(rng, ['20MHz', '20MHz', '40MHz'])
          : pick(rng, ['40MHz', '80MHz', '80MHz']),
        'xsd:string',
      ],
    );
  });
  return results;
}

/** Whether a channel is one the radio's band has (2.4 GHz: 1–13; 5 GHz: the UNII channels). */
export const validChannel = (radio: 1 | 2, channel: number): boolean =>
  Number.isInteger(channel) &&
  (radio === 1
    ? channel >= 1 && channel <= 13
    : channel >= 36 && channel <= 165 && channel % 4 === (channel < 149 ? 0 : 1));
