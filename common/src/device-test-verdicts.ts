/**
 * The tests' constants and verdicts without a schema library (docs/device-tests.md): the 360 view's first
 * chunk and the diagnosis read these; common/src/device-tests.ts holds the schemas and re-exports this.
 */
import type { DeviceTest, PingResult, ScanBand, SpeedResult, TestResult } from './device-tests';

export const DEVICE_TEST_KINDS = ['speed', 'ping', 'traceroute', 'wifiScan'] as const;
export type DeviceTestKind = (typeof DEVICE_TEST_KINDS)[number];

/**
 * A test's life: `requested` (the ACS took the task), `running` (the device reported it started: the
 * speed test's upload phase), then `complete`, `failed` (the device reported an error), `timedOut` (no
 * completion within its bound) or `unreachable` (the connection request failed).
 */
export const DEVICE_TEST_STATES = [
  'requested',
  'running',
  'complete',
  'failed',
  'timedOut',
  'unreachable',
] as const;
export type DeviceTestState = (typeof DEVICE_TEST_STATES)[number];
export const isTestRunning = (state: DeviceTestState): boolean =>
  state === 'requested' || state === 'running';

/**
 * How long a test may take before it is ended as never completed: twice the longest time the test takes
 * on a device (speed 10–20 s, ping 5 s, traceroute up to 30 s, Wi-Fi scan 10 s), so that a slow device is
 * not cut and a device that never reports completion is told within a minute or so.
 */
export const TEST_BOUND_MS: Readonly<Record<DeviceTestKind, number>> = {
  speed: 45_000,
  ping: 20_000,
  traceroute: 60_000,
  wifiScan: 30_000,
};

/** A result older than this does not grade the device today (the diagnosis ignores it; the view shows its age). */
export const TEST_RESULT_FRESH_MS = 60 * 60_000;

/**
 * How many tests of each kind one device may run in a window, whoever starts them (kept in Firestore: one
 * limit for every instance). A speed test uses the customer's bandwidth: fewer of them.
 */
export const TEST_LIMITS: Readonly<Record<DeviceTestKind, { points: number; durationSeconds: number }>> = {
  speed: { points: 3, durationSeconds: 60 * 60 },
  ping: { points: 10, durationSeconds: 60 * 60 },
  traceroute: { points: 10, durationSeconds: 60 * 60 },
  wifiScan: { points: 6, durationSeconds: 60 * 60 },
};

/** The share of the plan's speed at the gateway under which the line does not deliver the plan. */
export const SPEED_DELIVERS_RATIO = 0.8;
/** Packet loss (percent) from which a ping is a finding: warn, then fail. */
export const PING_LOSS = { warn: 2, fail: 10 } as const;

export const WIFI_BANDS = ['2.4GHz', '5GHz'] as const;
export type WifiBand = (typeof WIFI_BANDS)[number];
export const WIFI_VERDICTS = ['clear', 'busy', 'congested'] as const;
export type WifiVerdict = (typeof WIFI_VERDICTS)[number];
// Verdicts -------------------------------------------------------------------------------------------------

export type SpeedVerdict =
  { verdict: 'delivers'; percent: number } | { verdict: 'below'; percent: number } | { verdict: 'noPlan' };

/** The speed against the plan: the lower of the two directions' shares of the plan, in whole percent. */
export function speedVerdict(result: SpeedResult): SpeedVerdict {
  if (!result.plan) return { verdict: 'noPlan' };
  const share = Math.min(
    result.downloadMbps / result.plan.downloadMbps,
    result.uploadMbps / result.plan.uploadMbps,
  );
  const percent = Math.round(share * 100);
  return share >= SPEED_DELIVERS_RATIO ? { verdict: 'delivers', percent } : { verdict: 'below', percent };
}

export type LossGrade = 'pass' | 'warn' | 'fail';
export const pingGrade = (result: PingResult): LossGrade =>
  result.lossPercent >= PING_LOSS.fail ? 'fail' : result.lossPercent >= PING_LOSS.warn ? 'warn' : 'pass';

/** The 2.4 GHz band's channels overlap when fewer than 5 apart; on 5 GHz only the same 20 MHz channel counts. */
const overlaps = (band: WifiBand, a: number, b: number): boolean =>
  band === '2.4GHz' ? a !== b && Math.abs(a - b) < 5 : false;
/** A neighbour this strong or stronger on the channel takes airtime from the home. */
export const STRONG_NEIGHBOUR_DBM = -70;
const CANDIDATES: Readonly<Record<WifiBand, readonly number[]>> = {
  '2.4GHz': [1, 6, 11],
  '5GHz': [36, 40, 44, 48, 149, 153, 157, 161],
};

/** How crowded a channel is: neighbours on it or overlapping it, the strong ones counting double. */
function load(
  band: WifiBand,
  channel: number,
  neighbours: readonly { channel: number; signalDbm: number }[],
) {
  return neighbours
    .filter((n) => n.channel === channel || overlaps(band, n.channel, channel))
    .reduce((sum, n) => sum + (n.signalDbm >= STRONG_NEIGHBOUR_DBM ? 2 : 1), 0);
}

/**
 * One band of a scan graded: congested from 8 networks sharing or overlapping the channel or 3 strong ones
 * on it, busy from 4 networks or 1 strong one, clear below; and the least loaded channel when it is clearly
 * better (what the optimisation would pick).
 */
export function gradeBand(
  band: WifiBand,
  channel: number | null,
  neighbours: ScanBand['neighbours'],
): Omit<ScanBand, 'band' | 'channel' | 'neighbours'> {
  if (channel === null)
    return { sameChannel: 0, overlapping: 0, strongestDbm: null, verdict: 'clear', betterChannel: null };
  const same = neighbours.filter((n) => n.channel === channel);
  const overlapping = neighbours.filter((n) => overlaps(band, n.channel, channel));
  const sharing = [...same, ...overlapping];
  const strong = same.filter((n) => n.signalDbm >= STRONG_NEIGHBOUR_DBM).length;
  const verdict: WifiVerdict =
    sharing.length >= 8 || strong >= 3 ? 'congested' : sharing.length >= 4 || strong >= 1 ? 'busy' : 'clear';
  const here = load(band, channel, neighbours);
  const best = [...CANDIDATES[band]].sort(
    (a, b) => load(band, a, neighbours) - load(band, b, neighbours),
  )[0]!;
  const betterChannel = verdict !== 'clear' && load(band, best, neighbours) < here / 2 ? best : null;
  return {
    sameChannel: same.length,
    overlapping: overlapping.length,
    strongestDbm: sharing.length > 0 ? Math.max(...sharing.map((n) => n.signalDbm)) : null,
    verdict,
    betterChannel,
  };
}

/** The results the diagnosis may grade today: complete, and younger than TEST_RESULT_FRESH_MS at `now`. */
export function freshResults(tests: readonly DeviceTest[], now: number): TestResult[] {
  return tests
    .filter(
      (test) =>
        test.state === 'complete' &&
        test.result !== null &&
        now - Date.parse(test.endedAt ?? test.requestedAt) < TEST_RESULT_FRESH_MS,
    )
    .map((test) => test.result!);
}
