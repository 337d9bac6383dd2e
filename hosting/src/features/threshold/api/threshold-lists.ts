/**
 * Reads and writes of the threshold manager's lists: live listeners parsed with the common/ schemas,
 * writes with the server's dates and the author, which firestore.rules checks.
 */
import {
  definitionDocumentSchema,
  ruleDocumentSchema,
  THRESHOLD_COLLECTIONS,
  variantDocumentSchema,
  type ThresholdKind,
} from '@insight/common/threshold';
import { useCollection } from '../../../lib/firestore-hooks';
import { deleteDocument, saveDocument } from '../../../lib/firestore-writes';

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
  exists: boolean,
): Promise<void> {
  return saveDocument(THRESHOLD_COLLECTIONS[kind], fields.tdId, fields, {
    exists,
    timeField: 'updateDate',
    createdField: 'insertDate',
  });
}

export function deleteThreshold(kind: ThresholdKind, id: string): Promise<void> {
  return deleteDocument(THRESHOLD_COLLECTIONS[kind], id);
}
