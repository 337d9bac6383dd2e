import { useEffect, type ReactElement, type ReactNode } from 'react';
import { render, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { SWRConfig } from 'swr';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { THEME_COOKIE } from '@insight/common/constants';
import type { RoleKey } from '@insight/common/roles';
import { WriteErrorDialog } from '../components/admin/write-error-dialog';
import { loadGridLocale } from '../lib/grid-locale-loader';
import { i18n, initI18n, NAMESPACES } from '../lib/i18n';
import { languageOfPath } from '../lib/language-path';
import { closeWriteError } from '../lib/write-error-store';
import { AuthProvider, useAuth } from '../providers/auth-provider';
import { PreferencesProvider } from '../providers/preferences-provider';
import { installFakeApi, ok, type Routes } from './fake-api';
import { fakeUser, setFakeFirestore, setFakeUser, type FakePath } from './fake-firebase';

export interface RenderAppOptions {
  /** Where the app is, with /fr for French: '/fr/threshold/definitions?x=1'. */
  path?: string;
  theme?: 'light' | 'dark';
  /** Who is signed in: their roles (and whether their e-mail's domain is allowed); null: nobody; 'checking': the session never settles. */
  user?: { uid?: string; roles: RoleKey[]; allowed?: boolean } | null | 'checking';
  /** The fake API's routes ("GET /users": reply); POST /session answers for the user unless given. */
  api?: Routes;
  /** What each Firestore path holds. */
  firestore?: Record<string, FakePath>;
  /** Database writes fail with this message. */
  failWrites?: string;
}

// A user of their own per render: the auth provider keeps one session answer per uid and page load.
let renders = 0;

function Settled({ onSettled }: { onSettled(): void }) {
  const { state } = useAuth();
  useEffect(() => {
    if (state.status !== 'loading') onSettled();
  }, [state.status, onSettled]);
  return null;
}

/**
 * Renders `ui` the way the app does — auth and preferences providers, a router on a memory location,
 * a fresh SWR cache, translations and theme of the path's language — over a fake API and a fake
 * Firestore, and resolves once the session is settled. `history` lists the paths navigated to.
 */
export async function renderApp(ui: ReactElement, options: RenderAppOptions = {}) {
  const { path = '/', theme = 'light', user = { roles: ['engineering'] }, firestore = {} } = options;
  const [pathname, search = ''] = path.split('?');
  const language = languageOfPath(pathname!);
  // Every namespace, and the grid's texts, before the first render (the app loads them with each page).
  if (!i18n.isInitialized) await initI18n(language, NAMESPACES);
  else await i18n.changeLanguage(language);
  await loadGridLocale(language);
  Cookies.set(THEME_COOKIE, theme);
  sessionStorage.clear();
  // The write error modal's state is the module's: a test's refused write does not show in the next.
  closeWriteError();

  const signedIn = user && user !== 'checking' ? user : null;
  const uid = signedIn?.uid ?? `test-user-${++renders}`;
  setFakeUser(user === 'checking' ? undefined : signedIn ? fakeUser(uid, signedIn.roles) : null);
  setFakeFirestore(firestore, { failWrites: options.failWrites });
  const api = installFakeApi({
    'POST /session': ok({ allowed: signedIn?.allowed ?? true, roles: signedIn?.roles ?? [], changed: false }),
    ...options.api,
  });

  const location = memoryLocation({ path: pathname, searchPath: search, record: true });
  let settled = false;
  const settle = () => void (settled = true);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Router hook={location.hook} searchHook={location.searchHook}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
        <AuthProvider>
          <PreferencesProvider>
            <Settled onSettled={settle} />
            {children}
            <WriteErrorDialog />
          </PreferencesProvider>
        </AuthProvider>
      </SWRConfig>
    </Router>
  );
  const result = render(ui, { wrapper });
  if (user !== 'checking')
    // A busy machine (six suites on two cores) can take seconds to settle a session: the tests' wait
    // (hosting/src/testing/setup.ts).
    await waitFor(() => {
      if (!settled) throw new Error('The session has not settled');
    });
  return { ...result, api, history: location.history, navigate: location.navigate };
}
