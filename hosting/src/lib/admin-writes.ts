/**
 * Every write to an admin list goes through the API (common/src/admin-lists.ts): the server checks the
 * references, the invariants and the role inside one transaction, and stamps the author and the times
 * itself. The client sends only the user's fields. A refused write throws an HttpError whose `details`
 * say why (a 409 conflict: inUse, referenceMissing, ipInUse…).
 */
import {
  conflictDetailsSchema,
  dependentsSchema,
  recountResultSchema,
  type Dependents,
  type AdminListId,
  type ConflictDetails,
  type RecountResult,
} from '@insight/common/admin-lists';
import { apiFetch, HttpError, type DetailsParser } from './http-client';

const parseDetails: DetailsParser = (details) => {
  const parsed = conflictDetailsSchema.safeParse(details);
  return parsed.success ? parsed.data : undefined;
};

const rowPath = (list: AdminListId, id: string) =>
  `/admin/${encodeURIComponent(list)}/${encodeURIComponent(id)}`;

/** `PUT /api/admin/{list}/{id}` with `{ fields }`: creates the row or replaces it. */
export async function saveEntry(list: AdminListId, id: string, fields: Record<string, unknown>): Promise<void> {
  await apiFetch<{ id: string }>(rowPath(list, id), {
    method: 'PUT',
    body: { fields },
    details: parseDetails,
  });
}

/** `DELETE /api/admin/{list}/{id}`: refused (409 inUse) while other rows name it. */
export async function deleteEntry(list: AdminListId, id: string): Promise<void> {
  await apiFetch<null>(rowPath(list, id), { method: 'DELETE', details: parseDetails });
}

/** `GET /api/admin/{list}/{id}/dependents`: how many rows of each child list name the row now. */
export async function dependentsOf(list: AdminListId, id: string): Promise<Dependents['dependents']> {
  const answer = await apiFetch<unknown>(`${rowPath(list, id)}/dependents`, { details: parseDetails });
  const parsed = dependentsSchema.safeParse(answer);
  if (!parsed.success) throw new HttpError(200, 'internal', 'The dependents answer has an unexpected shape.');
  return parsed.data.dependents;
}

/** `POST /api/admin/recount`: every kept count recomputed; what was repaired and the orphan rows. */
export async function recountAll(): Promise<RecountResult> {
  const answer = await apiFetch<unknown>('/admin/recount', { method: 'POST', details: parseDetails });
  const parsed = recountResultSchema.safeParse(answer);
  if (!parsed.success) throw new HttpError(200, 'internal', 'The recount answer has an unexpected shape.');
  return parsed.data;
}

/** The conflict a refused write reports, if it is one. */
export function conflictOf(error: unknown): ConflictDetails | null {
  return error instanceof HttpError && error.code === 'conflict' && error.details ? error.details : null;
}

/** How many rows still name a row, from an inUse conflict (all child lists, or only `list`). */
export function dependentCount(details: ConflictDetails, list?: AdminListId): number {
  return (details.dependents ?? [])
    .filter((dependent) => !list || dependent.list === list)
    .reduce((sum, dependent) => sum + dependent.count, 0);
}
