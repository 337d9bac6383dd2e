import {
  cmtsInputFromCsv,
  CMTS_CSV_COLUMNS,
  CMTS_CSV_OPTIONAL_COLUMNS,
  type CmtsCsvColumn,
  type CmtsFields,
} from '@insight/common/network';
import { encodeMessage } from '@insight/common/validators';
import type { CsvRecord } from './cmts-csv';
import { cmtsFormSchema, EMPTY_CMTS } from './cmts-form';

export interface ImportRow {
  /** The line of the file where the record begins, the header being line 1. */
  line: number;
  cmtsId: string;
  /**
   * The row as it will be stored: the file's columns over the stored row (over the empty values for a
   * new row); null when the row has errors.
   */
  fields: CmtsFields | null;
  /** Encoded messages, each with the column it is about. */
  errors: Array<{ column: string; message: string }>;
  /** Whether a row with this cmtsId exists already (it will be updated). */
  exists: boolean;
}

export interface CheckedImport {
  rows: ImportRow[];
  /** The file's columns the import writes: the others keep their stored values. */
  columns: CmtsCsvColumn[];
  /** Required columns the file lacks. */
  missingColumns: CmtsCsvColumn[];
}

/**
 * One message per column: the one that says what is expected for a code not in its list ("Hamilton 01"
 * is not a head-end code), else the first.
 */
function onePerColumn(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>) {
  const byColumn = new Map<string, string>();
  for (const issue of issues) {
    const column = String(issue.path[0] ?? '');
    if (!byColumn.has(column) || /^unknown/.test(issue.message)) byColumn.set(column, issue.message);
  }
  return [...byColumn].map(([column, message]) => ({ column, message }));
}

/** At most this many other rows are named in an 'IP in use' message. */
const NAMED_HOLDERS = 5;

/**
 * Validates the file's records with the form's schema, against the table as it is and the records of
 * the file before them: an IP held elsewhere or a cmtsId twice in the file is an error. A column the
 * file leaves out (group, version, configuration date, override) keeps the stored row's value. Linear in
 * the rows: who holds each address is kept in a map, updated as the file's rows replace stored ones.
 */
export function validateImport(
  file: { columns: readonly string[]; records: readonly CsvRecord[] },
  context: {
    existing: readonly CmtsFields[];
    headEnds: ReadonlySet<string>;
    marketAreas: ReadonlySet<string>;
  },
): CheckedImport {
  const present = new Set(file.columns);
  const columns = CMTS_CSV_COLUMNS.filter((column) => present.has(column));
  const optional: readonly string[] = CMTS_CSV_OPTIONAL_COLUMNS;
  const missingColumns = file.records.length
    ? CMTS_CSV_COLUMNS.filter((column) => !present.has(column) && !optional.includes(column))
    : [];
  const absent = CMTS_CSV_OPTIONAL_COLUMNS.filter((column) => !present.has(column));

  const stored = new Map(context.existing.map((row) => [row.cmtsId, row]));
  // The ids of the rows holding each address, as IP Lookup or IP Management.
  const holders = new Map<string, Set<string>>();
  const hold = (row: Pick<CmtsFields, 'cmtsId' | 'ipLookup' | 'ipManage'>) => {
    for (const ip of [row.ipLookup, row.ipManage]) {
      const ids = holders.get(ip);
      if (ids) ids.add(row.cmtsId);
      else holders.set(ip, new Set([row.cmtsId]));
    }
  };
  const release = (row: Pick<CmtsFields, 'cmtsId' | 'ipLookup' | 'ipManage'>) => {
    for (const ip of [row.ipLookup, row.ipManage]) holders.get(ip)?.delete(row.cmtsId);
  };
  context.existing.forEach(hold);
  const othersHolding = (ip: string, self: string) => {
    const others: string[] = [];
    for (const id of holders.get(ip) ?? []) {
      if (id === self) continue;
      others.push(id);
      if (others.length === NAMED_HOLDERS) break;
    }
    return others;
  };

  // The IP checks that need the table are made here, with the map; the schema checks the rest.
  const schema = cmtsFormSchema({ rows: [], headEnds: context.headEnds, marketAreas: context.marketAreas });
  const seen = new Set<string>();
  const rows = file.records.map(({ line, values }): ImportRow => {
    const input = cmtsInputFromCsv(values);
    const cmtsId = String(input.cmtsId);
    const before = stored.get(cmtsId);
    for (const column of absent) input[column] = (before ?? EMPTY_CMTS)[column];
    const result = schema.safeParse(input);
    const errors = result.success ? [] : onePerColumn(result.error.issues);
    if (result.success && !result.data.overrideIpChecks)
      for (const field of ['ipLookup', 'ipManage'] as const) {
        const others = othersHolding(result.data[field], cmtsId);
        if (others.length > 0)
          errors.push({ column: field, message: encodeMessage({ key: 'ipInUse', row: others.join(', ') }) });
      }
    if (cmtsId && seen.has(cmtsId))
      errors.push({ column: 'cmtsId', message: encodeMessage({ key: 'duplicate' }) });
    if (cmtsId) seen.add(cmtsId);
    const fields = errors.length === 0 && result.success ? result.data : null;
    if (fields) {
      // The file's row replaces the stored one: its addresses are the ones held from now on.
      if (before) release(before);
      hold(fields);
    }
    return { line, cmtsId, fields, errors, exists: before !== undefined };
  });
  return { rows, columns, missingColumns };
}

/** What the import sends for a checked row: only the file's columns (a date as ISO text). */
export function importFields(fields: CmtsFields, columns: readonly CmtsCsvColumn[]): Record<string, unknown> {
  return Object.fromEntries(
    columns.map((column) => {
      const value = fields[column];
      return [column, value instanceof Date ? value.toISOString() : value];
    }),
  );
}
