/**
 * The API's reader of the threshold lists (functions/src/adapters/firestore/firestore-thresholds.ts) against
 * the Firestore emulator, in a project of its own (the lists of the emulators' project are the e2e files'):
 * the lists are read whole only when their marks (count, last change) moved, or a bound after the last
 * whole read; an edit, an addition and a removal are each seen at the next read.
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { FieldValue, getFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THRESHOLD_COLLECTIONS } from '@insight/common/threshold';
import { seedThresholdSet } from '@insight/common/threshold-seed';
import { firestoreThresholdLoader, THRESHOLD_FULL_READ_MS } from '../../functions/src/adapters/firestore';
import { writeCounted } from '../../harness/counted-seed';

let app: App;
const db = () => getFirestore(app);
const logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

beforeAll(async () => {
  process.env.FIRESTORE_EMULATOR_HOST ??= '127.0.0.1:8080';
  app = initializeApp(
    { projectId: `demo-threshold-loader-${process.pid}` },
    `threshold-loader-${process.pid}`,
  );
  const set = seedThresholdSet();
  await writeCounted(
    db(),
    (['definitions', 'variants', 'rules'] as const).map((list) => ({
      list,
      rows: set[list].map((record) => ({
        id: record.tdId,
        data: { ...record, updateDate: FieldValue.serverTimestamp() },
      })),
    })),
  );
});
afterAll(() => deleteApp(app));

describe('the threshold lists as the API reads them', () => {
  it('when nothing changed, then the set read before is answered; an edit, an addition, a removal and the bound each bring a whole read', async () => {
    let clock = 0;
    const load = firestoreThresholdLoader(db, logger, () => clock);
    const first = await load();
    expect(first.rules.length).toBe(seedThresholdSet().rules.length);
    expect(await load()).toBe(first);

    // An edit: the rule's new range is graded at the next read.
    const rule = first.rules[0]!;
    const rules = db().collection(THRESHOLD_COLLECTIONS.rules);
    await rules.doc(rule.tdId).update({ updatedBy: 'edit', updateDate: FieldValue.serverTimestamp() });
    const edited = await load();
    expect(edited).not.toBe(first);
    expect(edited.rules.find((each) => each.tdId === rule.tdId)?.updatedBy).toBe('edit');
    expect(await load()).toBe(edited);

    // An addition, then a removal of an older record (the last change stays the addition's).
    const { tdId: _id, ...fields } = rule;
    await rules.doc('loader-added').set({ ...fields, updateDate: FieldValue.serverTimestamp() });
    const added = await load();
    expect(added.rules.map((each) => each.tdId)).toContain('loader-added');
    await rules.doc(first.rules[1]!.tdId).delete();
    const removed = await load();
    expect(removed.rules.map((each) => each.tdId)).not.toContain(first.rules[1]!.tdId);
    expect(await load()).toBe(removed);

    // The bound: read whole again, though nothing moved.
    clock += THRESHOLD_FULL_READ_MS;
    const bounded = await load();
    expect(bounded).not.toBe(removed);
    expect(bounded).toEqual(removed);
  });
});
