/**
 * The network state as React hooks (the store itself, network-status.ts, holds no React: the HTTP client
 * that feeds it loads on every page, before React's own chunk is needed).
 */
import { useSyncExternalStore } from 'react';
import { networkMode, subscribeNetwork } from './network-status';
import type { NetworkMode } from './network-state';

/** The network state; re-renders when it changes. */
export function useNetworkMode(): NetworkMode {
  return useSyncExternalStore(subscribeNetwork, networkMode, () => 'online');
}

/** True while the API answers; re-renders when that changes. */
export function useOnline(): boolean {
  return useNetworkMode() === 'online';
}
