import { useSyncExternalStore } from 'react';

/** The 'Data has been updated.' snackbar (docs/requirements.md, "Layout and navigation"): raised after a successful list load. */
let openCount = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function notifyDataUpdated(options: { omitNotification?: boolean } = {}): void {
  if (options.omitNotification) return;
  openCount += 1;
  emit();
}

export function closeDataSnackbar(): void {
  openCount = 0;
  emit();
}

export function useDataSnackbarOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => openCount > 0,
    // Rendered at build time (scripts/prerender.ts): the same state as at the page's start.
    () => openCount > 0,
  );
}
