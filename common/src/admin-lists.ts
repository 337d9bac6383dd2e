/**
 * The admin lists (network management, thresholds, generic staging) and how they are written.
 *
 * Every write to an admin list goes through the API (`/api/admin/…`), never directly from a browser:
 * the rules let clients read these collections and refuse every client write. The API checks, inside
 * one Firestore transaction, what a rule cannot: that the rows a document references exist and are not
 * being deleted, that a delete orphans nothing, and the invariants that span documents (unique IP
 * addresses, non-overlapping threshold ranges, one definition per parameter…). See
 * docs/architecture.md, "Admin writes and dependency counts".
 */
import { z } from 'zod';
import { CRM_WEBHOOKS_COLLECTION } from './crm-webhooks';
import { DIAGNOSIS_COLLECTIONS } from './diagnosis-playbook';
import { NETWORK_COLLECTIONS } from './network';
import { STAGING_LISTS } from './staging-lists';
import { THRESHOLD_COLLECTIONS } from './threshold';
import { encodeMessage, notReserved } from './validators';

/** How a list names the server time of a row's last write and of its creation. */
export interface ListStamps {
  timeField: 'lastUpdate' | 'updatedAt' | 'updateDate';
  createdField: 'createdOn' | 'insertDate' | null;
}

/** A field of a child list that names a row of a parent list. */
export interface ListReference {
  field: string;
  parent: AdminListId;
  /** A reference that may be null (a threshold rule's variant). */
  nullable?: boolean;
}

export interface AdminListSpec extends ListStamps {
  collection: string;
  /** The field a parent list keeps (by the triggers): how many child rows name it. */
  countField?: string;
  /** The fields that name a parent row. */
  references: readonly ListReference[];
  /** A change history is kept (audit_log records written by the trigger). */
  tracked: boolean;
  /** The field that holds the row's own id, when the id is one of the user's fields. */
  idField?: string;
}

export const ADMIN_LIST_IDS = [
  'cmts',
  'headEnd',
  'marketArea',
  'definitions',
  'rules',
  'variants',
  'warehouses',
  'racks',
  'hosts',
  'connected',
  'firmwares',
  'playbook',
  'crmWebhooks',
] as const;
export type AdminListId = (typeof ADMIN_LIST_IDS)[number];

export const ADMIN_LISTS: Readonly<Record<AdminListId, AdminListSpec>> = {
  cmts: {
    collection: NETWORK_COLLECTIONS.cmts,
    references: [
      { field: 'headEnd', parent: 'headEnd' },
      { field: 'marketArea', parent: 'marketArea' },
    ],
    tracked: true,
    idField: 'cmtsId',
    timeField: 'lastUpdate',
    createdField: 'createdOn',
  },
  headEnd: {
    collection: NETWORK_COLLECTIONS.headEnd,
    countField: 'cmtsCount',
    references: [],
    tracked: true,
    timeField: 'updatedAt',
    createdField: 'createdOn',
  },
  marketArea: {
    collection: NETWORK_COLLECTIONS.marketArea,
    countField: 'cmtsCount',
    references: [],
    tracked: true,
    timeField: 'updatedAt',
    createdField: 'createdOn',
  },
  definitions: {
    collection: THRESHOLD_COLLECTIONS.definitions,
    countField: 'ruleCount',
    references: [],
    tracked: true,
    idField: 'tdId',
    timeField: 'updateDate',
    createdField: 'insertDate',
  },
  rules: {
    collection: THRESHOLD_COLLECTIONS.rules,
    references: [
      { field: 'definitionName', parent: 'definitions' },
      { field: 'variantName', parent: 'variants', nullable: true },
    ],
    tracked: true,
    idField: 'tdId',
    timeField: 'updateDate',
    createdField: 'insertDate',
  },
  variants: {
    collection: THRESHOLD_COLLECTIONS.variants,
    countField: 'ruleCount',
    references: [],
    tracked: true,
    idField: 'tdId',
    timeField: 'updateDate',
    createdField: 'insertDate',
  },
  warehouses: {
    collection: STAGING_LISTS.warehouses,
    countField: 'childCount',
    references: [],
    tracked: false,
    timeField: 'updatedAt',
    createdField: null,
  },
  racks: {
    collection: STAGING_LISTS.racks,
    countField: 'childCount',
    references: [{ field: 'warehouseId', parent: 'warehouses' }],
    tracked: false,
    timeField: 'updatedAt',
    createdField: null,
  },
  hosts: {
    collection: STAGING_LISTS.hosts,
    countField: 'childCount',
    references: [{ field: 'rackId', parent: 'racks' }],
    tracked: false,
    timeField: 'updatedAt',
    createdField: null,
  },
  connected: {
    collection: STAGING_LISTS.connected,
    references: [{ field: 'hostDeviceId', parent: 'hosts' }],
    tracked: false,
    timeField: 'updatedAt',
    createdField: null,
  },
  firmwares: {
    collection: STAGING_LISTS.firmwares,
    references: [],
    tracked: false,
    timeField: 'updatedAt',
    createdField: null,
  },
  /** The diagnosis playbook (common/src/diagnosis-playbook.ts): causes and next steps by finding. */
  playbook: {
    collection: DIAGNOSIS_COLLECTIONS.playbook,
    references: [],
    tracked: false,
    idField: 'key',
    timeField: 'updatedAt',
    createdField: null,
  },
  /** Where outage notifications go (common/src/crm-webhooks.ts): read by engineering only (the secrets). */
  crmWebhooks: {
    collection: CRM_WEBHOOKS_COLLECTION,
    references: [],
    tracked: false,
    idField: 'webhookId',
    timeField: 'updatedAt',
    createdField: null,
  },
};

export function isAdminListId(value: unknown): value is AdminListId {
  return typeof value === 'string' && (ADMIN_LIST_IDS as readonly string[]).includes(value);
}

/** The list stored in `collection`, if it is an admin list. */
export function adminListOf(collection: string): AdminListId | null {
  return ADMIN_LIST_IDS.find((id) => ADMIN_LISTS[id].collection === collection) ?? null;
}

/** The child lists that name rows of `parent`, with the naming field. */
export function childrenOf(parent: AdminListId): Array<{ child: AdminListId; field: string }> {
  return ADMIN_LIST_IDS.flatMap((child) =>
    ADMIN_LISTS[child].references
      .filter((reference) => reference.parent === parent)
      .map((reference) => ({ child, field: reference.field })),
  );
}

/** Lists whose rows other lists name (they keep a count). */
export const PARENT_LISTS = ADMIN_LIST_IDS.filter((id) => ADMIN_LISTS[id].countField !== undefined);

// ---- the write API's contract -------------------------------------------------------------------

/**
 * A row id in a URL or a body: what the lists accept as ids, at most 80 characters, no slash, and none
 * that Firestore refuses (`.`, `..`, `__…__`).
 */
export const rowIdSchema = z
  .string()
  .min(1)
  .max(80)
  .regex(/^[^/\s]+$/)
  .refine((id) => notReserved(id) === null, encodeMessage({ key: 'reservedId' }));

/**
 * `PUT /api/admin/{list}/{id}`: create or replace a row with `fields` (validated by the list's zod
 * fields schema). An existing row keeps its creation time; the server stamps the author and its time.
 * Answers `200 { id }`.
 */
export const saveRequestSchema = z.object({ fields: z.record(z.string(), z.unknown()) }).strict();
export type SaveRequest = z.infer<typeof saveRequestSchema>;

/** At most this many rows in one import request; the client sends a longer file in several. */
export const IMPORT_ROWS_PER_REQUEST = 250;

/**
 * `POST /api/admin/{list}/import`: many rows, each written on its own (an upsert, so a request sent again
 * finishes what an interrupted one began). `columns` lists the fields the file carries: a field missing
 * from it keeps the stored value on an existing row, and takes the schema's empty value on a new one.
 */
export const importRequestSchema = z
  .object({
    columns: z.array(z.string().min(1).max(60)).max(40),
    rows: z
      .array(
        z
          .object({
            // Checked row by row (rowIdSchema): a bad id fails its row, not the request.
            id: z.string().min(1).max(200),
            line: z.number().int().min(1).optional(),
            fields: z.record(z.string(), z.unknown()),
          })
          .strict(),
      )
      .min(1)
      .max(IMPORT_ROWS_PER_REQUEST),
  })
  .strict();
export type ImportRequest = z.infer<typeof importRequestSchema>;

export const importResultSchema = z.object({
  written: z.array(z.string()),
  failed: z.array(
    z.object({
      id: z.string(),
      line: z.number().int().optional(),
      code: z.string(),
      message: z.string(),
    }),
  ),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/**
 * What a refused write says, in `error.details` of a 409 `conflict` answer:
 * - `inUse`: a delete that would orphan rows; `dependents` counts them per child list;
 * - `referenceMissing`: a named parent row does not exist (or is being deleted);
 * - `ipInUse`: an IP Lookup / IP Management address already used by `with` (unless overrideIpChecks);
 * - `rangeOverlap` / `duplicate`: a threshold rule overlapping `with` (same definition, technology, variant);
 * - `parameterTaken`: another definition (`with`) grades the same parameter;
 * - `modelTaken`: a model (`value`) already listed in variant `with` of the same technology;
 * - `technologyMismatch`: a rule whose technology differs from its variant's;
 * - `technologyInUse`: a variant's technology (`value`, the stored one) changed while rules name it;
 *   `dependents` counts them, `rows` names the first of them;
 * - `beingDeleted`: another delete of the same row is in progress;
 * - `deleteInterrupted`: a delete outlived its tombstone (docs/decisions/0011-tombstone-tokens.md) and
 *   deleted nothing; it may be tried again.
 */
export const CONFLICT_REASONS = [
  'inUse',
  'referenceMissing',
  'ipInUse',
  'rangeOverlap',
  'duplicate',
  'parameterTaken',
  'modelTaken',
  'technologyMismatch',
  'technologyInUse',
  'beingDeleted',
  'deleteInterrupted',
] as const;
export type ConflictReason = (typeof CONFLICT_REASONS)[number];

export const conflictDetailsSchema = z.object({
  reason: z.enum(CONFLICT_REASONS),
  /** The field the conflict is about, when there is one. */
  field: z.string().optional(),
  /** The other row involved (its id). */
  with: z.string().optional(),
  /** The value involved (an address, a model). */
  value: z.string().optional(),
  /** For inUse: how many rows of each child list still name the row. */
  dependents: z.array(z.object({ list: z.enum(ADMIN_LIST_IDS), count: z.number().int().min(0) })).optional(),
  /** For technologyInUse: the ids of the first rows that name the variant. */
  rows: z.array(z.string()).optional(),
});
export type ConflictDetails = z.infer<typeof conflictDetailsSchema>;

/**
 * `GET /api/admin/{list}/{id}/dependents`: the rows of each child list that name the row now (only the
 * lists with some), counted as a delete counts them. The screens ask before refusing a delete.
 */
export const dependentsSchema = z.object({
  dependents: z.array(z.object({ list: z.enum(ADMIN_LIST_IDS), count: z.number().int().min(0) })),
});
export type Dependents = z.infer<typeof dependentsSchema>;

/**
 * `POST /api/admin/recount`: every kept count recomputed from the rows (audited). `orphans` are rows
 * naming a parent row that does not exist.
 */
export const recountResultSchema = z.object({
  checked: z.number().int().min(0),
  repaired: z.array(
    z.object({ list: z.enum(ADMIN_LIST_IDS), id: z.string(), was: z.number(), now: z.number() }),
  ),
  orphans: z.array(
    z.object({ list: z.enum(ADMIN_LIST_IDS), id: z.string(), field: z.string(), parent: z.string() }),
  ),
});
export type RecountResult = z.infer<typeof recountResultSchema>;
