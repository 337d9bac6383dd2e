import Papa from 'papaparse';
import { formatDate } from '@insight/common/format';
import { CMTS_CSV_COLUMNS, cmtsToCsv, EMPTY_CMTS_FIELDS, type CmtsFields } from '@insight/common/network';

/** The largest import: more rows, or a larger file, is refused before anything is checked. */
export const MAX_IMPORT_ROWS = 10_000;
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

/** The CMTS export: the same columns, in the same order, that the import reads; cells escaped (cmtsToCsv). */
export function cmtsCsv(rows: readonly CmtsFields[]): string {
  return Papa.unparse(rows.map(cmtsToCsv), { columns: [...CMTS_CSV_COLUMNS] });
}

function download(csv: string, name: string): void {
  const blob = new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function downloadCmtsCsv(rows: readonly CmtsFields[]): void {
  download(cmtsCsv(rows), `insight-cmts-source-${formatDate(new Date())}.csv`);
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
  download(cmtsTemplate(headEnds, marketAreas), 'insight-cmts-import-template.csv');
}

/** One record of the file: the physical line where it begins (the header being line 1) and its cells by column. */
export interface CsvRecord {
  line: number;
  values: Record<string, string>;
}

/** Something wrong with the file's form at a line: Papa's message, or a record with the wrong number of cells. */
export type CsvProblem =
  | { line: number; kind: 'syntax'; message: string }
  | { line: number; kind: 'fieldCount'; expected: number; found: number };

export interface ParsedCsv {
  /** The header's column names, trimmed. */
  columns: string[];
  records: CsvRecord[];
  problems: CsvProblem[];
  /** Set when the file is over a limit: then nothing else is read. */
  tooLarge: null | { limit: 'rows'; max: number } | { limit: 'bytes'; max: number };
}

const utf8Length = (text: string) => new TextEncoder().encode(text).length;

/**
 * Reads CSV text with a header row. Each record keeps the line of the file it begins on, so a quoted
 * cell spanning lines leaves the later records' lines right; blank lines are skipped. More than
 * MAX_IMPORT_ROWS records or MAX_IMPORT_BYTES bytes stops the reading at once.
 */
export function parseCsv(text: string, byteLength = utf8Length(text)): ParsedCsv {
  const parsed: ParsedCsv = { columns: [], records: [], problems: [], tooLarge: null };
  if (byteLength > MAX_IMPORT_BYTES)
    return { ...parsed, tooLarge: { limit: 'bytes', max: MAX_IMPORT_BYTES } };
  // One kind of line break, so that counting '\n' counts lines (a break inside a quoted cell included).
  const source = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  let header: string[] | null = null;
  // Where the next record begins (Papa's cursor after the last one) and the line of that point.
  let start = 0;
  let counted = 0;
  let line = 1;
  Papa.parse<string[]>(source, {
    header: false,
    skipEmptyLines: false,
    step: (result, parser) => {
      for (; counted < start; counted++) if (source.charCodeAt(counted) === 10) line++;
      const recordLine = line;
      start = result.meta.cursor;
      const cells = result.data;
      for (const error of result.errors)
        parsed.problems.push({ line: recordLine, kind: 'syntax', message: error.message });
      if (cells.every((cell) => cell.trim() === '')) return;
      if (!header) {
        header = cells.map((cell) => cell.trim());
        parsed.columns = header;
        return;
      }
      if (parsed.records.length === MAX_IMPORT_ROWS) {
        parsed.tooLarge = { limit: 'rows', max: MAX_IMPORT_ROWS };
        parser.abort();
        return;
      }
      if (cells.length !== header.length)
        parsed.problems.push({
          line: recordLine,
          kind: 'fieldCount',
          expected: header.length,
          found: cells.length,
        });
      const values: Record<string, string> = {};
      header.forEach((column, index) => {
        const cell = cells[index];
        if (column && cell !== undefined) values[column] = cell;
      });
      parsed.records.push({ line: recordLine, values });
    },
  });
  return parsed.tooLarge ? { ...parsed, columns: [], records: [], problems: [] } : parsed;
}
