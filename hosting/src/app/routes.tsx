import { Suspense, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Switch, useLocation } from 'wouter';
import { can, hasAnyRole } from '@insight/common/roles';
import { ErrorBoundary } from '../components/error-boundary';
import { ScreenError } from '../components/errors/screen-error';
import { PageLoading } from '../components/loading-bar';
import { stripLanguage } from '../lib/language-path';
import type { Tool } from '../lib/tools';
import { useAuth } from '../providers/auth-provider';
import { NOT_FOUND, PAGES, SectionTabs, TOOLS, type PageEntry } from './pages';
import { RequireAuth } from './require-auth';

function Screen({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  return (
    <ErrorBoundary fallback={() => <ScreenError />} resetKey={location}>
      <Suspense fallback={<PageLoading />}>{children}</Suspense>
    </ErrorBoundary>
  );
}

/** The home tools the signed-in user may open. */
function useVisibleTools(): Tool[] {
  const { state } = useAuth();
  const user = state.status === 'signedIn' && state.user.allowed ? state.user : null;
  return useMemo(() => {
    const roles = user?.roles ?? [];
    return TOOLS.filter(({ access }) =>
      access === 'public' ? true : access === 'signedIn' ? hasAnyRole(roles) : can(roles, access),
    ).map(({ key, path }) => ({ key, path }));
  }, [user]);
}

function PageElement({ entry, tools }: { entry: PageEntry; tools: Tool[] }) {
  const { t } = useTranslation();
  const props = typeof entry.props === 'function' ? entry.props({ tools }) : (entry.props ?? {});
  const Component = entry.component;
  const page = entry.tabs ? (
    <SectionTabs title={t(`nav.${entry.tabs.title}`)} base={entry.path} childPages={entry.tabs.children}>
      {(child) => <Component {...props} child={child} />}
    </SectionTabs>
  ) : (
    <Component {...props} />
  );
  if (entry.access === 'public') return page;
  return (
    <RequireAuth capability={entry.access === 'signedIn' ? undefined : entry.access}>{page}</RequireAuth>
  );
}

/** Every route of docs/requirements.md, "Routes", from the page registry, matched on the path without its /fr prefix. */
export function AppRoutes() {
  const [location] = useLocation();
  const tools = useVisibleTools();
  return (
    <Screen>
      <Switch location={stripLanguage(location)}>
        {PAGES.map((entry) => (
          <Route key={entry.key} path={entry.route}>
            <PageElement entry={entry} tools={tools} />
          </Route>
        ))}
        <Route>
          <NOT_FOUND />
        </Route>
      </Switch>
    </Screen>
  );
}
