/**
 * The service worker (vite-plugin-pwa with Workbox, configured in vite.config.ts): it precaches the
 * prerendered shells and the code of every page, so that a reload without network opens the portal;
 * navigations still go to the network first (a protected page's redirect happens there). Registered once
 * the page has settled (app.tsx): its registration and its downloads never delay the first paint.
 */
import { registerSW } from 'virtual:pwa-register';
import { isReplaced, noteNewerDeployment } from './deployment';

/** How long Reload waits for the new worker to take over before it reloads anyway. */
const TAKE_OVER_MS = 3_000;

let registration: ServiceWorkerRegistration | undefined;
let updateWorker: ((reloadPage?: boolean) => Promise<void>) | null = null;
/** Set by Reload: the new worker's taking over then reloads the page (a silent take-over does not). */
let reloadRequested = false;

export function startServiceWorker(): void {
  if (updateWorker || !('serviceWorker' in navigator)) return;
  updateWorker = registerSW({
    immediate: true,
    onRegisteredSW(_url, registered) {
      registration = registered;
    },
    // A new worker is installed and waits. When this page already runs the deployed version (it was
    // loaded from the network after the deployment), the worker's precache is this page's code: it takes
    // over now. Otherwise the page is older: the reload message shows at the next navigation.
    onNeedRefresh() {
      void isReplaced().then((replaced) => (replaced ? noteNewerDeployment() : updateWorker?.()));
    },
    onNeedReload() {
      if (reloadRequested) window.location.reload();
    },
  });
}

/** Asks the server for a newer worker (at a navigation inside the app, as the browser does at a page load). */
export function checkForNewWorker(): void {
  void registration?.update().catch(() => undefined);
}

/** Reload: the waiting worker (the new deployment's) takes over, then the page loads the new version. */
export function reloadWithNewWorker(): void {
  if (!registration?.waiting || !updateWorker) return window.location.reload();
  reloadRequested = true;
  window.setTimeout(() => window.location.reload(), TAKE_OVER_MS);
  void updateWorker();
}
