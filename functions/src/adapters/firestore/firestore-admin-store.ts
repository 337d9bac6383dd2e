/**
 * The admin lists' writes on Firestore (domain/admin/admin-store.ts), one module per operation under
 * admin/: the checks and the save (checks.ts, save.ts), the delete protocol (remove.ts), the import
 * (import.ts), the recount (reconcile-all.ts), and the transaction helpers they share (transactions.ts).
 * Why no interleaving of these writes orphans a row or breaks an invariant: docs/architecture.md,
 * "Admin writes and dependency counts".
 */
<<<<<<< HEAD
import {
  FieldValue,
  Timestamp,
  type DocumentSnapshot,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import {
  ADMIN_LIST_IDS,
  ADMIN_LISTS,
  childrenOf,
  PARENT_LISTS,
  type AdminListId,
  type ConflictDetails,
  type ImportRequest,
  type ImportResult,
  type RecountResult,
} from '@insight/common/admin-lists';
import {
  cmtsConflict,
  definitionConflict,
  ruleConflictOf,
  variantConflict,
} from '@insight/common/admin-invariants';
import { EMPTY_CMTS_FIELDS, type CmtsFields } from '@insight/common/network';
import type { DefinitionFields, RuleFields, VariantFields } from '@insight/common/threshold';
import type { Actor, AdminStore } from '../../domain/admin/admin-store';
import {
  namedParents,
  parentKey,
  planReconcile,
  type Marker,
  type ParentKey,
  type ParentState,
} from '../../domain/admin/dependency-plan';
import { parseListFields, requireFrenchOnCreate } from '../../domain/admin/list-fields';
import { AppError } from '../../lib/app-error';
import { withContention } from './grpc-status';
import {
  applyAdminWrite,
  countFieldOf,
  docKey,
  exactTime,
  MARKERS,
  parentState,
  writeDeletionStamp,
} from './firestore-dependencies';

/** `delete_tombstones/{collection}:{id}`: a delete in progress; child writes naming the row are refused. */
export const TOMBSTONES = 'delete_tombstones';
/** `write_locks/{key}`: serialises saves that one invariant relates (server-only). */
export const WRITE_LOCKS = 'write_locks';
/** A tombstone left by an interrupted delete stops refusing writes after this long. */
export const TOMBSTONE_TTL_MS = 60_000;
/** Rows written at once by an import (each its own transaction). */
const IMPORT_CONCURRENCY = 8;

const conflict = (details: ConflictDetails, message: string) =>
  new AppError('conflict', message, { details });

export function firestoreAdminStore(db: () => Firestore, options: { now?: () => number } = {}): AdminStore {
  const now = options.now ?? Date.now;
  const rowRef = (list: AdminListId, id: string) => db().collection(ADMIN_LISTS[list].collection).doc(id);
  const tombRef = (list: AdminListId, id: string) =>
    db().collection(TOMBSTONES).doc(docKey(ADMIN_LISTS[list].collection, id));

  const tombstoned = (doc: DocumentSnapshot) => {
    const until: unknown = doc.get('until');
    return doc.exists && until instanceof Timestamp && until.toMillis() > now();
  };

  /** Reads what the row names and what its invariants relate; refuses or answers the lock keys to write. */
  async function checkRow(
    tx: Transaction,
    list: AdminListId,
    id: string,
    fields: Record<string, unknown>,
  ): Promise<string[]> {
    const spec = ADMIN_LISTS[list];
    const named = spec.references.flatMap(({ field, parent }) => {
      const value = fields[field];
      return typeof value === 'string' && value ? [{ field, parent, value }] : [];
    });
    const locks = lockKeys(list, fields);
    const lockDocs = locks.map((key) => db().collection(WRITE_LOCKS).doc(key));
    // In the transaction: the parents' tombstones and the invariants' locks, the documents a conflicting
    // delete or save writes. The parents themselves and the related rows are read outside it, after
    // those: a delete cannot reach a parent without first writing its tombstone, and a conflicting save
    // cannot commit without writing the lock read here, so either commit aborts this transaction (and
    // its retry reads again) or came before these reads. Reading hot parents outside the transaction
    // also keeps saves from holding locks that the count triggers' increments wait on.
    const tombs = named.map(({ parent, value }) => tombRef(parent, value));
    if (tombs.length + lockDocs.length > 0) {
      const held = await tx.getAll(...tombs, ...lockDocs);
      held.slice(0, tombs.length).forEach((tomb, index) => {
        if (tombstoned(tomb)) {
          const { field, parent, value } = named[index]!;
          throw conflict(
            { reason: 'referenceMissing', field, value },
            `${ADMIN_LISTS[parent].collection}/${value} is being deleted`,
          );
        }
      });
    }
    const docs =
      named.length > 0 ? await db().getAll(...named.map(({ parent, value }) => rowRef(parent, value))) : [];
    named.forEach(({ field, parent, value }, index) => {
      const row = docs[index]!;
      if (!row.exists)
        throw conflict(
          { reason: 'referenceMissing', field, value },
          `${ADMIN_LISTS[parent].collection}/${value} does not exist or is being deleted`,
        );
    });
    const problem = await invariantProblem(list, id, fields, named, docs);
    if (problem) throw conflict(problem, `${list}/${id}: ${problem.reason}`);
    return locks;
  }

  async function invariantProblem(
    list: AdminListId,
    id: string,
    fields: Record<string, unknown>,
    named: Array<{ field: string; parent: AdminListId; value: string }>,
    docs: DocumentSnapshot[],
  ): Promise<ConflictDetails | null> {
    const collection = (which: AdminListId) => db().collection(ADMIN_LISTS[which].collection);
    const others = async (which: AdminListId, field: string, value: unknown) =>
      (await collection(which).where(field, '==', value).get()).docs
        .filter((doc) => doc.id !== id)
        .map((doc) => doc.data());
    switch (list) {
      case 'cmts': {
        const row = fields as CmtsFields;
        if (row.overrideIpChecks) return null;
        // Either address in either field of another row, in two queries (`in` on one field is served by
        // that field's single-field index, like `==`).
        const addresses = [...new Set([row.ipLookup, row.ipManage])];
        const [byLookup, byManage] = await Promise.all([
          collection('cmts').where('ipLookup', 'in', addresses).get(),
          collection('cmts').where('ipManage', 'in', addresses).get(),
        ]);
        const rows = [...byLookup.docs, ...byManage.docs]
          .filter((doc) => doc.id !== id)
          .map((doc) => doc.data()) as CmtsFields[];
        return cmtsConflict(row, rows);
      }
      case 'rules': {
        const rule = fields as RuleFields;
        const variantIndex = named.findIndex(({ field }) => field === 'variantName');
        const variant = variantIndex === -1 ? null : (docs[variantIndex]!.data() as VariantFields);
        const rules = (await others('rules', 'definitionName', rule.definitionName)) as RuleFields[];
        return ruleConflictOf(rule, rules, variant);
      }
      case 'definitions': {
        const definition = fields as DefinitionFields;
        return definitionConflict(
          definition,
          (await others('definitions', 'parameter', definition.parameter)) as DefinitionFields[],
        );
      }
      case 'variants': {
        const variant = fields as VariantFields;
        return variantConflict(
          variant,
          (await others('variants', 'technology', variant.technology)) as VariantFields[],
        );
      }
      default:
        return null;
    }
  }

  /** One transaction: checks, then the row with its author stamp (an existing row keeps its creation time). */
  async function saveRow(list: AdminListId, id: string, fields: Record<string, unknown>, actor: Actor) {
    const spec = ADMIN_LISTS[list];
    const ref = rowRef(list, id);
    await withContention(() =>
      db().runTransaction(
        async (tx) => {
          const current = await tx.get(ref);
          if (!current.exists) requireFrenchOnCreate(list, fields);
          const locks = await checkRow(tx, list, id, fields);
          for (const key of locks)
            tx.set(db().collection(WRITE_LOCKS).doc(key), { at: FieldValue.serverTimestamp() });
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
        { maxAttempts: 10 },
      ),
    );
  }

  async function dependentsOf(list: AdminListId, id: string) {
    const counts = await Promise.all(
      childrenOf(list).map(async ({ child, field }) => ({
        list: child,
        count: (
          await db().collection(ADMIN_LISTS[child].collection).where(field, '==', id).count().get()
        ).data().count,
      })),
    );
    return counts.filter(({ count }) => count > 0);
  }
=======
import type { Firestore } from 'firebase-admin/firestore';
import type { AdminStore } from '../../domain/admin/admin-store';
import { importRows } from './admin/import';
import { reconcileAll } from './admin/reconcile-all';
import { dependentsOf, removeRow } from './admin/remove';
import { saveRow } from './admin/save';
import type { StoreContext } from './admin/transactions';

export { TOMBSTONE_TTL_MS, TOMBSTONES, WRITE_LOCKS } from './admin/transactions';
>>>>>>> issue-32

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
