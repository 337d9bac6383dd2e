/**
 * Tests run from a device through the ACS (docs/device-tests.md): a start checks the target against the
 * list, finds the device at the ACS, takes the kind's slot (one test per kind and device at a time, a limit
 * per window) and sends the first step; each read of the device's tests moves the running ones on (the
 * device's `DiagnosticsState`, the speed test's upload after its download, the bound); the Wi-Fi
 * optimisation sets the channel the last scan found clearer. Every start and optimisation is audited.
 */
import { randomUUID } from 'node:crypto';
import {
  gradeBand,
  TEST_BOUND_MS,
  TEST_RESULT_FRESH_MS,
  WIFI_BANDS,
  type DeviceTest,
  type DeviceTestKind,
  type DeviceTestsAnswer,
  type StartTestRequest,
  type TestResult,
  type TestRunningDetails,
  type TestTarget,
  type WifiBand,
  type WifiOptimiseResult,
} from '@insight/common/device-tests';
import { AppError } from '../../lib/app-error';
import { getCustomer } from '../customer/get-customer';
import { audited, writeAudit, type Actor, type OperationDeps } from '../operations/operations';
import type { CallCache } from '../../lib/call-cache';
import type { DeviceTests, StepObject, StepProgress, StepReadings, TestStep } from './device-tests-port';
import { type DeviceTestStore, type StoredTest } from './test-store';

export interface TestDeps extends Pick<OperationDeps, 'calls' | 'audit' | 'logger' | 'now'> {
  tests: DeviceTests;
  store: DeviceTestStore;
  /** The ping and traceroute targets engineering keeps (the only hosts a test may reach). */
  targets: readonly TestTarget[];
  /** The provider's TR-143 test server (download file, upload target). */
  speedTestUrl: string;
  newId?: () => string;
  /**
   * The progress of a test's step, asked of the ACS once per `ACS_PROGRESS_CACHE.ttlMs` on an instance,
   * however many agents' views poll the device (config/cache-ages.ts); without it, every read asks.
   */
  progressCache?: CallCache;
}

/** The plan's speeds kept with a speed test (read once, when it starts). */
type Plan = { downloadMbps: number; uploadMbps: number } | null;
type Running = StoredTest & { plan?: Plan; downloadMbps?: number };

const PING_REPETITIONS = 10;
const MAX_HOPS = 30;

const clock = (deps: TestDeps) => (deps.now ?? Date.now)();
const iso = (ms: number) => new Date(ms).toISOString();

function firstStep(deps: TestDeps, request: StartTestRequest, target: TestTarget | null): TestStep {
  switch (request.kind) {
    case 'speed':
      return { object: 'download', url: deps.speedTestUrl };
    case 'ping':
      return { object: 'ping', host: target!.host, repetitions: PING_REPETITIONS };
    case 'traceroute':
      return { object: 'traceroute', host: target!.host, maxHops: MAX_HOPS };
    case 'wifiScan':
      return { object: 'wifiScan' };
  }
}

/** About 8 seconds at the plan's upload speed (a TR-143 upload sends a file of a given length). */
const uploadBytes = (plan: Plan) => Math.round(((plan?.uploadMbps ?? 50) * 1_000_000 * 8) / 8);

const mbps = (readings: { bytes: number; seconds: number }) => {
  const value = (readings.bytes * 8) / readings.seconds / 1_000_000;
  return value >= 100 ? Math.round(value) : Math.round(value * 10) / 10;
};

/** The answer's view of a stored test (who started it by e-mail; no uid, no ACS id). */
export function publicTest(test: StoredTest): DeviceTest {
  const { id, kind, state, phase, target, requestedAt, endedAt, by, result, error } = test;
  return { id, kind, state, phase, target, requestedAt, endedAt, by, result, error };
}

function resultOf(test: Running, readings: StepReadings, targets: readonly TestTarget[]): TestResult | null {
  const listed = targets.find((target) => target.id === test.target);
  const host = listed?.host ?? '';
  const label = listed?.label ?? test.target ?? '';
  switch (readings.object) {
    case 'upload':
      return {
        kind: 'speed',
        downloadMbps: test.downloadMbps ?? 0,
        uploadMbps: mbps(readings),
        plan: test.plan ?? null,
      };
    case 'ping':
      return {
        kind: 'ping',
        target: test.target ?? '',
        label,
        host,
        sent: readings.sent,
        received: readings.received,
        lossPercent:
          readings.sent > 0
            ? Math.round(((readings.sent - readings.received) / readings.sent) * 1000) / 10
            : 100,
        averageMs: readings.averageMs,
        minimumMs: readings.minimumMs,
        maximumMs: readings.maximumMs,
      };
    case 'traceroute': {
      const last = readings.hops.at(-1);
      return {
        kind: 'traceroute',
        target: test.target ?? '',
        label,
        host,
        reached: !!last && last.rttMs !== null && (last.host === host || last.address === host),
        hops: readings.hops.map((hop, i) => ({ hop: i + 1, ...hop })),
      };
    }
    case 'wifiScan':
      return {
        kind: 'wifiScan',
        bands: WIFI_BANDS.flatMap((band) => {
          const radio = readings.radios.find((item) => item.band === band);
          if (!radio) return [];
          const neighbours = readings.neighbours
            .filter((item) => item.band === band)
            .map(({ ssid, channel, signalDbm }) => ({ ssid, channel, signalDbm }));
          return [
            { band, channel: radio.channel, neighbours, ...gradeBand(band, radio.channel, neighbours) },
          ];
        }),
      };
    case 'download':
      return null;
  }
}

async function auditStart(
  deps: TestDeps,
  actor: Actor,
  mac: string,
  parameters: Record<string, unknown>,
  outcome: 'sent' | 'failed' | 'unknown',
  errorCode: AppError['code'] | null,
) {
  await writeAudit(deps, {
    uid: actor.uid,
    email: actor.email,
    mac,
    customerAccountNumber: null,
    operation: 'deviceTest',
    parameters,
    outcome,
    errorCode,
  });
}

/** The plan's speeds from the products section (cached with the view); null when unknown. */
async function planOf(deps: TestDeps, mac: string): Promise<Plan> {
  try {
    const plan = (await getCustomer(deps.calls, mac, 'en', false)).data.plan;
    return plan ? { downloadMbps: plan.downloadMbps, uploadMbps: plan.uploadMbps } : null;
  } catch {
    return null;
  }
}

export async function startTest(
  deps: TestDeps,
  actor: Actor,
  mac: string,
  request: StartTestRequest,
  idempotencyKey?: string,
): Promise<DeviceTest> {
  const kind = request.kind;
  const target =
    request.kind === 'ping' || request.kind === 'traceroute'
      ? (deps.targets.find((item) => item.id === request.target) ?? null)
      : null;
  if ((request.kind === 'ping' || request.kind === 'traceroute') && !target)
    throw new AppError('invalid_input', 'The target is not one of the list engineering keeps', {
      path: 'target',
    });
  const parameters = { kind, ...(target ? { target: target.id, host: target.host } : {}) };
  const device = await deps.tests.locate(mac);
  if (!device) throw new AppError('not_found', 'No ACS record for this device');
  const now = clock(deps);
  const step = firstStep(deps, request, target);
  const test: Running = {
    id: (deps.newId ?? randomUUID)(),
    kind,
    state: 'requested',
    phase: kind === 'speed' ? 'download' : null,
    target: target?.id ?? null,
    requestedAt: iso(now),
    endedAt: null,
    by: actor.email,
    result: null,
    error: null,
    uid: actor.uid,
    device,
    step: step.object,
    ...(idempotencyKey ? { idempotencyKey } : {}),
    ...(kind === 'speed' ? { plan: await planOf(deps, mac) } : {}),
  };
  const verdict = await deps.store.begin(mac, kind, test, now);
  if (!verdict.ok) {
    // The retry of a start that got no answer: the test it started.
    if (verdict.reason === 'running' && idempotencyKey && verdict.test.idempotencyKey === idempotencyKey)
      return publicTest(verdict.test);
    if (verdict.reason === 'limit')
      throw new AppError('rate_limited', 'Too many tests of this kind on this device: try again later', {
        retryAfterSeconds: verdict.retryAfterSeconds,
      });
    const details: TestRunningDetails = {
      kind: 'testRunning',
      test: kind,
      since: verdict.test.requestedAt,
      by: verdict.test.by,
    };
    throw new AppError('conflict', 'A test of this kind is already running on this device', { details });
  }
  let outcome;
  try {
    outcome = await deps.tests.start(device, step);
  } catch (error) {
    // Not sent, or not known to be: the slot is given back; the audit says which.
    await deps.store.restore(mac, kind, test.id, verdict.previous);
    const code = error instanceof AppError ? error.code : 'internal';
    await auditStart(deps, actor, mac, parameters, code === 'upstream_timeout' ? 'unknown' : 'failed', code);
    throw error;
  }
  if (outcome === 'busy') {
    await deps.store.restore(mac, kind, test.id, verdict.previous);
    await auditStart(deps, actor, mac, parameters, 'failed', 'conflict');
    const details: TestRunningDetails = { kind: 'testRunning', test: kind, since: iso(now), by: null };
    throw new AppError('conflict', 'The device refused the test: it is already running one of this kind', {
      details,
    });
  }
  const ended = iso(clock(deps));
  const stored = await deps.store.update(mac, kind, test.id, (current) =>
    outcome === 'unreachable'
      ? { ...current, state: 'unreachable', endedAt: ended, error: { code: 'unreachable', detail: null } }
      : { ...current, state: 'running' },
  );
  await auditStart(
    deps,
    actor,
    mac,
    parameters,
    outcome === 'started' ? 'sent' : 'failed',
    outcome === 'started' ? null : 'upstream_error',
  );
  return publicTest(stored ?? test);
}

/**
 * What the device says of a running test's step. Through `progressCache`, keyed by the test and its step
 * (never by the device alone: a test started on another instance within the second must not read the
 * last test's result): concurrent reads share one ACS call, reads within the second its answer, a
 * failure is not kept.
 */
export async function progressOf(
  deps: Pick<TestDeps, 'tests' | 'progressCache'>,
  test: { id: string; device: string; step: StepObject },
): Promise<StepProgress> {
  const read = () => deps.tests.progress(test.device, test.step);
  return deps.progressCache ? (await deps.progressCache.get(`${test.id}:${test.step}`, read)).value : read();
}

/** Moves a running test on: its bound, then what the device says of its step. */
async function advance(deps: TestDeps, mac: string, test: Running): Promise<StoredTest> {
  const now = clock(deps);
  // Ends the test unless another request ended it first.
  const end =
    (patch: Partial<StoredTest>) =>
    (current: StoredTest): StoredTest | null =>
      current.state === 'requested' || current.state === 'running'
        ? { ...current, ...patch, endedAt: iso(now) }
        : null;
  if (now - Date.parse(test.requestedAt) >= TEST_BOUND_MS[test.kind])
    return (
      (await deps.store.update(
        mac,
        test.kind,
        test.id,
        end({ state: 'timedOut', error: { code: 'timedOut', detail: null } }),
      )) ?? test
    );
  if (test.state !== 'running' || !test.device || !test.step) return test;
  const progress = await progressOf(deps, test as Running & { device: string; step: StepObject });
  if (progress.state === 'running') return test;
  if (progress.state === 'error')
    return (
      (await deps.store.update(
        mac,
        test.kind,
        test.id,
        end({ state: 'failed', error: { code: 'deviceError', detail: progress.detail } }),
      )) ?? test
    );
  const readings = progress.readings;
  if (readings.object === 'download') {
    // The upload follows: the request that moves the test to it sends it, once.
    const claimed = (await deps.store.update(mac, test.kind, test.id, (current) =>
      current.step === 'download' && current.state === 'running'
        ? ({ ...current, step: 'upload', phase: 'upload', downloadMbps: mbps(readings) } as Running)
        : null,
    )) as Running | null;
    if (!claimed) return test;
    const outcome = await deps.tests
      .start(test.device, { object: 'upload', url: deps.speedTestUrl, bytes: uploadBytes(test.plan ?? null) })
      .catch(() => 'error' as const);
    if (outcome === 'started') return claimed;
    return (
      (await deps.store.update(
        mac,
        test.kind,
        test.id,
        end(
          outcome === 'unreachable'
            ? { state: 'unreachable', error: { code: 'unreachable', detail: null } }
            : { state: 'failed', error: { code: 'deviceError', detail: `upload ${outcome}` } },
        ),
      )) ?? claimed
    );
  }
  const result = resultOf(test, readings, deps.targets);
  return (
    (await deps.store.update(mac, test.kind, test.id, (current) =>
      current.step === readings.object ? end({ state: 'complete', result, phase: null })(current) : null,
    )) ?? test
  );
}

/**
 * The newest test of each kind on the device, the running ones moved on first (an ACS that does not answer
 * leaves them as they are: they end at their bound), and the targets to choose from.
 */
export async function listTests(deps: TestDeps, mac: string): Promise<DeviceTestsAnswer> {
  const stored = await deps.store.list(mac);
  const tests = await Promise.all(
    stored.map((test) =>
      test.state === 'requested' || test.state === 'running'
        ? advance(deps, mac, test as Running).catch((error: unknown) => {
            deps.logger.error('device test progress unreadable', {
              mac,
              kind: test.kind,
              error: String(error),
            });
            return test;
          })
        : test,
    ),
  );
  return { tests: tests.map(publicTest), targets: [...deps.targets] };
}

/**
 * The Wi-Fi optimisation (Plume homes): sets the band's channel to the clearer one the last scan (younger
 * than an hour) found, and says the channel before and after.
 */
export async function optimiseWifi(
  deps: TestDeps,
  actor: Actor,
  mac: string,
  band: WifiBand,
  idempotencyKey?: string,
): Promise<WifiOptimiseResult> {
  const scan = (await deps.store.list(mac)).find((test) => test.kind === 'wifiScan');
  const fresh =
    scan?.state === 'complete' &&
    scan.result?.kind === 'wifiScan' &&
    clock(deps) - Date.parse(scan.endedAt ?? scan.requestedAt) < TEST_RESULT_FRESH_MS
      ? scan.result
      : null;
  if (!fresh)
    throw new AppError('conflict', 'Run a Wi-Fi scan first: the optimisation picks the channel from it');
  const after = fresh.bands.find((item) => item.band === band)?.betterChannel ?? null;
  if (after === null) throw new AppError('conflict', 'The last scan found no clearer channel on this band');
  const lan = await deps.calls.lan(mac, false);
  if (lan.value.plume.license.status !== 'active')
    throw new AppError('conflict', 'The Wi-Fi optimisation is for Plume homes');
  const parameters = { band, channel: after, ...(idempotencyKey ? { idempotencyKey } : {}) };
  return audited(deps, actor, mac, 'wifiOptimise', parameters, async () => {
    const device = await deps.tests.locate(mac);
    if (!device) throw new AppError('not_found', 'No ACS record for this device');
    const before = (await deps.tests.radios(device)).find((radio) => radio.band === band)?.channel ?? null;
    const outcome = await deps.tests.setChannel(device, band, after);
    if (outcome === 'unreachable') throw new AppError('upstream_error', 'The device did not answer the ACS');
    if (outcome === 'busy')
      throw new AppError('conflict', 'The device refused the change: it is running a test');
    deps.calls.forget(`lan:${mac}`);
    return { status: 'sent', band, before, after };
  });
}

export type { DeviceTestKind };
