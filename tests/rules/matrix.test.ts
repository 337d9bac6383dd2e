import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { deleteDoc, doc, getDoc, serverTimestamp, setDoc, Timestamp, updateDoc } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_LIST_IDS, adminListOf } from '@insight/common/admin-lists';
import { COLLECTION_ACCESS, type CollectionAccess } from '@insight/common/collections';
import { can, ROLE_KEYS, type RoleKey } from '@insight/common/roles';
import { rulesEnvironment, useRulesEnvironment, memberClaims } from './support';
import { clientWriteOf, parentsOf, seedDocuments, storedOf } from './admin-fixtures';

/**
 * A valid document of each collection at `path`, written by `uid`: for a create, with the server times a
 * create sets; for an update, without the fields a create sets once (createdOn, insertDate). An admin
 * list's row is valid as the API would write it: the rules refuse it all the same.
 */
function valid(
  collection: string,
  uid: string,
  path = '',
  mode: 'create' | 'update' = 'create',
): Record<string, unknown> {
  const id = path.split('/').pop() ?? '';
  const list = adminListOf(collection);
  if (list) return clientWriteOf(list, id, uid, mode);
  const stamp = { updatedBy: uid, updatedAt: serverTimestamp() };
  switch (collection) {
    case 'oltInterface':
      return { ports: [{ portNumber: 1, macAddress: 'AABBCCDDEEFF' }], ...stamp };
    case 'recent_lookups':
      return { macs: ['AABBCCDDEEFF'], updatedAt: serverTimestamp() };
    default:
      return { note: 'any', ...stamp };
  }
}

/** The same document as the functions or the seed store it (rules bypassed): real times, no sentinels. */
function stored(collection: string, path: string): Record<string, unknown> {
  const list = adminListOf(collection);
  if (list) return storedOf(list, path.split('/').pop() ?? '');
  const document = valid(collection, 'seed', path);
  if ('updatedAt' in document) document.updatedAt = Timestamp.now();
  return document;
}

type Principal = { label: string; uid: string | null; roles: RoleKey[] };
const PRINCIPALS: Principal[] = [
  ...ROLE_KEYS.map((role) => ({ label: role, uid: `user-${role}`, roles: [role] })),
  { label: 'no roles', uid: 'user-none', roles: [] },
  { label: 'signed out', uid: null, roles: [] },
];

function expected(
  access: CollectionAccess,
  op: 'read' | 'write' | 'delete',
  principal: Principal,
  ownDoc: boolean,
): boolean {
  if (!principal.uid) return false;
  const rule = access[op];
  if (op === 'read' && access.alsoRead && can(principal.roles, access.alsoRead)) return true;
  if (rule === null) return false;
  if (rule === 'own') return ownDoc;
  return can(principal.roles, rule);
}

describe('firestore.rules held to the collection table (common/src/collections.ts)', () => {
  // The rows that the sample rows of the admin lists name, so that each write is valid but for the rules.
  const getEnv = useRulesEnvironment((env) => seedDocuments(env, ADMIN_LIST_IDS.flatMap(parentsOf)));

  const db = (principal: Principal) =>
    principal.uid
      ? getEnv().authenticatedContext(principal.uid, memberClaims(principal.uid, principal.roles)).firestore()
      : getEnv().unauthenticatedContext().firestore();

  for (const [collection, access] of Object.entries(COLLECTION_ACCESS)) {
    it(`when every role reads, creates, updates and deletes in ${collection}, then the verdicts match the matrix`, async () => {
      const differences: string[] = [];
      for (const principal of PRINCIPALS) {
        const ownPath = access.sample.replace('{uid}', principal.uid ?? 'nobody');
        const otherPath = access.sample.replace('{uid}', 'someone-else');
        for (const [path, own] of [
          [ownPath, true],
          ...(ownPath !== otherPath ? [[otherPath, false]] : []),
        ] as Array<[string, boolean]>) {
          await getEnv().withSecurityRulesDisabled(async (context) => {
            await setDoc(doc(context.firestore(), path), stored(collection, path));
          });
          const store = db(principal);
          const fresh = path.includes('/doc1')
            ? path.replace('/doc1', `/new-${principal.label.replace(' ', '-')}`)
            : path;
          const checks: Array<[string, boolean, () => Promise<unknown>]> = [
            ['read', expected(access, 'read', principal, own), () => getDoc(doc(store, path))],
            [
              'create',
              expected(access, 'write', principal, own),
              () => setDoc(doc(store, fresh), valid(collection, principal.uid ?? 'x', fresh)),
            ],
            [
              'update',
              expected(access, 'write', principal, own),
              () => updateDoc(doc(store, path), valid(collection, principal.uid ?? 'x', path, 'update')),
            ],
            ['delete', expected(access, 'delete', principal, own), () => deleteDoc(doc(store, path))],
          ];
          for (const [op, allowed, run] of checks) {
            const verdict = await run().then(
              () => true,
              () => false,
            );
            if (verdict !== allowed)
              differences.push(
                `${principal.label} ${op} ${path}: rules say ${verdict ? 'allow' : 'deny'}, matrix says ${allowed ? 'allow' : 'deny'}`,
              );
          }
        }
      }
      expect(differences).toEqual([]);
    });
  }
});

// The admin lists refuse every client write whatever its shape (admin-lists.test.ts); the shapes checked
// here are those of the collections clients still write.
describe('firestore.rules field shapes (as engineering)', () => {
  let env: RulesTestEnvironment;
  let store: ReturnType<ReturnType<RulesTestEnvironment['authenticatedContext']>['firestore']>;
  beforeAll(async () => {
    env = await rulesEnvironment();
    store = env.authenticatedContext('eng', memberClaims('eng', ['engineering'])).firestore();
  });
  afterAll(async () => {
    await env.cleanup();
  });

  const INVALID: Record<string, Array<[string, Record<string, unknown>]>> = {
    oltInterface: [
      ['an extra field', { extra: 'x'.repeat(1000) }],
      ['ports as a map', { ports: { 1: 'AABBCCDDEEFF' } }],
    ],
    recent_lookups: [
      ['a 45 KB entry that is not a MAC', { macs: ['AABBCCDDEEFF', 'x'.repeat(45_000)] }],
      ['a lower-case MAC', { macs: ['aabbccddeeff'] }],
      [
        'more than 20 MACs',
        { macs: Array.from({ length: 21 }, (_, i) => `AABBCCDDEE${String(i).padStart(2, '0')}`) },
      ],
    ],
  };

  for (const [collection, cases] of Object.entries(INVALID)) {
    const path = COLLECTION_ACCESS[collection]!.sample.replace('{uid}', 'eng');
    it(`when a valid ${collection} document is written, then it is accepted`, async () => {
      await assertSucceeds(setDoc(doc(store, path), valid(collection, 'eng', path)));
    });
    cases.forEach(([label, change], index) => {
      // A create where the collection allows it (a fresh id), so that only the shape can be at fault.
      const target = path.endsWith('/doc1') ? path.replace('/doc1', `/case-${index}`) : path;
      it(`when a ${collection} document has ${label}, then it is refused`, async () => {
        const document = { ...valid(collection, 'eng', target), ...change };
        for (const key of Object.keys(change)) if (change[key] === undefined) delete document[key];
        await assertFails(setDoc(doc(store, target), document));
        // The same document without the fault is accepted: the fault is what the rules refused.
        await assertSucceeds(setDoc(doc(store, target), valid(collection, 'eng', target, 'create')));
      });
    });
  }
});
