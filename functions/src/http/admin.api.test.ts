import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { AdminListId, ImportRequest } from '@insight/common/admin-lists';
import { CAPABILITY_MATRIX, ROLE_KEYS } from '@insight/common/roles';
import type { Actor, AdminStore } from '../domain/admin/admin-store';
import { AppError } from '../lib/app-error';
import { appWith, fakeUpstream, tokenFor } from '../testing/fake-upstream';

/** Records what reached the store; `refuse` makes it answer as Firestore's transaction would. */
class RecordingStore implements AdminStore {
  readonly calls: Array<{ op: string; list?: AdminListId; id?: string; fields?: unknown; actor?: Actor }> =
    [];
  refuse: AppError | null = null;
  repairs = [{ list: 'headEnd' as const, id: 'H1', was: 7, now: 1 }];
  async save(list: AdminListId, id: string, fields: Record<string, unknown>, actor: Actor) {
    if (this.refuse) throw this.refuse;
    this.calls.push({ op: 'save', list, id, fields, actor });
  }
  async dependents(list: AdminListId, id: string) {
    this.calls.push({ op: 'dependents', list, id });
    return [{ list: 'cmts' as const, count: 2 }];
  }
  async remove(list: AdminListId, id: string, actor: Actor) {
    if (this.refuse) throw this.refuse;
    this.calls.push({ op: 'remove', list, id, actor });
  }
  async importRows(list: AdminListId, req: ImportRequest, actor: Actor) {
    this.calls.push({ op: 'import', list, fields: req, actor });
    return { written: req.rows.map((row) => row.id), failed: [] };
  }
  async recount() {
    this.calls.push({ op: 'recount' });
    return { checked: 3, repaired: this.repairs, orphans: [] };
  }
}

function setup() {
  const store = new RecordingStore();
  const { app, audit } = appWith(fakeUpstream({}).transport, { admin: store });
  return { app, audit, store };
}
const ENG = tokenFor('eng', ['engineering']);
const cmts = {
  cmtsId: 'C1',
  hostName: 'c1.test',
  ipLookup: '10.0.0.1',
  ipManage: '10.0.0.2',
  headEnd: 'H1',
  marketArea: 'M1',
  group: '',
  versionId: null,
  configLastUpdated: '2026-11-01T00:00:00.000Z',
  overrideIpChecks: false,
};

describe('the admin write routes', () => {
  it('when each role saves, deletes or recounts, then only adminWrite (engineering) may, and a refusal reaches no store', async () => {
    for (const role of ROLE_KEYS) {
      const { app, store, audit } = setup();
      const allowed = CAPABILITY_MATRIX.adminWrite.includes(role);
      const token = tokenFor('u1', [role]);
      const answers = [
        await request(app).put('/api/admin/cmts/C1').set('authorization', token).send({ fields: cmts }),
        await request(app).delete('/api/admin/headEnd/H1').set('authorization', token),
        await request(app).post('/api/admin/recount').set('authorization', token),
        await request(app).get('/api/admin/headEnd/H1/dependents').set('authorization', token),
      ];
      for (const res of answers)
        expect(res.status, role).toBe(allowed ? (res.status === 204 ? 204 : 200) : 403);
      if (!allowed) {
        expect(store.calls).toEqual([]);
        expect(audit.records).toEqual([]);
      }
    }
  });

  it('when signed out, then 401', async () => {
    expect((await request(setup().app).put('/api/admin/cmts/C1').send({ fields: cmts })).status).toBe(401);
  });

  it('when a CMTS row is saved, then the store gets the parsed fields (dates revived, empty text as null) and the author', async () => {
    const { app, store } = setup();
    const res = await request(app).put('/api/admin/cmts/C1').set('authorization', ENG).send({ fields: cmts });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: 'C1' });
    expect(store.calls[0]).toMatchObject({
      op: 'save',
      list: 'cmts',
      id: 'C1',
      fields: { group: null, configLastUpdated: new Date('2026-11-01T00:00:00.000Z') },
      actor: { uid: 'eng' },
    });
  });

  it('when the fields break the schema or the id differs from the URL, then 400 names the fields and nothing is written', async () => {
    const { app, store } = setup();
    const bad = await request(app)
      .put('/api/admin/cmts/C1')
      .set('authorization', ENG)
      .send({ fields: { ...cmts, ipLookup: '999.1.1.1' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({
      code: 'invalid_input',
      details: { fields: [{ field: 'ipLookup' }] },
    });
    const other = await request(app)
      .put('/api/admin/cmts/C2')
      .set('authorization', ENG)
      .send({ fields: cmts });
    expect(other.status).toBe(400);
    const unknown = await request(app)
      .put('/api/admin/nothing/C1')
      .set('authorization', ENG)
      .send({ fields: cmts });
    expect(unknown.status).toBe(404);
    const extra = await request(app)
      .put('/api/admin/headEnd/H1')
      .set('authorization', ENG)
      .send({ fields: { name: 'Ottawa', cmtsCount: 0 } });
    expect(extra.status).toBe(400);
    expect(store.calls).toEqual([]);
  });

  it('when the store refuses a delete in use, then 409 conflict carries its details', async () => {
    const { app, store } = setup();
    store.refuse = new AppError('conflict', 'in use', {
      details: { reason: 'inUse', dependents: [{ list: 'cmts', count: 2 }] },
    });
    const res = await request(app).delete('/api/admin/headEnd/H1').set('authorization', ENG);
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({
      code: 'conflict',
      message: 'in use',
      details: { reason: 'inUse', dependents: [{ list: 'cmts', count: 2 }] },
    });
  });

  it('when an import holds too many rows or none, then 400; otherwise the store gets them', async () => {
    const { app, store } = setup();
    const rows = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ id: `C${i}`, line: i + 2, fields: {} }));
    const tooMany = await request(app)
      .post('/api/admin/cmts/import')
      .set('authorization', ENG)
      .send({ columns: ['cmtsId'], rows: rows(251) });
    expect(tooMany.status).toBe(400);
    const ok = await request(app)
      .post('/api/admin/cmts/import')
      .set('authorization', ENG)
      .send({ columns: ['cmtsId'], rows: rows(3) });
    expect(ok.status).toBe(200);
    expect(ok.body.written).toEqual(['C0', 'C1', 'C2']);
    expect(store.calls).toHaveLength(1);
  });

  it('when engineering asks how many rows name an entry, then the store counts them', async () => {
    const { app, store } = setup();
    const res = await request(app).get('/api/admin/headEnd/H1/dependents').set('authorization', ENG);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ dependents: [{ list: 'cmts', count: 2 }] });
    expect(store.calls).toEqual([{ op: 'dependents', list: 'headEnd', id: 'H1' }]);
    expect((await request(app).get('/api/admin/nope/H1/dependents').set('authorization', ENG)).status).toBe(
      404,
    );
  });

  it('when engineering recounts, then the result is answered and audited', async () => {
    const { app, audit } = setup();
    const res = await request(app).post('/api/admin/recount').set('authorization', ENG);
    expect(res.status).toBe(200);
    expect(res.body.repaired).toEqual([{ list: 'headEnd', id: 'H1', was: 7, now: 1 }]);
    expect(audit.records).toEqual([
      expect.objectContaining({ uid: 'eng', operation: 'recountDependencies', outcome: 'sent' }),
    ]);
  });

  it('when a recount repairs 20,000 rows (a large migration), then its audit record holds the counts and the first 100 ids, far under 1 MiB', async () => {
    const { app, audit, store } = setup();
    store.repairs = Array.from({ length: 20_000 }, (_, n) => ({
      list: 'headEnd' as const,
      id: `HEAD-END-WITH-A-LONG-ID-${n}`,
      was: 0,
      now: n,
    }));
    const res = await request(app).post('/api/admin/recount').set('authorization', ENG);
    expect(res.status).toBe(200);
    const parameters = audit.records[0]!.parameters as { repaired: number; repairedIds: string[] };
    expect(parameters.repaired).toBe(20_000);
    expect(parameters.repairedIds).toHaveLength(100);
    expect(parameters.repairedIds[0]).toBe('headEnd/HEAD-END-WITH-A-LONG-ID-0');
    expect(JSON.stringify(audit.records[0]).length).toBeLessThan(16_384);
  });

  it('when an id is one Firestore refuses (., .., __…__), in the URL or in the fields, then 400 says so and no store is reached', async () => {
    const { app, store } = setup();
    for (const id of ['__meta__', '%2E', '%2E%2E']) {
      const res = await request(app)
        .put(`/api/admin/headEnd/${id}`)
        .set('authorization', ENG)
        .send({ fields: { name: 'Reserved' } });
      expect(res.status, id).toBe(400);
      expect(res.body.error.code).toBe('invalid_input');
    }
    const named = await request(app)
      .put('/api/admin/cmts/C1')
      .set('authorization', ENG)
      .send({ fields: { ...cmts, headEnd: '__H__' } });
    expect(named.status).toBe(400);
    expect(named.body.error.details.fields).toContainEqual({ field: 'headEnd', message: 'reservedId' });
    expect(store.calls).toEqual([]);
  });
});
