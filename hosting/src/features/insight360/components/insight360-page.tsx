import { useEffect } from 'react';
import { Alert, Box, Stack, Tab, Tabs } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Redirect, useParams } from 'wouter';
import { formatMac, normalizeMac } from '@insight/common/mac';
import { useRecentLookups } from '../../../hooks/use-recent-lookups';
import { useAuth } from '../../../providers/auth-provider';
import { usePreferences } from '../../../providers/preferences-provider';
import { useDiagnosis, usePlaybook } from '../api/diagnosis';
import { useExternalLinks } from '../api/external-links';
import { useViewSections } from '../api/sections';
import { useDebouncedMac } from '../hooks/use-debounced-mac';
import { useTabParam } from '../hooks/use-tab-param';
import { CustomerCard } from './customer-card';
import { FindingsList } from './findings-list';
import { LookChanges } from './look-changes';
import { SummaryStrip, useStripEntries } from './summary-strip';
import { ViewHeader } from './view-header';
import { preloadTabs, TAB_KEYS, VIEW_TABS } from './view-tabs';

/** /i/mac/{mac}: the 360 view; the mac parameter is optional (absent: go to the entry page). */
export default function Insight360Page() {
  const { mac: raw } = useParams<{ mac?: string }>();
  const { href } = usePreferences();
  const { t } = useTranslation('errors');
  if (!raw) return <Redirect to={href('/i/mac/enter-mac')} replace />;
  const mac = normalizeMac(decodeURIComponent(raw));
  if (!mac) {
    return (
      <Alert severity="error" role="alert" data-testid="invalid-mac">
        {t('invalidMac')}
      </Alert>
    );
  }
  return <Insight360View mac={mac} />;
}

function Insight360View({ mac: requestedMac }: { mac: string }) {
  const { t, i18n } = useTranslation('insight360');
  const { t: te } = useTranslation('errors');
  const { state } = useAuth();
  const roles = state.status === 'signedIn' ? state.user.roles : [];
  const mac = useDebouncedMac(requestedMac)!;
  const { remember } = useRecentLookups(state.status === 'signedIn' ? state.user.uid : null);
  useEffect(() => {
    remember(mac);
  }, [mac, remember]);
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 300));
    idle(() => void preloadTabs().catch(() => undefined));
  }, []);

  const sections = useViewSections(mac, i18n.language === 'fr' ? 'fr' : 'en');
  const links = useExternalLinks();
  const strip = useStripEntries(sections);
  const diagnosis = useDiagnosis(sections);
  const playbook = usePlaybook();
  const [tab, setTab] = useTabParam(TAB_KEYS);
  const customerError = sections.customer.error;
  const networkType = sections.wan.data?.data.details.networkType;
  const tabLabel = (key: (typeof TAB_KEYS)[number], fallback: string) =>
    key === 'wan' ? t('tabs.wan', { networkType: networkType ?? fallback }) : t(`tabs.${key}`);
  const Panel = VIEW_TABS[tab];

  return (
    <Stack spacing={2} sx={{ maxWidth: 1400 }}>
      <ViewHeader mac={mac} roles={roles} sections={sections} links={links} />
      {customerError?.code === 'mac_not_found' ? (
        <Alert severity="warning" data-testid="mac-not-found">
          {te('macNotFound', { mac: formatMac(mac) })} {t('notFoundHint')}
        </Alert>
      ) : (
        <>
          {customerError && (
            <Alert severity="error" data-testid="customer-error">
              {te('errorOccurred')}
              {te(`codes.${customerError.code}`)}
              {customerError.path ? ` (${customerError.path})` : ''}
            </Alert>
          )}
        </>
      )}
      {customerError?.code !== 'mac_not_found' && <SummaryStrip entries={strip} onOpen={setTab} />}
      {/* Within the first screen, on a phone too, above the customer: what is wrong and what to do. */}
      <FindingsList
        mac={mac}
        roles={roles}
        sections={sections}
        diagnosis={diagnosis}
        playbook={playbook}
        onOpenTab={setTab}
      />
      {customerError?.code !== 'mac_not_found' && (
        <>
          <LookChanges
            key={mac}
            mac={mac}
            measures={diagnosis.measures}
            complete={diagnosis.pending.length === 0}
          />
          <CustomerCard sections={sections} />
        </>
      )}
      <Tabs
        value={tab}
        onChange={(_event, next: typeof tab) => setTab(next)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('title')}
      >
        {TAB_KEYS.map((key) => (
          <Tab key={key} value={key} label={tabLabel(key, 'EPON/GPON')} data-testid={`tab-${key}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" aria-label={tabLabel(tab, '')} data-testid={`panel-${tab}`}>
        <Panel mac={mac} roles={roles} sections={sections} links={links.data} />
      </Box>
    </Stack>
  );
}
