/**
 * Which capability of the role matrix reads and writes each Firestore collection. firestore.rules
 * implements this table by hand; tests/rules walks every role × collection × operation against it.
 */
import type { Capability } from './roles';

export interface CollectionAccess {
  /** A path to a sample document of the collection. */
  sample: string;
  read: Capability | 'own' | null;
  /** A capability that may also read every document (e.g. engineering reads everyone's roles). */
  alsoRead?: Capability;
  /** create and update; null: no client writes (server only). */
  write: Capability | 'own' | null;
  delete: Capability | 'own' | null;
}

export const COLLECTION_ACCESS: Readonly<Record<string, CollectionAccess>> = {
  cmts_source: { sample: 'cmts_source/doc1', read: 'adminRead', write: 'adminWrite', delete: 'adminWrite' },
  cmts_head_end: {
    sample: 'cmts_head_end/doc1',
    read: 'adminRead',
    write: 'adminWrite',
    delete: 'adminWrite',
  },
  cmts_marketing_area: {
    sample: 'cmts_marketing_area/doc1',
    read: 'adminRead',
    write: 'adminWrite',
    delete: 'adminWrite',
  },
  'threshold_manager/configuration/definitions': {
    sample: 'threshold_manager/configuration/definitions/doc1',
    read: 'adminRead',
    write: 'adminWrite',
    delete: 'adminWrite',
  },
  'threshold_manager/configuration/rules': {
    sample: 'threshold_manager/configuration/rules/doc1',
    read: 'adminRead',
    write: 'adminWrite',
    delete: 'adminWrite',
  },
  'threshold_manager/configuration/variants': {
    sample: 'threshold_manager/configuration/variants/doc1',
    read: 'adminRead',
    write: 'adminWrite',
    delete: 'adminWrite',
  },
  oltInterface: { sample: 'oltInterface/ON', read: 'staging', write: 'adminWrite', delete: 'adminWrite' },
  staging_warehouses: {
    sample: 'staging_warehouses/doc1',
    read: 'staging',
    write: 'adminWrite',
    delete: 'adminWrite',
  },
  staging_racks: { sample: 'staging_racks/doc1', read: 'staging', write: 'adminWrite', delete: 'adminWrite' },
  staging_host_devices: {
    sample: 'staging_host_devices/doc1',
    read: 'staging',
    write: 'adminWrite',
    delete: 'adminWrite',
  },
  connected_devices: {
    sample: 'connected_devices/doc1',
    read: 'staging',
    write: 'adminWrite',
    delete: 'adminWrite',
  },
  staging_device_events: { sample: 'staging_device_events/doc1', read: 'staging', write: null, delete: null },
  staging_firmwares: {
    sample: 'staging_firmwares/doc1',
    read: 'staging',
    write: 'adminWrite',
    delete: 'adminWrite',
  },
  audit_log: { sample: 'audit_log/doc1', read: 'auditRead', write: null, delete: null },
  user_roles: { sample: 'user_roles/{uid}', read: 'own', alsoRead: 'manageRoles', write: null, delete: null },
  recent_lookups: { sample: 'recent_lookups/{uid}', read: 'own', write: 'own', delete: 'own' },
};
