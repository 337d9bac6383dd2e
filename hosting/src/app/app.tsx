import { Redirect, Router, useLocation } from 'wouter';
import { navigate, useBrowserLocation } from 'wouter/use-browser-location';
import { ErrorBoundary } from '../components/error-boundary';
import { StatusPage } from '../components/errors/status-page';
import { readLanguageCookie } from '../lib/cookies';
import { i18n } from '../lib/i18n';
import { IdlePrefetch } from './idle-prefetch';
import { preloadPage } from './pages';
import { stripLanguage } from '../lib/language-path';
import { AppLayout } from './layout/app-layout';
import { AuthProvider } from '../providers/auth-provider';
import { PreferencesProvider } from '../providers/preferences-provider';
import { AppRoutes } from './routes';
import { SwrDefaults } from './require-auth';
import { mayHaveSession } from '../lib/auth-session';
import { prefetchOpenedView, prefetchViewAnswer } from '../features/insight360/api/view-path';
import { whenPageSettled } from '../lib/loading-store';
import { DeploymentGate } from './deployment-gate';

function RootLanguageRedirect() {
  const [location] = useLocation();
  // Opening the bare root with French kept in the cookie goes to the French home.
  return location === '/' && readLanguageCookie() === 'fr' ? <Redirect to="/fr" replace /> : null;
}

// The opened page's code loads while the user's session starts, not after it; main.tsx renders once it
// is there, so that the first render shows what the prerendered HTML shows (no flash of an empty page).
export const openedPageLoaded = preloadPage(stripLanguage(window.location.pathname));
if (mayHaveSession()) {
  void SwrDefaults.preload().catch(() => undefined);
  // As soon as the session's token is there (early-reads.ts asked already when a valid token is kept).
  prefetchOpenedView(window.location.pathname);
}

/**
 * The service worker registers SERVICE_WORKER_AFTER_MS after the opened page has settled, when the browser
 * is idle: its code (3.4 KB compressed) and its precache (the shells and every page's code) never compete
 * with a page's first load, its data or the Auth SDK's check of the session (docs/field-mode.md).
 */
const SERVICE_WORKER_AFTER_MS = 10_000;
whenPageSettled(() =>
  window.setTimeout(() => {
    const start = () =>
      void import('../lib/service-worker')
        .then(({ startServiceWorker }) => startServiceWorker())
        .catch(() => undefined);
    if (window.requestIdleCallback) window.requestIdleCallback(start, { timeout: 5_000 });
    else start();
  }, SERVICE_WORKER_AFTER_MS),
);

/**
 * The app's navigation: to another device's view, its answer is asked for first and the page changes a
 * task later, once the request is out (the token is at hand: a few promise steps), so that the render of
 * the next page never holds the request back (docs/performance.md, "The 360 view in the browser"). A
 * change within the same view (a tab) asks for nothing: the view has its answers.
 */
const navigateAhead: typeof navigate = (to, options) => {
  const { pathname } = new URL(String(to), window.location.origin);
  if (pathname !== window.location.pathname && prefetchViewAnswer(pathname))
    window.setTimeout(() => navigate(to, options), 0);
  else navigate(to, options);
};
const useAppLocation = (): [string, typeof navigate] => [useBrowserLocation()[0], navigateAhead];

export function App() {
  return (
    <ErrorBoundary fallback={() => <StatusPage message={i18n.t('errors:generic')} action="reload" />}>
      <Router hook={useAppLocation}>
        <RootLanguageRedirect />
        <AuthProvider>
          <PreferencesProvider>
            <IdlePrefetch />
            <AppLayout>
              <DeploymentGate>
                <AppRoutes />
              </DeploymentGate>
            </AppLayout>
          </PreferencesProvider>
        </AuthProvider>
      </Router>
    </ErrorBoundary>
  );
}
