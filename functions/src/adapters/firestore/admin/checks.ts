/**
 * What a save checks before it writes (save.ts): the parents it names exist and are not being deleted,
 * and the invariants that span rows hold. The documents a conflicting write must touch (the parents'
 * tombstones, the invariants' lock documents) are read in the save's transaction; the parents and the
 * related rows after them, outside it (docs/architecture.md, "A save").
 */
import type { DocumentSnapshot, Transaction } from 'firebase-admin/firestore';
import { ADMIN_LISTS, type AdminListId, type ConflictDetails } from '@insight/common/admin-lists';
import {
  cmtsConflict,
  definitionConflict,
  ruleConflictOf,
  variantConflict,
} from '@insight/common/admin-invariants';
import type { CmtsFields } from '@insight/common/network';
import type { DefinitionFields, RuleFields, VariantFields } from '@insight/common/threshold';
import { conflict, isLive, lockRef, rowRef, tombRef, type StoreContext } from './transactions';

interface Named {
  field: string;
  parent: AdminListId;
  value: string;
}

/** At most this many rule ids travel with a refused technology change (the count is always exact). */
const NAMED_RULES = 20;

/**
 * Reads what the row names and what its invariants relate; refuses, or answers the lock keys the save
 * must write. `current` is the row as the transaction read it.
 */
export async function checkRow(
  ctx: StoreContext,
  tx: Transaction,
  list: AdminListId,
  id: string,
  fields: Record<string, unknown>,
  current: DocumentSnapshot,
): Promise<string[]> {
  const named: Named[] = ADMIN_LISTS[list].references.flatMap(({ field, parent }) => {
    const value = fields[field];
    return typeof value === 'string' && value ? [{ field, parent, value }] : [];
  });
  const locks = lockKeys(list, id, fields);
  // In the transaction: the parents' tombstones and the invariants' locks, the documents a conflicting
  // delete or save writes. Either such a commit aborts this transaction (its retry reads again) or it
  // came before these reads, so the reads below see it. Reading hot parents outside the transaction
  // keeps saves from holding locks that the count triggers' increments wait on.
  const tombs = named.map(({ parent, value }) => tombRef(ctx, parent, value));
  if (tombs.length + locks.length > 0) {
    const held = await tx.getAll(...tombs, ...locks.map((key) => lockRef(ctx, key)));
    const now = ctx.now();
    held.slice(0, tombs.length).forEach((tomb, index) => {
      if (!isLive(tomb, now)) return;
      const { field, parent, value } = named[index]!;
      throw conflict(
        { reason: 'referenceMissing', field, value },
        `${ADMIN_LISTS[parent].collection}/${value} is being deleted`,
      );
    });
  }
  const docs =
    named.length > 0
      ? await ctx.db().getAll(...named.map(({ parent, value }) => rowRef(ctx, parent, value)))
      : [];
  named.forEach(({ field, parent, value }, index) => {
    if (!docs[index]!.exists)
      throw conflict(
        { reason: 'referenceMissing', field, value },
        `${ADMIN_LISTS[parent].collection}/${value} does not exist or is being deleted`,
      );
  });
  const problem = await invariantProblem(ctx, list, id, fields, current, named, docs);
  if (problem) throw conflict(problem, `${list}/${id}: ${problem.reason}`);
  return locks;
}

async function invariantProblem(
  ctx: StoreContext,
  list: AdminListId,
  id: string,
  fields: Record<string, unknown>,
  current: DocumentSnapshot,
  named: Named[],
  docs: DocumentSnapshot[],
): Promise<ConflictDetails | null> {
  const collection = (which: AdminListId) => ctx.db().collection(ADMIN_LISTS[which].collection);
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
      const stored: unknown = current.exists ? current.get('technology') : undefined;
      if (stored !== undefined && stored !== variant.technology) {
        // A rule's technology equals its variant's: none may name the variant when it changes.
        const rules = await collection('rules').where('variantName', '==', id).select().get();
        if (!rules.empty)
          return {
            reason: 'technologyInUse',
            value: String(stored),
            dependents: [{ list: 'rules', count: rules.size }],
            rows: rules.docs
              .map((doc) => doc.id)
              .sort()
              .slice(0, NAMED_RULES),
          };
      }
      return variantConflict(
        variant,
        (await others('variants', 'technology', variant.technology)) as VariantFields[],
      );
    }
    default:
      return null;
  }
}

/** The invariant keys a save of these fields must serialise on. */
export function lockKeys(list: AdminListId, id: string, fields: Record<string, unknown>): string[] {
  const key = (...parts: unknown[]) => parts.map((part) => String(part).replaceAll('/', '.')).join(':');
  switch (list) {
    case 'cmts':
      return fields.overrideIpChecks
        ? []
        : [...new Set([key('ip', fields.ipLookup), key('ip', fields.ipManage)])].sort();
    case 'rules':
      // A rule and its variant's technology change serialise on the variant's key.
      return [
        key('rules', fields.definitionName),
        ...(fields.variantName ? [key('variant', fields.variantName)] : []),
      ];
    case 'definitions':
      return [key('parameter', fields.parameter)];
    case 'variants':
      return [key('models', fields.technology), key('variant', id)];
    default:
      return [];
  }
}
