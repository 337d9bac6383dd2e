import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import {
  deleteDoc,
  doc,
  getDoc,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  writeBatch,
} from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETION_STAMPS, deletionStampId, TRACKED_COLLECTIONS } from '@insight/common/change-history';
import { COLLECTION_ACCESS, type CollectionAccess } from '@insight/common/collections';
import { can, ROLE_KEYS, type RoleKey } from '@insight/common/roles';
import { rulesEnvironment, useRulesEnvironment, memberClaims } from './support';
import { seedDocuments } from './network-fixtures';
import { definitionOf, ruleOf, seedThresholdReferences, variantOf } from './threshold-fixtures';

/** The warehouse, rack and host device that the sample racks, host devices and connected devices name. */
const seedStagingParents = (env: RulesTestEnvironment) =>
  seedDocuments(env, [
    [
      'staging_warehouses/w1',
      { name: 'Ottawa warehouse', province: 'ON', updatedBy: 'seed', updatedAt: Timestamp.now() },
    ],
    [
      'staging_racks/r1',
      { name: 'Rack A', warehouseId: 'w1', updatedBy: 'seed', updatedAt: Timestamp.now() },
    ],
    [
      'staging_host_devices/h1',
      { name: 'Switch 1', rackId: 'r1', rackOrder: 1, updatedBy: 'seed', updatedAt: Timestamp.now() },
    ],
  ]);

/**
 * A valid document of each collection at `path`, written by `uid`: for a create, with the server times a
 * create sets; for an update, without the fields a create sets once (createdOn, insertDate).
 */
function valid(
  collection: string,
  uid: string,
  path = '',
  mode: 'create' | 'update' = 'create',
): Record<string, unknown> {
  const id = path.split('/').pop() ?? '';
  const created = (field: string) => (mode === 'create' ? { [field]: serverTimestamp() } : {});
  const stamp = { updatedBy: uid, updatedAt: serverTimestamp() };
  const thresholdStamp = { ...created('insertDate'), updateDate: serverTimestamp(), updatedBy: uid };
  switch (collection) {
    case 'cmts_source':
      return {
        cmtsId: id,
        hostName: 'ott-cmts-01',
        ipLookup: '10.1.2.3',
        ipManage: '10.1.2.4',
        headEnd: 'OTT-01',
        marketArea: 'MA-OTT',
        group: 'G1',
        versionId: 'v3',
        configLastUpdated: null,
        overrideIpChecks: false,
        ...created('createdOn'),
        lastUpdate: serverTimestamp(),
        updatedBy: uid,
      };
    case 'cmts_head_end':
    case 'cmts_marketing_area':
      return { name: 'Montréal Saint Laurent', ...created('createdOn'), ...stamp };
    case 'threshold_manager/configuration/definitions':
      return { ...definitionOf(id), ...thresholdStamp };
    case 'threshold_manager/configuration/rules':
      return { ...ruleOf(id), isDefault: true, ...thresholdStamp };
    case 'threshold_manager/configuration/variants':
      return { ...variantOf(id), ...thresholdStamp };
    case 'oltInterface':
      return { ports: [{ portNumber: 1, macAddress: 'AABBCCDDEEFF' }], ...stamp };
    case 'staging_warehouses':
      return { name: 'Ottawa warehouse', province: 'ON', ...stamp };
    case 'staging_racks':
      return { name: 'Rack A', warehouseId: 'w1', ...stamp };
    case 'staging_host_devices':
      return { name: 'Switch 1', rackId: 'r1', rackOrder: 2, ...stamp };
    case 'connected_devices':
      return { macAddress: 'AABBCCDDEEFF', hostDeviceId: 'h1', portNumber: 3, state: 'waiting', ...stamp };
    case 'staging_firmwares':
      return { model: 'G-010G-Q', version: '3FE49362IJLK02', approved: true, ...stamp };
    case 'recent_lookups':
      return { macs: ['AABBCCDDEEFF'], updatedAt: serverTimestamp() };
    default:
      return { note: 'any', ...stamp };
  }
}

/** The same document as the functions or the seed store it (rules bypassed): real times, no sentinels. */
function stored(collection: string, path: string): Record<string, unknown> {
  const document = valid(collection, 'seed', path);
  for (const key of ['updatedAt', 'updateDate', 'lastUpdate', 'createdOn', 'insertDate'])
    if (key in document) document[key] = Timestamp.now();
  return document;
}

const TRACKED = new Set(TRACKED_COLLECTIONS);
type RulesFirestore = ReturnType<ReturnType<RulesTestEnvironment['authenticatedContext']>['firestore']>;

/** A client delete: for the tracked lists, in one batch with its deletion stamp (firestore.rules). */
function clientDelete(store: RulesFirestore, collection: string, path: string, uid: string) {
  if (!TRACKED.has(collection)) return deleteDoc(doc(store, path));
  const id = path.split('/').pop()!;
  const batch = writeBatch(store);
  batch.set(doc(store, DELETION_STAMPS, deletionStampId(collection, id)), {
    collection,
    docId: id,
    deletedBy: uid,
    deletedAt: serverTimestamp(),
  });
  batch.delete(doc(store, path));
  return batch.commit();
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
  // The head end and marketing area that the sample CMTS rows name.
  const getEnv = useRulesEnvironment(async (env) => {
    await seedThresholdReferences(env);
    await seedStagingParents(env);
    await env.withSecurityRulesDisabled(async (context) => {
      await setDoc(
        doc(context.firestore(), 'cmts_head_end/OTT-01'),
        stored('cmts_head_end', 'cmts_head_end/OTT-01'),
      );
      await setDoc(
        doc(context.firestore(), 'cmts_marketing_area/MA-OTT'),
        stored('cmts_marketing_area', 'cmts_marketing_area/MA-OTT'),
      );
    });
  });

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
            [
              'delete',
              expected(access, 'delete', principal, own),
              () => clientDelete(store, collection, path, principal.uid ?? 'x'),
            ],
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

// The network lists' and thresholds' shapes are generated from their common/ schemas in
// network-shapes.test.ts and threshold-shapes.test.ts.
describe('firestore.rules field shapes (as engineering)', () => {
  let env: RulesTestEnvironment;
  let store: ReturnType<ReturnType<RulesTestEnvironment['authenticatedContext']>['firestore']>;
  beforeAll(async () => {
    env = await rulesEnvironment();
    await seedStagingParents(env);
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
    staging_warehouses: [['an unknown province', { province: 'BC' }]],
    staging_host_devices: [
      ['a negative rack order', { rackOrder: -1 }],
      ['a decimal rack order', { rackOrder: 1.5 }],
    ],
    connected_devices: [
      ['a lower-case MAC', { macAddress: 'aabbccddeeff' }],
      ['a port number that is text', { portNumber: 'three' }],
      ['a negative port number', { portNumber: -1 }],
      ['an unknown state', { state: 'lost' }],
      ['a host device that does not exist', { hostDeviceId: 'nowhere' }],
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
