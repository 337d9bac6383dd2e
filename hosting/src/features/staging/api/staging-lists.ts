/** The generic staging lists, live, and their writes through the admin API (lib/admin-writes.ts). */
import { limit, orderBy } from 'firebase/firestore';
import {
  connectedDocumentSchema,
  deviceEventSchema,
  firmwareDocumentSchema,
  hostDocumentSchema,
  rackDocumentSchema,
  STAGING_LISTS,
  warehouseDocumentSchema,
  type StagingList,
} from '@insight/common/staging-lists';
import { useCollection } from '../../../lib/firestore-hooks';
import { deleteEntry, saveEntry } from '../../../lib/admin-writes';

/** The newest device events shown (the staging systems keep a few hundred). */
export const EVENTS_SHOWN = 50;

/** Every level, live while `enabled` (Reset stops the listeners and clears the rows). */
export function useStagingLists(enabled: boolean) {
  const quiet = { notify: false, enabled };
  return {
    warehouses: useCollection(STAGING_LISTS.warehouses, warehouseDocumentSchema, { enabled }),
    racks: useCollection(STAGING_LISTS.racks, rackDocumentSchema, quiet),
    hosts: useCollection(STAGING_LISTS.hosts, hostDocumentSchema, quiet),
    connected: useCollection(STAGING_LISTS.connected, connectedDocumentSchema, quiet),
    firmwares: useCollection(STAGING_LISTS.firmwares, firmwareDocumentSchema, quiet),
    events: useCollection(STAGING_LISTS.events, deviceEventSchema, {
      ...quiet,
      constraints: [orderBy('at', 'desc'), limit(EVENTS_SHOWN)],
      constraintsKey: `newest-${EVENTS_SHOWN}`,
    }),
  };
}
export type StagingLists = ReturnType<typeof useStagingLists>;

export const saveStaging = (list: StagingList, id: string, fields: Record<string, unknown>) =>
  saveEntry(list, id, fields);

/** Refused (409 inUse) while the row still holds others. */
export const deleteStaging = (list: StagingList, id: string) => deleteEntry(list, id);
