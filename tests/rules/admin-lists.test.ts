/**
 * The admin lists (common/src/admin-lists.ts) are written only through the API, which checks in one
 * transaction what a rule cannot (parents, dependents, cross-row invariants): firestore.rules lets
 * clients read them as the collection table says and refuses every client create, update and delete,
 * even in a perfectly valid shape. The API's own bookkeeping (deletion stamps, dependency markers,
 * delete tombstones, write locks, trigger events) is out of every client's reach.
 *
 * Every refusal is paired with evidence that the check could fail: the same principal reads the same
 * row, the same write goes through with the rules bypassed, and the stored row is compared afterwards.
 */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  collection as collectionOf,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  writeBatch,
} from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_LIST_IDS,
  ADMIN_LISTS,
  childrenOf,
  PARENT_LISTS,
  type AdminListId,
} from '@insight/common/admin-lists';
import { DELETION_STAMPS, deletionStampId } from '@insight/common/change-history';
import { COLLECTION_ACCESS } from '@insight/common/collections';
import { can, ROLE_KEYS, type RoleKey } from '@insight/common/roles';
import {
  clientWriteOf,
  parentId,
  parentsOf,
  pathOf,
  seedDocuments,
  storedAt,
  storedOf,
  storeOf,
  verdict,
  type Store,
} from './admin-fixtures';
import { useRulesEnvironment } from './support';

/** The row under test in each list (a valid id wherever the id is one of the fields). */
const ROW = 'ROW-1';

type Principal = { label: string; uid: string | null; roles: RoleKey[] };
const ENGINEER: Principal = { label: 'engineering', uid: 'eng', roles: ['engineering'] };
const EVERY_ROLE: Principal = { label: 'every role at once', uid: 'all', roles: [...ROLE_KEYS] };
const PRINCIPALS: Principal[] = [
  ...ROLE_KEYS.map((role) => ({ label: role, uid: `user-${role}`, roles: [role] })),
  EVERY_ROLE,
  { label: 'no roles', uid: 'user-none', roles: [] },
  { label: 'signed out', uid: null, roles: [] },
];
/** The principals that hold adminWrite, the capability the API writes the lists with. */
const WRITERS = [ENGINEER, EVERY_ROLE];

/** The API's own collections (functions/src/adapters/firestore), with a document as it writes them. */
const SERVER_ONLY: Array<[collection: string, id: string, data: Record<string, unknown>]> = [
  [
    DELETION_STAMPS,
    deletionStampId(ADMIN_LISTS.cmts.collection, ROW, '1767225600.000000000'),
    {
      collection: ADMIN_LISTS.cmts.collection,
      docId: ROW,
      deletedBy: 'eng',
      deletedAt: Timestamp.now(),
      expireAt: Timestamp.now(),
    },
  ],
  [
    'dependency_markers',
    `${ADMIN_LISTS.cmts.collection}:${ROW}`,
    { list: 'cmts', refs: {}, parents: [], at: Timestamp.now() },
  ],
  [
    'delete_tombstones',
    `${ADMIN_LISTS.headEnd.collection}:${ROW}`,
    { collection: ADMIN_LISTS.headEnd.collection, docId: ROW, by: 'eng', until: Timestamp.now() },
  ],
  ['write_locks', 'cmts-ip:10.1.2.3', { at: Timestamp.now() }],
  ['trigger_events', 'event-1', { at: Timestamp.now() }],
];

const accessOf = (list: AdminListId) => COLLECTION_ACCESS[ADMIN_LISTS[list].collection]!;

describe('firestore.rules: the admin lists are written only through the API', () => {
  const getEnv = useRulesEnvironment();
  const storeFor = (principal: Principal): Store =>
    principal.uid
      ? storeOf(getEnv(), principal.uid, principal.roles)
      : getEnv().unauthenticatedContext().firestore();
  const seed = (documents: Array<[string, Record<string, unknown>]>) => seedDocuments(getEnv(), documents);
  /** The row of `list` with its parents, as the API stores them; its count (if it keeps one) at `count`. */
  const seedRow = (list: AdminListId, count = 0) =>
    seed([...parentsOf(list), [pathOf(list, ROW), storedOf(list, ROW, count)]]);
  /** Runs `write` with the rules bypassed, as the functions write with the Admin SDK. */
  const bypassing = (write: (store: Store) => Promise<unknown>) =>
    getEnv().withSecurityRulesDisabled(async (context) => {
      await assertSucceeds(write(context.firestore()));
    });

  it('when the collection table lists the admin lists, then clients only read them and the API writes them with adminWrite', () => {
    const collections = ADMIN_LIST_IDS.map((list) => ADMIN_LISTS[list].collection);
    for (const list of ADMIN_LIST_IDS)
      expect(accessOf(list), list).toMatchObject({ write: null, delete: null, api: 'adminWrite' });
    const throughApi = Object.keys(COLLECTION_ACCESS).filter((name) => COLLECTION_ACCESS[name]!.api);
    expect(throughApi.sort()).toEqual([...collections].sort());
    // The API's bookkeeping has no entry: the rules' default deny keeps it.
    for (const [name] of SERVER_ONLY) expect(COLLECTION_ACCESS[name], name).toBeUndefined();
  });

  for (const list of ADMIN_LIST_IDS) {
    const spec = ADMIN_LISTS[list];
    const path = pathOf(list, ROW);

    describe(`${list} (${spec.collection})`, () => {
      it('when a principal reads a row or the whole list, then the verdict follows the collection table', async () => {
        await seedRow(list);
        const differences: string[] = [];
        let allowed = 0;
        for (const principal of PRINCIPALS) {
          const read = accessOf(list).read;
          const expected =
            principal.uid !== null && read !== null && read !== 'own' && can(principal.roles, read);
          const store = storeFor(principal);
          for (const [operation, read] of [
            ['get', () => getDoc(doc(store, path))],
            ['list', () => getDocs(collectionOf(store, spec.collection))],
          ] as const) {
            const outcome = await verdict(read());
            if (outcome) allowed += 1;
            if (outcome !== expected)
              differences.push(
                `${principal.label} ${operation}: rules say ${outcome}, table says ${expected}`,
              );
          }
        }
        expect(differences).toEqual([]);
        // Some principals read and some do not: the verdicts above can go either way.
        expect(allowed).toBeGreaterThan(0);
        expect(allowed).toBeLessThan(PRINCIPALS.length * 2);
      });

      it('when engineering creates a valid row directly, then it is refused and nothing is written', async () => {
        await seed(parentsOf(list));
        for (const writer of WRITERS) {
          const store = storeFor(writer);
          await assertFails(setDoc(doc(store, path), clientWriteOf(list, ROW, writer.uid!, 'create')));
          const batch = writeBatch(store);
          batch.set(doc(store, path), clientWriteOf(list, ROW, writer.uid!, 'create'));
          await assertFails(batch.commit());
          // The same principal may read the path: only the write is refused.
          expect((await assertSucceeds(getDoc(doc(store, path)))).exists()).toBe(false);
        }
        expect(await storedAt(getEnv(), path)).toBeUndefined();
        // The same document goes through with the rules bypassed: its shape is not what was refused.
        await bypassing((store) => setDoc(doc(store, path), clientWriteOf(list, ROW, 'eng', 'create')));
        expect(await storedAt(getEnv(), path)).toMatchObject({ updatedBy: 'eng' });
      });

      it('when engineering updates or replaces a row directly with valid fields, then it is refused and the row is unchanged', async () => {
        await seedRow(list);
        const before = await storedAt(getEnv(), path);
        for (const writer of WRITERS) {
          const store = storeFor(writer);
          const update = clientWriteOf(list, ROW, writer.uid!, 'update');
          await assertFails(updateDoc(doc(store, path), update));
          await assertFails(setDoc(doc(store, path), update, { merge: true }));
          await assertFails(setDoc(doc(store, path), clientWriteOf(list, ROW, writer.uid!, 'create')));
          await assertSucceeds(getDoc(doc(store, path)));
        }
        expect(await storedAt(getEnv(), path)).toEqual(before);
        // The comparison sees a change: the same update with the rules bypassed is stored.
        await bypassing((store) => updateDoc(doc(store, path), clientWriteOf(list, ROW, 'eng', 'update')));
        expect(await storedAt(getEnv(), path)).not.toEqual(before);
      });

      const unused = spec.countField ? ` (${spec.countField} 0)` : '';
      it(`when engineering deletes a row that nothing names${unused} directly or with a deletion stamp, then it is refused and the row is still there`, async () => {
        await seedRow(list);
        const before = await storedAt(getEnv(), path);
        const version = before?.[spec.timeField] as Timestamp;
        for (const writer of WRITERS) {
          const store = storeFor(writer);
          await assertFails(deleteDoc(doc(store, path)));
          // As the web app deleted before the API: the author's stamp and the delete in one batch.
          const batch = writeBatch(store);
          batch.set(
            doc(
              store,
              DELETION_STAMPS,
              deletionStampId(spec.collection, ROW, `${version.seconds}.${version.nanoseconds}`),
            ),
            { collection: spec.collection, docId: ROW, deletedBy: writer.uid, deletedAt: serverTimestamp() },
          );
          batch.delete(doc(store, path));
          await assertFails(batch.commit());
          await assertSucceeds(getDoc(doc(store, path)));
        }
        expect(await storedAt(getEnv(), path)).toEqual(before);
        // The check sees a delete: the same delete with the rules bypassed removes the row.
        await bypassing((store) => deleteDoc(doc(store, path)));
        expect(await storedAt(getEnv(), path)).toBeUndefined();
      });
    });
  }

  it('a head end with cmtsCount 0 cannot be deleted directly either (deletes go through the API, which checks dependents in a transaction)', async () => {
    const path = pathOf('headEnd', ROW);
    await seedRow('headEnd', 0);
    const store = storeFor(ENGINEER);
    expect((await assertSucceeds(getDoc(doc(store, path)))).get('cmtsCount')).toBe(0);
    await assertFails(deleteDoc(doc(store, path)));
    expect(await storedAt(getEnv(), path)).toMatchObject({ cmtsCount: 0 });
  });

  for (const parent of PARENT_LISTS) {
    const { countField, collection } = ADMIN_LISTS[parent];
    for (const { child, field } of childrenOf(parent)) {
      const path = pathOf(parent, parentId(parent));
      it(`when a ${parent} row is still named by a ${child} row (${countField} 1), then engineering cannot delete it and the ${child} row keeps its ${parent}`, async () => {
        // parentsOf(child) stores the parent row with a count of 1, for the child row stored here.
        await seed([...parentsOf(child), [pathOf(child, ROW), storedOf(child, ROW)]]);
        const before = await storedAt(getEnv(), path);
        // Under the full emulator suite the functions' trigger also counts the child row it sees written
        // here: the count is at least 1, whatever it adds; everything else must stay exactly as it was.
        expect(before?.[countField!]).toBeGreaterThanOrEqual(1);
        const { [countField!]: _count, ...rest } = before ?? {};
        for (const writer of WRITERS) {
          const store = storeFor(writer);
          await assertFails(deleteDoc(doc(store, path)));
          // Nor by first bringing the count down to zero.
          await assertFails(updateDoc(doc(store, path), { [countField!]: 0 }));
          await assertSucceeds(getDoc(doc(store, path)));
        }
        const after = await storedAt(getEnv(), path);
        expect(after).toMatchObject(rest);
        expect(after?.[countField!]).toBeGreaterThanOrEqual(1);
        expect((await storedAt(getEnv(), pathOf(child, ROW)))?.[field]).toBe(parentId(parent));
        await bypassing((store) => deleteDoc(doc(store, collection, parentId(parent))));
        expect(await storedAt(getEnv(), path)).toBeUndefined();
      });
    }
  }

  it('a threshold definition or variant that rules still use (ruleCount above zero) cannot be deleted through the rules', async () => {
    await seed([...parentsOf('rules'), [pathOf('rules', ROW), storedOf('rules', ROW)]]);
    for (const list of ['definitions', 'variants'] as const) {
      const path = pathOf(list, parentId(list));
      const store = storeFor(ENGINEER);
      expect((await assertSucceeds(getDoc(doc(store, path)))).get('ruleCount')).toBeGreaterThan(0);
      await assertFails(deleteDoc(doc(store, path)));
      // Still there, still counted (the functions may have counted the seeded rule again: at least 1).
      expect((await storedAt(getEnv(), path))?.ruleCount).toBeGreaterThanOrEqual(1);
    }
  });

  for (const list of PARENT_LISTS) {
    const { countField, timeField } = ADMIN_LISTS[list];
    it(`no client may write a count field: ${list}.${countField}, by update, merge or create, whatever the role`, async () => {
      const path = pathOf(list, ROW);
      const fresh = pathOf(list, 'ROW-2');
      await seedRow(list, 3);
      const before = await storedAt(getEnv(), path);
      const accepted: string[] = [];
      for (const principal of PRINCIPALS) {
        const store = storeFor(principal);
        const stamp = { [timeField]: serverTimestamp(), updatedBy: principal.uid };
        for (const [operation, write] of [
          ['update', () => updateDoc(doc(store, path), { [countField!]: 0, ...stamp })],
          ['merge', () => setDoc(doc(store, path), { [countField!]: 0 }, { merge: true })],
          ['replace', () => setDoc(doc(store, path), { ...before, [countField!]: 0, ...stamp })],
          [
            'create',
            () =>
              setDoc(doc(store, fresh), {
                ...clientWriteOf(list, 'ROW-2', principal.uid ?? 'x', 'create'),
                [countField!]: 0,
              }),
          ],
        ] as const)
          if (await verdict(write())) accepted.push(`${principal.label} ${operation}`);
      }
      expect(accepted).toEqual([]);
      expect(await storedAt(getEnv(), path)).toEqual(before);
      expect(await storedAt(getEnv(), fresh)).toBeUndefined();
      // The readers still read the count; the functions' write of it is stored.
      await assertSucceeds(getDoc(doc(storeFor(ENGINEER), path)));
      await bypassing((store) => updateDoc(doc(store, path), { [countField!]: 0 }));
      expect(await storedAt(getEnv(), path)).toMatchObject({ [countField!]: 0 });
    });
  }

  for (const [name, id, data] of SERVER_ONLY) {
    it(`no client may write ${name}, nor read it: every operation is refused, whatever the role, and the document is unchanged`, async () => {
      const path = `${name}/${id}`;
      await seed([
        [path, data],
        [pathOf('headEnd', ROW), storedOf('headEnd', ROW)],
      ]);
      const before = await storedAt(getEnv(), path);
      const allowed: string[] = [];
      for (const principal of PRINCIPALS) {
        const store = storeFor(principal);
        const forged = { ...data, forgedBy: principal.uid };
        for (const [operation, run] of [
          ['get', () => getDoc(doc(store, path))],
          ['list', () => getDocs(collectionOf(store, name))],
          ['create', () => setDoc(doc(store, name, 'forged'), forged)],
          ['replace', () => setDoc(doc(store, path), forged)],
          ['update', () => updateDoc(doc(store, path), { forgedBy: principal.uid })],
          ['delete', () => deleteDoc(doc(store, path))],
        ] as const)
          if (await verdict(run())) allowed.push(`${principal.label} ${operation}`);
      }
      expect(allowed).toEqual([]);
      expect(await storedAt(getEnv(), path)).toEqual(before);
      expect(await storedAt(getEnv(), `${name}/forged`)).toBeUndefined();
      // The same engineering principal reads an admin list; the functions read and write the document.
      await assertSucceeds(getDoc(doc(storeFor(ENGINEER), pathOf('headEnd', ROW))));
      await bypassing((store) => updateDoc(doc(store, path), { forgedBy: 'eng' }));
      expect(await storedAt(getEnv(), path)).toMatchObject({ forgedBy: 'eng' });
    });
  }

  it('when engineering reads a collection under threshold_manager/configuration other than the three lists, then it is refused', async () => {
    await seed([
      ['threshold_manager/configuration/other/x', { note: 'any' }],
      [pathOf('definitions', ROW), storedOf('definitions', ROW)],
    ]);
    const store = storeFor(ENGINEER);
    await assertFails(getDoc(doc(store, 'threshold_manager/configuration/other/x')));
    await assertSucceeds(getDoc(doc(store, pathOf('definitions', ROW))));
  });
});
