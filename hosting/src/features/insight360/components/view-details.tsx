/**
 * What the 360 view draws under the findings once its answers are in: the customer card, the tabs and
 * the open tab's panel. Its own chunk (with the panels, their dialogs and forms), so that the view's
 * first chunk is the header, the summary and the findings.
 */
import { memo, startTransition, useEffect, useState } from 'react';
import { Box, Tab, Tabs } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ExternalLinks } from '@insight/common/external-links';
import { can, type RoleKey } from '@insight/common/roles';
import type { ViewSections } from '../api/sections';
import { CustomerCard } from './customer-card';
import { NoCustomerContext } from './no-customer';
import { preloadOnIntent } from '../../../components/on-demand';
import { SECTIONS_ID } from './skip-links';
import { TAB_KEYS, type TabKey } from './tab-keys';
import { preloadTabs, VIEW_TABS } from './view-tabs';
import { afterNextPaint } from './after-next-paint';

export { preloadTabs };

/** The detailed tabs' code, asked for when the user reaches for the tabs (a touch, the pointer, focus). */
const tabsIntent = preloadOnIntent(preloadTabs);

export interface ViewDetailsProps {
  mac: string;
  roles: readonly RoleKey[];
  sections: ViewSections;
  links: ExternalLinks | undefined;
  /** The customer card is left out when the MAC is unknown. */
  withCustomer: boolean;
  /** Drawn a step at a time (shorter tasks than one): the customer card, then the tabs, then the panel. */
  upTo: 'customer' | 'tabs' | 'panel';
  tab: TabKey;
  onTab(next: TabKey): void;
}

type Translate = ReturnType<typeof useTranslation<'insight360'>>['t'];
const tabLabel = (t: Translate, key: TabKey, networkType: string | undefined, fallback: string) =>
  key === 'wan' ? t('tabs.wan', { networkType: networkType ?? fallback }) : t(`tabs.${key}`);

/**
 * The tab bar, drawn again only when its own props change: MUI's tabs read the layout after every render
 * of theirs (the indicator's place), which, in the same task as the panel's first commit, made the browser
 * lay the whole page out there and then (with the tabs' own render, a 118 ms task at 4× CPU became 25 ms).
 */
const TabBar = memo(function TabBar({
  tab,
  networkType,
  onTab,
}: {
  tab: TabKey;
  networkType: string | undefined;
  onTab(next: TabKey): void;
}) {
  const { t } = useTranslation('insight360');
  return (
    <Tabs
      id={SECTIONS_ID}
      value={tab}
      onChange={(_event, next: TabKey) => onTab(next)}
      variant="scrollable"
      allowScrollButtonsMobile
      aria-label={t('tabsLabel')}
      // Under the top bar while the panel scrolls: another section is one touch away.
      sx={{
        position: 'sticky',
        top: { xs: 56, sm: 64 },
        zIndex: 'appBar',
        bgcolor: 'background.default',
        borderBottom: 1,
        borderColor: 'divider',
      }}
      {...tabsIntent}
    >
      {TAB_KEYS.map((key) => (
        <Tab
          key={key}
          value={key}
          label={tabLabel(t, key, networkType, 'EPON/GPON')}
          data-testid={`tab-${key}`}
          // The focused tab differs from the selected one: an outline and a tint, not the underline.
          sx={{
            minHeight: 48,
            '&.Mui-focusVisible': {
              outline: '3px solid',
              outlineColor: 'primary.main',
              outlineOffset: '-3px',
              bgcolor: 'action.focus',
            },
          }}
        />
      ))}
    </Tabs>
  );
});

const STEPS = ['customer', 'tabs', 'panel'] as const;

export default function ViewDetails({
  mac,
  roles,
  sections,
  links,
  withCustomer,
  upTo,
  tab,
  onTab,
}: ViewDetailsProps) {
  const { t } = useTranslation('insight360');
  const networkType = sections.wan.data?.data.details.networkType;
  const Panel = VIEW_TABS[tab];
  // This code often arrives after the view has asked for the tabs or the panel already (it loads once the
  // findings are drawn): the card, the tab bar and the panel are then drawn one after the other, each once
  // the one before is painted, as the view's stages would have (all three in one commit took a task of
  // 50–70 ms on this machine; the tab bar measures the page when it mounts).
  const [painted, setPainted] = useState(0);
  const reach = STEPS[Math.min(STEPS.indexOf(upTo), painted)]!;
  useEffect(() => {
    if (reach === upTo) return;
    return afterNextPaint(() => startTransition(() => setPainted((step) => step + 1)));
  }, [reach, upTo]);
  return (
    <NoCustomerContext value={!withCustomer}>
      {withCustomer && <CustomerCard sections={sections} listLinks={can(roles, 'adminRead')} />}
      {reach !== 'customer' && (
        <>
          <TabBar tab={tab} networkType={networkType} onTab={onTab} />
          <Box role="tabpanel" aria-label={tabLabel(t, tab, networkType, '')} data-testid={`panel-${tab}`}>
            {reach === 'panel' && <Panel mac={mac} roles={roles} sections={sections} links={links} />}
          </Box>
        </>
      )}
    </NoCustomerContext>
  );
}
