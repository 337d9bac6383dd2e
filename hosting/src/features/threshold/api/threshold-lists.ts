/**
 * Reads and writes of the threshold manager's lists: live listeners parsed with the common/ schemas;
 * writes through the admin API (lib/admin-writes.ts), which checks the invariants that span rows (ranges
 * that overlap, a parameter graded twice…) and sets the dates and the author.
 */
import {
  definitionDocumentSchema,
  ruleDocumentSchema,
  THRESHOLD_COLLECTIONS,
  variantDocumentSchema,
  type ThresholdKind,
} from '@insight/common/threshold';
import { useCollection } from '../../../lib/firestore-hooks';
import { deleteEntry, saveEntry } from '../../../lib/admin-writes';

/** The three lists, each live; the page notifies 'Data has been updated.' once, for the rules. */
export function useThresholdLists() {
  const rules = useCollection(THRESHOLD_COLLECTIONS.rules, ruleDocumentSchema);
  const definitions = useCollection(THRESHOLD_COLLECTIONS.definitions, definitionDocumentSchema, {
    notify: false,
  });
  const variants = useCollection(THRESHOLD_COLLECTIONS.variants, variantDocumentSchema, { notify: false });
  return { rules, definitions, variants };
}
export type ThresholdLists = ReturnType<typeof useThresholdLists>;

/** A new record gets insertDate and updateDate from the server clock; an edit changes updateDate only. */
export function saveThreshold(
  kind: ThresholdKind,
  fields: Record<string, unknown> & { tdId: string },
): Promise<void> {
  return saveEntry(kind, fields.tdId, fields);
}

export function deleteThreshold(kind: ThresholdKind, id: string): Promise<void> {
  return deleteEntry(kind, id);
}
