import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  collection as collectionOf,
  deleteDoc,
  deleteField,
  doc,
  getDoc,
  getDocs,
  setDoc,
  Timestamp,
  updateDoc,
  writeBatch,
} from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { DELETION_STAMPS, deletionStampId } from '@insight/common/change-history';
import { COUNT_FIELD } from '@insight/common/network';
import { ROLE_KEYS } from '@insight/common/roles';
import {
  AREAS,
  CMTS,
  cmts,
  createOf,
  fieldsOf,
  HEAD_END,
  LISTS,
  MARKET_AREA,
  rolesThatMay,
  seedDocuments,
  seedReferences,
  stampedDelete,
  stampOf,
  storedOf,
  storeOf,
  updateOf,
  verdict,
} from './network-fixtures';
import { memberClaims, useRulesEnvironment } from './support';

/** Head ends and marketing areas by how many CMTS rows use them (the functions' count). */
const IN_USE = 'IN-USE';
const UNUSED = 'UNUSED';
const NO_COUNT = 'NO-COUNT';
/** A CMTS row that may be deleted. */
const ROW = 'OLT-OTT-9';

describe('firestore.rules: deleting from the network lists', () => {
  const getEnv = useRulesEnvironment(async (env) => {
    await seedReferences(env);
    await seedDocuments(env, [
      [`${CMTS}/${ROW}`, storedOf(CMTS, cmts(ROW))],
      ...AREAS.flatMap((area): Array<[string, Record<string, unknown>]> => [
        [`${area}/${IN_USE}`, { ...storedOf(area, { name: 'In use' }), [COUNT_FIELD]: 2 }],
        [`${area}/${UNUSED}`, { ...storedOf(area, { name: 'Unused' }), [COUNT_FIELD]: 0 }],
        [`${area}/${NO_COUNT}`, storedOf(area, { name: 'No count yet' })],
      ]),
    ]);
  });
  const as = (uid: string, roles: readonly string[]) => storeOf(getEnv(), uid, roles);

  for (const area of AREAS)
    for (const role of rolesThatMay('delete', area))
      it(`when ${role} deletes a ${area} in use, then it is refused; at zero or with no count yet it is allowed`, async () => {
        const store = as(`user-${role}`, [role]);
        await assertFails(stampedDelete(store, area, IN_USE, `user-${role}`));
        await assertSucceeds(stampedDelete(store, area, UNUSED, `user-${role}`));
        await assertSucceeds(stampedDelete(store, area, NO_COUNT, `user-${role}`));
      });

  for (const role of rolesThatMay('delete', CMTS))
    it(`when ${role} deletes a CMTS row with its stamp, then it is allowed and the stamp names them`, async () => {
      await assertSucceeds(stampedDelete(as(`user-${role}`, [role]), CMTS, ROW, `user-${role}`));
      await getEnv().withSecurityRulesDisabled(async (context) => {
        const stamp = await getDoc(doc(context.firestore(), DELETION_STAMPS, deletionStampId(CMTS, ROW)));
        expect(stamp.data()).toMatchObject({ collection: CMTS, docId: ROW, deletedBy: `user-${role}` });
        expect(stamp.get('deletedAt')).toBeInstanceOf(Timestamp);
      });
    });

  for (const list of LISTS) {
    const id = list === CMTS ? ROW : UNUSED;
    const others = ROLE_KEYS.filter((role) => !rolesThatMay('delete', list).includes(role));
    it(`when a role that may not delete (${others.join(', ')}) deletes from ${list} with a stamp, then it is refused`, async () => {
      for (const role of others)
        await assertFails(stampedDelete(as(`user-${role}`, [role]), list, id, `user-${role}`));
    });

    it(`when ${list}/${id} is deleted without its stamp or with a wrong one, then it is refused`, async () => {
      const store = as('eng', ['engineering']);
      const stamp = stampOf(list, id, 'eng');
      const otherList = LISTS.find((other) => other !== list)!;
      const { docId: _docId, ...withoutDocId } = stamp;
      const faults: Array<[string, Parameters<typeof stampedDelete>[4]]> = [
        ['no stamp', { stamp: null }],
        ['another author', { stamp: { ...stamp, deletedBy: 'someone-else' } }],
        ['a client-chosen time', { stamp: { ...stamp, deletedAt: Timestamp.now() } }],
        ['a time that is text', { stamp: { ...stamp, deletedAt: 'now' } }],
        ['an extra field', { stamp: { ...stamp, reason: 'x'.repeat(1000) } }],
        ['no docId', { stamp: withoutDocId }],
        ['a docId that is a number', { stamp: { ...stamp, docId: 42 } }],
        ['a docId that is not the id', { stamp: { ...stamp, docId: 'OTHER' } }],
        ['a stamp under another id', { stampId: deletionStampId(list, 'OTHER') }],
        [
          'a stamp of another list',
          { stamp: { ...stamp, collection: otherList }, stampId: `${otherList}:${id}` },
        ],
      ];
      const accepted: string[] = [];
      for (const [label, change] of faults)
        if (await verdict(stampedDelete(store, list, id, 'eng', change))) accepted.push(label);
      expect(accepted).toEqual([]);
      await assertFails(deleteDoc(doc(store, list, id)));
      // The same delete with its stamp goes through: the stamp was what the rules refused.
      await assertSucceeds(stampedDelete(store, list, id, 'eng'));
    });
  }

  it('when a stamp is written for a row that stays, that never existed or outside the three lists, then it is refused', async () => {
    const store = as('eng', ['engineering']);
    const stamp = (collection: string, id: string) =>
      setDoc(doc(store, DELETION_STAMPS, deletionStampId(collection, id)), stampOf(collection, id, 'eng'));
    await assertFails(stamp(AREAS[0], UNUSED));
    await assertFails(stamp(CMTS, ROW));
    await assertFails(stamp(CMTS, 'NEVER-THERE'));
    await assertFails(stamp('audit_log', 'r1'));
    await assertFails(stamp('cmts_source_extra', ROW));
    // Nor may a role that may not write the lists.
    const op = as('op', ['operation']);
    await assertFails(
      setDoc(doc(op, DELETION_STAMPS, deletionStampId(CMTS, 'NEVER')), stampOf(CMTS, 'NEVER', 'op')),
    );
  });

  it('when a row is deleted, created again and deleted again, then the second delete overwrites its stamp', async () => {
    const store = as('eng', ['engineering']);
    await assertSucceeds(stampedDelete(store, CMTS, ROW, 'eng'));
    await assertSucceeds(setDoc(doc(store, CMTS, ROW), createOf(CMTS, cmts(ROW), 'eng')));
    await assertSucceeds(stampedDelete(store, CMTS, ROW, 'eng'));
  });

  it('when anyone reads, lists or deletes a deletion stamp, then it is refused', async () => {
    await assertSucceeds(stampedDelete(as('eng', ['engineering']), CMTS, ROW, 'eng'));
    const stampPath = `${DELETION_STAMPS}/${deletionStampId(CMTS, ROW)}`;
    for (const role of ROLE_KEYS) {
      const store = as(`user-${role}`, [role]);
      await assertFails(getDoc(doc(store, stampPath)));
      await assertFails(getDocs(collectionOf(store, DELETION_STAMPS)));
      await assertFails(deleteDoc(doc(store, stampPath)));
    }
    await assertFails(getDoc(doc(getEnv().unauthenticatedContext().firestore(), stampPath)));
  });

  it('when a batch deletes a head end and creates a CMTS row naming it, then it is refused', async () => {
    const store = as('eng', ['engineering']);
    const batch = writeBatch(store);
    batch.set(
      doc(store, DELETION_STAMPS, deletionStampId(AREAS[0], UNUSED)),
      stampOf(AREAS[0], UNUSED, 'eng'),
    );
    batch.delete(doc(store, AREAS[0], UNUSED));
    batch.set(
      doc(store, CMTS, 'OLT-ORPHAN'),
      createOf(CMTS, { ...cmts('OLT-ORPHAN'), headEnd: UNUSED }, 'eng'),
    );
    await assertFails(batch.commit());
    await assertSucceeds(stampedDelete(store, AREAS[0], UNUSED, 'eng'));
  });
});

describe('firestore.rules: only the functions write the dependency counts', () => {
  const getEnv = useRulesEnvironment((env) =>
    seedDocuments(
      env,
      AREAS.flatMap((area): Array<[string, Record<string, unknown>]> => [
        [`${area}/${IN_USE}`, { ...storedOf(area, { name: 'In use' }), [COUNT_FIELD]: 2 }],
        [`${area}/${NO_COUNT}`, storedOf(area, { name: 'No count yet' })],
      ]),
    ),
  );
  const store = () => storeOf(getEnv(), 'eng', ['engineering']);

  for (const area of AREAS) {
    it(`when a client creates a ${area} with a count, then it is refused; without one it is allowed`, async () => {
      const accepted: unknown[] = [];
      for (const count of [0, 1, -1, null, '0'])
        if (
          await verdict(
            setDoc(doc(store(), area, 'NEW-1'), {
              ...createOf(area, { name: 'New one' }, 'eng'),
              [COUNT_FIELD]: count,
            }),
          )
        )
          accepted.push(count);
      expect(accepted).toEqual([]);
      await assertSucceeds(setDoc(doc(store(), area, 'NEW-1'), createOf(area, { name: 'New one' }, 'eng')));
    });

    it(`when a client raises, lowers, removes or retypes the count of a ${area}, then it is refused; leaving it is allowed`, async () => {
      const accepted: string[] = [];
      for (const [label, count] of [
        ['up', 3],
        ['down', 1],
        ['to zero', 0],
        ['removed', deleteField()],
        ['to null', null],
        ['to text', '2'],
        ['to a decimal', 2.5],
      ] as const)
        if (
          await verdict(
            updateDoc(doc(store(), area, IN_USE), { ...updateOf(area, {}, 'eng'), [COUNT_FIELD]: count }),
          )
        )
          accepted.push(label);
      for (const [label, count] of [
        ['absent set to zero', 0],
        ['absent set to null', null],
        ['absent set to one', 1],
      ] as const)
        if (
          await verdict(
            updateDoc(doc(store(), area, NO_COUNT), { ...updateOf(area, {}, 'eng'), [COUNT_FIELD]: count }),
          )
        )
          accepted.push(label);
      expect(accepted).toEqual([]);
      // A rename leaves the count as it is (present or absent); sending the same value back is allowed.
      await assertSucceeds(
        setDoc(doc(store(), area, IN_USE), updateOf(area, { name: 'Renamed' }, 'eng'), { merge: true }),
      );
      await assertSucceeds(
        updateDoc(doc(store(), area, IN_USE), { ...updateOf(area, {}, 'eng'), [COUNT_FIELD]: 2 }),
      );
      await assertSucceeds(
        setDoc(doc(store(), area, NO_COUNT), updateOf(area, { name: 'Renamed' }, 'eng'), { merge: true }),
      );
    });
  }
});

describe('firestore.rules: a CMTS row names a head end and a marketing area that exist', () => {
  const getEnv = useRulesEnvironment(seedReferences);
  const store = () => storeOf(getEnv(), 'eng', ['engineering']);

  it('when a CMTS row names a head end or a marketing area that does not exist, then it is refused', async () => {
    await assertFails(
      setDoc(
        doc(store(), CMTS, 'OLT-OTT-2'),
        createOf(CMTS, { ...cmts('OLT-OTT-2'), headEnd: 'ON-XXX-01' }, 'eng'),
      ),
    );
    await assertFails(
      setDoc(
        doc(store(), CMTS, 'OLT-OTT-3'),
        createOf(CMTS, { ...cmts('OLT-OTT-3'), marketArea: 'MA-XXX' }, 'eng'),
      ),
    );
    // A marketing area id is not a head end: each reference is looked up in its own list.
    await assertFails(
      setDoc(
        doc(store(), CMTS, 'OLT-OTT-4'),
        createOf(CMTS, { ...cmts('OLT-OTT-4'), headEnd: MARKET_AREA }, 'eng'),
      ),
    );
    await assertSucceeds(setDoc(doc(store(), CMTS, 'OLT-OTT-1'), createOf(CMTS, cmts('OLT-OTT-1'), 'eng')));
    await assertFails(
      updateDoc(doc(store(), CMTS, 'OLT-OTT-1'), updateOf(CMTS, { headEnd: 'ON-XXX-01' }, 'eng')),
    );
    await assertSucceeds(
      updateDoc(doc(store(), CMTS, 'OLT-OTT-1'), updateOf(CMTS, { headEnd: HEAD_END }, 'eng')),
    );
  });

  it('when one batch creates a head end and a CMTS row naming it, then it is allowed', async () => {
    const db = store();
    const batch = writeBatch(db);
    batch.set(doc(db, AREAS[0], 'ON-OTT-05'), createOf(AREAS[0], { name: 'Ottawa 05' }, 'eng'));
    batch.set(
      doc(db, CMTS, 'OLT-OTT-5'),
      createOf(CMTS, { ...cmts('OLT-OTT-5'), headEnd: 'ON-OTT-05' }, 'eng'),
    );
    await assertSucceeds(batch.commit());
  });

  it('when the import writes 400 rows in one batch, then it is allowed while the batch names at most 20 documents', async () => {
    const db = store();
    const batch = writeBatch(db);
    for (let n = 0; n < 400; n += 1)
      batch.set(doc(db, CMTS, `IMP-${n}`), createOf(CMTS, cmts(`IMP-${n}`), 'eng'));
    await assertSucceeds(batch.commit());
    // The platform allows 20 document lookups per batch (a document looked up twice counts once): 19
    // head ends and one marketing area pass, 20 and one do not. The import groups its rows accordingly.
    const heads = Array.from({ length: 20 }, (_, n) => `ON-HE-${n}`);
    await seedDocuments(
      getEnv(),
      heads.map((id) => [`${AREAS[0]}/${id}`, storedOf(AREAS[0], { name: 'Head end' })]),
    );
    const rowsNaming = (count: number) => {
      const batchOf = writeBatch(db);
      heads
        .slice(0, count)
        .forEach((headEnd, n) =>
          batchOf.set(
            doc(db, CMTS, `LIM-${count}-${n}`),
            createOf(CMTS, { ...cmts(`LIM-${count}-${n}`), headEnd }, 'eng'),
          ),
        );
      return batchOf.commit();
    };
    await assertSucceeds(rowsNaming(19));
    await assertFails(rowsNaming(20));
  });
});

describe('firestore.rules: members only', () => {
  const getEnv = useRulesEnvironment(seedReferences);

  it('when an engineering token has an unverified e-mail or one outside the allowed domains, then nothing is readable or writable', async () => {
    for (const overrides of [
      { email_verified: false },
      { email: 'eng@elsewhere.example' },
      { email: null },
    ]) {
      const store = getEnv()
        .authenticatedContext('eng', memberClaims('eng', ['engineering'], overrides))
        .firestore();
      await assertFails(getDoc(doc(store, AREAS[0], HEAD_END)));
      await assertFails(
        setDoc(doc(store, AREAS[0], 'NEW-2'), createOf(AREAS[0], fieldsOf(AREAS[0], 'NEW-2'), 'eng')),
      );
    }
    await assertSucceeds(getDoc(doc(storeOf(getEnv(), 'eng', ['engineering']), AREAS[0], HEAD_END)));
  });
});
