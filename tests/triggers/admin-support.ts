/**
 * What the admin-write suites share: the API's own store called in-process, the outcome of a write in
 * one word, and the rows left naming a missing parent.
 */
import { FieldValue } from 'firebase-admin/firestore';
import { ADMIN_LISTS, type AdminListId } from '@insight/common/admin-lists';
import { PARAMETERS } from '@insight/common/threshold';
import { firestoreAdminStore } from '../../functions/src/adapters/firestore';
import { parseListFields } from '../../functions/src/domain/admin/list-fields';
import { AppError } from '../../functions/src/lib/app-error';
import { db } from './support';

export const store = firestoreAdminStore(() => db());
export const actor = { uid: 'stress-test', email: null };
export const save = (list: AdminListId, id: string, fields: Record<string, unknown>) =>
  store.save(list, id, parseListFields(list, id, fields), actor);
export const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: unknown) => {
      if (error instanceof AppError)
        return (error.details as { reason?: string } | undefined)?.reason ?? error.code;
      throw error;
    },
  );
export const stamp = { updatedBy: 'triggers-test', updatedAt: FieldValue.serverTimestamp() };

/** Rows of `list` whose `field` names a row of `parent` that does not exist. */
export async function orphans(list: AdminListId, field: string, parent: AdminListId, ids: string[]) {
  const found: string[] = [];
  for (const id of ids) {
    const row = await db().collection(ADMIN_LISTS[list].collection).doc(id).get();
    if (!row.exists) continue;
    const parentRow = await db()
      .collection(ADMIN_LISTS[parent].collection)
      .doc(row.get(field) as string)
      .get();
    if (!parentRow.exists) found.push(id);
  }
  return found;
}

/**
 * The stored definitions the end-to-end files count or add rules to while this suite runs beside them
 * (scripts/emulator-suites.ts): a test that must borrow a definition (every parameter taken) takes another.
 */
export const E2E_DEFINITIONS = new Set(['DEF-rxPower', 'DEF-rssi']);
export const borrowable = <T extends { id: string }>(docs: T[]): T =>
  docs.find((doc) => !E2E_DEFINITIONS.has(doc.id)) ?? docs[0]!;

/**
 * A definition for a test's rules. One definition per parameter: the test's own (`own`) on a free
 * parameter, or (every parameter taken by the seeded set another suite wrote) one already stored.
 */
export async function ruleDefinition(own: string, name: string): Promise<{ id: string; free: boolean }> {
  const definitions = await db().collection(ADMIN_LISTS.definitions.collection).get();
  const taken = new Set(definitions.docs.map((doc) => doc.get('parameter') as string));
  const free = PARAMETERS.find((parameter) => !taken.has(parameter));
  if (!free) return { id: borrowable(definitions.docs).id, free: false };
  await save('definitions', own, {
    tdId: own,
    name,
    nameFr: `${name} FR`,
    parameter: free,
    format: null,
    direction: 'higherIsBetter',
    category: 'optical',
    fallback: 'n/a',
    description: null,
  });
  return { id: own, free: true };
}
