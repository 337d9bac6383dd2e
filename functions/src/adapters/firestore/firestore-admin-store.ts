/**
 * The admin lists' writes on Firestore (domain/admin/admin-store.ts), one module per operation under
 * admin/: the checks and the save (checks.ts, save.ts), the delete protocol (remove.ts), the import
 * (import.ts), the recount (reconcile-all.ts), and the transaction helpers they share (transactions.ts).
 * Why no interleaving of these writes orphans a row or breaks an invariant: docs/architecture.md,
 * "Admin writes and dependency counts".
 */
import type { Firestore } from 'firebase-admin/firestore';
import type { AdminStore } from '../../domain/admin/admin-store';
import { importRows } from './admin/import';
import { reconcileAll } from './admin/reconcile-all';
import { dependentsOf, removeRow } from './admin/remove';
import { saveRow } from './admin/save';
import type { StoreContext } from './admin/transactions';

export { TOMBSTONE_TTL_MS, TOMBSTONES, WRITE_LOCKS } from './admin/transactions';

export function firestoreAdminStore(
  db: () => Firestore,
  options: Partial<Omit<StoreContext, 'db'>> = {},
): AdminStore {
  const ctx: StoreContext = { db, now: options.now ?? Date.now, beforeStep: options.beforeStep };
  return {
    save: (list, id, fields, actor) => saveRow(ctx, list, id, fields, actor),
    dependents: (list, id) => dependentsOf(ctx, list, id),
    remove: (list, id, actor) => removeRow(ctx, list, id, actor),
    importRows: (list, request, actor) => importRows(ctx, list, request, actor),
    async recount() {
      const { checked, repaired, orphans } = await reconcileAll(ctx);
      return { checked, repaired, orphans };
    },
  };
}
