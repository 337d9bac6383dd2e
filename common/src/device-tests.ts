/**
 * Tests run from the device while the customer waits (docs/device-tests.md): a speed test at the gateway
 * (TR-143 download then upload), a ping and a traceroute to a target engineering keeps, and a Wi-Fi
 * neighbour scan, each through the ACS. What the API answers, what a start asks, the bounds and limits, and
 * the verdicts the 360 view and the diagnosis read. The same schemas validate at the API's edge and in the
 * browser.
 */
import { z } from 'zod';

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

const HOST =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;
const IPV6 = /^[0-9a-f:]{2,39}$/i;

/** A ping and traceroute target engineering keeps (the `DEVICE_TEST_TARGETS` setting): an id, a name, a host. */
export const testTargetSchema = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'Lower-case letters, digits and dashes'),
  label: z.string().trim().min(1).max(80),
  host: z
    .string()
    .trim()
    .refine((host) => HOST.test(host) || IPV6.test(host), 'A host name or an IP address'),
});
export type TestTarget = z.infer<typeof testTargetSchema>;
export const testTargetsSchema = z
  .array(testTargetSchema)
  .min(1)
  .max(20)
  .refine(
    (targets) => new Set(targets.map((target) => target.id)).size === targets.length,
    'Ids must differ',
  );

/**
 * The targets from their setting: `id|label|host` entries separated by commas (the provider's DNS and test
 * servers). A bad entry stops the app with the reason, as the tool links do.
 */
export function parseTestTargets(setting: string): TestTarget[] {
  const entries = setting
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const [id = '', label = '', host = ''] = entry.split('|');
      return { id: id.trim(), label: label.trim(), host: host.trim() };
    });
  return testTargetsSchema.parse(entries);
}

const targetId = testTargetSchema.shape.id;

/** The speed test's server (the `SPEED_TEST_URL` setting): an http(s) URL, checked when the app starts. */
export const speedTestUrlSchema = z.url({ protocol: /^https?$/ });

/** What a start asks (POST /api/360/{mac}/tests): the kind, and for ping and traceroute a target's id. */
export const startTestRequestSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('speed') }),
  z.strictObject({ kind: z.literal('ping'), target: targetId }),
  z.strictObject({ kind: z.literal('traceroute'), target: targetId }),
  z.strictObject({ kind: z.literal('wifiScan') }),
]);
export type StartTestRequest = z.infer<typeof startTestRequestSchema>;

const mbps = z.number().min(0).max(100_000);
const ms = z.number().min(0).max(600_000);

export const speedResultSchema = z.object({
  kind: z.literal('speed'),
  downloadMbps: mbps,
  uploadMbps: mbps,
  /** The plan's speeds from the products section (null: the product states none). */
  plan: z.object({ downloadMbps: mbps, uploadMbps: mbps }).nullable(),
});
export const pingResultSchema = z.object({
  kind: z.literal('ping'),
  target: targetId,
  /** The target's name in the list (the provider's DNS…), and its host. */
  label: z.string(),
  host: z.string(),
  sent: z.number().int().min(0),
  received: z.number().int().min(0),
  lossPercent: z.number().min(0).max(100),
  averageMs: ms.nullable(),
  minimumMs: ms.nullable(),
  maximumMs: ms.nullable(),
});
export const tracerouteHopSchema = z.object({
  hop: z.number().int().min(1),
  host: z.string().nullable(),
  address: z.string().nullable(),
  /** The hop's mean round trip, or null when it did not answer. */
  rttMs: ms.nullable(),
});
export const tracerouteResultSchema = z.object({
  kind: z.literal('traceroute'),
  target: targetId,
  label: z.string(),
  host: z.string(),
  reached: z.boolean(),
  hops: z.array(tracerouteHopSchema).max(64),
});
export const WIFI_BANDS = ['2.4GHz', '5GHz'] as const;
export type WifiBand = (typeof WIFI_BANDS)[number];
export const WIFI_VERDICTS = ['clear', 'busy', 'congested'] as const;
export type WifiVerdict = (typeof WIFI_VERDICTS)[number];
export const neighbourSchema = z.object({
  ssid: z.string().max(64),
  channel: z.number().int().min(1).max(233),
  signalDbm: z.number().min(-120).max(0),
});
export const scanBandSchema = z.object({
  band: z.enum(WIFI_BANDS),
  /** The gateway's channel on this band. */
  channel: z.number().int().min(1).max(233).nullable(),
  /** Networks on the same channel, and on channels that overlap it (2.4 GHz: fewer than 5 apart). */
  sameChannel: z.number().int().min(0),
  overlapping: z.number().int().min(0),
  /** The strongest of those networks (dBm), or null when none shares the channel. */
  strongestDbm: z.number().min(-120).max(0).nullable(),
  verdict: z.enum(WIFI_VERDICTS),
  /** The least used channel of the band, when it is clearer than the one in use (what optimising would pick). */
  betterChannel: z.number().int().min(1).max(233).nullable(),
  neighbours: z.array(neighbourSchema).max(200),
});
export type ScanBand = z.infer<typeof scanBandSchema>;
export const wifiScanResultSchema = z.object({
  kind: z.literal('wifiScan'),
  bands: z.array(scanBandSchema).max(2),
});

export const testResultSchema = z.discriminatedUnion('kind', [
  speedResultSchema,
  pingResultSchema,
  tracerouteResultSchema,
  wifiScanResultSchema,
]);
export type TestResult = z.infer<typeof testResultSchema>;
export type SpeedResult = z.infer<typeof speedResultSchema>;
export type PingResult = z.infer<typeof pingResultSchema>;
export type TracerouteResult = z.infer<typeof tracerouteResultSchema>;
export type WifiScanResult = z.infer<typeof wifiScanResultSchema>;

/** Why a test ended without a result. */
export const TEST_ERRORS = ['unreachable', 'timedOut', 'deviceError', 'acsError'] as const;
export type TestError = (typeof TEST_ERRORS)[number];

/** One test as the API answers it: the newest of its kind on the device. */
export const deviceTestSchema = z.object({
  id: z.string(),
  kind: z.enum(DEVICE_TEST_KINDS),
  state: z.enum(DEVICE_TEST_STATES),
  /** The speed test's phase while it runs. */
  phase: z.enum(['download', 'upload']).nullable(),
  target: targetId.nullable(),
  requestedAt: z.iso.datetime({ offset: true }),
  endedAt: z.iso.datetime({ offset: true }).nullable(),
  by: z.string().nullable(),
  result: testResultSchema.nullable(),
  /** For a test that ended without a result: why (the device's own `DiagnosticsState` for `deviceError`). */
  error: z.object({ code: z.enum(TEST_ERRORS), detail: z.string().max(200).nullable() }).nullable(),
});
export type DeviceTest = z.infer<typeof deviceTestSchema>;

/** GET /api/360/{mac}/tests: the newest test of each kind, and the targets to choose from. */
export const deviceTestsAnswerSchema = z.object({
  tests: z.array(deviceTestSchema),
  targets: z.array(testTargetSchema),
});
export type DeviceTestsAnswer = z.infer<typeof deviceTestsAnswerSchema>;

/** POST /api/360/{mac}/wifi-optimise: the band whose channel the scan found congested. */
export const wifiOptimiseRequestSchema = z.strictObject({ band: z.enum(WIFI_BANDS) });
export type WifiOptimiseRequest = z.infer<typeof wifiOptimiseRequestSchema>;
export const wifiOptimiseResultSchema = z.object({
  status: z.literal('sent'),
  band: z.enum(WIFI_BANDS),
  before: z.number().int().nullable(),
  after: z.number().int(),
});
export type WifiOptimiseResult = z.infer<typeof wifiOptimiseResultSchema>;

/** The 409 of a start while a test of that kind runs on the device (by anyone, on any instance). */
export interface TestRunningDetails {
  kind: 'testRunning';
  test: DeviceTestKind;
  since: string;
  by: string | null;
}

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
