/**
 * The admin lists' writes against the Firestore emulator: delete protection under concurrency, and the
 * invariants that span rows. The store is the API's own (adapters/firestore/firestore-admin-store.ts),
 * called in-process so that hundreds of writes really run at once; a few cases go through the API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_LISTS, type AdminListId } from '@insight/common/admin-lists';
import { NETWORK_COLLECTIONS } from '@insight/common/network';
import { STAGING_LISTS } from '@insight/common/staging-lists';
import { PARAMETERS } from '@insight/common/threshold';
import { actor, borrowable, orphans, outcome, ruleDefinition, save, stamp, store } from './admin-support';
import {
  api,
  closeAdmin,
  cmtsFields,
  cmtsRow,
  countOf,
  db,
  eventually,
  idTokenFor,
  putArea,
  putCmts,
  uniqueId,
} from './support';

let eng: string;

describe('admin writes (transactions in the Firestore emulator)', () => {
  beforeAll(async () => {
    eng = (await idTokenFor(['engineering'])).token;
  });
  afterAll(closeAdmin);

  it('when 200 child writes (creates and moves) race deletes of their parents, then no row is orphaned and every count equals a recount', async () => {
    const area = uniqueId('SMA');
    await putArea('marketArea', area);
    const other = uniqueId('SQ');
    await putArea('headEnd', other);
    const pairs = Array.from({ length: 200 }, (_, n) => ({
      n,
      parent: uniqueId(`SP${n}`),
      child: uniqueId(`SC${n}`),
      kind: n % 4 === 3 ? ('rack' as const) : n % 4 === 2 ? ('move' as const) : ('create' as const),
    }));
    await Promise.all(
      pairs.map(async ({ parent, child, kind }) => {
        if (kind === 'rack')
          await db()
            .collection(STAGING_LISTS.warehouses)
            .doc(parent)
            .set({ name: 'W', province: 'ON', ...stamp });
        else await putArea('headEnd', parent);
        // A row that the race then moves into the parent starts in another head end.
        if (kind === 'move') await putCmts(cmtsRow(child, other, area));
      }),
    );
    const results = await Promise.all(
      pairs.map(async ({ parent, child, kind }) => {
        const write =
          kind === 'rack'
            ? save('racks', child, { name: 'Rack', warehouseId: parent })
            : save('cmts', child, { ...cmtsFields(cmtsRow(child, parent, area)), overrideIpChecks: true });
        const remove = store.remove(kind === 'rack' ? 'warehouses' : 'headEnd', parent, actor);
        return Promise.all([outcome(write), outcome(remove)]);
      }),
    );
    // Every pair ends one way or the other: the child wrote and the delete was refused, or the delete
    // went first and the child was refused; never both.
    const verdicts = new Map<string, number>();
    for (const [write, remove] of results)
      verdicts.set(`${write}/${remove}`, (verdicts.get(`${write}/${remove}`) ?? 0) + 1);
    console.log(`[triggers] 200 racing pairs: ${[...verdicts].map(([k, v]) => `${k}=${v}`).join(' ')}`);
    for (const [write, remove] of results) expect([write, remove].filter((v) => v === 'ok').length).toBe(1);

    const cmtsIds = pairs.filter((p) => p.kind !== 'rack').map((p) => p.child);
    const rackIds = pairs.filter((p) => p.kind === 'rack').map((p) => p.child);
    expect(await orphans('cmts', 'headEnd', 'headEnd', cmtsIds)).toEqual([]);
    expect(await orphans('racks', 'warehouseId', 'warehouses', rackIds)).toEqual([]);

    // Counts: once the triggers are through, a recount finds nothing to repair among these rows. Through
    // means every surviving parent counted and the head end and area the moved rows left or name hold as
    // many as the rows that name them (a busy emulator delivers those last events late).
    const survivors = pairs.filter((_, index) => results[index]![0] === 'ok');
    const naming = async (field: 'headEnd' | 'marketArea', id: string) =>
      (await db().collection(NETWORK_COLLECTIONS.cmts).where(field, '==', id).count().get()).data().count;
    await eventually(
      async () => {
        const docs = await Promise.all(
          survivors.map(({ parent, kind }) =>
            db()
              .collection(kind === 'rack' ? STAGING_LISTS.warehouses : NETWORK_COLLECTIONS.headEnd)
              .doc(parent)
              .get(),
          ),
        );
        const parentsCounted = docs.every(
          (doc) =>
            (doc.get(
              doc.ref.parent.id === STAGING_LISTS.warehouses ? 'childCount' : 'cmtsCount',
            ) as number) === 1,
        );
        if (!parentsCounted) return false;
        const [otherCount, areaCount] = await Promise.all([
          countOf('headEnd', other),
          countOf('marketArea', area),
        ]);
        return (
          otherCount === (await naming('headEnd', other)) && areaCount === (await naming('marketArea', area))
        );
      },
      {
        deadlineMs: 180_000,
        intervalMs: 500,
        what: 'the surviving parents, the head end left and the area counted',
      },
    );
    const recount = await store.recount();
    const ours = new Set([...pairs.map((p) => p.parent), area, other]);
    expect(recount.repaired.filter((fix) => ours.has(fix.id))).toEqual([]);
    expect(recount.orphans.filter((orphan) => ours.has(orphan.parent))).toEqual([]);
  });

  it('when a parent is deleted through the API while rows name it, then 409 says how many; once they are gone, the delete goes through', async () => {
    const [h1, m1, c1] = [uniqueId('H1'), uniqueId('M1'), uniqueId('C1')];
    await Promise.all([putArea('headEnd', h1), putArea('marketArea', m1)]);
    expect(
      (await api(eng, 'PUT', `/admin/cmts/${c1}`, { fields: cmtsFields(cmtsRow(c1, h1, m1)) })).status,
    ).toBe(200);
    const refused = await api(eng, 'DELETE', `/admin/headEnd/${h1}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: 'conflict',
      details: { reason: 'inUse', dependents: [{ list: 'cmts', count: 1 }] },
    });
    // Refused deletes leave no tombstone behind: the row can still be named.
    expect(
      (await api(eng, 'PUT', `/admin/cmts/${c1}`, { fields: cmtsFields(cmtsRow(c1, h1, m1)) })).status,
    ).toBe(200);
    expect((await api(eng, 'DELETE', `/admin/cmts/${c1}`)).status).toBe(204);
    // At once, without waiting for the count: the dependents query is exact.
    expect((await api(eng, 'DELETE', `/admin/headEnd/${h1}`)).status).toBe(204);
    expect((await db().collection(NETWORK_COLLECTIONS.headEnd).doc(h1).get()).exists).toBe(false);
    const missing = await api(eng, 'PUT', `/admin/cmts/${c1}`, { fields: cmtsFields(cmtsRow(c1, h1, m1)) });
    expect(missing.status).toBe(409);
    expect(missing.body.error.details).toMatchObject({
      reason: 'referenceMissing',
      field: 'headEnd',
      value: h1,
    });
  });

  it('when threshold definitions and variants are used by rules, then their counts follow and their deletes are refused', async () => {
    const [own, variant, rule] = [uniqueId('DEF'), uniqueId('VAR'), uniqueId('RULE')];
    // This test's own definition, or one already stored, counted from where it stands.
    const { id: def, free } = await ruleDefinition(own, 'Stress definition');
    const countOf = async (list: AdminListId, id: string) =>
      (await db().collection(ADMIN_LISTS[list].collection).doc(id).get()).get('ruleCount') as unknown;
    const before = free ? 0 : ((await countOf('definitions', def)) as number);
    await save('variants', variant, {
      tdId: variant,
      variantName: 'Stress variant',
      variantNameFr: 'Variante de charge',
      technology: 'EPON',
      identifier: null,
      variants: [`MODEL-${variant}`],
      description: null,
    });
    await save('rules', rule, {
      tdId: rule,
      definitionName: def,
      technology: 'EPON',
      variantName: variant,
      rangeMin: -30,
      rangeMax: -8,
      alphaValue: null,
      result: 'pass',
      version: null,
      description: null,
    });
    await eventually(
      async () =>
        (await countOf('definitions', def)) === before + 1 && (await countOf('variants', variant)) === 1,
      {
        what: 'rule counts',
        deadlineMs: 90_000,
      },
    );
    expect(await outcome(store.remove('definitions', def, actor))).toBe('inUse');
    expect(await outcome(store.remove('variants', variant, actor))).toBe('inUse');
    await store.remove('rules', rule, actor);
    expect(await outcome(store.remove('variants', variant, actor))).toBe('ok');
    await eventually(async () => (await countOf('definitions', def)) === before, {
      what: 'the definition count back',
      deadlineMs: 90_000,
    });
    if (free) expect(await outcome(store.remove('definitions', def, actor))).toBe('ok');
  });

  it('when two saves that break an invariant together arrive at once, then exactly one is written', async () => {
    const [h1, m1] = [uniqueId('H1'), uniqueId('M1')];
    await Promise.all([putArea('headEnd', h1), putArea('marketArea', m1)]);
    // Addresses of this run only (the other suites' rows share 10.200.0.1 / 10.201.0.1).
    const octet = () => 1 + Math.floor(Math.random() * 250);
    const ip = `10.${octet()}.${octet()}.${octet()}`;
    const rows = Array.from({ length: 6 }, () => uniqueId('IP'));
    const verdicts = await Promise.all(
      rows.map((id, n) =>
        outcome(
          save('cmts', id, {
            ...cmtsFields(cmtsRow(id, h1, m1)),
            ipLookup: ip,
            ipManage: `172.${octet()}.${n}.${octet()}`,
            overrideIpChecks: false,
          }),
        ),
      ),
    );
    expect(verdicts.filter((v) => v === 'ok')).toHaveLength(1);
    expect(verdicts.filter((v) => v === 'ipInUse')).toHaveLength(5);
    // With the override, a row may share the address.
    const shared = uniqueId('IPO');
    expect(
      await outcome(
        save('cmts', shared, {
          ...cmtsFields(cmtsRow(shared, h1, m1)),
          ipLookup: ip,
          overrideIpChecks: true,
        }),
      ),
    ).toBe('ok');
  });

  it('when overlapping threshold rules are saved at once, then exactly one is written; a rule of another technology than its variant, a second definition of a parameter and a model in two variants are refused', async () => {
    const [def, v1, v2] = [uniqueId('DEF'), uniqueId('V1'), uniqueId('V2')];
    const definitions = await db().collection(ADMIN_LISTS.definitions.collection).get();
    const taken = new Set(definitions.docs.map((doc) => doc.get('parameter') as string));
    const free = PARAMETERS.find((p) => !taken.has(p));
    const definition = (tdId: string, parameter: string) => ({
      tdId,
      name: 'Race definition',
      nameFr: 'Définition de course',
      parameter,
      format: null,
      direction: 'higherIsBetter',
      category: 'optical',
      fallback: 'n/a',
      description: null,
    });
    // The rules' definition: this test's own on a free parameter, or one already stored.
    if (free) await save('definitions', def, definition(def, free));
    const target = free ? def : borrowable(definitions.docs).id;
    const parameter = free ?? (borrowable(definitions.docs).get('parameter') as string);
    // A second definition of the same parameter is refused.
    const second = uniqueId('D2');
    expect(await outcome(save('definitions', second, definition(second, parameter)))).toBe('parameterTaken');
    const variant = (tdId: string, technology: string, model: string) => ({
      tdId,
      variantName: 'Race variant',
      variantNameFr: 'Variante de course',
      technology,
      identifier: null,
      variants: [model],
      description: null,
    });
    const model = `RACE-${v1}`;
    await save('variants', v1, variant(v1, 'GPON', model));
    expect(await outcome(save('variants', v2, variant(v2, 'GPON', ` ${model.toLowerCase()} `)))).toBe(
      'modelTaken',
    );
    expect(await outcome(save('variants', v2, variant(v2, 'EPON', model)))).toBe('ok');
    const rule = (tdId: string, min: number, max: number, technology = 'GPON') => ({
      tdId,
      definitionName: target,
      technology,
      variantName: v1,
      rangeMin: min,
      rangeMax: max,
      alphaValue: null,
      result: 'fail',
      version: null,
      description: null,
    });
    const mismatch = uniqueId('RM');
    expect(await outcome(save('rules', mismatch, rule(mismatch, -40, -20, 'EPON')))).toBe(
      'technologyMismatch',
    );
    const racing = Array.from({ length: 5 }, (_, n) => uniqueId(`RR${n}`));
    const verdicts = await Promise.all(
      racing.map((id, n) => outcome(save('rules', id, rule(id, -40 + n, -20 + n)))),
    );
    expect(verdicts.filter((v) => v === 'ok')).toHaveLength(1);
    expect(verdicts.filter((v) => v === 'rangeOverlap')).toHaveLength(4);
    // Clean up: the rule, the variants and the definition of this test.
    const written = racing[verdicts.indexOf('ok')]!;
    await store.remove('rules', written, actor);
    await store.remove('variants', v1, actor);
    await store.remove('variants', v2, actor);
    if (free) await store.remove('definitions', def, actor);
  });

  it('when a CMTS import leaves columns out, then existing rows keep those values; an import cut short runs again to finish', async () => {
    const [h1, m1] = [uniqueId('H1'), uniqueId('M1')];
    await Promise.all([putArea('headEnd', h1), putArea('marketArea', m1)]);
    const kept = uniqueId('KEEP');
    await save('cmts', kept, {
      ...cmtsFields(cmtsRow(kept, h1, m1)),
      group: 'Ottawa East',
      versionId: 'v7',
      configLastUpdated: '2026-10-01T00:00:00.000Z',
      overrideIpChecks: true,
    });
    // A row that already holds the addresses the import uses (with its IP checks overridden): the new row
    // collides with it whatever other files left in the emulator.
    const holder = uniqueId('HOLD');
    await save('cmts', holder, {
      ...cmtsFields(cmtsRow(holder, h1, m1)),
      ipLookup: '10.200.0.1',
      ipManage: '10.201.0.1',
      overrideIpChecks: true,
    });
    const columns = ['cmtsId', 'hostName', 'ipLookup', 'ipManage', 'headEnd', 'marketArea'];
    const fresh = uniqueId('NEW');
    const ids = [kept, fresh, uniqueId('BAD')];
    const rows = ids.map((id, n) => ({
      id,
      line: n + 2,
      fields: {
        cmtsId: id,
        hostName: `${id.toLowerCase()}.import`,
        ipLookup: '10.200.0.1',
        ipManage: '10.201.0.1',
        headEnd: n === 2 ? uniqueId('MISSING') : h1,
        marketArea: m1,
      },
    }));
    const first = await store.importRows('cmts', { columns, rows }, actor);
    // The new row shares the other rows' addresses without the override: refused; the missing head end too.
    expect(first.written).toEqual([kept]);
    expect(first.failed.map((f) => [f.id, f.line, f.code])).toEqual([
      [fresh, 3, 'ipInUse'],
      [ids[2], 4, 'referenceMissing'],
    ]);
    const stored = (await db().collection(NETWORK_COLLECTIONS.cmts).doc(kept).get()).data()!;
    expect(stored).toMatchObject({
      hostName: `${kept.toLowerCase()}.import`,
      group: 'Ottawa East',
      versionId: 'v7',
      overrideIpChecks: true,
    });
    expect(stored.configLastUpdated.toDate().toISOString()).toBe('2026-10-01T00:00:00.000Z');
    // Run again with the rows fixed: what was written is written again (an upsert), the rest is finished.
    const again = await store.importRows(
      'cmts',
      {
        columns: [...columns, 'overrideIpChecks'],
        rows: rows.slice(0, 2).map((row) => ({ ...row, fields: { ...row.fields, overrideIpChecks: true } })),
      },
      actor,
    );
    expect(again).toEqual({ written: [kept, fresh], failed: [] });
    expect((await db().collection(NETWORK_COLLECTIONS.cmts).doc(fresh).get()).get('group')).toBeNull();
  });
});
