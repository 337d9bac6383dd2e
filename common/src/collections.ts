/**
 * Which capability of the role matrix reads and writes each Firestore collection from a client.
 * firestore.rules implements this table by hand; tests/rules walks every role × collection × operation
 * against it. The admin lists (common/src/admin-lists.ts) are read by clients and written only through
 * the API (`/api/admin/…`): their `write` and `delete` are null, and `api` names who the API lets write
 * them. Collections the table does not list (deletion stamps, dependency markers, delete tombstones,
 * write locks, trigger events…) are the functions' own: no client reads or writes them.
 */
import type { Capability } from './roles';

export interface CollectionAccess {
  /** A path to a sample document of the collection. */
  sample: string;
  read: Capability | 'own' | null;
  /** A capability that may also read every document (e.g. engineering reads everyone's roles). */
  alsoRead?: Capability;
  /** Client creates and updates; null: no client writes (server only, or through the API). */
  write: Capability | 'own' | null;
  /** Client deletes; null: no client deletes (server only, or through the API). */
  delete: Capability | 'own' | null;
  /**
   * Who may create, update and delete the collection's documents through the API (`/api/admin/…`,
   * which checks references, dependents and cross-row invariants in one transaction). Documentation of
   * the API's own check (requireCapability); the rules refuse these writes to every client.
   */
  api?: Capability;
}

/** An admin list: clients read it with `read`; every write goes through the API (adminWrite). */
const adminList = (sample: string, read: Capability): CollectionAccess => ({
  sample,
  read,
  write: null,
  delete: null,
  api: 'adminWrite',
});

export const COLLECTION_ACCESS: Readonly<Record<string, CollectionAccess>> = {
  cmts_source: adminList('cmts_source/doc1', 'adminRead'),
  cmts_head_end: adminList('cmts_head_end/doc1', 'adminRead'),
  cmts_marketing_area: adminList('cmts_marketing_area/doc1', 'adminRead'),
  'threshold_manager/configuration/definitions': adminList(
    'threshold_manager/configuration/definitions/doc1',
    'adminRead',
  ),
  'threshold_manager/configuration/rules': adminList(
    'threshold_manager/configuration/rules/doc1',
    'adminRead',
  ),
  'threshold_manager/configuration/variants': adminList(
    'threshold_manager/configuration/variants/doc1',
    'adminRead',
  ),
  oltInterface: { sample: 'oltInterface/ON', read: 'staging', write: 'adminWrite', delete: 'adminWrite' },
  staging_warehouses: adminList('staging_warehouses/doc1', 'staging'),
  staging_racks: adminList('staging_racks/doc1', 'staging'),
  staging_host_devices: adminList('staging_host_devices/doc1', 'staging'),
  connected_devices: adminList('connected_devices/doc1', 'staging'),
  staging_device_events: { sample: 'staging_device_events/doc1', read: 'staging', write: null, delete: null },
  staging_firmwares: adminList('staging_firmwares/doc1', 'staging'),
  diagnosis_playbook: adminList('diagnosis_playbook/doc1', 'adminRead'),
  // Each row holds the secret its notifications are signed with: engineering only.
  crm_webhooks: adminList('crm_webhooks/doc1', 'adminWrite'),
  audit_log: { sample: 'audit_log/doc1', read: 'auditRead', write: null, delete: null },
  user_roles: { sample: 'user_roles/{uid}', read: 'own', alsoRead: 'manageRoles', write: null, delete: null },
  /**
   * Known outages (docs/outages.md): written by the functions (Alertmanager's webhook, the notification
   * trigger); the note through PUT /api/outages/{id}/note, which checks outagesNote.
   */
  outages: { sample: 'outages/doc1', read: 'outagesView', write: null, delete: null },
  recent_lookups: { sample: 'recent_lookups/{uid}', read: 'own', write: 'own', delete: 'own' },
};
