/**
 * The interleavings that could still break the admin lists, each run for many rounds in one test: two
 * deletes of one parent churned by child writes, a delete that outlives its tombstone, a variant's
 * technology changed while its rules are saved, an import racing an edit of the same row, and a parent
 * deleted and created again while a row moves away from it. The store is the API's own, called
 * in-process; where an interleaving needs a precise order, the store's step hooks hold one side.
 *
 * The cases run side by side (each on rows of its own): a round mostly waits, on a transaction's retry
 * after a conflict (the client backs off about a second) or on the triggers, so one after the other they
 * took 95 s alone and side by side 41 s, for the same CPU.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_LISTS } from '@insight/common/admin-lists';
import { CMTS_CSV_COLUMNS, NETWORK_COLLECTIONS } from '@insight/common/network';
import { STAGING_LISTS } from '@insight/common/staging-lists';
import {
  applyAdminWrite,
  firestoreAdminStore,
  type DeleteStep,
} from '../../functions/src/adapters/firestore';
import { parseListFields } from '../../functions/src/domain/admin/list-fields';
import { writeCounted } from '../../harness/counted-seed';
import { actor, orphans, outcome, ruleDefinition, save, stamp, store } from './admin-support';
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

/** A promise and the function that settles it: a step held until the test lets it go. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** A store whose parent deletes wait, at the steps named, for what `hold` answers. */
const heldStore = (hold: (step: DeleteStep) => Promise<void> | undefined, now?: () => number) =>
  firestoreAdminStore(() => db(), {
    now,
    beforeStep: async (step) => {
      await hold(step);
    },
  });

const cmtsOf = (id: string, headEnd: string, area: string) => ({
  ...cmtsFields(cmtsRow(id, headEnd, area)),
  overrideIpChecks: true,
});

describe.concurrent('admin writes under every interleaving (Firestore emulator, many rounds each)', () => {
  let area: string;
  beforeAll(async () => {
    area = uniqueId('RMA');
    await putArea('marketArea', area);
  });
  afterAll(closeAdmin);

  it('when two deletes of one parent meet, the first refused and its cleanup late, then the second never removes the parent under a child let through (10 rounds)', async () => {
    for (let round = 0; round < 10; round += 1) {
      const parent = uniqueId(`DD${round}`);
      const child = uniqueId(`DDC${round}`);
      await putArea('headEnd', parent);
      await save('cmts', child, cmtsOf(child, parent, area));
      const [firstCleanup, firstRefused, secondDelete, secondChecked] = [gate(), gate(), gate(), gate()];
      // 1. The first delete finds the child and is refused; its cleanup waits.
      const first = outcome(
        heldStore((step) => {
          if (step !== 'releasing') return undefined;
          firstRefused.open();
          return firstCleanup.opened;
        }).remove('headEnd', parent, actor),
      );
      await firstRefused.opened;
      // 2. The child goes; 3. a second delete writes its tombstone (or is refused) and waits.
      await store.remove('cmts', child, actor);
      const second = outcome(
        heldStore((step) => {
          if (step !== 'deleting') return undefined;
          secondChecked.open();
          return secondDelete.opened;
        }).remove('headEnd', parent, actor),
      );
      await Promise.race([second, secondChecked.opened]);
      // 4. The first delete's cleanup runs; 5. a child save comes; 6. the second delete goes on.
      firstCleanup.open();
      expect(await first).toBe('inUse');
      const childSave = await outcome(save('cmts', child, cmtsOf(child, parent, area)));
      secondDelete.open();
      const verdicts = [childSave, await second];
      expect(
        verdicts.filter((verdict) => verdict === 'ok').length,
        `round ${round}: ${verdicts.join('/')}`,
      ).toBe(1);
      expect(await orphans('cmts', 'headEnd', 'headEnd', [child]), `round ${round}`).toEqual([]);
    }
  });

  it('when two deletes of one parent race child saves, moves and removals, then no round leaves an orphan (25 rounds)', async () => {
    const elsewhere = uniqueId('DDE');
    await putArea('headEnd', elsewhere);
    const parents: string[] = [];
    for (let round = 0; round < 25; round += 1) {
      const parent = uniqueId(`DR${round}`);
      const [a, b] = [uniqueId(`DRA${round}`), uniqueId(`DRB${round}`)];
      parents.push(parent);
      await putArea('headEnd', parent);
      await putCmts(cmtsRow(a, parent, area));
      await putCmts(cmtsRow(b, elsewhere, area));
      const jitter = () => new Promise((resolve) => setTimeout(resolve, Math.random() * 15));
      const results = await Promise.all([
        outcome(store.remove('headEnd', parent, actor)),
        jitter().then(() => outcome(store.remove('headEnd', parent, actor))),
        jitter().then(() => outcome(store.remove('cmts', a, actor))),
        jitter().then(() => outcome(save('cmts', b, cmtsOf(b, parent, area)))),
        jitter().then(() => outcome(save('cmts', a, cmtsOf(a, parent, area)))),
      ]);
      expect(
        await orphans('cmts', 'headEnd', 'headEnd', [a, b]),
        `round ${round}: ${results.join(' ')}`,
      ).toEqual([]);
      expect(results.slice(0, 2).filter((verdict) => verdict === 'ok').length).toBeLessThanOrEqual(1);
    }
    // Every delete removed its own tombstone, whichever way it ended.
    for (let start = 0; start < parents.length; start += 30) {
      const left = await db()
        .collection('delete_tombstones')
        .where('docId', 'in', parents.slice(start, start + 30))
        .get();
      expect(left.docs.map((doc) => doc.id)).toEqual([]);
    }
  });

  it('when a delete outlives its tombstone and a child save is let through, then the delete gives up and nothing is orphaned (5 rounds)', async () => {
    for (let round = 0; round < 5; round += 1) {
      const parent = uniqueId(`SD${round}`);
      const child = uniqueId(`SDC${round}`);
      await putArea('headEnd', parent);
      let offset = 0;
      const clock = () => Date.now() + offset;
      const late = firestoreAdminStore(() => db(), { now: clock });
      let saved = '';
      const slow = heldStore(async (step) => {
        if (step !== 'deleting') return;
        // The delete stalls past its tombstone's 60 s: a save on that clock finds it expired.
        offset += 61_000;
        saved = await outcome(
          late.save('cmts', child, parseListFields('cmts', child, cmtsOf(child, parent, area)), actor),
        );
      }, clock);
      const verdict = await outcome(slow.remove('headEnd', parent, actor));
      expect([saved, verdict], `round ${round}`).toEqual(['ok', 'deleteInterrupted']);
      expect(await orphans('cmts', 'headEnd', 'headEnd', [child])).toEqual([]);
    }
  });

  it('when a variant’s technology is changed while rules naming it are saved, then no round ends with a rule of another technology than its variant (12 rounds); the refusal names the rules', async () => {
    const own = uniqueId('TDEF');
    const { id: definition, free } = await ruleDefinition(own, 'Race definition');
    const variant = (tdId: string, technology: string) => ({
      tdId,
      variantName: 'Race variant',
      variantNameFr: 'Variante de course',
      technology,
      identifier: null,
      variants: [`MODEL-${tdId}`],
      description: null,
    });
    const rule = (tdId: string, variantName: string) => ({
      tdId,
      definitionName: definition,
      technology: 'GPON',
      variantName,
      rangeMin: -30,
      rangeMax: -8,
      alphaValue: null,
      result: 'pass',
      version: null,
      description: null,
    });
    const verdicts = new Map<string, number>();
    const written: Array<{ rule: string; variant: string }> = [];
    for (let round = 0; round < 12; round += 1) {
      const [v, r] = [uniqueId(`TV${round}`), uniqueId(`TR${round}`)];
      await save('variants', v, variant(v, 'GPON'));
      const [ruleSave, variantSave] = await Promise.all([
        outcome(save('rules', r, rule(r, v))),
        outcome(save('variants', v, variant(v, 'EPON'))),
      ]);
      verdicts.set(`${ruleSave}/${variantSave}`, (verdicts.get(`${ruleSave}/${variantSave}`) ?? 0) + 1);
      const [storedRule, storedVariant] = await Promise.all([
        db().collection(ADMIN_LISTS.rules.collection).doc(r).get(),
        db().collection(ADMIN_LISTS.variants.collection).doc(v).get(),
      ]);
      if (storedRule.exists) {
        written.push({ rule: r, variant: v });
        expect(storedVariant.get('technology'), `round ${round}: ${ruleSave}/${variantSave}`).toBe(
          storedRule.get('technology'),
        );
      }
      expect([ruleSave, variantSave].filter((verdict) => verdict === 'ok')).toHaveLength(1);
    }
    console.log(
      `[triggers] rule vs technology change: ${[...verdicts].map(([k, n]) => `${k}=${n}`).join(' ')}`,
    );
    // Through the API: the refusal counts the rules and names them.
    const eng = (await idTokenFor(['engineering'])).token;
    const { rule: r, variant: v } = written[0]!;
    const refused = await api(eng, 'PUT', `/admin/variants/${v}`, { fields: variant(v, 'EPON') });
    expect(refused.status).toBe(409);
    expect(refused.body.error.details).toEqual({
      reason: 'technologyInUse',
      value: 'GPON',
      dependents: [{ list: 'rules', count: 1 }],
      rows: [r],
    });
    for (const { rule: id } of written) await store.remove('rules', id, actor);
    if (free)
      await eventually(async () => (await outcome(store.remove('definitions', own, actor))) === 'ok', {
        what: 'the definition free again',
        deadlineMs: 60_000,
      });
  });

  it('when an import leaving a column out races an edit of that column on the same row, then the edit is never undone (16 rounds)', async () => {
    const headEnd = uniqueId('IHE');
    await putArea('headEnd', headEnd);
    // The file's columns leave the group out.
    const columns = CMTS_CSV_COLUMNS.filter((column) => column !== 'group');
    for (let round = 0; round < 16; round += 1) {
      const id = uniqueId(`IC${round}`);
      await save('cmts', id, { ...cmtsOf(id, headEnd, area), group: 'Before' });
      const { group: _left, ...fields } = { ...cmtsOf(id, headEnd, area), hostName: 'imported.test' };
      const [imported, edited] = await Promise.all([
        store.importRows('cmts', { columns, rows: [{ id, line: 2, fields }] }, actor),
        // The edit starts a little later each round, sweeping the import's read, merge and write.
        new Promise((resolve) => setTimeout(resolve, round * 4)).then(() =>
          outcome(save('cmts', id, { ...cmtsOf(id, headEnd, area), group: 'Edited' })),
        ),
      ]);
      expect(imported).toEqual({ written: [id], failed: [] });
      expect(edited).toBe('ok');
      const stored = (await db().collection(NETWORK_COLLECTIONS.cmts).doc(id).get()).data()!;
      expect(stored.group, `round ${round}: hostName ${String(stored.hostName)}`).toBe('Edited');
    }
  });

  it('when a hosts import leaves the model out, then every host keeps its model; a new host has none', async () => {
    const warehouse = uniqueId('IW');
    await db()
      .collection(STAGING_LISTS.warehouses)
      .doc(warehouse)
      .set({ name: 'W', province: 'ON', ...stamp });
    const rack = uniqueId('IR');
    await save('racks', rack, { name: 'Rack', warehouseId: warehouse });
    const [kept, fresh] = [uniqueId('IH'), uniqueId('IN')];
    await save('hosts', kept, { name: 'Host', rackId: rack, rackOrder: 1, model: 'MX-204', firmware: 'F1' });
    const imported = await store.importRows(
      'hosts',
      {
        columns: ['name', 'rackId', 'rackOrder'],
        rows: [kept, fresh].map((id, n) => ({
          id,
          line: n + 2,
          fields: { name: 'Imported', rackId: rack, rackOrder: '7' },
        })),
      },
      actor,
    );
    expect(imported).toEqual({ written: [kept, fresh], failed: [] });
    const [k, f] = await Promise.all(
      [kept, fresh].map((id) => db().collection(STAGING_LISTS.hosts).doc(id).get()),
    );
    expect(k!.data()).toMatchObject({ name: 'Imported', rackOrder: 7, model: 'MX-204', firmware: 'F1' });
    expect(f!.data()).toMatchObject({ name: 'Imported', model: null, firmware: null });
  });

  it('when a parent is deleted and created again while a row moves away from it, then its new incarnation keeps its own count (8 rounds)', async () => {
    for (let round = 0; round < 8; round += 1) {
      const [h1, h2, moving, stays] = [
        uniqueId(`PH${round}`),
        uniqueId(`PG${round}`),
        uniqueId(`PM${round}`),
        uniqueId(`PS${round}`),
      ];
      await Promise.all([putArea('headEnd', h1), putArea('headEnd', h2)]);
      await putCmts(cmtsRow(moving, h1, area));
      await countsSettle([{ kind: 'headEnd', id: h1, count: 1 }]);
      // The move, reconciled here; between its read of the parents and its transaction, H1 is deleted
      // and created again with a row of its own (already counted).
      await db().collection(NETWORK_COLLECTIONS.cmts).doc(moving).update({ headEnd: h2 });
      let interleaved = false;
      await applyAdminWrite(db(), 'cmts', moving, {
        reconcile: true,
        afterParentsRead: async () => {
          if (interleaved) return;
          interleaved = true;
          await db().collection(NETWORK_COLLECTIONS.headEnd).doc(h1).delete();
          await writeCounted(db(), [
            {
              list: 'headEnd',
              rows: [{ id: h1, data: { name: 'Again', updatedAt: new Date(), updatedBy: 'triggers-test' } }],
            },
            {
              list: 'cmts',
              rows: [{ id: stays, data: { ...cmtsRow(stays, h1, area), updatedBy: 'triggers-test' } }],
            },
          ]);
        },
      });
      await countsSettle([{ kind: 'headEnd', id: h2, count: 1 }]);
      // H1's count is its own row's; a decrement meant for the deleted H1 would have taken it to 0.
      expect(await countOf('headEnd', h1), `round ${round}`).toBe(1);
      expect((await store.recount()).repaired.filter((fix) => fix.id === h1)).toEqual([]);
    }
  });
});
