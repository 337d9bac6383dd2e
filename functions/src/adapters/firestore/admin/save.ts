/**
 * A save (`PUT /api/admin/{list}/{id}`, and each row of an import): one transaction that reads the row,
 * checks what spans rows (checks.ts), writes the invariants' locks and the row with its author stamp.
 */
import { FieldValue, type DocumentSnapshot } from 'firebase-admin/firestore';
import { ADMIN_LISTS, type AdminListId } from '@insight/common/admin-lists';
import type { Actor } from '../../../domain/admin/admin-store';
import { requireFrenchOnCreate } from '../../../domain/admin/list-fields';
import { checkRow } from './checks';
import { inTransaction, lockRef, rowRef, type StoreContext } from './transactions';

/** The fields to write: given, or made inside the transaction from the row as it reads it there. */
export type FieldsOf = Record<string, unknown> | ((stored: DocumentSnapshot) => Record<string, unknown>);

/** Writes the row; an existing row keeps its creation time. Refusals are AppErrors. */
export async function saveRow(
  ctx: StoreContext,
  list: AdminListId,
  id: string,
  fieldsOf: FieldsOf,
  actor: Actor,
): Promise<void> {
  const spec = ADMIN_LISTS[list];
  const ref = rowRef(ctx, list, id);
  await inTransaction(
    ctx,
    async (tx) => {
      const current = await tx.get(ref);
      const fields = typeof fieldsOf === 'function' ? fieldsOf(current) : fieldsOf;
      if (!current.exists) requireFrenchOnCreate(list, fields);
      const locks = await checkRow(ctx, tx, list, id, fields, current);
      for (const key of locks) tx.set(lockRef(ctx, key), { at: FieldValue.serverTimestamp() });
      tx.set(
        ref,
        {
          ...fields,
          updatedBy: actor.uid,
          [spec.timeField]: FieldValue.serverTimestamp(),
          ...(spec.createdField && !current.exists
            ? { [spec.createdField]: FieldValue.serverTimestamp() }
            : {}),
        },
        { merge: true },
      );
    },
    10,
  );
}
