import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { NETWORK_COLLECTIONS } from '@insight/common/network';
import { CAPABILITY_MATRIX, ROLE_KEYS } from '@insight/common/roles';
import { appWith, fakeUpstream, tokenFor } from '../testing/fake-upstream';
import { MemoryDependencyCounts } from '../testing/memory-network';

const { headEnd: HE, marketArea: MA } = NETWORK_COLLECTIONS;

function setup() {
  const networkCounts = new MemoryDependencyCounts({ headEnds: { H1: 7, H2: 1 }, marketAreas: { M1: 0 } });
  networkCounts.rows.set('C1', { headEnd: 'H1', marketArea: 'M1' });
  networkCounts.rows.set('C2', { headEnd: 'H2', marketArea: 'M1' });
  const { app, audit } = appWith(fakeUpstream({}).transport, { networkCounts });
  return { app, audit, networkCounts };
}

describe('POST /api/net-manage/recount', () => {
  it('when each role asks for a recount, then only adminWrite (engineering) may, and a refusal changes nothing', async () => {
    for (const role of ROLE_KEYS) {
      const { app, audit, networkCounts } = setup();
      const allowed = CAPABILITY_MATRIX.adminWrite.includes(role);
      const res = await request(app)
        .post('/api/net-manage/recount')
        .set('authorization', tokenFor('u1', [role]));
      expect(res.status, role).toBe(allowed ? 200 : 403);
      if (!allowed) {
        expect(res.body.error.code).toBe('forbidden');
        expect(networkCounts.count(HE, 'H1')).toBe(7);
        expect(audit.records).toEqual([]);
      }
    }
  });

  it('when signed out, then 401', async () => {
    expect((await request(setup().app).post('/api/net-manage/recount')).status).toBe(401);
  });

  it('when engineering recounts drifted counts, then the wrong ones are repaired, reported and audited', async () => {
    const { app, audit, networkCounts } = setup();
    const res = await request(app)
      .post('/api/net-manage/recount')
      .set('authorization', tokenFor('eng', ['engineering']));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      checked: 3,
      repaired: [
        { collection: HE, id: 'H1', was: 7, now: 1 },
        { collection: MA, id: 'M1', was: 0, now: 2 },
      ],
    });
    expect([
      networkCounts.count(HE, 'H1'),
      networkCounts.count(HE, 'H2'),
      networkCounts.count(MA, 'M1'),
    ]).toEqual([1, 1, 2]);
    expect(audit.records).toEqual([
      expect.objectContaining({
        uid: 'eng',
        email: 'eng@insight.test',
        operation: 'recountDependencies',
        parameters: { repaired: res.body.repaired },
        outcome: 'sent',
      }),
    ]);

    const again = await request(app)
      .post('/api/net-manage/recount')
      .set('authorization', tokenFor('eng', ['engineering']));
    expect(again.body).toEqual({ checked: 3, repaired: [] });
  });

  it('when the app is built without the counts port, then the route does not exist', async () => {
    const { app } = appWith(fakeUpstream({}).transport);
    const res = await request(app)
      .post('/api/net-manage/recount')
      .set('authorization', tokenFor('eng', ['engineering']));
    expect(res.status).toBe(404);
  });
});
