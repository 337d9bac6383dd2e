/**
 * Reads and writes of the network lists (CMTS sources, head ends, marketing areas): live listeners
 * parsed with the common/ schemas, stamped writes that firestore.rules checks.
 */
import {
  areaDocumentSchema,
  cmtsDocumentSchema,
  NETWORK_COLLECTIONS,
  type AreaFields,
  type CmtsFields,
} from '@insight/common/network';
import { useCollection } from '../../../lib/firestore-hooks';
import { deleteDocument, saveDocument, saveMany } from '../../../lib/firestore-writes';

export type AreaKind = 'headEnd' | 'marketArea';

/** Thousands of rows: the first page paints from a small query while the whole list loads. */
export function useCmtsRows(options: { notify?: boolean } = {}) {
  return useCollection(NETWORK_COLLECTIONS.cmts, cmtsDocumentSchema, { preview: 100, ...options });
}

export function useAreas(kind: AreaKind, options: { notify?: boolean } = {}) {
  return useCollection(NETWORK_COLLECTIONS[kind], areaDocumentSchema, options);
}

export function saveCmts(fields: CmtsFields, exists: boolean): Promise<void> {
  return saveDocument(NETWORK_COLLECTIONS.cmts, fields.cmtsId, fields, { exists, timeField: 'lastUpdate' });
}

export function saveArea(kind: AreaKind, id: string, fields: AreaFields, exists: boolean): Promise<void> {
  return saveDocument(NETWORK_COLLECTIONS[kind], id, fields, { exists, timeField: 'updatedAt' });
}

export function deleteCmts(id: string): Promise<void> {
  return deleteDocument(NETWORK_COLLECTIONS.cmts, id);
}

export function deleteArea(kind: AreaKind, id: string): Promise<void> {
  return deleteDocument(NETWORK_COLLECTIONS[kind], id);
}

/** Writes imported rows in batches; resolves with how many were written. */
export function importCmts(rows: ReadonlyArray<{ fields: CmtsFields; exists: boolean }>): Promise<number> {
  return saveMany(
    NETWORK_COLLECTIONS.cmts,
    rows.map(({ fields, exists }) => ({ id: fields.cmtsId, fields, exists })),
    'lastUpdate',
    {
      // The rules check that each row's head end and marketing area exist.
      lookups: (fields) => [
        `${NETWORK_COLLECTIONS.headEnd}/${String(fields.headEnd)}`,
        `${NETWORK_COLLECTIONS.marketArea}/${String(fields.marketArea)}`,
      ],
    },
  );
}
