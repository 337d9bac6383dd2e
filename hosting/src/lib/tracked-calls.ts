import { useEffect } from 'react';
import { startLoading } from './loading-store';
import { useStoreInTransition } from './transition-store';

/**
 * Calls the page tracks (docs/requirements.md, "MAC entry and global search": search is enabled only once all tracked API calls have
 * reported). A loading call also drives the page loading bar.
 */
const pending = new Set<string>();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function useTrackedCall(key: string | null, loading: boolean): void {
  useEffect(() => {
    if (!key || !loading) return;
    const id = `${key}#${Math.random()}`;
    pending.add(id);
    emit();
    const done = startLoading();
    return () => {
      pending.delete(id);
      done();
      emit();
    };
  }, [key, loading]);
}

const allReported = () => pending.size === 0;

/** Whether every tracked call has reported (a change renders as a transition: lib/transition-store.ts). */
export function useAllCallsReported(): boolean {
  return useStoreInTransition(listeners, allReported);
}
