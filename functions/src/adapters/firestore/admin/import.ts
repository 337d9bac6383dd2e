/**
 * An import (`POST /api/admin/{list}/import`): each row saved on its own (save.ts), a few at a time. The
 * columns the file leaves out are merged from the stored row inside the row's own transaction, so an
 * edit saved meanwhile is kept, never undone. Whatever refuses or fails one row (a conflict, bad fields,
 * Firestore contention after its retries) is reported against that row and its line; the answer says
 * what was written.
 */
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import {
  rowIdSchema,
  type AdminListId,
  type ImportRequest,
  type ImportResult,
} from '@insight/common/admin-lists';
import type { Actor } from '../../../domain/admin/admin-store';
import { mergeImportRow, parseListFields } from '../../../domain/admin/list-fields';
import { AppError } from '../../../lib/app-error';
import { plainDocument } from '../plain-data';
import { saveRow } from './save';
import type { StoreContext } from './transactions';

/** Rows written at once by an import (each its own transaction). */
const IMPORT_CONCURRENCY = 8;

export async function importRows(
  ctx: StoreContext,
  list: AdminListId,
  request: ImportRequest,
  actor: Actor,
): Promise<ImportResult> {
  const result: ImportResult = { written: [], failed: [] };
  const columns = new Set(request.columns);
  let next = 0;
  const worker = async () => {
    while (next < request.rows.length) {
      const row = request.rows[next++]!;
      const fieldsOf = (stored: DocumentSnapshot) =>
        parseListFields(
          list,
          row.id,
          mergeImportRow(
            list,
            row.id,
            row.fields,
            columns,
            stored.exists ? plainDocument(stored.data()) : null,
          ),
        );
      try {
        parseId(row.id);
        await saveRow(ctx, list, row.id, fieldsOf, actor);
        result.written.push(row.id);
      } catch (error) {
        result.failed.push({ id: row.id, ...(row.line ? { line: row.line } : {}), ...failureOf(error) });
      }
    }
  };
  await Promise.all(Array.from({ length: IMPORT_CONCURRENCY }, worker));
  const order = new Map(request.rows.map((row, index) => [row.id, index]));
  result.written.sort((a, b) => order.get(a)! - order.get(b)!);
  result.failed.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  return result;
}

function parseId(id: string) {
  const parsed = rowIdSchema.safeParse(id);
  if (!parsed.success)
    throw new AppError(
      'invalid_input',
      `Invalid id ${JSON.stringify(id)}: ${parsed.error.issues[0]!.message}`,
      {
        details: { fields: [{ field: 'id', message: parsed.error.issues[0]!.message }] },
      },
    );
}

/** A row's failure as the answer reports it: a refusal's reason, or what went wrong on the server. */
export function failureOf(error: unknown): { code: string; message: string } {
  if (error instanceof AppError) {
    const reason = (error.details as { reason?: unknown } | undefined)?.reason;
    return {
      code: error.code === 'conflict' && typeof reason === 'string' ? reason : error.code,
      message: error.message,
    };
  }
  // Firestore gave up (contention after every retry, a deadline…): the row was not written.
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'unavailable', message: `Not written: ${message.slice(0, 200)}` };
}
