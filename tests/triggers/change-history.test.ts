import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETION_STAMPS } from '@insight/common/change-history';
import { NETWORK_COLLECTIONS } from '@insight/common/network';
import { applyAdminWrite } from '../../functions/src/adapters/firestore';
import {
  api,
  closeAdmin,
  cmtsFields,
  cmtsRow,
  countsSettle,
  db,
  eventually,
  historyOf,
  idTokenFor,
  putArea,
  putCmts,
  uniqueId,
} from './support';

const HEAD_END = NETWORK_COLLECTIONS.headEnd;
const CMTS = NETWORK_COLLECTIONS.cmts;

/** Waits until the document has `n` history records; answers them, in the order of the changes. */
const recordsOf = (collection: string, docId: string, n: number) =>
  eventually(
    async () => {
      const records = await historyOf(collection, docId);
      return records.length >= n ? records : null;
    },
    { what: `${n} history records of ${collection}/${docId}`, deadlineMs: 90_000 },
  );

let a: { uid: string; token: string };
let b: { uid: string; token: string };

describe('change history (admin-list triggers, functions emulator)', () => {
  beforeAll(async () => {
    [a, b] = await Promise.all([idTokenFor(['engineering']), idTokenFor(['engineering'])]);
  });
  afterAll(closeAdmin);

  it('when a CMTS row is created, updated and deleted through the API, then each change is recorded with its author, before and after', async () => {
    const [h1, m1, id] = [uniqueId('H1'), uniqueId('M1'), uniqueId('CMTS')];
    await Promise.all([putArea('headEnd', h1), putArea('marketArea', m1)]);
    const row = cmtsFields(cmtsRow(id, h1, m1));
    expect((await api(a.token, 'PUT', `/admin/cmts/${id}`, { fields: row })).status).toBe(200);
    await recordsOf(CMTS, id, 1);
    expect(
      (await api(b.token, 'PUT', `/admin/cmts/${id}`, { fields: { ...row, hostName: 'renamed.test' } }))
        .status,
    ).toBe(200);
    await recordsOf(CMTS, id, 2);
    expect((await api(a.token, 'DELETE', `/admin/cmts/${id}`)).status).toBe(204);
    const records = await recordsOf(CMTS, id, 3);
    expect(records.map((r) => [r.operation, r.uid])).toEqual([
      ['listCreate', a.uid],
      ['listUpdate', b.uid],
      ['listDelete', a.uid],
    ]);
    const [created, updated, deleted] = records;
    expect(created).toMatchObject({
      outcome: 'sent',
      collection: CMTS,
      docId: id,
      parameters: { collection: CMTS, docId: id, before: null, after: { cmtsId: id, headEnd: h1 } },
    });
    // Timestamps reach the record as ISO strings, which the web app shows as they are.
    expect(created!.parameters.after!.lastUpdate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(updated!.parameters).toMatchObject({
      before: { hostName: `${id.toLowerCase()}.test` },
      after: { hostName: 'renamed.test' },
    });
    expect(deleted!.parameters).toMatchObject({ before: { hostName: 'renamed.test' }, after: null });
  });

  it('when a delete event arrives late, after the same id was created and deleted again by someone else, then it names its own deleter and sorts where it happened', async () => {
    const h1 = uniqueId('H1');
    const put = (who: typeof a) =>
      api(who.token, 'PUT', `/admin/headEnd/${h1}`, { fields: { name: 'Ottawa' } });
    expect((await put(a)).status).toBe(200);
    expect((await api(a.token, 'DELETE', `/admin/headEnd/${h1}`)).status).toBe(204);
    expect((await put(b)).status).toBe(200);
    expect((await api(b.token, 'DELETE', `/admin/headEnd/${h1}`)).status).toBe(204);
    const records = await recordsOf(HEAD_END, h1, 4);
    expect(records.map((r) => [r.operation, r.uid])).toEqual([
      ['listCreate', a.uid],
      ['listDelete', a.uid],
      ['listCreate', b.uid],
      ['listDelete', b.uid],
    ]);
    // The first delete delivered again, late (a new event id, as a redelivery after a lost ack would be):
    // its stamp is found by the version of the row it deleted, not the newest stamp of the id.
    const stamps = (await db().collection(DELETION_STAMPS).where('docId', '==', h1).get()).docs.sort(
      (x, y) => (x.get('deletedAt') as Timestamp).toMillis() - (y.get('deletedAt') as Timestamp).toMillis(),
    );
    expect(stamps.map((stamp) => stamp.get('deletedBy'))).toEqual([a.uid, b.uid]);
    const firstVersion = stamps[0]!.id.split(':').pop()!;
    const late = uniqueId('late');
    await applyAdminWrite(db(), 'headEnd', h1, {
      reconcile: false,
      written: {
        eventId: late,
        change: {
          collection: HEAD_END,
          docId: h1,
          before: { name: 'Ottawa', updatedBy: a.uid },
          after: null,
        },
        deletedVersion: firstVersion,
        changedAt: stamps[0]!.get('deletedAt') as Timestamp,
      },
    });
    const withLate = await historyOf(HEAD_END, h1);
    expect(withLate.map((r) => [r.operation, r.uid])).toEqual([
      ['listCreate', a.uid],
      ['listDelete', a.uid],
      ['listDelete', a.uid],
      ['listCreate', b.uid],
      ['listDelete', b.uid],
    ]);
    // Dated by its own stamp, it sorts with the delete it repeats (same time as that one), before B's create.
    expect([withLate[1]!.id, withLate[2]!.id]).toContain(late);
  });

  it('when a document is deleted by the Admin SDK without a stamp, then the author is system', async () => {
    const h2 = uniqueId('H2');
    await putArea('headEnd', h2, 'uid-a');
    await db().collection(HEAD_END).doc(h2).delete();
    expect((await recordsOf(HEAD_END, h2, 2))[1]).toMatchObject({ operation: 'listDelete', uid: 'system' });
  });

  it('when only the dependency count of a head end changes, then no history record is written', async () => {
    const [h1, m1] = [uniqueId('H1'), uniqueId('M1')];
    await Promise.all([putArea('headEnd', h1, 'uid-a'), putArea('marketArea', m1, 'uid-a')]);
    await recordsOf(HEAD_END, h1, 1);
    await putCmts(cmtsRow(uniqueId('CMTS'), h1, m1));
    await countsSettle([{ kind: 'headEnd', id: h1, count: 1 }]);
    await db().collection(HEAD_END).doc(h1).update({ cmtsCount: 5 });
    // A later real change is the marker: its event comes after the count-only ones, so once its record is
    // there, theirs would be too.
    await db()
      .collection(HEAD_END)
      .doc(h1)
      .update({ name: 'Renamed', updatedBy: 'uid-renamer', updatedAt: FieldValue.serverTimestamp() });
    const records = await recordsOf(HEAD_END, h1, 2);
    expect(records.map((r) => [r.operation, r.uid])).toEqual([
      ['listCreate', 'uid-a'],
      ['listUpdate', 'uid-renamer'],
    ]);
  });

  it('when the same event is delivered twice, then one record is kept', async () => {
    const docId = uniqueId('H1');
    const written = {
      eventId: uniqueId('evt'),
      change: { collection: HEAD_END, docId, before: null, after: { name: 'Twice', updatedBy: 'uid-a' } },
      deletedVersion: null,
      changedAt: Timestamp.now(),
    };
    expect((await applyAdminWrite(db(), 'headEnd', docId, { reconcile: false, written })).status).toBe(
      'applied',
    );
    expect((await applyAdminWrite(db(), 'headEnd', docId, { reconcile: false, written })).status).toBe(
      'duplicate',
    );
    expect(await historyOf(HEAD_END, docId)).toHaveLength(1);
  });
});
