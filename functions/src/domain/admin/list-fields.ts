/**
 * What a user may write to each admin list: the same zod schemas as the web forms (common/), applied
 * again by the API to whatever arrives (docs/architecture.md, "Admin writes and dependency counts").
 */
import type { z } from 'zod';
import { ADMIN_LISTS, type AdminListId } from '@insight/common/admin-lists';
import { areaFieldsSchema, cmtsFieldsSchema } from '@insight/common/network';
import {
  connectedFieldsSchema,
  firmwareFieldsSchema,
  hostFieldsSchema,
  rackFieldsSchema,
  warehouseFieldsSchema,
} from '@insight/common/staging-lists';
import { crmWebhookFieldsSchema } from '@insight/common/crm-webhooks';
import { playbookFieldsSchema } from '@insight/common/diagnosis-playbook';
import {
  definitionFieldsSchema,
  frenchRequired,
  ruleFieldsSchema,
  ruleShapeSchema,
  variantFieldsSchema,
} from '@insight/common/threshold';
import { encodeMessage } from '@insight/common/validators';
import { AppError } from '../../lib/app-error';

/** Each list's fields one by one (a rule's without the checks across them): the columns an import may carry. */
const LIST_SHAPES: Readonly<Record<AdminListId, z.ZodObject>> = {
  cmts: cmtsFieldsSchema,
  headEnd: areaFieldsSchema,
  marketArea: areaFieldsSchema,
  definitions: definitionFieldsSchema,
  rules: ruleShapeSchema,
  variants: variantFieldsSchema,
  warehouses: warehouseFieldsSchema,
  racks: rackFieldsSchema,
  hosts: hostFieldsSchema,
  connected: connectedFieldsSchema,
  firmwares: firmwareFieldsSchema,
  playbook: playbookFieldsSchema,
  crmWebhooks: crmWebhookFieldsSchema,
};

export const LIST_FIELDS: Readonly<Record<AdminListId, z.ZodType<Record<string, unknown>>>> = {
  ...LIST_SHAPES,
  rules: ruleFieldsSchema,
};

/**
 * What a new row holds in a column the file leaves out: null where the field may be empty, false for a
 * yes/no, '' otherwise (the schema then says the field is required).
 */
export function emptyValueOf(list: AdminListId, field: string): unknown {
  const schema = LIST_SHAPES[list].shape[field] as z.ZodType | undefined;
  if (!schema) return undefined;
  if (schema.safeParse(null).success) return null;
  if (schema.safeParse(false).success) return false;
  return '';
}

/**
 * A row of an import: the file's columns as given; a column it leaves out keeps the stored value of an
 * existing row (`stored`, plain JSON) and takes the empty value on a new one. Every list alike.
 */
export function mergeImportRow(
  list: AdminListId,
  id: string,
  fields: Record<string, unknown>,
  columns: ReadonlySet<string>,
  stored: Record<string, unknown> | null,
): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const key of Object.keys(LIST_SHAPES[list].shape)) {
    if (columns.has(key)) merged[key] = fields[key];
    else if (stored && stored[key] !== undefined) merged[key] = stored[key];
    else merged[key] = emptyValueOf(list, key);
  }
  for (const [key, value] of Object.entries(fields)) if (columns.has(key)) merged[key] = value;
  const idField = ADMIN_LISTS[list].idField;
  if (idField) merged[idField] = id;
  return merged;
}

/** Fields that travel as JSON strings but are dates in the schema. */
const DATE_FIELDS: Partial<Record<AdminListId, readonly string[]>> = { cmts: ['configLastUpdated'] };

/** Fields a schema derives from the others (a form's output carries them): ignored on the way in. */
const DERIVED_FIELDS: Partial<Record<AdminListId, readonly string[]>> = { rules: ['isDefault'] };

/** JSON carries dates as ISO strings; the schemas want Date values. */
function revive(list: AdminListId, raw: Record<string, unknown>): Record<string, unknown> {
  const dates = DATE_FIELDS[list] ?? [];
  const revived = { ...raw };
  for (const field of DERIVED_FIELDS[list] ?? []) delete revived[field];
  for (const field of dates) {
    const value = revived[field];
    if (typeof value === 'string' && value) {
      const date = new Date(value);
      revived[field] = Number.isNaN(date.getTime()) ? value : date;
    } else if (value === '') revived[field] = null;
  }
  return revived;
}

export interface FieldProblem {
  field: string;
  message: string;
}

/**
 * The list's fields parsed from `raw`, or `invalid_input` naming each field and its message key.
 * Where the id is one of the fields (CMTS id, tdId), it must be the id of the URL.
 */
export function parseListFields(
  list: AdminListId,
  id: string,
  raw: Record<string, unknown>,
): Record<string, unknown> {
  const parsed = LIST_FIELDS[list].safeParse(revive(list, raw));
  if (!parsed.success) {
    const problems: FieldProblem[] = parsed.error.issues.map((issue) => ({
      field: issue.path.join('.'),
      message: issue.message,
    }));
    throw new AppError(
      'invalid_input',
      `Invalid ${list} fields: ${problems.map((p) => p.field).join(', ')}`,
      {
        details: { fields: problems },
      },
    );
  }
  const idField = ADMIN_LISTS[list].idField;
  if (idField && parsed.data[idField] !== id) {
    throw new AppError('invalid_input', `${idField} must be the id of the row`, {
      details: { fields: [{ field: idField, message: 'id' }] },
    });
  }
  return parsed.data;
}

/**
 * A new threshold row carries the French of each English text it has (docs/requirements.md, "Thresholds"):
 * `invalid_input` naming each missing French field otherwise. Existing rows may lack them (shown in
 * English, flagged to engineering until translated).
 */
export function requireFrenchOnCreate(list: AdminListId, fields: Record<string, unknown>): void {
  if (list !== 'definitions' && list !== 'rules' && list !== 'variants') return;
  const missing = frenchRequired(list, fields);
  if (missing.length === 0) return;
  throw new AppError('invalid_input', `A new ${list} row needs ${missing.map((m) => m.field).join(', ')}`, {
    details: {
      fields: missing.map(({ field, message }) => ({ field, message: encodeMessage(message) })),
    },
  });
}
