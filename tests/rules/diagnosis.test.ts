/**
 * The diagnosis' collections behave as declared (common/src/collections.ts, firestore.rules, README
 * "Diagnosis"): `diagnosis_playbook` is an admin list, read by adminRead and written only through the API;
 * `device_snapshots/{mac}` and its `looks` are the functions' own, refused to every client whatever the
 * operation, the role or the shape of the document.
 *
 * Table-driven like admin-lists.test.ts: every principal × path × operation, the verdicts compared with
 * what the collection table says, and each refusal paired with evidence that the check could fail (the
 * same principal reads an admin list, the same write goes through with the rules bypassed).
 */
import { assertSucceeds } from '@firebase/rules-unit-testing';
import {
  collection,
  collectionGroup,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  writeBatch,
} from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAYBOOK_BY_KEY, DIAGNOSIS_COLLECTIONS } from '@insight/common/diagnosis-playbook';
import { COLLECTION_ACCESS } from '@insight/common/collections';
import { can, ROLE_KEYS, type RoleKey } from '@insight/common/roles';
import { seedDocuments, storedAt, storeOf, verdict, type Store } from './admin-fixtures';
import { useRulesEnvironment } from './support';

type Principal = { label: string; uid: string | null; roles: RoleKey[] };
const PRINCIPALS: Principal[] = [
  ...ROLE_KEYS.map((role) => ({ label: role, uid: `user-${role}`, roles: [role] })),
  { label: 'every role at once', uid: 'all', roles: [...ROLE_KEYS] },
  { label: 'no roles', uid: 'user-none', roles: [] },
  { label: 'signed out', uid: null, roles: [] },
];
const ENGINEER = PRINCIPALS.find((principal) => principal.label === 'engineering')!;

const MAC = 'D1A600000002';
const MINUTE = '29900000';
const { playbook: PLAYBOOK, snapshots: SNAPSHOTS, looks: LOOKS } = DIAGNOSIS_COLLECTIONS;
const DEVICE_PATH = `${SNAPSHOTS}/${MAC}`;
const LOOK_PATH = `${DEVICE_PATH}/${LOOKS}/${MINUTE}`;
const ENTRY = DEFAULT_PLAYBOOK_BY_KEY['rxPower.fail']!;
const ENTRY_PATH = `${PLAYBOOK}/${ENTRY.key}`;

/** A look as the API stores it (functions/src/adapters/firestore/firestore-looks.ts). */
const look = () => ({
  mac: MAC,
  at: '2026-11-24T15:00:00.000Z',
  by: 'support2',
  score: 3,
  measures: { rxPower: { value: -27.8, grade: 'fail', unit: 'dBm' } },
  findings: [{ id: 'rxPower', key: 'rxPower.fail', severity: 'fail' }],
  expireAt: Timestamp.fromDate(new Date('2027-02-22T15:00:00Z')),
});
const device = () => ({
  mac: MAC,
  score: 3,
  at: '2026-11-24T15:00:00.000Z',
  expireAt: Timestamp.fromDate(new Date('2027-02-22T15:00:00Z')),
});
/** A playbook entry as the API stores it (the fields, the author and the time). */
const entry = (stepEn = ENTRY.stepEn) => ({
  ...ENTRY,
  stepEn,
  updatedAt: Timestamp.fromDate(new Date('2026-11-20T15:00:00Z')),
  updatedBy: 'eng',
});

describe('firestore.rules: the diagnosis collections', () => {
  const getEnv = useRulesEnvironment();
  const storeFor = (principal: Principal): Store =>
    principal.uid
      ? storeOf(getEnv(), principal.uid, principal.roles)
      : getEnv().unauthenticatedContext().firestore();
  const seedAll = () =>
    seedDocuments(getEnv(), [
      [ENTRY_PATH, entry()],
      [DEVICE_PATH, device()],
      [LOOK_PATH, look()],
    ]);
  const bypassing = (write: (store: Store) => Promise<unknown>) =>
    getEnv().withSecurityRulesDisabled(async (context) => {
      await assertSucceeds(write(context.firestore()));
    });

  it('when the collection table is read, then the playbook is an admin list read by adminRead and the looks have no entry (server only)', () => {
    expect(COLLECTION_ACCESS[PLAYBOOK]).toMatchObject({
      read: 'adminRead',
      write: null,
      delete: null,
      api: 'adminWrite',
    });
    expect(COLLECTION_ACCESS[SNAPSHOTS]).toBeUndefined();
    expect(COLLECTION_ACCESS[`${SNAPSHOTS}/{mac}/${LOOKS}`]).toBeUndefined();
  });

  it('when a principal reads a playbook entry or the whole playbook, then the verdict follows the collection table (adminRead)', async () => {
    await seedAll();
    const differences: string[] = [];
    let allowed = 0;
    for (const principal of PRINCIPALS) {
      const expected = principal.uid !== null && can(principal.roles, 'adminRead');
      const store = storeFor(principal);
      for (const [operation, read] of [
        ['get', () => getDoc(doc(store, ENTRY_PATH))],
        ['list', () => getDocs(collection(store, PLAYBOOK))],
      ] as const) {
        const outcome = await verdict(read());
        if (outcome) allowed += 1;
        if (outcome !== expected)
          differences.push(`${principal.label} ${operation}: rules say ${outcome}, table says ${expected}`);
      }
    }
    expect(differences).toEqual([]);
    // Some read and some do not: the verdicts can go either way.
    expect(allowed).toBeGreaterThan(0);
    expect(allowed).toBeLessThan(PRINCIPALS.length * 2);
  });

  it('when any principal writes the playbook directly (create, replace, merge, update, batch, delete), then it is refused and the entry is unchanged', async () => {
    await seedAll();
    const before = await storedAt(getEnv(), ENTRY_PATH);
    const fresh = `${PLAYBOOK}/wifiPlacement`;
    const accepted: string[] = [];
    for (const principal of PRINCIPALS) {
      const store = storeFor(principal);
      const edited = {
        ...entry('Edited next step.'),
        updatedAt: serverTimestamp(),
        updatedBy: principal.uid,
      };
      for (const [operation, write] of [
        [
          'create',
          () =>
            setDoc(doc(store, fresh), { ...DEFAULT_PLAYBOOK_BY_KEY.wifiPlacement, updatedBy: principal.uid }),
        ],
        ['replace', () => setDoc(doc(store, ENTRY_PATH), edited)],
        ['merge', () => setDoc(doc(store, ENTRY_PATH), { stepEn: 'Edited next step.' }, { merge: true })],
        ['update', () => updateDoc(doc(store, ENTRY_PATH), { stepEn: 'Edited next step.' })],
        [
          'batch',
          () => {
            const batch = writeBatch(store);
            batch.set(doc(store, ENTRY_PATH), edited);
            return batch.commit();
          },
        ],
        ['delete', () => deleteDoc(doc(store, ENTRY_PATH))],
      ] as const)
        if (await verdict(write())) accepted.push(`${principal.label} ${operation}`);
    }
    expect(accepted).toEqual([]);
    expect(await storedAt(getEnv(), ENTRY_PATH)).toEqual(before);
    expect(await storedAt(getEnv(), fresh)).toBeUndefined();
    // Engineering reads the entry it could not write; the API's write (rules bypassed) is stored.
    await assertSucceeds(getDoc(doc(storeFor(ENGINEER), ENTRY_PATH)));
    await bypassing((store) => updateDoc(doc(store, ENTRY_PATH), { stepEn: 'Edited next step.' }));
    expect(await storedAt(getEnv(), ENTRY_PATH)).toMatchObject({ stepEn: 'Edited next step.' });
  });

  const SERVER_ONLY = [
    {
      name: `${SNAPSHOTS}/{mac}`,
      path: DEVICE_PATH,
      list: (store: Store) => getDocs(collection(store, SNAPSHOTS)),
      data: device,
      field: 'score',
    },
    {
      name: `${SNAPSHOTS}/{mac}/${LOOKS}/{minute}`,
      path: LOOK_PATH,
      list: (store: Store) =>
        getDocs(query(collection(store, DEVICE_PATH, LOOKS), orderBy('at', 'desc'), limit(30))),
      data: look,
      field: 'score',
    },
  ];

  for (const { name, path, list, data, field } of SERVER_ONLY) {
    it(`no client may read or write ${name}: every operation is refused, whatever the role, and the document is unchanged`, async () => {
      await seedAll();
      const before = await storedAt(getEnv(), path);
      const forgedPath = path.replace(/[^/]+$/, 'forged');
      const allowed: string[] = [];
      for (const principal of PRINCIPALS) {
        const store = storeFor(principal);
        const forged = { ...data(), score: 5, by: principal.uid };
        for (const [operation, run] of [
          ['get', () => getDoc(doc(store, path))],
          ['list', () => list(store)],
          ['collection group', () => getDocs(collectionGroup(store, LOOKS))],
          ['create', () => setDoc(doc(store, forgedPath), forged)],
          ['replace', () => setDoc(doc(store, path), forged)],
          ['merge', () => setDoc(doc(store, path), { [field]: 5 }, { merge: true })],
          ['update', () => updateDoc(doc(store, path), { [field]: 5 })],
          [
            'batch',
            () => {
              const batch = writeBatch(store);
              batch.set(doc(store, path), forged);
              return batch.commit();
            },
          ],
          ['delete', () => deleteDoc(doc(store, path))],
        ] as const)
          if (await verdict(run())) allowed.push(`${principal.label} ${operation}`);
      }
      expect(allowed).toEqual([]);
      expect(await storedAt(getEnv(), path)).toEqual(before);
      expect(await storedAt(getEnv(), forgedPath)).toBeUndefined();
      // The same engineering principal reads the playbook; the functions write the document.
      await assertSucceeds(getDoc(doc(storeFor(ENGINEER), ENTRY_PATH)));
      await bypassing((store) => updateDoc(doc(store, path), { [field]: 5 }));
      expect(await storedAt(getEnv(), path)).toMatchObject({ [field]: 5 });
    });
  }

  it('when the device document does not exist, then its looks are still refused (the looks do not inherit an open parent)', async () => {
    await seedDocuments(getEnv(), [[LOOK_PATH, look()]]);
    const allowed: string[] = [];
    for (const principal of PRINCIPALS) {
      const store = storeFor(principal);
      if (await verdict(getDoc(doc(store, LOOK_PATH)))) allowed.push(`${principal.label} get`);
      if (await verdict(setDoc(doc(store, `${DEVICE_PATH}/${LOOKS}/29900001`), look())))
        allowed.push(`${principal.label} create`);
    }
    expect(allowed).toEqual([]);
    expect(await storedAt(getEnv(), DEVICE_PATH)).toBeUndefined();
    expect(await storedAt(getEnv(), `${DEVICE_PATH}/${LOOKS}/29900001`)).toBeUndefined();
  });
});
