import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { deleteDoc, doc, getDoc, serverTimestamp, setDoc, Timestamp, updateDoc } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTION_ACCESS, type CollectionAccess } from '@insight/common/collections';
import { can, ROLE_KEYS, type RoleKey } from '@insight/common/roles';
import { rulesEnvironment, useRulesEnvironment } from './support';

/** A valid document of each collection, written by `uid`. */
function valid(collection: string, uid: string): Record<string, unknown> {
  const stamp = { updatedBy: uid, updatedAt: serverTimestamp() };
  switch (collection) {
    case 'cmts_source':
      return {
        cmtsId: 'OTT-CMTS_01[A]',
        hostName: 'ott-cmts-01',
        ipLookup: '10.1.2.3',
        ipManage: '10.1.2.4',
        headEnd: 'OTT-01',
        marketArea: 'Ottawa Valley',
        group: 'G1',
        versionId: 'v3',
        overrideIpChecks: false,
        ...stamp,
      };
    case 'cmts_head_end':
    case 'cmts_marketing_area':
      return { name: 'Montréal Saint Laurent', ...stamp };
    case 'threshold_manager/configuration/definitions':
    case 'threshold_manager/configuration/rules':
    case 'threshold_manager/configuration/variants':
      return {
        name: 'GPON RX',
        technology: 'GPON',
        rangeMin: -27,
        rangeMax: -8,
        alphaValue: null,
        result: 'pass',
        isDefault: true,
        insertDate: Timestamp.fromMillis(0),
        updateDate: serverTimestamp(),
        ...stamp,
      };
    case 'oltInterface':
      return { ports: [{ portNumber: 1, macAddress: 'AABBCCDDEEFF' }], ...stamp };
    case 'staging_warehouses':
      return { name: 'Ottawa warehouse', province: 'ON', ...stamp };
    case 'staging_racks':
      return { name: 'Rack A', warehouseId: 'w1', ...stamp };
    case 'staging_host_devices':
      return { name: 'Switch 1', rackId: 'r1', rackOrder: 2, ...stamp };
    case 'connected_devices':
      return { macAddress: 'AABBCCDDEEFF', hostDeviceId: 'h1', portNumber: 3, ...stamp };
    case 'staging_firmwares':
      return { model: 'G-010G-Q', version: '3FE49362IJLK02', approved: true, ...stamp };
    case 'recent_lookups':
      return { macs: ['AABBCCDDEEFF'], updatedAt: serverTimestamp() };
    default:
      return { note: 'any', ...stamp };
  }
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
  const getEnv = useRulesEnvironment();

  const db = (principal: Principal) =>
    principal.uid
      ? getEnv()
          .authenticatedContext(principal.uid, {
            roles: principal.roles,
            email: `${principal.uid}@insight.test`,
          })
          .firestore()
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
            const seeded = valid(collection, 'seed');
            for (const key of ['updatedAt', 'updateDate']) if (key in seeded) seeded[key] = Timestamp.now();
            await setDoc(doc(context.firestore(), path), seeded);
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
              () => setDoc(doc(store, fresh), valid(collection, principal.uid ?? 'x')),
            ],
            [
              'update',
              expected(access, 'write', principal, own),
              () => updateDoc(doc(store, path), valid(collection, principal.uid ?? 'x')),
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

describe('firestore.rules field shapes (as engineering)', () => {
  let env: RulesTestEnvironment;
  let store: ReturnType<ReturnType<RulesTestEnvironment['authenticatedContext']>['firestore']>;
  beforeAll(async () => {
    env = await rulesEnvironment();
    store = env.authenticatedContext('eng', { roles: ['engineering'] }).firestore();
  });
  afterAll(async () => {
    await env.cleanup();
  });

  const INVALID: Record<string, Array<[string, Record<string, unknown>]>> = {
    cmts_source: [
      ['a bad IP lookup', { ipLookup: '10.1.2' }],
      ['an IP management over 255', { ipManage: '10.1.2.256' }],
      ['a CMTS id with spaces', { cmtsId: 'OTT 01' }],
      ['an empty host name', { hostName: '' }],
      ['a missing head end', { headEnd: undefined }],
      ['a non-boolean override', { overrideIpChecks: 'yes' }],
      ['an unknown field', { extra: 1 }],
      ['another author', { updatedBy: 'someone-else' }],
      ['a client-chosen time', { updatedAt: Timestamp.fromMillis(0) }],
    ],
    cmts_head_end: [
      ['a one-letter name', { name: 'A' }],
      ['punctuation in the name', { name: 'OTT; DROP' }],
    ],
    'threshold_manager/configuration/rules': [
      ['a text bound', { rangeMin: '-27' }],
      ['a bound beyond the outer limit', { rangeMax: 20000 }],
      ['min not below max', { rangeMin: 5, rangeMax: 5 }],
      ['an unknown technology', { technology: 'LTE' }],
      ['an unknown result', { result: 'great' }],
      ['a missing name', { name: undefined }],
    ],
    staging_host_devices: [
      ['a negative rack order', { rackOrder: -1 }],
      ['a decimal rack order', { rackOrder: 1.5 }],
    ],
    connected_devices: [['a lower-case MAC', { macAddress: 'aabbccddeeff' }]],
    recent_lookups: [
      [
        'more than 20 MACs',
        { macs: Array.from({ length: 21 }, (_, i) => `AABBCCDDEE${String(i).padStart(2, '0')}`) },
      ],
    ],
  };

  for (const [collection, cases] of Object.entries(INVALID)) {
    const path = COLLECTION_ACCESS[collection]!.sample.replace('{uid}', 'eng');
    it(`when a valid ${collection} document is written, then it is accepted`, async () => {
      await assertSucceeds(setDoc(doc(store, path), valid(collection, 'eng')));
    });
    for (const [label, change] of cases) {
      it(`when a ${collection} document has ${label}, then it is refused`, async () => {
        const document = { ...valid(collection, 'eng'), ...change };
        for (const key of Object.keys(change)) if (change[key] === undefined) delete document[key];
        await assertFails(setDoc(doc(store, path), document));
      });
    }
  }
});
