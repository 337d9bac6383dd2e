import Papa from 'papaparse';
import { downloadCsv } from '../../../lib/csv-file';
import { formatDate } from '@insight/common/format';
import { CMTS_CSV_COLUMNS, cmtsToCsv, EMPTY_CMTS_FIELDS, type CmtsFields } from '@insight/common/network';

/** The CMTS export: the same columns, in the same order, that the import reads; cells escaped (cmtsToCsv). */
export function cmtsCsv(rows: readonly CmtsFields[]): string {
  return Papa.unparse(rows.map(cmtsToCsv), { columns: [...CMTS_CSV_COLUMNS] });
}

export function downloadCmtsCsv(rows: readonly CmtsFields[]): void {
  downloadCsv(cmtsCsv(rows), `insight-cmts-source-${formatDate(new Date())}.csv`);
}

/**
 * The import's template: the columns it reads, in order, and one example row that names a head end and
 * a market area of the lists (the first of each), so that the example passes the import's checks.
 */
export function cmtsTemplate(
  headEnds: ReadonlyMap<string, string>,
  marketAreas: ReadonlyMap<string, string>,
) {
  const example: CmtsFields = {
    ...EMPTY_CMTS_FIELDS,
    cmtsId: 'CMTS-HAM-01',
    hostName: 'cmts-ham-01.example.net',
    ipLookup: '10.21.99.1',
    ipManage: '10.21.99.2',
    headEnd: headEnds.keys().next().value ?? 'ON-HAM-01',
    marketArea: marketAreas.keys().next().value ?? 'MA-HAM',
  };
  return cmtsCsv([example]);
}

export function downloadCmtsTemplate(
  headEnds: ReadonlyMap<string, string>,
  marketAreas: ReadonlyMap<string, string>,
): void {
  downloadCsv(cmtsTemplate(headEnds, marketAreas), 'insight-cmts-import-template.csv');
}
