import { Suspense, type ComponentType, type ReactNode } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import type { Capability } from '@insight/common/roles';
import { ErrorBoundary } from '../components/error-boundary';
import { PageLoading } from '../components/loading-bar';
import { ScreenError } from '../features/errors/components/screen-error';
import { lazyPage } from '../lib/lazy-page';
import { stripLanguage } from '../lib/language-path';
import { RequireAuth } from './require-auth';

const pages = {
  home: lazyPage(() => import('../features/home/components/home-page')),
  login: lazyPage(() => import('../features/auth/components/login-page')),
  notFound: lazyPage(() => import('../features/errors/components/not-found-page')),
  enterMac: lazyPage(() => import('../features/insight360/components/enter-mac-page')),
  insight360: lazyPage(() => import('../features/insight360/components/insight360-page')),
  netManage: lazyPage(() => import('../features/net-manage/components/net-manage-page')),
  threshold: lazyPage(() => import('../features/threshold/components/threshold-page')),
  placeholder: lazyPage(() => import('../features/placeholder/components/placeholder-page')),
  permissions: lazyPage(() => import('../features/permissions/components/permissions-page')),
  audit: lazyPage(() => import('../features/audit/components/audit-page')),
};

const PREFETCH: ReadonlyArray<[string, { preload(): Promise<unknown> }]> = [
  ['/i/mac', pages.insight360],
  ['/net-manage', pages.netManage],
  ['/threshold', pages.threshold],
  ['/plume-stage', pages.placeholder],
  ['/onu-stage', pages.placeholder],
  ['/juniper-stage', pages.placeholder],
  ['/', pages.home],
];

/** Loads a page's code ahead of a click (the caller skips this on a slow connection). */
export function preloadPage(path: string): void {
  const match = PREFETCH.find(([prefix]) => path === prefix || (prefix !== '/' && path.startsWith(prefix)));
  void match?.[1].preload().catch(() => undefined);
}

function protectedPage(element: ReactNode, capability?: Capability) {
  return <RequireAuth capability={capability}>{element}</RequireAuth>;
}

function Screen({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  return (
    <ErrorBoundary fallback={() => <ScreenError />} resetKey={location}>
      <Suspense fallback={<PageLoading />}>{children}</Suspense>
    </ErrorBoundary>
  );
}

const Placeholder = pages.placeholder as ComponentType<{
  page: 'plumeStage' | 'onuStage' | 'genericStage' | 'permissions' | 'sample';
  networkAccess?: boolean;
}>;

/** Every route of SPEC.md section 2, matched on the path without its /fr prefix. */
export function AppRoutes() {
  const [location] = useLocation();
  return (
    <Screen>
      <Switch location={stripLanguage(location)}>
        <Route path="/">
          <pages.home />
        </Route>
        <Route path="/login">
          <pages.login />
        </Route>
        <Route path="/permissions">{protectedPage(<pages.permissions />)}</Route>
        <Route path="/audit">{protectedPage(<pages.audit />, 'auditRead')}</Route>
        <Route path="/sample">{protectedPage(<Placeholder page="sample" />, 'manageRoles')}</Route>
        <Route path="/plume-stage">
          {protectedPage(<Placeholder page="plumeStage" networkAccess />, 'staging')}
        </Route>
        <Route path="/onu-stage">
          {protectedPage(<Placeholder page="onuStage" networkAccess />, 'staging')}
        </Route>
        <Route path="/juniper-stage">
          {protectedPage(<Placeholder page="genericStage" networkAccess />, 'staging')}
        </Route>
        <Route path="/net-manage/:child?">{protectedPage(<pages.netManage />, 'adminRead')}</Route>
        <Route path="/threshold/:child?">{protectedPage(<pages.threshold />, 'adminRead')}</Route>
        <Route path="/i/mac/enter-mac">{protectedPage(<pages.enterMac />, 'view360')}</Route>
        <Route path="/i/mac/:mac?">{protectedPage(<pages.insight360 />, 'view360')}</Route>
        <Route>
          <pages.notFound />
        </Route>
      </Switch>
    </Screen>
  );
}
