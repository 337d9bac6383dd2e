import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import {
  billingAccountListSchema,
  customerAccountSchema,
  deviceSchema,
  lokiMacsSchema,
  productListSchema,
} from '@insight/common/upstream/customer';
import {
  onuDetailsSchema,
  onuFirmwareSchema,
  onuRegistrationSchema,
  onuStateSchema,
  provisioningStatusSchema,
} from '@insight/common/upstream/wan';
import { lanCpeSchema } from '@insight/common/upstream/lan';
import { telephonySubscriberSchema } from '@insight/common/upstream/telephony';
import {
  birthCertificateListSchema,
  birthCertificateSchema,
} from '@insight/common/upstream/birth-certificate';
import { createSimulator } from './server';
import type { CatalogueItem } from './routes/sim';

const EPOCH = Date.UTC(2026, 10, 20);
/** The clock's own timer, kept for waiting on the server while a test fakes the timers. */
const realSetTimeout = globalThis.setTimeout;
/** Waits (on the real clock) until `condition` holds, at most 5 s. */
async function until(condition: () => boolean | Promise<boolean>, what: string) {
  for (const deadline = Date.now() + 30_000; !(await condition());) {
    if (Date.now() > deadline) throw new Error(`${what}: not within 5 s`);
    await new Promise((resolve) => realSetTimeout(resolve, 5));
  }
}
/** Open connections to a server (supertest's requests to it). */
const connections = (server: { getConnections(cb: (error: Error | null, count: number) => void): void }) =>
  new Promise<number>((resolve) => server.getConnections((_error, count) => resolve(count)));

/**
 * On fake timers: `send`'s answer is held until `ms` have passed on the clock, not a moment less; its
 * answer. The request is in the simulator once it has set its timer.
 */
async function heldFor<T>(ms: number, send: () => PromiseLike<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  try {
    let answered = false;
    const answer = Promise.resolve(send()).then((res) => ((answered = true), res));
    await until(() => vi.getTimerCount() > 0, 'the request held');
    await vi.advanceTimersByTimeAsync(ms - 1);
    expect(answered).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    return await answer;
  } finally {
    vi.useRealTimers();
  }
}
/** A simulator of the tests' epoch, without latency, as supertest's server. */
const simulator = async (seed: string) =>
  (await createSimulator({ seed, epoch: EPOCH, config: { latencyMs: 0, jitterMs: 0, errorRate: 0 } })).server;

const app = (
  await createSimulator({
    seed: 'test-seed',
    epoch: EPOCH,
    timeoutFaultMs: 200,
    slowSectionMs: 150,
    config: { latencyMs: 0, jitterMs: 0, errorRate: 0 },
  })
).server;

async function catalogue(kind: string, limit = 20): Promise<CatalogueItem[]> {
  const res = await request(app).get(`/_sim/catalogue?kind=${kind}&limit=${limit}`);
  expect(res.status).toBe(200);
  return res.body.items;
}

async function getJson<T>(path: string, schema: z.ZodType<T>): Promise<T> {
  const res = await request(app).get(path);
  expect(res.status, path).toBe(200);
  const parsed = schema.safeParse(res.body);
  expect(
    parsed.success,
    `${path}: ${parsed.success ? '' : JSON.stringify(parsed.error.issues.slice(0, 3))}`,
  ).toBe(true);
  return parsed.data!;
}

/** Walks every endpoint for one device and checks each answer against the contract. */
async function walk(item: CatalogueItem) {
  const mac = item.mac;
  const account = await getJson(`/customer-accounts?language=en&deviceMac=${mac}`, customerAccountSchema);
  const billing = await getJson(
    `/customer-accounts/${account.customerAccountNumber}/billing-accounts?language=en`,
    billingAccountListSchema,
  );
  expect(billing.length).toBeGreaterThan(0);
  for (const bill of billing) {
    const products = await getJson(
      `/billing-accounts/${bill.billingAccountNumber}/products?language=fr`,
      productListSchema,
    );
    expect(products[0]!.address.fiberNode).toBeTruthy();
  }
  await getJson(`/customer-accounts/${account.customerAccountNumber}/loki/macs`, lokiMacsSchema);
  await getJson(`/devices/${mac}`, deviceSchema);
  const details = await getJson(`/api/fe/wan/v1/pon/onu/${mac}/details`, onuDetailsSchema);
  await getJson(`/api/fe/wan/v1/pon/onu/${mac}/state`, onuStateSchema);
  const firmware = await getJson(`/api/fe/wan/v1/pon/onu/${mac}/firmware`, onuFirmwareSchema);
  expect(firmware.score).toBe(
    firmware.approved.length === 0 ? -1 : firmware.approved.includes(firmware.current) ? 0 : 1,
  );
  await getJson(`/api/fe/wan/v1/pon/onu/${mac}/registration`, onuRegistrationSchema);
  await getJson(`/api/fe/wan/v1/pon/onu/${mac}/provisioning/status?language=fr`, provisioningStatusSchema);
  const lan = await getJson(`/api/fe/lan/v1/cpe/${mac}`, lanCpeSchema);
  expect(lan.pods.length).toBeLessThanOrEqual(6);
  expect(lan.clients.length).toBeLessThanOrEqual(40);
  const voicePath =
    details.networkType === 'EPON'
      ? `/api/fe/telephony/subscriber/${details.serialNumber}/hostIpMta/${details.hostIpMta}`
      : `/api/fe/telephony/subscriber/${details.serialNumber}`;
  if (item.kinds.includes('voice')) {
    const voice = await getJson(voicePath, telephonySubscriberSchema);
    expect(voice.ports.length).toBeGreaterThanOrEqual(1);
    expect(voice.ports.length).toBeLessThanOrEqual(3);
  } else {
    expect((await request(app).get(voicePath)).status).toBe(404);
  }
  const bcPath = `/bc/${details.networkType.toLowerCase()}/bc/bu/${details.networkGroup.slice(0, 2)}/onumac/${mac}/all`;
  if (item.kinds.includes('no-bc')) expect((await request(app).get(bcPath)).status).toBe(404);
  else await getJson(bcPath, birthCertificateListSchema);
}

describe('simulator: every endpoint answers every field, for 20 devices of each kind', () => {
  for (const kind of [
    'epon',
    'gpon',
    'on',
    'qc',
    'voice',
    'pods',
    'many-pods',
    'no-bc',
    'multi-billing',
    'no-active-billing',
    'bc-2h',
    'bc-30h',
  ]) {
    it(`when walking ${kind} devices, then every answer matches the contract`, async () => {
      const items = await catalogue(kind);
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) await walk(item);
    });
  }

  it('when listing the catalogue, then it holds at least 5 000 customers with the kinds the tests need', async () => {
    const res = await request(app).get('/_sim/catalogue?limit=1');
    expect(res.body.total).toBeGreaterThanOrEqual(5000);
    for (const kind of [
      'epon',
      'gpon',
      'on',
      'qc',
      'voice',
      'pods',
      'no-bc',
      'multi-billing',
      'power-pass',
      'power-warn',
      'power-fail',
      'firmware-wrong',
      'firmware-none',
    ]) {
      expect(res.body.kinds).toContain(kind);
    }
  });
});

describe('simulator: determinism', () => {
  it('when two simulators start with the same seed, then answers are byte-identical', async () => {
    const other = await simulator('test-seed');
    const different = await simulator('other-seed');
    const items = await catalogue('voice', 5);
    let differs = 0;
    for (const item of items) {
      for (const path of [
        `/customer-accounts?deviceMac=${item.mac}`,
        `/api/fe/wan/v1/pon/onu/${item.mac}/state`,
        `/api/fe/lan/v1/cpe/${item.mac}`,
      ]) {
        const [a, b, c] = await Promise.all([
          request(app).get(path),
          request(other).get(path),
          request(different).get(path),
        ]);
        expect(a.text).toBe(b.text);
        if (a.text !== c.text) differs++;
      }
    }
    expect(differs).toBeGreaterThan(0);
  });
});

describe('simulator: faults and bad input', () => {
  it('when each fault MAC is called, then its section fails as listed and the others answer', async () => {
    const faults = Object.fromEntries(
      (await catalogue('fault', 50)).map((item) => [item.kinds.find((k) => k.startsWith('fault-'))!, item]),
    );
    const f = (name: string) => faults[`fault-${name}`]!.mac;
    expect((await request(app).get(`/customer-accounts?deviceMac=${f('customer404')}`)).status).toBe(404);
    expect((await request(app).get(`/api/fe/wan/v1/pon/onu/${f('customer404')}/state`)).status).toBe(200);
    expect((await request(app).get(`/customer-accounts?deviceMac=${f('customer500')}`)).status).toBe(500);
    expect((await request(app).get(`/api/fe/wan/v1/pon/onu/${f('wanTimeout')}/details`)).status).toBe(504);
    expect((await request(app).get(`/customer-accounts?deviceMac=${f('wanTimeout')}`)).status).toBe(200);
    const malformed = await request(app)
      .get(`/api/fe/lan/v1/cpe/${f('malformedJson')}`)
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => done(null, text));
      });
    expect(malformed.status).toBe(200);
    expect(() => JSON.parse(malformed.body as string)).toThrow();
    expect(
      (await heldFor(150, () => request(app).get(`/api/fe/lan/v1/cpe/${f('slowSection')}`))).status,
    ).toBe(200);
    const tel = faults['fault-telephonyDown']!;
    const telPath =
      tel.networkType === 'EPON'
        ? `/api/fe/telephony/subscriber/${tel.serialNumber}/hostIpMta/${tel.hostIpMta}`
        : `/api/fe/telephony/subscriber/${tel.serialNumber}`;
    expect((await request(app).get(telPath)).status).toBe(503);
    const bc = faults['fault-bcServerError']!;
    const details = (await request(app).get(`/api/fe/wan/v1/pon/onu/${bc.mac}/details`)).body;
    expect(
      (
        await request(app).get(
          `/bc/${bc.networkType.toLowerCase()}/bc/bu/${details.networkGroup.slice(0, 2)}/onumac/${bc.mac}/all`,
        )
      ).status,
    ).toBe(500);
  });

  it('when a request carries x-sim-fault, then that request fails that way', async () => {
    const [item] = await catalogue('gpon', 1);
    expect(
      (await request(app).get(`/api/fe/lan/v1/cpe/${item!.mac}`).set('x-sim-fault', 'error')).status,
    ).toBe(500);
    expect(
      (await request(app).get(`/api/fe/lan/v1/cpe/${item!.mac}`).set('x-sim-fault', 'unavailable')).status,
    ).toBe(503);
  });

  it.each([
    ['/api/fe/wan/v1/pon/onu/zz/state', 400],
    ['/api/fe/wan/v1/pon/onu/AABBCCDDEEF/state', 400],
    ['/api/fe/wan/v1/pon/onu/..%2F..%2Fetc/state', 400],
    ['/api/fe/wan/v1/pon/onu/000000000000/state', 404],
    ['/customer-accounts?deviceMac=', 400],
    ['/customer-accounts?deviceMac=A4C1E8000000&language=de', 400],
    ['/customer-accounts/123/billing-accounts', 404],
    ['/api/fe/telephony/subscriber/nope', 400],
    ['/_sim/catalogue?limit=0', 400],
    ['/no/such/service', 404],
  ])('when GET %s, then it answers %i', async (path, status) => {
    expect((await request(app).get(path)).status).toBe(status);
  });

  it('when a body is malformed or wrong, then it answers 400', async () => {
    const [item] = await catalogue('gpon', 1);
    expect(
      (await request(app).post(`/api/fe/wan/v1/pon/onu/${item!.mac}/action`).send({ action: 'reboot' }))
        .status,
    ).toBe(400);
    expect(
      (
        await request(app)
          .post(`/api/fe/wan/v1/pon/onu/${item!.mac}/action`)
          .set('content-type', 'application/json')
          .send('{"action":')
      ).status,
    ).toBe(400);
    expect((await request(app).put('/bc/gpon/bc/bu/ON').send({ cmts: '', requestDetails: [] })).status).toBe(
      400,
    );
    expect(
      (await request(app).post('/sms/v1/messages').send({ to: '12345', body: 'x', mac: item!.mac })).status,
    ).toBe(400);
  });

  it('when a body is empty, too large or not JSON, or a path is unknown, then the answer says so in the error shape', async () => {
    const local = await simulator('test-seed'); // its own records
    const [item] = await catalogue('voice', 1);
    const serial = item!.serialNumber;
    const voicemail = `/api/fe/telephony/subscriber/${serial}/ports/1/voicemail/mwi-reset`;
    // An operation without parameters may send an empty JSON body.
    const emptyJson = await request(local).post(voicemail).set('content-type', 'application/json').send('');
    expect(emptyJson.status).toBe(202);
    expect(emptyJson.body).toMatchObject({ accepted: true, operation: 'mwiReset', port: 1 });
    const malformed = await request(local)
      .post(voicemail)
      .set('content-type', 'application/json')
      .send('{"operation":');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ error: 'bad_request', message: 'Malformed request' });
    const large = await request(local)
      .post('/sms/v1/messages')
      .send({ to: '6135550199', body: 'x'.repeat(70_000), mac: item!.mac });
    expect(large.status).toBe(413);
    expect(large.body.error).toBe('bad_request');
    const unknown = await request(local).get('/api/fe/nothing/here?x=1');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      error: 'not_found',
      message: 'No simulated endpoint for GET /api/fe/nothing/here',
    });
    // A trailing slash reaches the same endpoint.
    expect((await request(local).get(`/api/fe/wan/v1/pon/onu/${item!.mac}/details/`)).status).toBe(200);
  });

  it('when the error rate is 1, then every upstream call fails with 500 and the /_sim routes still answer', async () => {
    const local = await simulator('test-seed');
    expect((await request(local).put('/_sim/config').send({ errorRate: 1 })).status).toBe(200);
    const [item] = await catalogue('gpon', 1);
    for (const path of [
      `/api/fe/wan/v1/pon/onu/${item!.mac}/state`,
      `/customer-accounts?deviceMac=${item!.mac}`,
    ]) {
      const res = await request(local).get(path);
      expect(res.status).toBe(500);
      expect(res.body.error).toBe('injected');
    }
    // The operation fails as a whole: nothing is recorded as done.
    const reset = await request(local)
      .post(`/api/fe/wan/v1/pon/onu/${item!.mac}/action`)
      .send({ action: 'reset' });
    expect(reset.status).toBe(500);
    expect((await request(local).get(`/_sim/records?mac=${item!.mac}`)).body).toEqual([]);
    expect((await request(local).get('/_sim/health')).status).toBe(200);
    const before = (await request(local).get('/_sim/cpu')).body as {
      userMicros: number;
      systemMicros: number;
    };
    await request(local).get('/_sim/catalogue?limit=1000');
    const after = (await request(local).get('/_sim/cpu')).body as typeof before;
    expect(after.userMicros + after.systemMicros).toBeGreaterThan(before.userMicros + before.systemMicros);
  });

  it('when the global latency is 50 ms, then each call takes at least 50 ms', async () => {
    const local = await simulator('test-seed');
    expect((await request(local).put('/_sim/config').send({ latencyMs: 50 })).body).toMatchObject({
      latencyMs: 50,
    });
    const [item] = await catalogue('gpon', 1);
    for (const path of [
      `/api/fe/wan/v1/pon/onu/${item!.mac}/state`,
      `/customer-accounts?deviceMac=${item!.mac}`,
    ]) {
      expect((await heldFor(50, () => request(local).get(path))).status).toBe(200);
    }
    expect((await request(local).put('/_sim/config').send({ latencyMs: -1 })).status).toBe(400);
  });
});

describe('simulator: operations are recorded', () => {
  it('when a reset, a voice operation, a regeneration and an SMS are sent, then /_sim/records lists them', async () => {
    const [item] = await catalogue('voice', 1);
    const mac = item!.mac;
    expect(
      (await request(app).post(`/api/fe/wan/v1/pon/onu/${mac}/action`).send({ action: 'reset' })).status,
    ).toBe(202);
    const voice = (
      await request(app).get(
        item!.networkType === 'EPON'
          ? `/api/fe/telephony/subscriber/${item!.serialNumber}/hostIpMta/${item!.hostIpMta}`
          : `/api/fe/telephony/subscriber/${item!.serialNumber}`,
      )
    ).body;
    const port = voice.ports[0].port;
    expect(
      (
        await request(app)
          .put(`/api/fe/telephony/subscriber/${item!.serialNumber}/ports/${port}/call-forwarding`)
          .send({ enabled: true, number: '6135550100' })
      ).status,
    ).toBe(202);
    expect(
      (
        await request(app).post(
          `/api/fe/telephony/subscriber/${item!.serialNumber}/ports/${port}/voicemail/mwi-reset`,
        )
      ).status,
    ).toBe(202);
    const details = (await request(app).get(`/api/fe/wan/v1/pon/onu/${mac}/details`)).body;
    const prefix = details.networkGroup.slice(0, 2);
    const body = {
      cmts: '',
      requestDetails: [
        { macAddress: mac, techName: 'INSIGHT_UI', jobType: 'REGENERATION', bcEpicoDevices: [] },
      ],
    };
    const put = await request(app).put(`/bc/${details.networkType}/bc/bu/${prefix}`).send(body);
    expect(put.status).toBe(201);
    expect(birthCertificateSchema.safeParse(put.body).success).toBe(true);
    const post = await request(app).post(`/bc/${details.networkType}/bc/bu/${prefix}`).send(body);
    expect(post.body.id).toBe(put.body.id);
    const list = (
      await request(app).get(`/bc/${details.networkType.toLowerCase()}/bc/bu/${prefix}/onumac/${mac}/all`)
    ).body as Array<{ id: string }>;
    expect(list.filter((bc) => bc.id === put.body.id)).toHaveLength(1);
    expect(
      (await request(app).post('/sms/v1/messages').send({ to: '6135550199', body: 'Your certificate', mac }))
        .status,
    ).toBe(202);
    const records = (await request(app).get(`/_sim/records?mac=${mac}`)).body as Array<{
      kind: string;
      method: string;
    }>;
    expect(records.map((r) => `${r.kind}:${r.method}`).sort()).toEqual(
      ['bc:POST', 'bc:PUT', 'reset:POST', 'sms:POST', 'voice:POST', 'voice:PUT'].sort(),
    );
    expect((await request(app).get('/_sim/records?kind=sms&to=6135550199')).body).toHaveLength(1);
  });
});

/**
 * On fake timers: `first` is sent and held in its route for `ms`; `retry` is sent while it is held (once
 * its connection is open), then the clock moves on. Both answers.
 */
async function whileFirstHeld<T>(ms: number, first: () => PromiseLike<T>, retry: () => PromiseLike<T>) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  try {
    const first$ = Promise.resolve(first());
    await until(() => vi.getTimerCount() > 0, 'the first attempt held');
    const open = await connections(app);
    const retry$ = Promise.resolve(retry());
    await until(async () => (await connections(app)) > open, "the retry's connection");
    await vi.advanceTimersByTimeAsync(ms);
    return await Promise.all([first$, retry$]);
  } finally {
    vi.useRealTimers();
  }
}

describe('simulator: idempotency keys', () => {
  it('when an operation is sent twice with the same key, then it is done once and the same answer comes back; another key or body is a new operation', async () => {
    const [item] = await catalogue('epon', 1);
    const mac = item!.mac;
    const path = `/api/fe/wan/v1/pon/onu/${mac}/action`;
    const before = (await request(app).get(`/_sim/records?kind=reset&mac=${mac}`)).body.length as number;
    const send = (key: string, body: object = { action: 'reset' }) =>
      request(app).post(path).set('idempotency-key', key).send(body);
    const first = await send('key-aaaaaaaa');
    const again = await send('key-aaaaaaaa');
    expect(first.status).toBe(202);
    expect(again.status).toBe(202);
    expect(again.body.requestId).toBe(first.body.requestId);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await request(app).get(`/_sim/records?kind=reset&mac=${mac}`)).body).toHaveLength(before + 1);
    const other = await send('key-bbbbbbbb');
    expect(other.body.requestId).not.toBe(first.body.requestId);
    expect((await send('key-aaaaaaaa', { action: 'bogus' })).status).toBe(400);
    expect((await request(app).get(`/_sim/records?kind=reset&mac=${mac}`)).body).toHaveLength(before + 2);
  });

  it('when a retry arrives while the first attempt still runs, then it waits for it: one record, the same answer', async () => {
    const [, item] = await catalogue('epon', 2);
    const mac = item!.mac;
    const path = `/api/fe/wan/v1/pon/onu/${mac}/action`;
    const before = (await request(app).get(`/_sim/records?kind=reset&mac=${mac}`)).body.length as number;
    // The slow fault holds the first attempt in its route for 150 ms; the retry comes meanwhile.
    const send = () =>
      request(app)
        .post(path)
        .set('idempotency-key', 'key-in-flight')
        .set('x-sim-fault', 'slow')
        .send({ action: 'reset' });
    const [first, retry] = await whileFirstHeld(150, send, send);
    expect(first.status).toBe(202);
    expect(retry.status).toBe(202);
    expect(retry.body.requestId).toBe(first.body.requestId);
    expect([first, retry].filter((res) => res.headers['idempotent-replayed'] === 'true')).toHaveLength(1);
    expect((await request(app).get(`/_sim/records?kind=reset&mac=${mac}`)).body).toHaveLength(before + 1);
  });

  it('when the first attempt fails, then a retry waiting for it runs the operation', async () => {
    const [, , item] = await catalogue('epon', 3);
    const mac = item!.mac;
    const path = `/api/fe/wan/v1/pon/onu/${mac}/action`;
    const before = (await request(app).get(`/_sim/records?kind=reset&mac=${mac}`)).body.length as number;
    const send = (fault?: string) => {
      const req = request(app).post(path).set('idempotency-key', 'key-first-fails');
      return (fault ? req.set('x-sim-fault', fault) : req).send({ action: 'reset' });
    };
    // The first attempt answers 504 after 200 ms; the retry sent at once waits, then runs.
    const [first, retry] = await whileFirstHeld(200, () => send('timeout'), send);
    expect(first.status).toBe(504);
    expect(retry.status).toBe(202);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect((await request(app).get(`/_sim/records?kind=reset&mac=${mac}`)).body).toHaveLength(before + 1);
  });
});
