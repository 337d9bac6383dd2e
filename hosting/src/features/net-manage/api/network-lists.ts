/**
 * Reads and writes of the network lists (CMTS sources, head ends, marketing areas): live listeners
 * parsed with the common/ schemas; writes through the admin API (lib/admin-writes.ts), which checks the
 * references and the IP addresses and stamps the author.
 */
import {
  areaDocumentSchema,
  cmtsDocumentSchema,
  NETWORK_COLLECTIONS,
  type AreaFields,
  type CmtsFields,
} from '@insight/common/network';
import { useCollection } from '../../../lib/firestore-hooks';
import { deleteEntry, saveEntry } from '../../../lib/admin-writes';

export type AreaKind = 'headEnd' | 'marketArea';

/** Thousands of rows: the first page paints from a small query while the whole list loads. */
export function useCmtsRows(options: { notify?: boolean } = {}) {
  return useCollection(NETWORK_COLLECTIONS.cmts, cmtsDocumentSchema, { preview: 100, ...options });
}

export function useAreas(kind: AreaKind, options: { notify?: boolean } = {}) {
  return useCollection(NETWORK_COLLECTIONS[kind], areaDocumentSchema, options);
}

export function saveCmts(fields: CmtsFields): Promise<void> {
  return saveEntry('cmts', fields.cmtsId, fields);
}

export function saveArea(kind: AreaKind, id: string, fields: AreaFields): Promise<void> {
  return saveEntry(kind, id, fields);
}

export function deleteCmts(id: string): Promise<void> {
  return deleteEntry('cmts', id);
}

export function deleteArea(kind: AreaKind, id: string): Promise<void> {
  return deleteEntry(kind, id);
}
