import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { COUNT_FIELD, NETWORK_COLLECTIONS } from '@insight/common/network';
import {
  firestoreDependencyCounts,
  LEDGER_TTL_MS,
  TRIGGER_EVENTS,
} from '../../functions/src/adapters/firestore/firestore-dependency-counts';
import { applyCmtsWrite } from '../../functions/src/domain/network/apply-cmts-write';
import { silentLogger } from '../../functions/src/lib/logger';
import {
  closeAdmin,
  cmtsRow,
  countOf,
  countsSettle,
  db,
  eventually,
  idTokenFor,
  PORTAL,
  putArea,
  putCmts,
  uniqueId,
} from './support';

const cmts = (id: string) => db().collection(NETWORK_COLLECTIONS.cmts).doc(id);

describe('dependency counts (cmtsDependencyCounts trigger, functions emulator)', () => {
  afterAll(closeAdmin);

  it('when a CMTS row is created, moved and deleted, then the head end and marketing area counts follow', async () => {
    const [h1, h2, m1, m2] = ['H1', 'H2', 'M1', 'M2'].map((name) => uniqueId(name));
    await Promise.all([
      putArea('headEnd', h1!),
      putArea('headEnd', h2!),
      putArea('marketArea', m1!),
      putArea('marketArea', m2!),
    ]);
    const id = uniqueId('CMTS');

    await putCmts(cmtsRow(id, h1!, m1!));
    await countsSettle([
      { kind: 'headEnd', id: h1!, count: 1 },
      { kind: 'marketArea', id: m1!, count: 1 },
    ]);

    await cmts(id).update({ headEnd: h2, marketArea: m2, lastUpdate: FieldValue.serverTimestamp() });
    await countsSettle([
      { kind: 'headEnd', id: h1!, count: 0 },
      { kind: 'headEnd', id: h2!, count: 1 },
      { kind: 'marketArea', id: m1!, count: 0 },
      { kind: 'marketArea', id: m2!, count: 1 },
    ]);

    await cmts(id).delete();
    await countsSettle([
      { kind: 'headEnd', id: h2!, count: 0 },
      { kind: 'marketArea', id: m2!, count: 0 },
    ]);
  });

  it('when a row references a head end that does not exist, then the marketing area is counted and no ghost head end appears', async () => {
    const [ghost, m1] = [uniqueId('GHOST'), uniqueId('M1')];
    await putArea('marketArea', m1);
    await putCmts(cmtsRow(uniqueId('CMTS'), ghost, m1));
    await countsSettle([{ kind: 'marketArea', id: m1, count: 1 }]);
    expect(await countOf('headEnd', ghost)).toBeNull();
  });

  it('when the same event is delivered twice, then it counts once and the ledger holds it with an expiry', async () => {
    const [h1, m1] = [uniqueId('H1'), uniqueId('M1')];
    await Promise.all([putArea('headEnd', h1), putArea('marketArea', m1)]);
    const store = firestoreDependencyCounts(() => db());
    // The emulator cannot redeliver an event: hand the same one to the trigger's use case twice.
    const event = {
      eventId: uniqueId('evt'),
      document: `${NETWORK_COLLECTIONS.cmts}/${uniqueId('CMTS')}`,
      before: null,
      after: { headEnd: h1, marketArea: m1 },
    };
    const [first, second] = [
      await applyCmtsWrite(store, silentLogger, event),
      await applyCmtsWrite(store, silentLogger, event),
    ];
    expect([first.status, second.status]).toEqual(['applied', 'duplicate']);
    expect([await countOf('headEnd', h1), await countOf('marketArea', m1)]).toEqual([1, 1]);

    const ledger = await db().collection(TRIGGER_EVENTS).doc(event.eventId).get();
    const expireAt = ledger.get('expireAt') as Timestamp;
    expect(expireAt.toMillis() - Date.now()).toBeGreaterThan(LEDGER_TTL_MS - 60_000);
    expect(expireAt.toMillis() - Date.now()).toBeLessThanOrEqual(LEDGER_TTL_MS);
  });

  it('when 200 CMTS rows are written in parallel across 5 head ends, then every count is exact, and stays exact through parallel moves and deletes', async () => {
    const heads = Array.from({ length: 5 }, (_, n) => uniqueId(`PH${n}`));
    const areas = Array.from({ length: 2 }, (_, n) => uniqueId(`PM${n}`));
    await Promise.all([
      ...heads.map((id) => putArea('headEnd', id)),
      ...areas.map((id) => putArea('marketArea', id)),
    ]);
    const prefix = uniqueId('P');
    const ids = Array.from({ length: 200 }, (_, n) => `${prefix}-${n}`);

    const started = Date.now();
    await Promise.all(ids.map((id, n) => putCmts(cmtsRow(id, heads[n % 5]!, areas[n % 2]!))));
    const written = Date.now() - started;
    const settled = await countsSettle(
      [
        ...heads.map((id) => ({ kind: 'headEnd' as const, id, count: 40 })),
        ...areas.map((id) => ({ kind: 'marketArea' as const, id, count: 100 })),
      ],
      150_000,
    );
    console.log(
      `[triggers] 200 parallel creates: written in ${written} ms, counts exact ${settled} ms later`,
    );

    // Rows 0..99 move to head end 0 (20 of them were there already); rows 100..149 are deleted.
    const moveStarted = Date.now();
    await Promise.all([
      ...ids.slice(0, 100).map((id) => cmts(id).update({ headEnd: heads[0] })),
      ...ids.slice(100, 150).map((id) => cmts(id).delete()),
    ]);
    const remaining = (head: number) => ids.slice(150).filter((_, n) => (n + 150) % 5 === head).length;
    const afterMoves = await countsSettle(
      [
        { kind: 'headEnd', id: heads[0]!, count: 100 + remaining(0) },
        ...[1, 2, 3, 4].map((n) => ({ kind: 'headEnd' as const, id: heads[n]!, count: remaining(n) })),
        { kind: 'marketArea', id: areas[0]!, count: 75 },
        { kind: 'marketArea', id: areas[1]!, count: 75 },
      ],
      150_000,
    );
    console.log(
      `[triggers] 100 parallel moves + 50 deletes: counts exact ${afterMoves} ms after ${Date.now() - moveStarted - afterMoves} ms of writes`,
    );
  });

  it('when a count is corrupted, then engineering repairs it through POST /api/net-manage/recount and the repair is audited; operation is refused', async () => {
    const [h1, m1] = [uniqueId('H1'), uniqueId('M1')];
    await Promise.all([putArea('headEnd', h1), putArea('marketArea', m1)]);
    await Promise.all([1, 2, 3].map((n) => putCmts(cmtsRow(uniqueId(`R${n}`), h1, m1))));
    await countsSettle([
      { kind: 'headEnd', id: h1, count: 3 },
      { kind: 'marketArea', id: m1, count: 3 },
    ]);
    await db()
      .collection(NETWORK_COLLECTIONS.headEnd)
      .doc(h1)
      .update({ [COUNT_FIELD]: 42 });

    const recount = (token: string) =>
      fetch(`${PORTAL}/api/net-manage/recount`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });

    const operation = await idTokenFor(['operation']);
    expect((await recount(operation.token)).status).toBe(403);
    expect(await countOf('headEnd', h1)).toBe(42);

    const engineer = await idTokenFor(['engineering']);
    const res = await recount(engineer.token);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { checked: number; repaired: unknown[] };
    expect(body.checked).toBeGreaterThanOrEqual(2);
    expect(body.repaired).toContainEqual({
      collection: NETWORK_COLLECTIONS.headEnd,
      id: h1,
      was: 42,
      now: 3,
    });
    expect(await countOf('headEnd', h1)).toBe(3);
    expect(await countOf('marketArea', m1)).toBe(3);

    const audit = await eventually(async () => {
      const snapshot = await db().collection('audit_log').where('uid', '==', engineer.uid).get();
      return snapshot.empty ? null : snapshot.docs.map((doc) => doc.data());
    });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      operation: 'recountDependencies',
      parameters: { repaired: body.repaired },
    });
  });
});
