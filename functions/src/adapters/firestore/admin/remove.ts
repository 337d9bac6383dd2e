/**
 * A delete (`DELETE /api/admin/{list}/{id}`), and the protocol that keeps a parent's delete from
 * orphaning a row (docs/architecture.md, "A delete"; docs/decisions/0011-tombstone-tokens.md).
 *
 * A row no other list names goes in one transaction. A parent goes in three steps:
 *   1. tombstone: a transaction reads the row and its tombstone document; a live tombstone of another
 *      delete refuses this one (`beingDeleted`); otherwise it writes a tombstone with this delete's own
 *      token. From then on no save may name the row (checks.ts reads the tombstone in its transaction);
 *   2. dependents: one count per child list; any refuses the delete (`inUse`);
 *   3. delete: a transaction reads the tombstone again and deletes the row and the tombstone only while
 *      the tombstone is still this delete's and has TOMBSTONE_MARGIN_MS left; otherwise nothing is deleted
 *      (`deleteInterrupted`): a save may already have been let through.
 * Whatever happens after step 1, this delete removes its own tombstone and no other.
 */
import type { DocumentReference, DocumentSnapshot, Transaction } from 'firebase-admin/firestore';
import { ADMIN_LISTS, childrenOf, type AdminListId } from '@insight/common/admin-lists';
import type { Actor } from '../../../domain/admin/admin-store';
import { writeDeletionStamp } from '../firestore-dependencies';
import {
  conflict,
  inTransaction,
  isLive,
  missingRow,
  newTombstone,
  rowRef,
  tombRef,
  tombstoneOf,
  TOMBSTONE_MARGIN_MS,
  type StoreContext,
} from './transactions';

export async function removeRow(ctx: StoreContext, list: AdminListId, id: string, actor: Actor) {
  const collection = ADMIN_LISTS[list].collection;
  const ref = rowRef(ctx, list, id);
  const deleteRow = (tx: Transaction, row: DocumentSnapshot) => {
    tx.delete(ref);
    if (ADMIN_LISTS[list].tracked) writeDeletionStamp(tx, ctx.db(), list, row, actor.uid, ctx.now());
  };
  if (childrenOf(list).length === 0) {
    await inTransaction(ctx, async (tx) => {
      const row = await tx.get(ref);
      if (!row.exists) throw missingRow(list, id);
      deleteRow(tx, row);
    });
    return;
  }

  // 1. The tombstone, this delete's own.
  const tomb = tombRef(ctx, list, id);
  const token = await inTransaction(ctx, async (tx) => {
    const [row, held] = await tx.getAll(ref, tomb);
    if (!row!.exists) throw missingRow(list, id);
    if (isLive(held!, ctx.now()))
      throw conflict({ reason: 'beingDeleted' }, `${collection}/${id} is already being deleted`);
    const written = newTombstone(list, id, actor.uid, ctx.now());
    tx.set(tomb, written); // an expired one is replaced
    return written.token;
  });
  let deleted = false;
  try {
    // 2. Rows written before the tombstone are all visible to these counts.
    await ctx.beforeStep?.('checking', list, id);
    const dependents = await dependentsOf(ctx, list, id);
    if (dependents.length > 0)
      throw conflict(
        { reason: 'inUse', dependents },
        `${collection}/${id} is still used by ${dependents.map((d) => `${d.count} ${d.list}`).join(', ')}`,
      );
    // 3. The row, while the tombstone is still this delete's.
    await ctx.beforeStep?.('deleting', list, id);
    await inTransaction(ctx, async (tx) => {
      const [row, held] = await tx.getAll(ref, tomb);
      const own = tombstoneOf(held!);
      if (own?.token !== token || own.until - ctx.now() < TOMBSTONE_MARGIN_MS)
        throw conflict(
          { reason: 'deleteInterrupted' },
          `${collection}/${id}: the delete outlived its tombstone; nothing was deleted`,
        );
      if (!row!.exists) throw missingRow(list, id);
      deleteRow(tx, row!);
      tx.delete(tomb);
    });
    deleted = true;
  } finally {
    if (!deleted) {
      await ctx.beforeStep?.('releasing', list, id);
      await releaseTombstone(ctx, tomb, token);
    }
  }
}

/** Removes the tombstone only while it is still `token`'s: another delete's is left alone. */
async function releaseTombstone(ctx: StoreContext, tomb: DocumentReference, token: string) {
  await inTransaction(ctx, async (tx) => {
    if (tombstoneOf(await tx.get(tomb))?.token === token) tx.delete(tomb);
  });
}

/** How many rows of each child list name the row (only the lists with some). */
export async function dependentsOf(ctx: StoreContext, list: AdminListId, id: string) {
  const counts = await Promise.all(
    childrenOf(list).map(async ({ child, field }) => ({
      list: child,
      count: (
        await ctx.db().collection(ADMIN_LISTS[child].collection).where(field, '==', id).count().get()
      ).data().count,
    })),
  );
  return counts.filter(({ count }) => count > 0);
}
