import { lazy, type ComponentType } from 'react';
import { CHUNK_RELOAD_GUARD_MS } from '@insight/common/constants';
import { chunkReplaced } from './deployment';

const RELOAD_KEY = 'insight-chunk-reload-at';

/** True when a reload for a failed chunk is allowed: at most once per 60 000 ms (docs/requirements.md, "Layout and navigation"). */
export function mayReloadForChunk(now: number, lastReloadAt: number | null): boolean {
  return lastReloadAt === null || now - lastReloadAt > CHUNK_RELOAD_GUARD_MS;
}

function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Failed to fetch|error loading dynamically/i.test(message);
}

/**
 * React.lazy that shows "Please reload the page." (lib/deployment.ts) when a code chunk cannot be loaded
 * (a newer deployment replaced it), at most once per 60 000 ms: a chunk that fails again within that time
 * of its Reload is an error (the page's error screen), not a loop of reloads. It does not suspend at all once the chunk is loaded (preload): React 19 holds a revealed Suspense
 * boundary back for up to 300 ms, which a preloaded page must not pay.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
export function lazyPage<T extends ComponentType<any>>(factory: () => Promise<{ default: T }>) {
  let loaded: { default: T } | undefined;
  const load = async () => {
    try {
      loaded = await factory();
      return loaded;
    } catch (error) {
      const last = Number(sessionStorage.getItem(RELOAD_KEY)) || null;
      if (isChunkLoadError(error) && mayReloadForChunk(Date.now(), last)) {
        sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
        chunkReplaced();
        return new Promise<{ default: T }>(() => {});
      }
      throw error;
    }
  };
  // A thenable that settles synchronously lets React.lazy resolve on the first render, without suspending.
  const component = lazy(() => (loaded ? ({ then: (resolve: (value: { default: T }) => void) => resolve(loaded!) } as unknown as Promise<{ default: T }>) : load()));
  return Object.assign(component, { preload: () => (loaded ? Promise.resolve(loaded) : load()) });
}

/** Prefetching is skipped on a slow connection (docs/requirements.md, "Layout and navigation"). */
export function isSlowConnection(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  return Boolean(connection?.saveData || /(^|-)2g$/.test(connection?.effectiveType ?? ''));
}
