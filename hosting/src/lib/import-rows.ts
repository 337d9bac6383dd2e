/**
 * The client of the import route (`POST /api/admin/{list}/import`, common/src/admin-lists.ts): the rows go
 * in requests of IMPORT_ROWS_PER_REQUEST, one after another. Each row is an upsert, so sending the rows
 * not yet written again finishes an import that stopped.
 */
import {
  IMPORT_ROWS_PER_REQUEST,
  importResultSchema,
  type AdminListId,
  type ImportRequest,
  type ImportResult,
} from '@insight/common/admin-lists';
import { apiFetch, HttpError } from './http-client';

export type ImportRowRequest = ImportRequest['rows'][number];

export interface ImportProgress {
  /** Rows the server wrote so far. */
  written: number;
  /** Rows answered so far (written or refused). */
  done: number;
  total: number;
}

export interface ImportOutcome {
  /** The ids the server wrote, in the order of the answers. */
  written: string[];
  /** The rows the server refused, each with its line and why. */
  failed: ImportResult['failed'];
  /** Why a request got no answer: the import stopped there, its rows and the later ones were not sent. */
  error: HttpError | null;
  /** Rows not sent because the import stopped. */
  unsent: ImportRowRequest[];
}

/**
 * Sends `rows` to the list's import route with `columns` (the fields the file carries), a request at a
 * time. Rows a request refuses are reported and the next request goes on; a request that fails stops
 * the import, and the outcome tells what was written up to then.
 */
export async function importRows(
  list: AdminListId,
  columns: readonly string[],
  rows: readonly ImportRowRequest[],
  onProgress?: (progress: ImportProgress) => void,
): Promise<ImportOutcome> {
  const outcome: ImportOutcome = { written: [], failed: [], error: null, unsent: [] };
  for (let from = 0; from < rows.length; from += IMPORT_ROWS_PER_REQUEST) {
    const chunk = rows.slice(from, from + IMPORT_ROWS_PER_REQUEST);
    const request: ImportRequest = { columns: [...columns], rows: chunk };
    try {
      const answer = importResultSchema.safeParse(
        await apiFetch<unknown>(`/admin/${list}/import`, { method: 'POST', body: request }),
      );
      if (!answer.success) throw new HttpError(200, 'internal', 'The import answer could not be read.');
      outcome.written.push(...answer.data.written);
      outcome.failed.push(...answer.data.failed);
    } catch (error) {
      outcome.error = error instanceof HttpError ? error : new HttpError(0, 'network', String(error));
      outcome.unsent = rows.slice(from);
      return outcome;
    }
    onProgress?.({
      written: outcome.written.length,
      done: Math.min(from + chunk.length, rows.length),
      total: rows.length,
    });
  }
  return outcome;
}
