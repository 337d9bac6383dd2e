import { Suspense, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Switch, useLocation, useParams } from 'wouter';
import { formatMac } from '@insight/common/mac';
import { can, hasAnyRole } from '@insight/common/roles';
import { ErrorBoundary } from '../components/error-boundary';
import { ScreenError } from '../components/errors/screen-error';
import { PageLoading } from '../components/loading-bar';
import { titleOf, useDocumentTitle } from '../lib/document-title';
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

/**
 * A page's document title in the user's language, from the registry and the path (docs/requirements.md,
 * "Page titles"): "Threshold · Definitions · Insight", "A4:C1:E8:00:00:00 · Insight 360". The 360 view adds
 * the customer's name once it is known.
 */
function usePageTitle(entry: PageEntry | null) {
  const { t } = useTranslation();
  const { child = '', mac } = useParams<{ child?: string; mac?: string }>();
  const product = t('appName');
  let title: string;
  if (!entry) title = titleOf(t('titles.notFound'), product);
  else if (entry.tabs) {
    const tab = Object.hasOwn(entry.tabs.children, child) ? entry.tabs.children[child] : null;
    title = tab
      ? titleOf(t(`nav.${entry.tabs.title}`), t(`titles.tabs.${tab}`), product)
      : titleOf(t('titles.notFound'), product);
  } else if (entry.key === 'insight360') title = titleOf(mac && formatMac(mac), t('titles.insight360'));
  else title = titleOf(t(`titles.${entry.key}` as 'titles.home'), product);
  useDocumentTitle(title);
}

function NotFoundElement() {
  usePageTitle(null);
  return <NOT_FOUND />;
}

/** The tabs of a page the signed-in user may open: those whose own capability (if any) their roles have. */
function useOfferedTabs(tabs: PageEntry['tabs']): string[] {
  const { state } = useAuth();
  const roles = state.status === 'signedIn' ? state.user.roles : null;
  return useMemo(
    () =>
      Object.keys(tabs?.children ?? {}).filter((child) => {
        const capability = tabs?.access?.[child];
        return !capability || (roles !== null && can(roles, capability));
      }),
    [tabs, roles],
  );
}

function PageElement({ entry, tools }: { entry: PageEntry; tools: Tool[] }) {
  const { t } = useTranslation();
  usePageTitle(entry);
  const offeredTabs = useOfferedTabs(entry.tabs);
  const props = typeof entry.props === 'function' ? entry.props({ tools }) : (entry.props ?? {});
  const Component = entry.component;
  const page = entry.tabs ? (
    <SectionTabs
      title={t(`nav.${entry.tabs.title}`)}
      base={entry.path}
      childPages={entry.tabs.children}
      offered={offeredTabs}
    >
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
          <NotFoundElement />
        </Route>
      </Switch>
    </Screen>
  );
}
