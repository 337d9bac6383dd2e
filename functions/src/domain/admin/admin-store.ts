/**
 * The admin lists' writes (docs/architecture.md, "Admin writes and dependency counts"). Every write is
 * one transaction that checks what spans documents; a delete of a row that others name is refused while
 * any still does, whatever the order in which a concurrent write arrives.
 */
import type {
  AdminListId,
  Dependents,
  ImportRequest,
  ImportResult,
  RecountResult,
} from '@insight/common/admin-lists';

export interface Actor {
  uid: string;
  email: string | null;
}

/** Where the lists live (Firestore in production). Refusals are AppErrors (`conflict`, `not_found`). */
export interface AdminStore {
  /** Creates or replaces the row with already-validated fields. */
  save(list: AdminListId, id: string, fields: Record<string, unknown>, actor: Actor): Promise<void>;
  /** How many rows of each child list name the row now (only the lists with some). */
  dependents(list: AdminListId, id: string): Promise<Dependents['dependents']>;
  /** Deletes the row; `conflict` (inUse) while rows of another list name it. */
  remove(list: AdminListId, id: string, actor: Actor): Promise<void>;
  /** Writes each row on its own (already validated); the failures are reported, not thrown. */
  importRows(list: AdminListId, request: ImportRequest, actor: Actor): Promise<ImportResult>;
  /** Recomputes every kept count from the rows and reports the orphans. */
  recount(): Promise<RecountResult>;
}
