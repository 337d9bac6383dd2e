/**
 * The admin lists' writes on Firestore (domain/admin/admin-store.ts), each in one transaction.
 *
 * A delete of a row that others name (a head end, a definition, a warehouse…) is two-phase: a tombstone
 * is committed first, then the child lists are queried for rows still naming it, then the row is deleted
 * (or the tombstone removed and the delete refused). A child write reads its parents' tombstones inside
 * its own transaction (the parents themselves after them), so it either commits before the tombstone
 * (and the query sees it) or reads the tombstone (and is refused): no interleaving orphans a row.
 * Invariants that span rows (unique addresses, non-overlapping ranges…) are checked on a query inside the
 * transaction that also writes a lock document per invariant key, so two saves that could conflict are
 * serialised by Firestore whatever its locking of query ranges.
 */
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

  return {
    save: saveRow,

    async remove(list, id, actor) {
      const spec = ADMIN_LISTS[list];
      const ref = rowRef(list, id);
      const deleteRow = (tx: Transaction, row: DocumentSnapshot) => {
        tx.delete(ref);
        if (spec.tracked) writeDeletionStamp(tx, db(), list, row, actor.uid, now());
      };
      const missing = () => new AppError('not_found', `${spec.collection}/${id} does not exist`);

      if (childrenOf(list).length === 0) {
        await withContention(() =>
          db().runTransaction(async (tx) => {
            const row = await tx.get(ref);
            if (!row.exists) throw missing();
            deleteRow(tx, row);
          }),
        );
        return;
      }
      // Phase 1: from now on no write may name the row.
      const tomb = tombRef(list, id);
      await withContention(() =>
        db().runTransaction(async (tx) => {
          const row = await tx.get(ref);
          if (!row.exists) throw missing();
          tx.set(tomb, {
            collection: spec.collection,
            docId: id,
            by: actor.uid,
            until: Timestamp.fromMillis(now() + TOMBSTONE_TTL_MS),
          });
        }),
      );
      let deleted = false;
      try {
        // Phase 2: rows written before the tombstone are all visible to these queries.
        const dependents = await dependentsOf(list, id);
        if (dependents.length > 0)
          throw conflict(
            { reason: 'inUse', dependents },
            `${spec.collection}/${id} is still used by ${dependents.map((d) => `${d.count} ${d.list}`).join(', ')}`,
          );
        // Phase 3.
        await withContention(() =>
          db().runTransaction(async (tx) => {
            const row = await tx.get(ref);
            if (!row.exists) throw missing();
            deleteRow(tx, row);
            tx.delete(tomb);
          }),
        );
        deleted = true;
      } finally {
        if (!deleted) await tomb.delete();
      }
    },

    async importRows(list, request: ImportRequest, actor) {
      const result: ImportResult = { written: [], failed: [] };
      const columns = new Set(request.columns);
      let next = 0;
      const worker = async () => {
        while (next < request.rows.length) {
          const row = request.rows[next++]!;
          try {
            const stored = await rowRef(list, row.id).get();
            const merged = mergeColumns(list, row.id, row.fields, columns, stored);
            await saveRow(list, row.id, parseListFields(list, row.id, merged), actor);
            result.written.push(row.id);
          } catch (error) {
            const appError = error instanceof AppError ? error : null;
            if (!appError) throw error;
            result.failed.push({
              id: row.id,
              ...(row.line ? { line: row.line } : {}),
              code: appError.code === 'conflict' ? conflictReason(appError) : appError.code,
              message: appError.message,
            });
          }
        }
      };
      await Promise.all(Array.from({ length: IMPORT_CONCURRENCY }, worker));
      const order = new Map(request.rows.map((row, index) => [row.id, index]));
      result.written.sort((a, b) => order.get(a)! - order.get(b)!);
      result.failed.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
      return result;
    },

    recount: () => recountAll(db()),
  };
}

function conflictReason(error: AppError): string {
  const reason = (error.details as { reason?: unknown } | undefined)?.reason;
  return typeof reason === 'string' ? reason : 'conflict';
}

/** A row of an import: columns the file lacks keep the stored values; a new row takes the empty ones. */
function mergeColumns(
  list: AdminListId,
  id: string,
  fields: Record<string, unknown>,
  columns: ReadonlySet<string>,
  stored: DocumentSnapshot,
): Record<string, unknown> {
  const idField = ADMIN_LISTS[list].idField;
  const merged: Record<string, unknown> = idField ? { [idField]: id } : {};
  const keys = Object.keys(LIST_DEFAULTS[list] ?? {});
  for (const key of keys) {
    if (columns.has(key)) merged[key] = fields[key];
    else if (stored.exists && stored.get(key) !== undefined) merged[key] = plainValue(stored.get(key));
    else merged[key] = LIST_DEFAULTS[list]![key];
  }
  for (const [key, value] of Object.entries(fields)) if (columns.has(key)) merged[key] = value;
  return merged;
}

const plainValue = (value: unknown) => (value instanceof Timestamp ? value.toDate().toISOString() : value);

/** The fields of the lists that can be imported, with a new row's value for a column the file lacks. */
const LIST_DEFAULTS: Partial<Record<AdminListId, Record<string, unknown>>> = {
  cmts: EMPTY_CMTS_FIELDS,
};

/** The invariant keys a save of these fields must serialise on. */
function lockKeys(list: AdminListId, fields: Record<string, unknown>): string[] {
  const key = (...parts: unknown[]) => parts.map((part) => String(part).replaceAll('/', '.')).join(':');
  switch (list) {
    case 'cmts':
      return fields.overrideIpChecks
        ? []
        : [...new Set([key('ip', fields.ipLookup), key('ip', fields.ipManage)])].sort();
    case 'rules':
      return [key('rules', fields.definitionName)];
    case 'definitions':
      return [key('parameter', fields.parameter)];
    case 'variants':
      return [key('models', fields.technology)];
    default:
      return [];
  }
}

// ---- recount ------------------------------------------------------------------------------------

/**
 * Every child row reconciled where its marker disagrees with it (the trigger's own transaction), then
 * every parent's count set to the markers that count rows in it. Safe while trigger events are pending:
 * both steps are the reconciliation the trigger does, so a late event finds nothing left to move.
 */
async function recountAll(db: Firestore): Promise<RecountResult> {
  const result: RecountResult = { checked: 0, repaired: [], orphans: [] };
  const parentStates = new Map<ParentKey, ParentState>();
  for (const list of PARENT_LISTS) {
    const docs = await db.collection(ADMIN_LISTS[list].collection).select().get();
    for (const doc of docs.docs) parentStates.set(parentKey(list, doc.id), parentState(doc));
  }
  const parentOf = (key: ParentKey) => parentStates.get(key) ?? { exists: false, created: null };

  for (const list of ADMIN_LIST_IDS.filter((id) => ADMIN_LISTS[id].references.length > 0)) {
    const spec = ADMIN_LISTS[list];
    const [rows, markers] = await Promise.all([
      db
        .collection(spec.collection)
        .select(...spec.references.map(({ field }) => field))
        .get(),
      db.collection(MARKERS).where('list', '==', list).get(),
    ]);
    const markerOf = new Map(markers.docs.map((doc) => [doc.id, (doc.get('refs') as Marker) ?? {}]));
    const seen = new Set<string>();
    const due: string[] = [];
    for (const row of rows.docs) {
      const id = docKey(spec.collection, row.id);
      seen.add(id);
      const named = namedParents(list, row.data());
      const plan = planReconcile(
        named,
        markerOf.get(id) ?? {},
        new Map(Object.values(named).flatMap((key) => (key ? [[key, parentOf(key)]] : []))),
      );
      for (const orphan of plan.orphans)
        result.orphans.push({
          list,
          id: row.id,
          field: orphan.field,
          parent: orphan.key.slice(orphan.key.lastIndexOf('/') + 1),
        });
      const counted = markerOf.get(id) ?? {};
      const agrees = Object.entries(plan.next).every(
        ([field, next]) =>
          (counted[field]?.key ?? null) === (next?.key ?? null) &&
          (counted[field]?.created ?? null) === (next?.created ?? null),
      );
      if (!agrees) due.push(row.id);
    }
    for (const doc of markers.docs) if (!seen.has(doc.id)) due.push(doc.id.slice(doc.id.indexOf(':') + 1));
    result.checked += rows.size;
    for (let start = 0; start < due.length; start += 16)
      await Promise.all(
        due.slice(start, start + 16).map((id) => applyAdminWrite(db, list, id, { reconcile: true })),
      );
  }

  // Counts from the markers, now in line with the rows.
  const tally = new Map<ParentKey, number>();
  const markers = await db.collection(MARKERS).get();
  for (const doc of markers.docs) {
    for (const counted of Object.values((doc.get('refs') as Marker) ?? {})) {
      if (counted && parentOf(counted.key).created === counted.created)
        tally.set(counted.key, (tally.get(counted.key) ?? 0) + 1);
    }
  }
  for (const list of PARENT_LISTS) {
    const field = ADMIN_LISTS[list].countField!;
    const docs = await db.collection(ADMIN_LISTS[list].collection).select(field).get();
    result.checked += docs.size;
    for (const doc of docs.docs) {
      const key = parentKey(list, doc.id);
      const stored: unknown = doc.get(field);
      if (stored === (tally.get(key) ?? 0)) continue;
      const fix = await repairCount(db, list, key);
      if (fix) result.repaired.push({ list, id: doc.id, ...fix });
    }
  }
  return result;
}

/** Sets a parent's count to the markers counting rows in it, in a transaction with both. */
async function repairCount(
  db: Firestore,
  list: AdminListId,
  key: ParentKey,
): Promise<{ was: number; now: number } | null> {
  const field = countFieldOf(key);
  return db.runTransaction(async (tx) => {
    const parent = await tx.get(db.doc(key));
    if (!parent.exists) return null;
    const created = exactTime(parent.createTime);
    const markers = await tx.get(db.collection(MARKERS).where('parents', 'array-contains', key));
    const now = markers.docs.filter((doc) =>
      Object.values((doc.get('refs') as Marker) ?? {}).some(
        (counted) => counted?.key === key && counted.created === created,
      ),
    ).length;
    const stored: unknown = parent.get(field);
    const was = typeof stored === 'number' ? stored : 0;
    if (stored === now) return null;
    tx.update(parent.ref, { [field]: now });
    return { was, now };
  });
}
