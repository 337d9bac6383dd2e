import { Stack, Tab, Tabs, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import NotFoundPage from './errors/not-found-page';
import { AppLink } from './app-link';

export type PageTitleKey =
  | 'cmtsSource'
  | 'headEnd'
  | 'marketArea'
  | 'thresholdRules'
  | 'thresholdDefinitions'
  | 'thresholdVariants'
  | 'thresholdPlaybook'
  | 'crmWebhooks';

interface Props<C extends string> {
  title: string;
  /** The section's path, e.g. '/net-manage'; child '' is the default tab. */
  base: string;
  /** Child path segment -> page title key. */
  childPages: Readonly<Record<C, PageTitleKey>>;
  /**
   * The children whose tab the user is offered (the others need a capability their roles lack); the
   * open child keeps its tab, whose page then says the user has no access. Default: every child.
   */
  offered?: readonly string[];
  children: (child: C, page: PageTitleKey) => ReactNode;
}

/** A page whose child routes (e.g. /net-manage, /net-manage/head-end) are shown as linked tabs. */
export function SectionTabs<C extends string>({ title, base, childPages, offered, children }: Props<C>) {
  const { t } = useTranslation();
  const { child = '' } = useParams<{ child?: string }>();
  if (!Object.hasOwn(childPages, child)) return <NotFoundPage />;
  const pathOf = (segment: string) => (segment ? `${base}/${segment}` : base);
  const entries = (Object.entries(childPages) as Array<[C, PageTitleKey]>).filter(
    ([segment]) => !offered || offered.includes(segment) || segment === child,
  );
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      <Tabs value={pathOf(child)} variant="scrollable" allowScrollButtonsMobile aria-label={title}>
        {entries.map(([segment, page]) => (
          <Tab
            key={segment}
            value={pathOf(segment)}
            label={t(`pages.${page}`)}
            component={AppLink}
            href={pathOf(segment)}
          />
        ))}
      </Tabs>
      {children(child as C, childPages[child as C])}
    </Stack>
  );
}
