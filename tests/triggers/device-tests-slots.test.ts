/**
 * One test of each kind per device at a time, across instances (docs/device-tests.md, "One at a time"):
 * three createApp instances share one Firestore (the emulator); ten agents start a speed test on one device
 * at once, through all three: one starts, nine are told it runs (409), and an instance started later knows.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_TESTS_COLLECTION, firestoreDeviceTests } from '../../functions/src/adapters/firestore';
import { appWith, tokenFor } from '../../functions/src/testing/fake-upstream';
import { startSimulator } from '../../functions/src/testing/simulator';
import { closeAdmin, db, uniqueId } from './support';

let sim: Awaited<ReturnType<typeof startSimulator>>;
beforeAll(async () => {
  // A speed test lasts 10–20 s at this scale's 1: long enough to be running while the others ask.
  sim = await startSimulator({ seed: 'device-test-slots', acsTimeScale: 1 }, 2000);
});
afterAll(async () => {
  await sim.close();
  await closeAdmin();
});

const instance = () =>
  appWith(sim.upstream.customer.transport, {
    upstream: sim.upstream,
    deviceTests: {
      store: firestoreDeviceTests(db),
      targets: [{ id: 'dns-primary', label: 'Provider DNS', host: 'dns1.example-telecom.ca' }],
      speedTestUrl: 'http://speedtest.example-telecom.ca/1000MB.bin',
    },
  }).app;

describe('device test slots across instances', () => {
  it('when ten agents start a speed test on one device at once through three instances, then one runs and nine get 409, and a later instance refuses too', async () => {
    const [{ mac }] = (await sim.catalogue('dx-healthy', 1)) as unknown as [{ mac: string }];
    await db().collection(DEVICE_TESTS_COLLECTION).doc(`${mac}_speed`).delete();
    const instances = [instance(), instance(), instance()];
    const start = (app: (typeof instances)[number], i: number) =>
      request(app)
        .post(`/api/360/${mac}/tests`)
        .set('authorization', tokenFor(uniqueId(`agent${i}`), ['support1']))
        .send({ kind: 'speed' });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => start(instances[i % 3]!, i)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 202)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(9);
    const stored = (await db().collection(DEVICE_TESTS_COLLECTION).doc(`${mac}_speed`).get()).data();
    expect(stored?.starts).toHaveLength(1);
    expect(stored?.test.state).toBe('running');
    expect((await start(instance(), 99)).status).toBe(409);
  }, 120_000);
});
