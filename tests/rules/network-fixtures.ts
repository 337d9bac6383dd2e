/**
 * The network lists as the web app writes them (hosting/src/lib/firestore-writes.ts) and as the functions
 * and the seed store them, for the rules tests.
 */
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { doc, serverTimestamp, setDoc, Timestamp, writeBatch } from 'firebase/firestore';
import { DELETION_STAMPS, deletionStampId } from '@insight/common/change-history';
import { COLLECTION_ACCESS } from '@insight/common/collections';
import { NETWORK_COLLECTIONS, type CmtsFields } from '@insight/common/network';
import { can, ROLE_KEYS, type RoleKey } from '@insight/common/roles';
import { memberClaims } from './support';
import { toStored } from './schema-samples';

export type Store = ReturnType<ReturnType<RulesTestEnvironment['authenticatedContext']>['firestore']>;

export const CMTS = NETWORK_COLLECTIONS.cmts;
export const AREAS = [NETWORK_COLLECTIONS.headEnd, NETWORK_COLLECTIONS.marketArea] as const;
export const LISTS = [CMTS, ...AREAS] as const;
export type List = (typeof LISTS)[number];

/** The head end and marketing area that `cmts()` names. */
export const HEAD_END = 'ON-OTT-01';
export const MARKET_AREA = 'MA-OTT';

/** The roles that the collection table (common/src/collections.ts) lets create, update or delete. */
export function rolesThatMay(operation: 'write' | 'delete', collection: List): RoleKey[] {
  const rule = COLLECTION_ACCESS[collection]![operation];
  return ROLE_KEYS.filter((role) => rule !== null && rule !== 'own' && can([role], rule));
}

/** A signed-in member with these roles. */
export function storeOf(env: RulesTestEnvironment, uid: string, roles: readonly string[]): Store {
  return env.authenticatedContext(uid, memberClaims(uid, roles)).firestore();
}

/** A CMTS row as the form gives it (cmtsFieldsSchema's output). */
export const cmts = (id: string): CmtsFields => ({
  cmtsId: id,
  hostName: 'olt-ott-1.on.example',
  ipLookup: '10.1.2.3',
  ipManage: '10.1.2.4',
  headEnd: HEAD_END,
  marketArea: MARKET_AREA,
  group: 'Fibre',
  versionId: 'R6.1.2',
  configLastUpdated: new Date('2026-11-01T10:00:00Z'),
  overrideIpChecks: false,
});

/** The field that holds the time of the last write. */
export const timeField = (collection: List) => (collection === CMTS ? 'lastUpdate' : 'updatedAt');

/** A create as the web app sends it: the form's fields, the authorship stamp and createdOn. */
export function createOf(collection: List, fields: Record<string, unknown>, uid: string) {
  return {
    ...toStored(fields),
    createdOn: serverTimestamp(),
    [timeField(collection)]: serverTimestamp(),
    updatedBy: uid,
  };
}

/** An update as the web app sends it (merged into the stored document): the authorship stamp. */
export function updateOf(collection: List, fields: Record<string, unknown>, uid: string) {
  return { ...toStored(fields), [timeField(collection)]: serverTimestamp(), updatedBy: uid };
}

/** A document as the functions or the seed store it (rules bypassed): real times. */
export function storedOf(collection: List, fields: Record<string, unknown>) {
  const now = Timestamp.now();
  return { ...toStored(fields), createdOn: now, [timeField(collection)]: now, updatedBy: 'system:seed' };
}

/** A valid document of each list, as the form gives it. */
export const fieldsOf = (collection: List, id: string): Record<string, unknown> =>
  collection === CMTS ? { ...cmts(id) } : { name: `Ottawa ${id.replace(/[^A-Za-z0-9 ]/g, ' ')}` };

/** Writes documents with the rules bypassed. */
export async function seedDocuments(
  env: RulesTestEnvironment,
  documents: Array<[path: string, data: Record<string, unknown>]>,
) {
  await env.withSecurityRulesDisabled(async (context) => {
    for (const [path, data] of documents) await setDoc(doc(context.firestore(), path), data);
  });
}

/** The head end and marketing area that `cmts()` names, with no count yet. */
export const seedReferences = (env: RulesTestEnvironment) =>
  seedDocuments(env, [
    [`${AREAS[0]}/${HEAD_END}`, storedOf(AREAS[0], { name: 'Ottawa 01' })],
    [`${AREAS[1]}/${MARKET_AREA}`, storedOf(AREAS[1], { name: 'Ottawa' })],
  ]);

export type Stamp = Record<string, unknown>;

/** The deletion stamp the web app writes for `uid` deleting collection/id. */
export const stampOf = (collection: string, id: string, uid: string): Stamp => ({
  collection,
  docId: id,
  deletedBy: uid,
  deletedAt: serverTimestamp(),
});

/**
 * The delete the web app sends: one batch with deletion_stamps/{collection}:{id} and the delete.
 * `stamp` and `stampId` replace the stamp or its id (null: no stamp at all).
 */
export function stampedDelete(
  store: Store,
  collection: string,
  id: string,
  uid: string,
  { stamp, stampId }: { stamp?: Stamp | null; stampId?: string } = {},
) {
  const batch = writeBatch(store);
  if (stamp !== null)
    batch.set(
      doc(store, DELETION_STAMPS, stampId ?? deletionStampId(collection, id)),
      stamp ?? stampOf(collection, id, uid),
    );
  batch.delete(doc(store, collection, id));
  return batch.commit();
}

/** Whether a write went through (true) or was refused (false). */
export const verdict = (write: Promise<unknown>) =>
  write.then(
    () => true,
    () => false,
  );
