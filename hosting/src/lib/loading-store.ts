import { useStoreInTransition } from './transition-store';

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

const isLoading = () => pending > 0;

/** Whether anything is loading (a change renders as a transition: lib/transition-store.ts). */
export function useIsLoading(): boolean {
  return useStoreInTransition(listeners, isLoading);
}

/** The longest background work waits for a page that keeps loading. */
export const SETTLE_MAX_MS = 5_000;

/**
 * Runs `callback` once the page has settled: nothing loading, a frame painted, and the browser idle (the
 * page's own renders done). For background work that the page does not show (a listener, a warm-up): on a
 * phone's connection it no longer shares the network or the main thread with the page's first data. At
 * the latest SETTLE_MAX_MS after being asked. Returns what cancels it.
 */
export function whenPageSettled(callback: () => void): () => void {
  let done = false;
  /** Stops the frame and idle wait in progress (null when none is). */
  let stopWait: (() => void) | null = null;
  const finish = () => {
    if (done) return;
    cancel();
    callback();
  };
  const waitForIdle = () => {
    if (window.requestIdleCallback) {
      const handle = window.requestIdleCallback(finish, { timeout: 1_000 });
      stopWait = () => window.cancelIdleCallback(handle);
    } else {
      const timer = window.setTimeout(finish, 50);
      stopWait = () => window.clearTimeout(timer);
    }
  };
  const onChange = () => {
    if (done) return;
    if (pending > 0) {
      // Something started loading again before the idle moment: wait for it too.
      stopWait?.();
      stopWait = null;
      return;
    }
    if (stopWait) return;
    if (window.requestAnimationFrame) {
      const frame = window.requestAnimationFrame(waitForIdle);
      stopWait = () => window.cancelAnimationFrame(frame);
    } else waitForIdle();
  };
  const limit = window.setTimeout(finish, SETTLE_MAX_MS);
  listeners.add(onChange);
  function cancel() {
    done = true;
    listeners.delete(onChange);
    window.clearTimeout(limit);
    stopWait?.();
    stopWait = null;
  }
  onChange();
  return cancel;
}
