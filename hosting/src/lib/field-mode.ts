/**
 * Whether this browser may hold kept views (lib/kept-views.ts): a flag set when one is kept, so that a
 * page that never kept one (the signed-out landing) does not load the store to clear it.
 */
const KEY = 'insight-field-mode';

export function markFieldModeUsed(): void {
  try {
    localStorage.setItem(KEY, '1');
  } catch {
    // Storage refused: the store is then cleared only at sign-out.
  }
}

export function mayHoldKeptViews(): boolean {
  try {
    return localStorage.getItem(KEY) !== null;
  } catch {
    return true;
  }
}

/**
 * Deletes the kept views and keys of every user but `keep` (null: everyone's, the flag too): at sign-out,
 * for a revoked session, for a role that may not open the 360 view, and for another user's leftovers.
 */
export async function forgetKeptViews(keep: string | null): Promise<void> {
  if (!mayHoldKeptViews()) return;
  try {
    await (await import('./kept-views')).forgetUsersExcept(keep);
    if (!keep) localStorage.removeItem(KEY);
  } catch {
    // No IndexedDB (or it refused): nothing could have been kept there either.
  }
}
