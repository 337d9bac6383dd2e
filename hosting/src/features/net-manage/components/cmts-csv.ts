import Papa from 'papaparse';
import { CMTS_CSV_COLUMNS, cmtsToCsv, type CmtsFields } from '@insight/common/network';

/** The CMTS export: the same columns, in the same order, that the import reads. */
export function cmtsCsv(rows: readonly CmtsFields[]): string {
  return Papa.unparse(rows.map(cmtsToCsv), { columns: [...CMTS_CSV_COLUMNS] });
}

export function downloadCmtsCsv(rows: readonly CmtsFields[]): void {
  const blob = new Blob(['\uFEFF', cmtsCsv(rows)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `insight-cmts-source-${new Date().toISOString().slice(0, 10)}.csv`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Reads CSV text with a header row; Papa keeps going past bad lines and reports them. */
export function parseCsv(text: string): { rows: Array<Record<string, string>>; errors: string[] } {
  const result = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim(),
  });
  return { rows: result.data, errors: result.errors.map((error) => `${error.row ?? ''}: ${error.message}`) };
}
