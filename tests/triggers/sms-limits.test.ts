/**
 * The SMS limits on several instances of the API: three createApp instances (as Cloud Functions runs
 * several instances of `api`) share one Firestore (the emulator), so that the limits hold for the service:
 * 5 SMS per user and per device in 10 minutes, whichever instance each request reaches, and an instance
 * started later (a cold start) still knows them.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firestoreSmsLimits, SMS_LIMITS_COLLECTION } from '../../functions/src/adapters/firestore';
import { appWith, tokenFor } from '../../functions/src/testing/fake-upstream';
import { startSimulator } from '../../functions/src/testing/simulator';
import { closeAdmin, db, uniqueId } from './support';

let sim: Awaited<ReturnType<typeof startSimulator>>;
beforeAll(async () => {
  sim = await startSimulator({ seed: 'sms-limits' }, 2000);
});
afterAll(async () => {
  await sim.close();
  await closeAdmin();
});

const instance = () =>
  appWith(sim.upstream.customer.transport, { upstream: sim.upstream, smsLimits: firestoreSmsLimits(db) }).app;

describe('SMS limits across instances', () => {
  it('when 30 SMS for one user and device are sent at once through three instances, then exactly 5 go out, 25 are refused with a wait, and a fourth instance started later refuses too', async () => {
    const [{ mac }] = (await sim.catalogue('bc-2h', 1)) as unknown as [{ mac: string }];
    // Other runs of this suite may have used this device's allowance within the window.
    await db().collection(SMS_LIMITS_COLLECTION).doc(`mac:${mac}`).delete();
    const uid = uniqueId('sms');
    const instances = [instance(), instance(), instance()];
    const list = await request(instances[0]!)
      .get(`/api/360/${mac}/birth-certificates`)
      .set('authorization', tokenFor(uid, ['support1']));
    const certificateId = (list.body as { data: { certificates: Array<{ id: string }> } }).data
      .certificates[0]!.id;
    const sentBefore = await smsCount(mac);

    const send = (app: (typeof instances)[number]) =>
      request(app)
        .post(`/api/360/${mac}/birth-certificates/sms`)
        .set('authorization', tokenFor(uid, ['support1']))
        .send({ phone: '613-555-0199', certificateId, language: 'en' });
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => send(instances[i % 3]!)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 202)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(25);
    for (const answer of answers.filter((item) => item.status === 429))
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    expect((await smsCount(mac)) - sentBefore).toBe(5);

    expect((await send(instance())).status).toBe(429);
    expect((await smsCount(mac)) - sentBefore).toBe(5);
    // 30 transactions on the same two documents: each one that lost runs again after a growing back-off,
    // 6–15 s in most runs and over a minute beside the end-to-end lane on a busy machine. The test is about
    // what goes out, not how fast: it waits as long as the retries can take.
  }, 180_000);
});

async function smsCount(mac: string): Promise<number> {
  const res = await fetch(`${sim.base}/_sim/records?kind=sms&mac=${mac}`);
  const body = (await res.json()) as { records?: unknown[]; items?: unknown[] } | unknown[];
  return Array.isArray(body) ? body.length : (body.records ?? body.items ?? []).length;
}
