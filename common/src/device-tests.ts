/**
 * Tests run from the device while the customer waits (docs/device-tests.md): a speed test at the gateway
 * (TR-143 download then upload), a ping and a traceroute to a target engineering keeps, and a Wi-Fi
 * neighbour scan, each through the ACS. What the API answers, what a start asks, the bounds and limits, and
 * the verdicts the 360 view and the diagnosis read. The same schemas validate at the API's edge and in the
 * browser.
 */
import { z } from 'zod';
import {
  DEVICE_TEST_KINDS,
  DEVICE_TEST_STATES,
  WIFI_BANDS,
  WIFI_VERDICTS,
  type DeviceTestKind,
} from './device-test-verdicts';

export * from './device-test-verdicts';

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
