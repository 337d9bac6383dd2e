/**
 * CSV files the portal writes and reads: a download (UTF-8 with a BOM, so that a spreadsheet reads the
 * accents), and an import's reading of a file with a header row, each record with its line.
 */
import Papa from 'papaparse';

/** The largest import: more rows, or a larger file, is refused before anything is checked. */
export const MAX_IMPORT_ROWS = 10_000;
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

/** Offers `csv` as a file named `name`. */
export function downloadCsv(csv: string, name: string): void {
  const blob = new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
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

/** A row of an import as checked in the browser before anything is sent. */
export interface CheckedRow<F = Record<string, unknown>> {
  /** The line of the file where the record begins, the header being line 1. */
  line: number;
  /** The row's id (its key column). */
  id: string;
  /** The row as checked (the file's columns over the stored row); null when the row has errors. */
  fields: F | null;
  /** Encoded messages, each with the column it is about. */
  errors: Array<{ column: string; message: string }>;
  /** Whether a row with this id exists already (it will be updated). */
  exists: boolean;
}

/** A file checked for an import. */
export interface CheckedImport<F = Record<string, unknown>> {
  rows: Array<CheckedRow<F>>;
  /** The file's columns the import writes: the others keep their stored values. */
  columns: string[];
  /** Required columns the file lacks. */
  missingColumns: string[];
}

/**
 * One message per column: the one that says what is expected for a code not in its list ("Hamilton 01"
 * is not a head-end code), else the first.
 */
export function onePerColumn(
  issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>,
): Array<{ column: string; message: string }> {
  const byColumn = new Map<string, string>();
  for (const issue of issues) {
    const column = String(issue.path[0] ?? '');
    if (!byColumn.has(column) || /^unknown/.test(issue.message)) byColumn.set(column, issue.message);
  }
  return [...byColumn].map(([column, message]) => ({ column, message }));
}

/**
 * The file's columns split three ways against a list's (`all`, in order; `optional` may be left out):
 * the ones it carries, the required ones it lacks (none for a file without rows), the optional ones it
 * leaves out.
 */
export function fileColumns<C extends string>(
  fileHeader: readonly string[],
  all: readonly C[],
  optional: readonly C[],
  hasRows: boolean,
): { columns: C[]; missingColumns: C[]; absent: C[] } {
  const present = new Set(fileHeader);
  return {
    columns: all.filter((column) => present.has(column)),
    missingColumns: hasRows
      ? all.filter((column) => !present.has(column) && !optional.includes(column))
      : [],
    absent: optional.filter((column) => !present.has(column)),
  };
}
