/**
 * The marker migration (docs/migrations.md): rows written before the dependency markers existed get
 * theirs, and every kept count is set from the markers (reconcile-all.ts). Idempotent: a second run finds
 * nothing to change. Resumable: the position reached is stored after each page in
 * `admin_migrations/markers`, and a run that finds an unfinished position starts from there.
 */
import { FieldValue } from 'firebase-admin/firestore';
import { reconcileAll, type PassPosition, type PassReport } from './reconcile-all';
import type { StoreContext } from './transactions';

/** `admin_migrations/{name}`: where a migration stands (server-only). */
export const MIGRATIONS = 'admin_migrations';
const NAME = 'markers';

export interface MigrationReport extends PassReport {
  /** The position an earlier, interrupted run had reached, when this one resumed it. */
  resumedFrom: PassPosition | null;
}

export async function migrateMarkers(
  ctx: StoreContext,
  options: { progress?: (position: PassPosition, report: PassReport) => void } = {},
): Promise<MigrationReport> {
  const state = ctx.db().collection(MIGRATIONS).doc(NAME);
  const stored = await state.get();
  const from =
    stored.exists && !stored.get('finishedAt')
      ? ((stored.get('position') as PassPosition | null) ?? null)
      : null;
  if (!from) await state.set({ position: null, startedAt: FieldValue.serverTimestamp(), finishedAt: null });
  const report = await reconcileAll(ctx, {
    from,
    reached: async (position, sofar) => {
      await state.update({ position, at: FieldValue.serverTimestamp() });
      options.progress?.(position, sofar);
    },
  });
  await state.update({
    finishedAt: FieldValue.serverTimestamp(),
    last: {
      checked: report.checked,
      marked: report.marked,
      reconciled: report.reconciled,
      repaired: report.repaired.length,
      orphans: report.orphans.length,
      swept: report.swept,
    },
  });
  return { ...report, resumedFrom: from };
}
