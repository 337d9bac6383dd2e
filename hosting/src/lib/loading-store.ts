import { useSyncExternalStore } from 'react';

/** Counts work in progress (lazy pages, data loads) for the page loading bar. */
let pending = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function startLoading(): () => void {
  pending += 1;
  emit();
  let done = false;
  return () => {
    if (done) return;
    done = true;
    pending -= 1;
    emit();
  };
}

export function useIsLoading(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => pending > 0,
    // Rendered at build time (scripts/prerender.ts): the same state as at the page's start.
    () => pending > 0,
  );
}
