import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClients } from '../app';
import { appWith, tokenFor } from '../testing/fake-upstream';
import { startSimulator } from '../testing/simulator';

// The API's upstream timeout in these tests: a healthy answer stays under it even from a process starved
// beside the emulator suites (npm test runs its steps at once); the timeout fault (12 s) and the raised
// latency go over it.
const TIMEOUT_MS = 8000;
let sim: Awaited<ReturnType<typeof startSimulator>>;
let unhandled = 0;
const onUnhandled = () => unhandled++;

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  sim = await startSimulator({ seed: 'api-tests', timeoutFaultMs: 12_000, slowSectionMs: 100 }, TIMEOUT_MS);
});
afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  await sim.close();
});

describe('upstream clients against the simulator (contract)', () => {
  it('when each client calls each endpoint for devices of every kind, then every answer parses', async () => {
    const clients = createClients(sim.upstream);
    for (const kind of ['epon', 'gpon', 'voice', 'no-bc', 'multi-billing']) {
      for (const { mac } of await sim.catalogue(kind, 3)) {
        const account = (await clients.customer.customerAccount(mac, 'fr'))!;
        const billing = await clients.customer.billingAccounts(account.customerAccountNumber, 'fr');
        await clients.customer.products(billing[0]!.billingAccountNumber, 'fr');
        await clients.customer.lokiMacs(account.customerAccountNumber);
        const details = await clients.wan.details(mac);
        await Promise.all([
          clients.wan.state(mac),
          clients.wan.firmware(mac),
          clients.wan.registration(mac),
          clients.wan.provisioningStatus(mac, 'en'),
          clients.lan.cpe(mac),
        ]);
        const voice = await clients.telephony.subscriber(
          details.networkType,
          details.serialNumber,
          details.hostIpMta,
        );
        expect(voice === null).toBe(!kind.includes('voice') && voice === null);
        const bcs = await clients.birthCertificates.list(details.networkType, details.networkGroup, mac);
        if (kind === 'no-bc') expect(bcs).toBeNull();
      }
    }
    const [voiceDevice] = await sim.catalogue('voice', 1);
    const details = await clients.wan.details(voiceDevice!.mac);
    expect(
      (await clients.telephony.operate(details.serialNumber, 1, { operation: 'mwiReset' })).accepted,
    ).toBe(true);
    expect((await clients.wan.reset(voiceDevice!.mac)).action).toBe('reset');
    expect((await clients.sms.send({ to: '6135550100', body: 'hello', mac: voiceDevice!.mac })).status).toBe(
      'queued',
    );
  });
});

describe('operations that time out', () => {
  const setLatency = (latencyMs: number) =>
    fetch(`${sim.base}/_sim/config`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ latencyMs, jitterMs: 0, errorRate: 0 }),
    });
  const resets = async (mac: string) =>
    ((await (await fetch(`${sim.base}/_sim/records?kind=reset&mac=${mac}`)).json()) as unknown[]).length;

  it('when a reset gets no answer in time, then it is audited as unknown, and the retry with the same key does not reset twice', async () => {
    const { app, audit } = appWith(sim.upstream.customer.transport, { upstream: sim.upstream });
    const [device] = await sim.catalogue('gpon', 1);
    const mac = device!.mac;
    const reset = () =>
      request(app)
        .post(`/api/360/${mac}/reset`)
        .set('authorization', tokenFor('u', ['support2']))
        .set('idempotency-key', 'attempt-0001-abcd')
        .send({});
    const before = await resets(mac);
    await setLatency(TIMEOUT_MS + 300);
    try {
      const first = await reset();
      expect(first.status).toBe(504);
      expect(first.body.error.code).toBe('upstream_timeout');
      // The upstream did it all the same.
      expect(await resets(mac)).toBe(before + 1);
      expect(audit.records.at(-1)).toMatchObject({ operation: 'deviceReset', outcome: 'unknown' });
    } finally {
      await setLatency(0);
    }
    const retry = await reset();
    expect(retry.status).toBe(202);
    expect(await resets(mac)).toBe(before + 1);
    expect(audit.records.map((record) => record.outcome)).toEqual(['unknown', 'sent']);
    expect(
      (
        await request(app)
          .post(`/api/360/${mac}/reset`)
          .set('authorization', tokenFor('u', ['support2']))
          .set('idempotency-key', '<script>')
          .send({})
      ).status,
    ).toBe(400);
  });
});

describe('sections with simulator faults', () => {
  const SECTIONS = ['customer', 'wan', 'lan', 'voice', 'birth-certificates'] as const;
  const cases: Record<string, Partial<Record<(typeof SECTIONS)[number], [number, string]>>> = {
    customer404: { customer: [404, 'mac_not_found'] },
    customer500: { customer: [502, 'other_server_error'] },
    wanTimeout: {
      wan: [504, 'upstream_timeout'],
      voice: [504, 'upstream_timeout'],
      'birth-certificates': [504, 'upstream_timeout'],
    },
    malformedJson: { lan: [502, 'upstream_error'] },
    slowSection: {},
    telephonyDown: { voice: [502, 'upstream_error'] },
    bcServerError: { 'birth-certificates': [502, 'upstream_error'] },
  };

  for (const [fault, failing] of Object.entries(cases)) {
    it(`when the device has the ${fault} fault, then only ${Object.keys(failing).join(', ') || 'no section'} fails and the others answer`, async () => {
      const { app } = appWith(sim.upstream.customer.transport, { upstream: sim.upstream });
      const [device] = await sim.catalogue(`fault-${fault}`, 1);
      const results = await Promise.all(
        SECTIONS.map(async (section) => {
          const res = await request(app)
            .get(`/api/360/${device!.mac}/${section}`)
            .set('authorization', tokenFor('u', ['support1']));
          return { section, res };
        }),
      );
      for (const { section, res } of results) {
        const expected = failing[section];
        if (expected) {
          expect([section, res.status, res.body.error?.code]).toEqual([section, expected[0], expected[1]]);
        } else {
          expect([section, res.status]).toEqual([section, 200]);
        }
      }
      if (fault === 'customer404') {
        const wan = results.find((r) => r.section === 'wan')!.res.body;
        expect(wan.data.registration).toBeNull();
      }
      if (fault === 'customer500') expect(results[0]!.res.body.error.path).toBe('/customer-accounts');
    });
  }

  it('after all the faults, no promise rejection went unhandled', () => {
    expect(unhandled).toBe(0);
  });
});
