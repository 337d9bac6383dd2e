import {
  cmtsInputFromCsv,
  CMTS_CSV_COLUMNS,
  CMTS_CSV_OPTIONAL_COLUMNS,
  type CmtsCsvColumn,
  type CmtsFields,
} from '@insight/common/network';
import { encodeMessage } from '@insight/common/validators';
import {
  fileColumns,
  onePerColumn,
  type CheckedImport,
  type CheckedRow,
  type CsvRecord,
} from '../../../lib/csv-file';
import { cmtsFormSchema, EMPTY_CMTS } from './cmts-form';

/** A checked row: its fields as they will be stored (the file's columns over the stored row, over the empty values for a new row). */
export type ImportRow = CheckedRow<CmtsFields>;

export interface CheckedCmtsImport extends CheckedImport<CmtsFields> {
  /** The file's columns the import writes: the others keep their stored values. */
  columns: CmtsCsvColumn[];
  missingColumns: CmtsCsvColumn[];
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
): CheckedCmtsImport {
  const { columns, missingColumns, absent } = fileColumns<CmtsCsvColumn>(
    file.columns,
    CMTS_CSV_COLUMNS,
    CMTS_CSV_OPTIONAL_COLUMNS,
    file.records.length > 0,
  );

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
    return { line, id: cmtsId, fields, errors, exists: before !== undefined };
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
