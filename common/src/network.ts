/**
 * Network management lists (docs/requirements.md, "Network management"): CMTS sources and the head
 * ends and marketing areas they belong to. One source of truth for the web forms, the CSV import, the
 * API's writes (which parse every save with these schemas), the triggers, the seed and the tests.
 *
 * Head ends and marketing areas are referenced by document id and shown by name, so renaming one never
 * orphans a CMTS row. A CMTS source's document id is its cmtsId: saving a new row under an existing id
 * updates that row (docs/requirements.md, "Network management").
 */
import { z } from 'zod';
import { escapeCsvCell, unescapeCsvCell } from './csv';
import {
  storedTime,
  alphanumericBrackets,
  alphanumericSpaces,
  encodeMessage,
  ipv4,
  maxLength,
  minLength,
  notReserved,
  required,
  validatedText,
  type Validator,
} from './validators';

export const NETWORK_COLLECTIONS = {
  cmts: 'cmts_source',
  headEnd: 'cmts_head_end',
  marketArea: 'cmts_marketing_area',
} as const;
export type NetworkCollection = (typeof NETWORK_COLLECTIONS)[keyof typeof NETWORK_COLLECTIONS];

/** The collections whose documents a CMTS row references, and the CMTS field that holds the id. */
export const CMTS_REFERENCES = [
  { collection: NETWORK_COLLECTIONS.headEnd, field: 'headEnd' },
  { collection: NETWORK_COLLECTIONS.marketArea, field: 'marketArea' },
] as const;

/** The field on a head end or marketing area that the functions keep: how many CMTS rows use it. */
export const COUNT_FIELD = 'cmtsCount';

/** Field limits, shared with firestore.rules (kept equal by the rules tests). */
export const LIMITS = {
  id: 40,
  hostName: 63,
  name: 60,
  group: 40,
  versionId: 20,
} as const;

const text = validatedText;

/** Optional text: '' is stored as null. */
function optionalText(...validators: Validator[]) {
  return z
    .union([z.literal(''), z.null(), text(...validators)])
    .transform((value) => (value === '' ? null : value));
}

const hostNameChars: Validator = (value) =>
  /^[\w.[\]-]*$/.test(value) ? null : { key: 'alphanumericBrackets' };

/** A document id chosen by the user (CMTS id, head end or marketing area code). */
export const idSchema = text(required, alphanumericBrackets, notReserved, maxLength(LIMITS.id));
/** A reference to a head end or marketing area: its document id. */
export const referenceSchema = text(required, alphanumericBrackets, notReserved, maxLength(LIMITS.id));

/** The fields a user edits on a CMTS source (the form, the CSV import). */
export const cmtsFieldsSchema = z
  .object({
    cmtsId: idSchema,
    hostName: text(required, hostNameChars, maxLength(LIMITS.hostName)),
    ipLookup: text(required, ipv4),
    ipManage: text(required, ipv4),
    headEnd: referenceSchema,
    marketArea: referenceSchema,
    group: optionalText(alphanumericSpaces, maxLength(LIMITS.group)),
    versionId: optionalText(hostNameChars, maxLength(LIMITS.versionId)),
    /** When the CMTS's configuration last changed (shown as lastConfig). */
    configLastUpdated: z.date({ error: encodeMessage({ key: 'date' }) }).nullable(),
    /** Lets a row share an IP Lookup or IP Management address with another row. */
    overrideIpChecks: z.boolean({ error: encodeMessage({ key: 'boolean' }) }),
  })
  .strict();
export type CmtsFields = z.output<typeof cmtsFieldsSchema>;

/** A new CMTS row before anything is typed (the form), or a column an import leaves out of a new row. */
export const EMPTY_CMTS_FIELDS: CmtsFields = {
  cmtsId: '',
  hostName: '',
  ipLookup: '',
  ipManage: '',
  headEnd: '',
  marketArea: '',
  group: null,
  versionId: null,
  configLastUpdated: null,
  overrideIpChecks: false,
};
export type CmtsInput = z.input<typeof cmtsFieldsSchema>;

/** The fields a user edits on a head end or a marketing area. */
export const areaFieldsSchema = z
  .object({
    name: text(required, minLength(2), maxLength(LIMITS.name), alphanumericSpaces),
  })
  .strict();
export type AreaFields = z.output<typeof areaFieldsSchema>;

/** A Firestore timestamp as either SDK gives it (web or admin), a Date or missing; read back as a Date or null. */
export const optionalTimestamp = storedTime;

/**
 * Authorship stamp the API writes with every save: the writer's uid and the server's time. CMTS rows
 * keep their time in lastUpdate (docs/requirements.md, "Network management"), the other lists in
 * updatedAt.
 */
const authorship = { updatedBy: z.string().nullable().default(null) };

/** A CMTS source as stored (read side: what the converters give the screens). */
export const cmtsDocumentSchema = cmtsFieldsSchema.extend({
  configLastUpdated: optionalTimestamp,
  group: z.string().nullable().default(null),
  versionId: z.string().nullable().default(null),
  createdOn: optionalTimestamp,
  lastUpdate: optionalTimestamp,
  ...authorship,
});
export type CmtsDocument = z.output<typeof cmtsDocumentSchema>;

/** A head end or marketing area as stored. */
export const areaDocumentSchema = areaFieldsSchema.extend({
  name: z.string(),
  // Any integer: a count out of range (a missed trigger) is flagged on the screens, never hides the row.
  [COUNT_FIELD]: z.number().int().default(0),
  createdOn: optionalTimestamp,
  updatedAt: optionalTimestamp,
  ...authorship,
});
export type AreaDocument = z.output<typeof areaDocumentSchema>;

/** The CSV columns of the CMTS import and export, in order. */
export const CMTS_CSV_COLUMNS = [
  'cmtsId',
  'hostName',
  'ipLookup',
  'ipManage',
  'headEnd',
  'marketArea',
  'group',
  'versionId',
  'configLastUpdated',
  'overrideIpChecks',
] as const satisfies ReadonlyArray<keyof CmtsFields>;
export type CmtsCsvColumn = (typeof CMTS_CSV_COLUMNS)[number];

/**
 * The columns an import file may leave out: an existing row keeps its stored value, a new row takes the
 * empty one (null, false). The other columns are required in every file.
 */
export const CMTS_CSV_OPTIONAL_COLUMNS = [
  'group',
  'versionId',
  'configLastUpdated',
  'overrideIpChecks',
] as const satisfies readonly CmtsCsvColumn[];

/**
 * A CSV row (all strings) as the form schema's input; a bad date or flag is left for the schema to refuse.
 * A cell the export escaped (`'=…`, see csv.ts) reads back as the value it stood for.
 */
export function cmtsInputFromCsv(row: Record<string, string | undefined>): Record<string, unknown> {
  const cell = (column: CmtsCsvColumn) => unescapeCsvCell(row[column] ?? '').trim();
  const date = cell('configLastUpdated');
  const flag = cell('overrideIpChecks').toLowerCase();
  return {
    cmtsId: cell('cmtsId'),
    hostName: cell('hostName'),
    ipLookup: cell('ipLookup'),
    ipManage: cell('ipManage'),
    headEnd: cell('headEnd'),
    marketArea: cell('marketArea'),
    group: cell('group'),
    versionId: cell('versionId'),
    configLastUpdated: date ? new Date(date) : null,
    overrideIpChecks: ['true', '1', 'yes', 'oui', 'vrai'].includes(flag)
      ? true
      : ['', 'false', '0', 'no', 'non', 'faux'].includes(flag)
        ? false
        : flag,
  };
}

/** The user-edited fields of a stored CMTS row (the form's values when it is edited). */
export function cmtsFieldsOf(row: CmtsFields): CmtsFields {
  return Object.fromEntries(CMTS_CSV_COLUMNS.map((column) => [column, row[column]])) as CmtsFields;
}

/**
 * A CMTS row as a CSV record (the export matches the import). Every cell is escaped so that a spreadsheet
 * never evaluates it (a host name may begin with '-'); the import reads escaped cells back.
 */
export function cmtsToCsv(row: CmtsFields): Record<CmtsCsvColumn, string> {
  const record: Record<CmtsCsvColumn, string> = {
    cmtsId: row.cmtsId,
    hostName: row.hostName,
    ipLookup: row.ipLookup,
    ipManage: row.ipManage,
    headEnd: row.headEnd,
    marketArea: row.marketArea,
    group: row.group ?? '',
    versionId: row.versionId ?? '',
    configLastUpdated: row.configLastUpdated ? row.configLastUpdated.toISOString() : '',
    overrideIpChecks: String(row.overrideIpChecks),
  };
  for (const column of CMTS_CSV_COLUMNS) record[column] = escapeCsvCell(record[column]);
  return record;
}

/**
 * The rows that already hold `ip` as IP Lookup or IP Management, other than `exceptId` (the row being
 * edited). docs/requirements.md, "Network management": such an address blocks the save unless override IP checks is ticked.
 */
export function rowsHoldingIp(
  rows: ReadonlyArray<Pick<CmtsFields, 'cmtsId' | 'ipLookup' | 'ipManage'>>,
  ip: string,
  exceptId: string | null,
): string[] {
  return rows
    .filter((row) => row.cmtsId !== exceptId && (row.ipLookup === ip || row.ipManage === ip))
    .map((row) => row.cmtsId);
}

/** How a CMTS write changes the counts of the rows it references: +1 / -1 per referenced document id. */
export function countChanges(
  before: Partial<Record<'headEnd' | 'marketArea', unknown>> | null,
  after: Partial<Record<'headEnd' | 'marketArea', unknown>> | null,
): Array<{ collection: string; id: string; delta: 1 | -1 }> {
  const changes: Array<{ collection: string; id: string; delta: 1 | -1 }> = [];
  for (const { collection, field } of CMTS_REFERENCES) {
    const was = typeof before?.[field] === 'string' ? (before[field] as string) : null;
    const now = typeof after?.[field] === 'string' ? (after[field] as string) : null;
    if (was === now) continue;
    if (was) changes.push({ collection, id: was, delta: -1 });
    if (now) changes.push({ collection, id: now, delta: 1 });
  }
  return changes;
}
