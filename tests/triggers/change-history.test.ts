import { FieldValue } from 'firebase-admin/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { DELETION_STAMPS, deletionStampId } from '@insight/common/change-history';
import { NETWORK_COLLECTIONS } from '@insight/common/network';
import { firestoreHistoryStore } from '../../functions/src/adapters/firestore/firestore-change-history';
import { recordChange } from '../../functions/src/domain/network/change-history';
import {
  closeAdmin,
  cmtsRow,
  countsSettle,
  db,
  eventually,
  historyOf,
  putArea,
  putCmts,
  uniqueId,
} from './support';

const HEAD_END = NETWORK_COLLECTIONS.headEnd;
const CMTS = NETWORK_COLLECTIONS.cmts;

/** Waits until the document has `n` history records; answers them, oldest first. */
const recordsOf = (collection: string, docId: string, n: number) =>
  eventually(
    async () => {
      const records = await historyOf(collection, docId);
      return records.length >= n ? records : null;
    },
    { what: `${n} history records of ${collection}/${docId}` },
  );

/** Deletes as the web app does: the document and its deletion stamp in one batch. */
async function deleteAs(uid: string, collection: string, docId: string) {
  const batch = db().batch();
  batch.set(db().collection(DELETION_STAMPS).doc(deletionStampId(collection, docId)), {
    collection,
    docId,
    deletedBy: uid,
    deletedAt: FieldValue.serverTimestamp(),
  });
  batch.delete(db().collection(collection).doc(docId));
  await batch.commit();
}

describe('change history (history triggers, functions emulator)', () => {
  afterAll(closeAdmin);

  it('when a CMTS row is created, updated and deleted, then each change is recorded with its author, before and after', async () => {
    const [h1, m1, id] = [uniqueId('H1'), uniqueId('M1'), uniqueId('CMTS')];
    await Promise.all([putArea('headEnd', h1), putArea('marketArea', m1)]);
    await putCmts(cmtsRow(id, h1, m1), 'uid-creator');
    await recordsOf(CMTS, id, 1);
    await db().collection(CMTS).doc(id).update({
      hostName: 'renamed.test',
      updatedBy: 'uid-editor',
      lastUpdate: FieldValue.serverTimestamp(),
    });
    await recordsOf(CMTS, id, 2);
    await deleteAs('uid-deleter', CMTS, id);

    const records = await recordsOf(CMTS, id, 3);
    expect(records.map((r) => [r.operation, r.uid])).toEqual([
      ['listCreate', 'uid-creator'],
      ['listUpdate', 'uid-editor'],
      ['listDelete', 'uid-deleter'],
    ]);
    const [created, updated, deleted] = records;
    expect(created).toMatchObject({
      email: null,
      mac: null,
      customerAccountNumber: null,
      outcome: 'sent',
      errorCode: null,
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
    expect(created!.id).not.toBe(updated!.id);
  });

  it('when a document is deleted by the Admin SDK without a stamp, or after an old stamp of an earlier delete, then the author is system', async () => {
    const h1 = uniqueId('H1');
    await putArea('headEnd', h1, 'uid-a');
    await deleteAs('uid-first-deleter', HEAD_END, h1);
    await recordsOf(HEAD_END, h1, 2);
    // Re-created, then deleted without a stamp: the stamp left by the first delete is older than the document.
    await putArea('headEnd', h1, 'uid-b');
    await recordsOf(HEAD_END, h1, 3);
    await db().collection(HEAD_END).doc(h1).delete();
    const records = await recordsOf(HEAD_END, h1, 4);
    expect(records.map((r) => [r.operation, r.uid])).toEqual([
      ['listCreate', 'uid-a'],
      ['listDelete', 'uid-first-deleter'],
      ['listCreate', 'uid-b'],
      ['listDelete', 'system'],
    ]);

    const h2 = uniqueId('H2');
    await putArea('headEnd', h2, 'uid-a');
    await db().collection(HEAD_END).doc(h2).delete();
    expect((await recordsOf(HEAD_END, h2, 2))[1]).toMatchObject({ operation: 'listDelete', uid: 'system' });
  });

  it('when only the dependency count of a head end changes, then no history record is written', async () => {
    const [h1, m1] = [uniqueId('H1'), uniqueId('M1')];
    await Promise.all([putArea('headEnd', h1, 'uid-a'), putArea('marketArea', m1, 'uid-a')]);
    await recordsOf(HEAD_END, h1, 1);
    // The count trigger's write, then a direct count-only write like the recount's.
    await putCmts(cmtsRow(uniqueId('CMTS'), h1, m1));
    await countsSettle([{ kind: 'headEnd', id: h1, count: 1 }]);
    await db().collection(HEAD_END).doc(h1).update({ cmtsCount: 5 });
    // A later real change is the marker: its event comes after the count-only ones, so once its record is
    // there, theirs would be too.
    await db().collection(HEAD_END).doc(h1).update({ name: 'Renamed', updatedBy: 'uid-renamer' });
    const records = await recordsOf(HEAD_END, h1, 2);
    expect(records.map((r) => [r.operation, r.uid])).toEqual([
      ['listCreate', 'uid-a'],
      ['listUpdate', 'uid-renamer'],
    ]);
    expect(records[1]).toMatchObject({
      parameters: { before: { cmtsCount: 5 }, after: { name: 'Renamed' } },
    });
  });

  it('when the same event is delivered twice, then one record is kept', async () => {
    const store = firestoreHistoryStore(() => db());
    const change = {
      eventId: uniqueId('evt'),
      collection: HEAD_END,
      docId: uniqueId('H1'),
      before: null,
      after: { name: 'Twice', updatedBy: 'uid-a' },
      beforeWrittenAt: null,
    };
    expect(await recordChange(store, change)).toBe('recorded');
    expect(await recordChange(store, change)).toBe('duplicate');
    expect(await historyOf(HEAD_END, change.docId)).toHaveLength(1);
  });
});
