/**
 * Tests run from the device through the ACS (docs/device-tests.md), against the simulator's GenieACS
 * northbound API: each scenario's verdict (a healthy line delivers the plan; a dirty connector loses
 * packets and speed; an unreachable device; a Wi-Fi placement fault with a full-speed gateway; a crowded
 * 2.4 GHz band and its optimisation), the bound of a test that never completes (clock injected), and each
 * refusal, which leaves nothing started.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  deviceTestSchema,
  deviceTestsAnswerSchema,
  speedVerdict,
  TEST_BOUND_MS,
  TEST_LIMITS,
  type DeviceTest,
  type DeviceTestKind,
  type StartTestRequest,
  type TestTarget,
} from '@insight/common/device-tests';
import { faultMac } from '@insight/simulator/catalogue/macs';
import { MemoryAuditSink } from '../domain/audit/audit-sink';
import { memoryTestStore } from '../domain/device-tests/test-store';
import { MemoryUserDirectory } from '../domain/users/user-directory';
import { createApp } from '../app';
import { testVerifyToken, tokenFor } from '../testing/fake-upstream';
import { startSimulator } from '../testing/simulator';

const TARGETS: TestTarget[] = [
  { id: 'dns-primary', label: 'Provider DNS (primary)', host: 'dns1.example-telecom.ca' },
  { id: 'speed-tor', label: 'Test server Toronto', host: 'speedtest-tor.example-telecom.ca' },
];
const support = tokenFor('support2-uid', ['support2']);

let sim: Awaited<ReturnType<typeof startSimulator>>;
let app: ReturnType<typeof createApp>;
let audit: MemoryAuditSink;
let store: ReturnType<typeof memoryTestStore>;
let now = Date.now();

beforeAll(async () => {
  // Diagnostics take 1/1000 of their time: a speed test 10–20 ms. The ACS deadline (10 s) is one that a
  // starved process still answers within; only the acsTimeout fault waits it out.
  sim = await startSimulator({ seed: 'device-tests', acsTimeScale: 0.001 }, 10_000);
  audit = new MemoryAuditSink();
  store = memoryTestStore();
  app = createApp({
    version: 'test',
    verifyToken: testVerifyToken,
    audit,
    directory: new MemoryUserDirectory([]),
    upstream: sim.upstream,
    deviceTests: {
      store,
      targets: TARGETS,
      speedTestUrl: 'http://speedtest-tor.example-telecom.ca/1000MB.bin',
    },
    now: () => now,
  });
});
afterAll(() => sim.close());

const mac = async (kind: string) => (await sim.catalogue(kind, 1))[0]!.mac;
const start = (device: string, body: StartTestRequest | Record<string, unknown>, token = support) =>
  request(app).post(`/api/360/${device}/tests`).set('authorization', token).send(body);
const list = async (device: string) => {
  const res = await request(app).get(`/api/360/${device}/tests`).set('authorization', support);
  expect(res.status).toBe(200);
  return deviceTestsAnswerSchema.parse(res.body);
};

/** Reads the device's tests until the kind's test has ended (the simulator's time is scaled down). */
async function ended(device: string, kind: DeviceTestKind): Promise<DeviceTest> {
  let test: DeviceTest | undefined;
  await vi.waitFor(
    async () => {
      now = Date.now();
      test = (await list(device)).tests.find((item) => item.kind === kind);
      expect(test && !['requested', 'running'].includes(test.state)).toBe(true);
    },
    { timeout: 30_000, interval: 20 },
  );
  return test!;
}

async function run(device: string, body: StartTestRequest): Promise<DeviceTest> {
  now = Date.now();
  const res = await start(device, body);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  expect(deviceTestSchema.parse(res.body).state).toMatch(/running|unreachable/);
  return ended(device, body.kind);
}

describe('a speed test at the gateway', () => {
  it('when the line is healthy, then the gateway gets the plan (download, then upload, against the product speeds)', async () => {
    const device = await mac('dx-healthy');
    const test = await run(device, { kind: 'speed' });
    expect(test).toMatchObject({ state: 'complete', by: expect.any(String), error: null });
    const result = test.result!;
    expect(result.kind).toBe('speed');
    if (result.kind !== 'speed') return;
    expect(result.plan).not.toBeNull();
    expect(speedVerdict(result).verdict).toBe('delivers');
    expect(audit.records.filter((r) => r.operation === 'deviceTest' && r.mac === device)).toEqual([
      expect.objectContaining({ outcome: 'sent', parameters: { kind: 'speed' } }),
    ]);
  });
  it('when a Wi-Fi placement fault makes the clients poor, then the gateway still gets the plan', async () => {
    const test = await run(await mac('dx-wifi-poor'), { kind: 'speed' });
    expect(test.result?.kind === 'speed' && speedVerdict(test.result).verdict).toBe('delivers');
  });
  it('when the connector is dirty, then the gateway gets well under the plan', async () => {
    const test = await run(await mac('dirty-connector'), { kind: 'speed' });
    expect(test.result?.kind === 'speed' && speedVerdict(test.result).verdict).toBe('below');
  });
  it('when the upload never reports completion, then the test ends as timed out at its bound, and says so', async () => {
    const device = faultMac('acsNeverCompletes');
    now = Date.now();
    expect((await start(device, { kind: 'speed' })).status).toBe(202);
    await vi.waitFor(
      async () => {
        // The clock moves with the wait: the ACS's progress is kept a second (ACS_PROGRESS_CACHE) by it.
        now = Date.now();
        expect((await list(device)).tests[0]).toMatchObject({ state: 'running', phase: 'upload' });
      },
      { timeout: 30_000, interval: 20 },
    );
    now += TEST_BOUND_MS.speed;
    expect((await list(device)).tests[0]).toMatchObject({ state: 'timedOut', error: { code: 'timedOut' } });
  });
});

describe('ping and traceroute to a listed target', () => {
  it('when the line is healthy, then no packet is lost to the provider DNS', async () => {
    const test = await run(await mac('dx-healthy'), { kind: 'ping', target: 'dns-primary' });
    expect(test.result).toMatchObject({ kind: 'ping', label: 'Provider DNS (primary)', lossPercent: 0 });
  });
  it('when the connector is dirty, then packets are lost', async () => {
    const test = await run(await mac('dirty-connector'), { kind: 'ping', target: 'dns-primary' });
    expect(test.result?.kind === 'ping' && test.result.lossPercent).toBeGreaterThanOrEqual(2);
  });
  it('when a traceroute runs, then it lists the hops and reaches the target', async () => {
    const test = await run(await mac('dx-healthy'), { kind: 'traceroute', target: 'speed-tor' });
    expect(test.result).toMatchObject({ kind: 'traceroute', reached: true });
    expect(test.result?.kind === 'traceroute' && test.result.hops.length).toBeGreaterThanOrEqual(3);
  });
});

describe('a Wi-Fi neighbour scan, and the optimisation', () => {
  it('when 2.4 GHz is crowded, then the scan says congested, and the optimisation moves the channel, audited', async () => {
    const device = await mac('dx-wifi-crowded');
    const test = await run(device, { kind: 'wifiScan' });
    const band =
      test.result?.kind === 'wifiScan' ? test.result.bands.find((b) => b.band === '2.4GHz') : undefined;
    expect(band).toMatchObject({ verdict: 'congested', channel: 6 });
    expect([1, 11]).toContain(band!.betterChannel);
    const res = await request(app)
      .post(`/api/360/${device}/wifi-optimise`)
      .set('authorization', support)
      .send({ band: '2.4GHz' });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toEqual({ status: 'sent', band: '2.4GHz', before: 6, after: band!.betterChannel });
    expect(audit.records.filter((r) => r.operation === 'wifiOptimise' && r.mac === device)).toEqual([
      expect.objectContaining({ outcome: 'sent', parameters: expect.objectContaining({ band: '2.4GHz' }) }),
    ]);
    const again = await run(device, { kind: 'wifiScan' });
    expect(again.result?.kind === 'wifiScan' && again.result.bands[0]!.channel).toBe(band!.betterChannel);
  });
  it('when the home is healthy, then 5 GHz is clear', async () => {
    const test = await run(await mac('dx-healthy'), { kind: 'wifiScan' });
    expect(
      test.result?.kind === 'wifiScan' && test.result.bands.find((b) => b.band === '5GHz')?.verdict,
    ).toBe('clear');
  });
  it('when no scan was run, then the optimisation is refused and nothing is sent', async () => {
    const device = await mac('dx-healthy');
    store.slots.delete(`${device}_wifiScan`);
    const before = audit.records.length;
    const res = await request(app)
      .post(`/api/360/${device}/wifi-optimise`)
      .set('authorization', support)
      .send({ band: '2.4GHz' });
    expect(res.status).toBe(409);
    expect(audit.records.length).toBe(before);
  });
});

describe('a device the ACS cannot reach', () => {
  it('when the ONU is down, then the test ends unreachable at once', async () => {
    const test = await run(await mac('dx-onu-down'), { kind: 'ping', target: 'dns-primary' });
    expect(test).toMatchObject({ state: 'unreachable', error: { code: 'unreachable' }, result: null });
  });
});

describe('refusals: each is clear and leaves nothing started', () => {
  const nothingStarted = (device: string) =>
    expect(store.slots.get(`${device}_ping`)?.test ?? null).toBeNull();

  it('when the MAC is not a MAC, then 400 invalid_mac', async () => {
    expect((await start('not-a-mac', { kind: 'speed' })).body.error.code).toBe('invalid_mac');
  });
  it('when the device has no ACS record, then 404 and nothing is started', async () => {
    const device = faultMac('acsUnknown');
    const res = await start(device, { kind: 'ping', target: 'dns-primary' });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('No ACS record for this device');
    nothingStarted(device);
  });
  it('when the MAC is valid but unknown to the ACS, then 404 with the reason and nothing is started', async () => {
    const res = await start('0A0B0C0D0E0F', { kind: 'ping', target: 'dns-primary' });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('No ACS record for this device');
    expect(store.slots.get('0A0B0C0D0E0F_ping')).toBeUndefined();
  });
  it('when the target is not in the list, or a free host is sent, then 400 and nothing reaches the ACS', async () => {
    const device = await mac('dx-no-bc');
    expect((await start(device, { kind: 'ping', target: 'unknown-target' })).body.error).toMatchObject({
      code: 'invalid_input',
      path: 'target',
    });
    expect((await start(device, { kind: 'ping', target: '8.8.8.8' })).status).toBe(400);
    expect((await start(device, { kind: 'ping', host: 'evil.example' })).status).toBe(400);
    nothingStarted(device);
  });
  it('when a test of that kind runs on the device, then a second start is 409 with who and since', async () => {
    const device = faultMac('acsNeverCompletes');
    now = Date.now();
    store.slots.delete(`${device}_speed`);
    expect((await start(device, { kind: 'speed' })).status).toBe(202);
    const second = await start(device, { kind: 'speed' }, tokenFor('support3-uid', ['support3']));
    expect(second.status).toBe(409);
    expect(second.body.error.details).toMatchObject({
      kind: 'testRunning',
      test: 'speed',
      by: expect.stringContaining('support2'),
    });
  });
  it('when the device refuses because it runs one itself, then 409 and the slot is given back', async () => {
    const device = faultMac('acsBusy');
    const res = await start(device, { kind: 'ping', target: 'dns-primary' });
    expect(res.status).toBe(409);
    nothingStarted(device);
    expect(audit.records.at(-1)).toMatchObject({
      operation: 'deviceTest',
      outcome: 'failed',
      errorCode: 'conflict',
    });
  });
  it('when the ACS does not answer, then 504 and the slot is given back', async () => {
    const device = faultMac('acsTimeout');
    const res = await start(device, { kind: 'ping', target: 'dns-primary' });
    expect([502, 504]).toContain(res.status);
    nothingStarted(device);
  });
  it("when the device's allowance for the kind is spent, then 429 with Retry-After", async () => {
    const device = await mac('dx-voice-down');
    for (let i = 0; i < TEST_LIMITS.speed.points; i += 1) await run(device, { kind: 'speed' });
    const res = await start(device, { kind: 'speed' });
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
  it('when the role may not, then 403 (the optimisation needs more than a test)', async () => {
    const device = await mac('dx-healthy');
    const support1 = tokenFor('support1-uid', ['support1']);
    expect(
      (
        await request(app)
          .post(`/api/360/${device}/wifi-optimise`)
          .set('authorization', support1)
          .send({ band: '2.4GHz' })
      ).status,
    ).toBe(403);
    expect((await start(device, { kind: 'speed' }, tokenFor('nobody', []))).status).toBe(403);
  });
});

describe('a second agent', () => {
  it('sees the first agent’s result, with who ran it and when', async () => {
    const device = await mac('dx-healthy');
    const answer = await request(app)
      .get(`/api/360/${device}/tests`)
      .set('authorization', tokenFor('other', ['support1']));
    const speed = deviceTestsAnswerSchema.parse(answer.body).tests.find((test) => test.kind === 'speed');
    expect(speed).toMatchObject({ state: 'complete', by: expect.stringContaining('support2') });
    expect(answer.body.targets).toEqual(TARGETS);
  });
});
