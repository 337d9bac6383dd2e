/**
 * A newer deployment under an open page (docs/field-mode.md, "Updates"). The page keeps running the code
 * it started with; at a navigation it asks /version.json (the deployed shell's version, never cached),
 * and when that differs from its own, or when a lazily loaded chunk can no longer be loaded, it shows
 * "Please reload the page." with a Reload action in place of the page it was opening: never a broken
 * screen, and never in the middle of an operation (the message waits for a navigation). Reload makes the
 * waiting service worker the active one, then loads the new version.
 */
import { useSyncExternalStore } from 'react';
import { isOnline } from './network-status';

const CODE_VERSION = typeof __INSIGHT_VERSION__ === 'string' ? __INSIGHT_VERSION__ : null;
/** At most one version read per this many ms (navigations in a row). */
const CHECK_INTERVAL_MS = 10_000;

let newerKnown = false;
let shown = false;
let lastCheck = -Infinity;
let checking: Promise<void> | null = null;
const listeners = new Set<() => void>();

function show(): void {
  if (shown) return;
  shown = true;
  listeners.forEach((listener) => listener());
}

/** The deployed version, or null when it cannot be read (offline, an error). */
async function deployedVersion(): Promise<string | null> {
  // The HTTP client loads with the first check (the signed-out landing does not carry it).
  const { readDeploymentFile } = await import('./http-client');
  const body = (await readDeploymentFile('/version.json')) as { version?: unknown } | null;
  return typeof body?.version === 'string' ? body.version : null;
}

/** True when the deployed version is known to differ from the running code's. */
export async function isReplaced(): Promise<boolean> {
  if (!CODE_VERSION) return false;
  const deployed = await deployedVersion();
  return deployed !== null && deployed !== CODE_VERSION;
}

/** A newer deployment was seen (a waiting service worker): the message shows at the next navigation. */
export function noteNewerDeployment(): void {
  newerKnown = true;
}

/** A lazily loaded chunk is gone: the code was replaced under the page; the message shows now. */
export function chunkReplaced(): void {
  newerKnown = true;
  show();
}

/**
 * Called at each navigation inside the app: shows the message when a newer deployment is known, or when
 * the version read that this navigation starts finds one before the user has touched the page it opened
 * (a click or a key could be the start of an operation: then the message waits for the next navigation).
 */
export function checkAtNavigation(): void {
  if (newerKnown) return show();
  const now = Date.now();
  if (!CODE_VERSION || checking || !isOnline() || now - lastCheck < CHECK_INTERVAL_MS) return;
  lastCheck = now;
  let touched = false;
  const touch = () => {
    touched = true;
  };
  window.addEventListener('pointerdown', touch, { capture: true, once: true });
  window.addEventListener('keydown', touch, { capture: true, once: true });
  checking = isReplaced()
    .then((replaced) => {
      if (!replaced) return;
      newerKnown = true;
      if (!touched) show();
    })
    .finally(() => {
      checking = null;
      window.removeEventListener('pointerdown', touch, { capture: true });
      window.removeEventListener('keydown', touch, { capture: true });
    });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once the page must be reloaded to run the deployed version. */
export function useReloadNeeded(): boolean {
  return useSyncExternalStore(subscribe, () => shown, () => false);
}
