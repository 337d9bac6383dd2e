/**
 * The page registry: every page once, with its path, who may open it, its lazy component, its drawer
 * entry, its home tool, whether it is prefetched and its tabs. Routes, the drawer, the home tools and
 * the tab bars are derived from this list. Adding a page is one entry here, its component and its texts.
 */
import type { ComponentType, ReactNode } from 'react';
import HomeIcon from '@mui/icons-material/Home';
import TravelExploreIcon from '@mui/icons-material/TravelExplore';
import RouterIcon from '@mui/icons-material/Router';
import LanIcon from '@mui/icons-material/Lan';
import HubIcon from '@mui/icons-material/Hub';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import type { Capability } from '@insight/common/roles';
import type { Tool, ToolKey } from '../lib/tools';
import { lazyPage } from '../lib/lazy-page';
import { loadNamespaces, type Namespace } from '../lib/i18n';
import type { PageTitleKey } from '../components/section-tabs';

type NavKey =
  'home' | 'insight360' | 'outages' | 'epicoPlume' | 'onu' | 'generic' | 'netManage' | 'threshold';

export interface PageEntry {
  key: string;
  /** The path without the /fr prefix (links, drawer, prefetch). */
  path: string;
  /** The wouter pattern, matched on the path without its /fr prefix; first match wins. */
  route: string;
  /** 'public': anyone; 'signedIn': a user with any role; else the capability of the role matrix. */
  access: 'public' | 'signedIn' | Capability;
  component: ReturnType<typeof lazyPage<ComponentType<Record<string, unknown>>>>;
  /** Props the component is rendered with; a function gets what the registry derives (the home tools). */
  props?: Record<string, unknown> | ((derived: { tools: Tool[] }) => Record<string, unknown>);
  drawer?: { label: NavKey; icon: ReactNode; group?: 'staging' };
  /** A card on the home page, shown to those who may open the page. */
  tool?: ToolKey;
  /** Its code is loaded on hover of a link to it (never on a slow connection). */
  prefetch?: boolean;
  /**
   * Child paths shown as linked tabs ('' is the default tab), with the section's title; `access`: a child's
   * capability beyond the page's (its tab is offered only to those who have it).
   */
  tabs?: {
    title: NavKey;
    children: Readonly<Record<string, PageTitleKey>>;
    access?: Readonly<Record<string, Capability>>;
  };
}

/** A page's code, loaded together with the texts it shows beyond the shell's (one request each, in parallel). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each page has its own props
const page = (factory: () => Promise<{ default: ComponentType<any> }>, namespaces: Namespace[] = []) =>
  lazyPage(() => Promise.all([factory(), loadNamespaces(namespaces)]).then(([module]) => module));

export const PAGES: readonly PageEntry[] = [
  {
    key: 'home',
    path: '/',
    route: '/',
    access: 'public',
    component: page(() => import('../features/home/components/home-page'), ['home']),
    props: ({ tools }) => ({ tools }),
    drawer: { label: 'home', icon: <HomeIcon /> },
    prefetch: true,
  },
  {
    key: 'login',
    path: '/login',
    route: '/login',
    access: 'public',
    component: page(() => import('../features/auth/components/login-page')),
  },
  {
    key: 'permissions',
    path: '/permissions',
    route: '/permissions',
    access: 'signedIn',
    component: page(
      () => import('../features/permissions/components/permissions-page'),
      ['admin', 'insight360'],
    ),
    tool: 'permissions',
  },
  {
    key: 'audit',
    path: '/audit',
    route: '/audit',
    access: 'auditRead',
    component: page(() => import('../features/audit/components/audit-page'), ['admin']),
    tool: 'audit',
  },
  {
    key: 'sample',
    path: '/sample',
    route: '/sample',
    access: 'manageRoles',
    component: page(() => import('../features/sample/components/sample-page'), ['admin', 'insight360']),
  },
  {
    key: 'plumeStage',
    path: '/plume-stage',
    route: '/plume-stage',
    access: 'staging',
    component: page(
      () => import('../features/staging/components/plume-stage-page'),
      ['staging', 'insight360'],
    ),
    drawer: { label: 'epicoPlume', icon: <HubIcon />, group: 'staging' },
    tool: 'plumeStage',
    prefetch: true,
  },
  {
    key: 'onuStage',
    path: '/onu-stage',
    route: '/onu-stage',
    access: 'staging',
    component: page(() => import('../features/staging/components/onu-stage-page'), ['staging', 'insight360']),
    drawer: { label: 'onu', icon: <RouterIcon />, group: 'staging' },
    tool: 'onuStage',
    prefetch: true,
  },
  {
    key: 'genericStage',
    path: '/juniper-stage',
    route: '/juniper-stage',
    access: 'staging',
    component: page(
      () => import('../features/staging/components/juniper-stage-page'),
      ['staging', 'insight360'],
    ),
    drawer: { label: 'generic', icon: <LanIcon />, group: 'staging' },
    tool: 'genericStage',
    prefetch: true,
  },
  {
    key: 'netManage',
    path: '/net-manage',
    route: '/net-manage/:child?',
    access: 'adminRead',
    component: page(() => import('../features/net-manage/components/net-manage-page'), ['admin']),
    tool: 'netManage',
    prefetch: true,
    tabs: {
      title: 'netManage',
      children: {
        '': 'cmtsSource',
        'head-end': 'headEnd',
        'market-area': 'marketArea',
        'crm-webhooks': 'crmWebhooks',
      },
      // The webhooks' rows hold their secrets: engineering's alone (crm-webhooks-page.tsx).
      access: { 'crm-webhooks': 'adminWrite' },
    },
  },
  {
    key: 'threshold',
    path: '/threshold',
    route: '/threshold/:child?',
    access: 'adminRead',
    component: page(() => import('../features/threshold/components/threshold-page'), ['admin', 'insight360']),
    tool: 'threshold',
    prefetch: true,
    tabs: {
      title: 'threshold',
      children: {
        '': 'thresholdRules',
        definitions: 'thresholdDefinitions',
        variants: 'thresholdVariants',
        playbook: 'thresholdPlaybook',
      },
    },
  },
  {
    key: 'enterMac',
    path: '/i/mac/enter-mac',
    route: '/i/mac/enter-mac',
    access: 'view360',
    component: page(() => import('../features/insight360/components/enter-mac-page')),
    tool: 'insight360',
  },
  {
    key: 'ponPort',
    path: '/i/port',
    route: '/i/port/:olt?/:shelf?/:slot?/:port?',
    access: 'portView',
    component: page(() => import('../features/insight360/components/port-page'), ['insight360']),
  },
  {
    key: 'insight360',
    path: '/i/mac',
    route: '/i/mac/:mac?',
    access: 'view360',
    component: page(() => import('../features/insight360/components/insight360-page'), ['insight360']),
    drawer: { label: 'insight360', icon: <TravelExploreIcon /> },
    prefetch: true,
  },
  {
    key: 'outages',
    path: '/outages',
    route: '/outages',
    access: 'outagesView',
    component: page(() => import('../features/outages/components/outages-page'), ['outages']),
    drawer: { label: 'outages', icon: <ReportProblemIcon /> },
    tool: 'outages',
    prefetch: true,
  },
];

export const NOT_FOUND = page(() => import('../components/errors/not-found-page'));

/** The tab bar of the pages with `tabs`, loaded (and preloaded) with them. */
export const SectionTabs = lazyPage(() =>
  import('../components/section-tabs').then((module) => ({ default: module.SectionTabs })),
);

/** The home page's tools, in registry order. */
export const TOOLS = PAGES.filter((entry) => entry.tool).map((entry) => ({
  key: entry.tool!,
  path: entry.path,
  access: entry.access,
}));

/**
 * Loads a page's code ahead of a click (the caller skips this on a slow connection); settles when it is
 * loaded (or could not be), so that the first render can show the page the HTML already shows.
 */
export function preloadPage(path: string): Promise<void> {
  const match = PAGES.filter((entry) => entry.prefetch)
    .sort((a, b) => b.path.length - a.path.length)
    .find((entry) => path === entry.path || (entry.path !== '/' && path.startsWith(entry.path)));
  return Promise.all([match?.component.preload(), match?.tabs ? SectionTabs.preload() : undefined]).then(
    () => undefined,
    () => undefined,
  );
}
