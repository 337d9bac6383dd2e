/**
 * Writes admin-list rows already counted: parents with the counts of the rows written here, then each
 * child's marker (where it is counted), then the children. The triggers that fire for the children find
 * their markers in line and move nothing, so the lists are counted the moment the seed returns, instead of
 * after the functions emulator has worked through thousands of events (docs/architecture.md, "Admin
 * writes and dependency counts"). Counts are those of the rows written here: seeding into a database that
 * holds other rows of the same parents wants a recount afterwards.
 */
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { ADMIN_LISTS, type AdminListId } from '@insight/common/admin-lists';
import { markerRef, parentState } from '../functions/src/adapters/firestore';
import { namedParents, planReconcile, type ParentKey } from '../functions/src/domain/admin/dependency-plan';

export interface SeedList {
  list: AdminListId;
  rows: ReadonlyArray<{ id: string; data: Record<string, unknown> }>;
}

/** `lists` in dependency order (parents before their children); answers how many rows were written. */
export async function writeCounted(db: Firestore, lists: readonly SeedList[]): Promise<number> {
  const tally = new Map<ParentKey, number>();
  for (const { list, rows } of lists)
    for (const { data } of rows)
      for (const key of Object.values(namedParents(list, data)))
        if (key) tally.set(key, (tally.get(key) ?? 0) + 1);

  let written = 0;
  for (const { list, rows } of lists) {
    const spec = ADMIN_LISTS[list];
    const collection = db.collection(spec.collection);
    if (spec.references.length > 0) {
      const keys = [...new Set(rows.flatMap(({ data }) => Object.values(namedParents(list, data))))].filter(
        (key): key is ParentKey => key !== null,
      );
      const states = new Map<ParentKey, ReturnType<typeof parentState>>();
      for (let start = 0; start < keys.length; start += 300) {
        const chunk = keys.slice(start, start + 300);
        const docs = await db.getAll(...chunk.map((key) => db.doc(key)));
        chunk.forEach((key, index) => states.set(key, parentState(docs[index]!)));
      }
      const markers = db.bulkWriter();
      for (const { id, data } of rows) {
        const plan = planReconcile(namedParents(list, data), {}, states);
        const next = Object.values(plan.next).filter((counted) => counted !== null);
        void markers.set(markerRef(db, list, id), {
          list,
          refs: plan.next,
          parents: next.map((counted) => counted.key),
          at: FieldValue.serverTimestamp(),
        });
      }
      await markers.close();
    }
    const writer = db.bulkWriter();
    for (const { id, data } of rows) {
      const count = spec.countField ? { [spec.countField]: tally.get(`${spec.collection}/${id}`) ?? 0 } : {};
      void writer.set(collection.doc(id), { ...data, ...count }, { merge: true });
    }
    await writer.close();
    written += rows.length;
  }
  return written;
}
