import { FieldValue } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_LISTS } from '@insight/common/admin-lists';
import { NETWORK_COLLECTIONS } from '@insight/common/network';
import { STAGING_LISTS } from '@insight/common/staging-lists';
import { applyAdminWrite } from '../../functions/src/adapters/firestore';
import {
  api,
  closeAdmin,
  cmtsFields,
  cmtsRow,
  countOf,
  countsSettle,
  db,
  eventually,
  idTokenFor,
  putArea,
  putCmts,
  uniqueId,
} from './support';

const cmts = (id: string) => db().collection(NETWORK_COLLECTIONS.cmts).doc(id);
const stamp = { updatedBy: 'triggers-test', updatedAt: FieldValue.serverTimestamp() };
let eng: string;

describe('dependency counts (admin-list triggers, functions emulator)', () => {
  beforeAll(async () => {
    eng = (await idTokenFor(['engineering'])).token;
  });
  afterAll(closeAdmin);

  it('when a CMTS row is created, moved and deleted through the API, then the head end and marketing area counts follow', async () => {
    const [h1, h2, m1, m2] = ['H1', 'H2', 'M1', 'M2'].map((name) => uniqueId(name));
    await Promise.all([
      putArea('headEnd', h1!),
      putArea('headEnd', h2!),
      putArea('marketArea', m1!),
      putArea('marketArea', m2!),
    ]);
    const id = uniqueId('CMTS');
    expect(
      (await api(eng, 'PUT', `/admin/cmts/${id}`, { fields: cmtsFields(cmtsRow(id, h1!, m1!)) })).status,
    ).toBe(200);
    await countsSettle([
      { kind: 'headEnd', id: h1!, count: 1 },
      { kind: 'marketArea', id: m1!, count: 1 },
    ]);
    expect(
      (await api(eng, 'PUT', `/admin/cmts/${id}`, { fields: cmtsFields(cmtsRow(id, h2!, m2!)) })).status,
    ).toBe(200);
    await countsSettle([
      { kind: 'headEnd', id: h1!, count: 0 },
      { kind: 'headEnd', id: h2!, count: 1 },
      { kind: 'marketArea', id: m1!, count: 0 },
      { kind: 'marketArea', id: m2!, count: 1 },
    ]);
    expect((await api(eng, 'DELETE', `/admin/cmts/${id}`)).status).toBe(204);
    await countsSettle([
      { kind: 'headEnd', id: h2!, count: 0 },
      { kind: 'marketArea', id: m2!, count: 0 },
    ]);
  });

  it('when an event is delivered twice, for every list whose rows name a parent, then it counts once', async () => {
    const [he, ma, def, wh, rack, host] = ['HE', 'MA', 'DEF', 'WH', 'RK', 'HS'].map((n) => uniqueId(n));
    await Promise.all([putArea('headEnd', he!), putArea('marketArea', ma!)]);
    await db()
      .collection(ADMIN_LISTS.definitions.collection)
      .doc(def!)
      .set({ tdId: def, name: 'Def', parameter: 'rxPower' });
    await db()
      .collection(STAGING_LISTS.warehouses)
      .doc(wh!)
      .set({ name: 'W', province: 'ON', ...stamp });
    await db()
      .collection(STAGING_LISTS.racks)
      .doc(rack!)
      .set({ name: 'R', warehouseId: wh, ...stamp });
    await db()
      .collection(STAGING_LISTS.hosts)
      .doc(host!)
      .set({ name: 'H', rackId: rack, rackOrder: 1, ...stamp });
    const children = [
      {
        list: 'cmts' as const,
        id: uniqueId('C'),
        data: { ...cmtsRow('x', he!, ma!), updatedBy: 't' },
        parents: [[NETWORK_COLLECTIONS.headEnd, he!, 'cmtsCount']],
      },
      {
        list: 'rules' as const,
        id: uniqueId('RU'),
        data: { tdId: 'x', definitionName: def, variantName: null, technology: 'GPON' },
        parents: [[ADMIN_LISTS.definitions.collection, def!, 'ruleCount']],
      },
      {
        list: 'racks' as const,
        id: uniqueId('R2'),
        data: { name: 'R2', warehouseId: wh },
        parents: [[STAGING_LISTS.warehouses, wh!, 'childCount']],
      },
      {
        list: 'hosts' as const,
        id: uniqueId('H2'),
        data: { name: 'H2', rackId: rack, rackOrder: 2 },
        parents: [[STAGING_LISTS.racks, rack!, 'childCount']],
      },
      {
        list: 'connected' as const,
        id: uniqueId('D'),
        data: { macAddress: 'AABBCCDDEE01', hostDeviceId: host, state: 'waiting' },
        parents: [[STAGING_LISTS.hosts, host!, 'childCount']],
      },
    ];
    for (const child of children) {
      const [collection, parentId, field] = child.parents[0]! as [string, string, string];
      const parent = db().collection(collection).doc(parentId);
      const before = ((await parent.get()).get(field) as number | undefined) ?? 0;
      await db().collection(ADMIN_LISTS[child.list].collection).doc(child.id).set(child.data);
      // The trigger's own delivery, then the same work handed over twice more (a redelivery).
      await eventually(async () => ((await parent.get()).get(field) as number | undefined) === before + 1, {
        what: `${child.list} counted`,
      });
      for (let again = 0; again < 2; again += 1) {
        const outcome = await applyAdminWrite(db(), child.list, child.id, {
          reconcile: true,
          written: ADMIN_LISTS[child.list].tracked
            ? {
                eventId: uniqueId('redelivered'),
                change: {
                  collection: ADMIN_LISTS[child.list].collection,
                  docId: child.id,
                  before: null,
                  after: child.data,
                },
                deletedVersion: null,
                changedAt: (await db().collection(ADMIN_LISTS[child.list].collection).doc(child.id).get())
                  .updateTime!,
              }
            : null,
        });
        expect(outcome.plan?.changed ?? false, child.list).toBe(false);
      }
      expect((await parent.get()).get(field), child.list).toBe(before + 1);
    }
  });

  it('when a parent is deleted by the Admin SDK and created again under the same id, then a late removal of an old row never makes its count negative', async () => {
    const [h1, m1, id] = [uniqueId('H1'), uniqueId('M1'), uniqueId('CMTS')];
    await Promise.all([putArea('headEnd', h1), putArea('marketArea', m1)]);
    await putCmts(cmtsRow(id, h1, m1));
    await countsSettle([{ kind: 'headEnd', id: h1, count: 1 }]);
    await db().collection(NETWORK_COLLECTIONS.headEnd).doc(h1).delete();
    await putArea('headEnd', h1);
    await cmts(id).delete();
    await countsSettle([{ kind: 'marketArea', id: m1, count: 0 }]);
    // The row was counted in the head end's first incarnation: the new one is not charged.
    expect(await countOf('headEnd', h1)).toBeUndefined();
  });

  it('when rows are written and a recount runs while their events are still pending, then nothing is counted twice nor left out', async () => {
    const [h1, m1] = [uniqueId('H1'), uniqueId('M1')];
    await Promise.all([putArea('headEnd', h1), putArea('marketArea', m1)]);
    const ids = Array.from({ length: 30 }, (_, n) => uniqueId(`PEND${n}`));
    await Promise.all(ids.map((id) => putCmts(cmtsRow(id, h1, m1))));
    const recount = await api(eng, 'POST', '/admin/recount');
    expect(recount.status).toBe(200);
    await Promise.all(ids.slice(0, 10).map((id) => cmts(id).delete()));
    const again = await api(eng, 'POST', '/admin/recount');
    expect(again.status).toBe(200);
    await countsSettle([
      { kind: 'headEnd', id: h1, count: 20 },
      { kind: 'marketArea', id: m1, count: 20 },
    ]);
    // Once every event is through, a last recount finds nothing to repair here.
    const last = await api(eng, 'POST', '/admin/recount');
    expect(last.body.repaired.filter((fix: { id: string }) => fix.id === h1 || fix.id === m1)).toEqual([]);
    expect([await countOf('headEnd', h1), await countOf('marketArea', m1)]).toEqual([20, 20]);
  });

  it('when a count is corrupted or a row names a missing head end, then the recount repairs the one, reports the other, and is audited; operation is refused', async () => {
    const [h1, m1, ghost, orphan] = [uniqueId('H1'), uniqueId('M1'), uniqueId('GHOST'), uniqueId('ORPHAN')];
    await Promise.all([putArea('headEnd', h1), putArea('marketArea', m1)]);
    await Promise.all([1, 2, 3].map((n) => putCmts(cmtsRow(uniqueId(`R${n}`), h1, m1))));
    await putCmts(cmtsRow(orphan, ghost, m1));
    await countsSettle([
      { kind: 'headEnd', id: h1, count: 3 },
      { kind: 'marketArea', id: m1, count: 4 },
    ]);
    await db().collection(NETWORK_COLLECTIONS.headEnd).doc(h1).update({ cmtsCount: -4 });

    const operation = await idTokenFor(['operation']);
    expect((await api(operation.token, 'POST', '/admin/recount')).status).toBe(403);
    expect(await countOf('headEnd', h1)).toBe(-4);

    const engineer = await idTokenFor(['engineering']);
    const res = await api(engineer.token, 'POST', '/admin/recount');
    expect(res.status).toBe(200);
    expect(res.body.repaired).toContainEqual({ list: 'headEnd', id: h1, was: -4, now: 3 });
    expect(res.body.orphans).toContainEqual({ list: 'cmts', id: orphan, field: 'headEnd', parent: ghost });
    expect(await countOf('headEnd', h1)).toBe(3);
    const audit = await eventually(async () => {
      const snapshot = await db().collection('audit_log').where('uid', '==', engineer.uid).get();
      return snapshot.empty ? null : snapshot.docs.map((doc) => doc.data());
    });
    expect(audit[0]).toMatchObject({ operation: 'recountDependencies', outcome: 'sent' });
  });
});
