/**
 * The admin lists' rows for the rules tests: valid fields of each list (held to the same common/ schemas
 * as the API's), the rows they name, and documents as the API stores them or as a client would send them.
 */
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { doc, getDoc, serverTimestamp, setDoc, Timestamp } from 'firebase/firestore';
import { DEFAULT_PLAYBOOK_BY_KEY } from '@insight/common/diagnosis-playbook';
import { ADMIN_LISTS, type AdminListId } from '@insight/common/admin-lists';
// The schemas the API parses each list's fields with.
import { LIST_FIELDS } from '../../functions/src/domain/admin/list-fields';
import { memberClaims } from './support';

export type Store = ReturnType<ReturnType<RulesTestEnvironment['authenticatedContext']>['firestore']>;

/** The id of the row of `list` that the sample rows of its child lists name. */
export const parentId = (list: AdminListId) => `P-${list}`;

/** The fields a user would give for row `id` of `list` (the form's input), naming the parentId() rows. */
function input(list: AdminListId, id: string): Record<string, unknown> {
  switch (list) {
    case 'cmts':
      return {
        cmtsId: id,
        hostName: 'olt-ott-1.on.example',
        ipLookup: '10.1.2.3',
        ipManage: '10.1.2.4',
        headEnd: parentId('headEnd'),
        marketArea: parentId('marketArea'),
        group: 'Fibre',
        versionId: 'R6.1.2',
        configLastUpdated: new Date('2026-11-01T10:00:00Z'),
        overrideIpChecks: false,
      };
    case 'headEnd':
    case 'marketArea':
      return { name: 'Ottawa 01' };
    case 'definitions':
      return {
        tdId: id,
        name: 'ONU receive power',
        parameter: 'rxPower',
        format: 'dBm',
        direction: 'window',
        category: 'optical',
        fallback: 'n/a',
        description: null,
      };
    case 'rules':
      return {
        tdId: id,
        definitionName: parentId('definitions'),
        technology: 'GPON',
        variantName: parentId('variants'),
        rangeMin: -25,
        rangeMax: -9,
        alphaValue: null,
        result: 'pass',
        version: null,
        description: null,
      };
    case 'variants':
      return {
        tdId: id,
        variantName: 'Nokia optics',
        technology: 'GPON',
        identifier: null,
        variants: ['G-010G-Q'],
        description: null,
      };
    case 'warehouses':
      return { name: 'Ottawa warehouse', province: 'ON' };
    case 'racks':
      return { name: 'Rack A', warehouseId: parentId('warehouses') };
    case 'hosts':
      return {
        name: 'Switch 1',
        rackId: parentId('racks'),
        rackOrder: 1,
        model: 'EX2300',
        firmware: '21.4R3',
      };
    case 'connected':
      return { macAddress: 'AABBCCDDEEFF', hostDeviceId: parentId('hosts'), portNumber: 3, state: 'waiting' };
    case 'firmwares':
      return { model: 'G-010G-Q', version: '3FE49362IJLK02', approved: true };
    case 'playbook':
      return { ...DEFAULT_PLAYBOOK_BY_KEY.bcMissing! };
    case 'crmWebhooks':
      return {
        webhookId: id,
        name: 'CRM outage feed',
        url: 'https://crm.example/hooks/outages',
        secret: 'a-secret-of-24-characters',
        enabled: true,
      };
  }
}

/** Valid fields of row `id` of `list`: the schema's output, as the API would store them. */
export function fieldsOf(list: AdminListId, id: string): Record<string, unknown> {
  return LIST_FIELDS[list].parse(input(list, id));
}

/** The row as the API stores it (rules bypassed): real times, the author, a count where the list keeps one. */
export function storedOf(list: AdminListId, id: string, count = 0): Record<string, unknown> {
  const spec = ADMIN_LISTS[list];
  const now = Timestamp.now();
  return {
    ...fieldsOf(list, id),
    ...(spec.createdField ? { [spec.createdField]: now } : {}),
    [spec.timeField]: now,
    updatedBy: 'system:api',
    ...(spec.countField ? { [spec.countField]: count } : {}),
  };
}

/**
 * A client write of row `id` as the web app used to send it before the API took the writes: the fields,
 * the server's time, the author; `create` adds the creation time.
 */
export function clientWriteOf(
  list: AdminListId,
  id: string,
  uid: string,
  mode: 'create' | 'update',
): Record<string, unknown> {
  const spec = ADMIN_LISTS[list];
  return {
    ...fieldsOf(list, id),
    ...(mode === 'create' && spec.createdField ? { [spec.createdField]: serverTimestamp() } : {}),
    [spec.timeField]: serverTimestamp(),
    updatedBy: uid,
  };
}

export const pathOf = (list: AdminListId, id: string) => `${ADMIN_LISTS[list].collection}/${id}`;

/** The parentId() rows that row of `list` names, and theirs in turn, each counting one child. */
export function parentsOf(list: AdminListId): Array<[path: string, data: Record<string, unknown>]> {
  return ADMIN_LISTS[list].references.flatMap(({ parent }) => [
    ...parentsOf(parent),
    [pathOf(parent, parentId(parent)), storedOf(parent, parentId(parent), 1)],
  ]);
}

/** Writes documents with the rules bypassed (as the functions do with the Admin SDK). */
export async function seedDocuments(
  env: RulesTestEnvironment,
  documents: Array<[path: string, data: Record<string, unknown>]>,
) {
  await env.withSecurityRulesDisabled(async (context) => {
    for (const [path, data] of documents) await setDoc(doc(context.firestore(), path), data);
  });
}

/** A document's data read with the rules bypassed; undefined when it does not exist. */
export async function storedAt(env: RulesTestEnvironment, path: string) {
  let data: Record<string, unknown> | undefined;
  await env.withSecurityRulesDisabled(async (context) => {
    data = (await getDoc(doc(context.firestore(), path))).data();
  });
  return data;
}

/** A signed-in member with these roles. */
export function storeOf(env: RulesTestEnvironment, uid: string, roles: readonly string[]): Store {
  return env.authenticatedContext(uid, memberClaims(uid, roles)).firestore();
}

/** Whether an operation went through (true) or was refused (false). */
export const verdict = (operation: Promise<unknown>) =>
  operation.then(
    () => true,
    () => false,
  );
