import { useSyncExternalStore } from 'react';

/**
 * The database write error modal (SPEC.md section 8): 'An error occurred saving to the database', then
 * the database's message or 'firebase error'. Any screen raises it through `runWrite`.
 */
let current: { message: string | null } | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function showWriteError(error: unknown): void {
  const message = error instanceof Error && error.message ? error.message : null;
  current = { message };
  emit();
}

export function closeWriteError(): void {
  current = null;
  emit();
}

export function useWriteError(): { message: string | null } | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}

/** Runs a database write; on failure shows the modal and resolves false (nothing is lost: the caller keeps its form). */
export async function runWrite(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    showWriteError(error);
    return false;
  }
}
