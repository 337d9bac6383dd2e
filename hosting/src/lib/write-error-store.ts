import { useSyncExternalStore } from 'react';
import type { ConflictDetails } from '@insight/common/admin-lists';
import { HttpError } from './http-client';
import { i18n } from './i18n';

/**
 * The database write error modal (docs/requirements.md, "Admin kit"): 'An error occurred saving to the database', then
 * why: a refused write's reason in words (a 409 conflict of the admin API), or the server's message, or
 * 'firebase error'. Any screen raises it through `runWrite`.
 */
export interface WriteError {
  message: string | null;
  /** Why the API refused the write, when it said (the modal words it in the user's language). */
  conflict?: ConflictDetails;
}
let current: WriteError | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function showWriteError(error: unknown): void {
  const message =
    error instanceof HttpError &&
    (error.code === 'offline' || error.code === 'not_answering' || error.code === 'network')
      ? i18n.t(`errors:codes.${error.code}`)
      : error instanceof Error && error.message
        ? error.message
        : null;
  const conflict = error instanceof HttpError && error.code === 'conflict' ? error.details : undefined;
  current = conflict ? { message, conflict } : { message };
  emit();
}

export function closeWriteError(): void {
  current = null;
  emit();
}

export function useWriteError(): WriteError | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    // Rendered at build time (scripts/prerender.ts): the same state as at the page's start.
    () => current,
  );
}

export interface RunWriteOptions {
  /**
   * A refused write's conflict, before the modal: return true when the screen shows it itself (e.g. the
   * in-use dialog for a delete that would orphan rows); the modal is then not shown.
   */
  onConflict?(conflict: ConflictDetails): boolean;
}

/** Runs a database write; on failure shows the modal and resolves false (nothing is lost: the caller keeps its form). */
export async function runWrite(write: () => Promise<unknown>, options: RunWriteOptions = {}): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    const conflict = error instanceof HttpError && error.code === 'conflict' ? error.details : undefined;
    if (!(conflict && options.onConflict?.(conflict))) showWriteError(error);
    return false;
  }
}
