import { useSyncExternalStore } from 'react';

/**
 * Whether the browser has a network: the browser's own word (navigator.onLine and its online/offline
 * events). A connection that is up but reaches nothing is not seen here; a read that fails then shows
 * its own error (docs/field-mode.md).
 */
export const isOnline = (): boolean => typeof navigator === 'undefined' || navigator.onLine !== false;

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** True while the browser is online; re-renders when that changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
