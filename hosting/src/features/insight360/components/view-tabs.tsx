/**
 * The tab registry of the 360 view: every tab once, with what it renders from the view's sections.
 * ?tab=<key> opens one (the first of tab-keys.ts is the default); adding a tab is its key there, one
 * entry here and its texts.
 */
import { Suspense, type ReactNode } from 'react';
import { Box, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ExternalLinks } from '@insight/common/external-links';
import { fillLink } from '@insight/common/link-templates';
import { can, type RoleKey } from '@insight/common/roles';
import type { BirthCertificatesSection } from '@insight/common/customer360';
import { PageLoading } from '../../../components/loading-bar';
import { lazyPage } from '../../../lib/lazy-page';
import type { ViewSections } from '../api/sections';
import { AccountPanel } from './account-panel';
import { BirthCertificatePanel } from './birth-certificate-panel';
import { DeviceTestsSlot } from './device-tests-slot';
import { EpicoPanel } from './epico-panel';
import { HistoryCard } from './history-card';
import { InternetPanel } from './internet-panel';
import { LegacyPanel } from './legacy-panel';
import { ModemPanel } from './modem-panel';
import { NeighbourhoodCard } from './neighbourhood-panel';
import { NetworkPanel } from './network-panel';
import { PlumeSummary } from './plume-summary';
import { TivoPanel } from './tivo-panel';
import type { TabKey } from './tab-keys';
import { ViewCard } from './view-card';
import { VoicePanel } from './voice-panel';
import { VoipPanel } from './voip-panel';
import { FirmwareSummary, SignalSummary } from './wan-summary';

// The detailed tabs carry charts and data grids: loaded when opened, so the overview shows at once.
const WanPanel = lazyPage(() => import('./wan-panel').then((module) => ({ default: module.WanPanel })));
const LanPanel = lazyPage(() => import('./lan-panel').then((module) => ({ default: module.LanPanel })));
/** Loads the detailed tabs' code ahead of a click. */
export const preloadTabs = () => Promise.all([WanPanel.preload(), LanPanel.preload()]);

export interface TabProps {
  mac: string;
  roles: readonly RoleKey[];
  sections: ViewSections;
  links: ExternalLinks | undefined;
}

function InternetCard({ sections, overview = false }: TabProps & { overview?: boolean }) {
  const { t } = useTranslation('insight360');
  return (
    <ViewCard section="wan" swr={sections.wan} title={t('internet.title')}>
      {(wan) => (
        <Stack spacing={2}>
          <InternetPanel wan={wan} />
          <SignalSummary wan={wan} />
          {overview && <FirmwareSummary wan={wan} />}
        </Stack>
      )}
    </ViewCard>
  );
}

/** The neighbours on the device's PON port; the port page's link for the roles that may open it. */
function Neighbourhood({ roles, sections }: TabProps) {
  return (
    <NeighbourhoodCard
      state={sections.neighbourhood}
      onRefresh={() => void sections.neighbourhood.refresh()}
      portLink={can(roles, 'portView')}
    />
  );
}

function VoiceCard({ mac, roles, sections }: TabProps) {
  const { t } = useTranslation('insight360');
  return (
    <ViewCard section="voice" swr={sections.voice} title={t('tabs.voice')}>
      {(voice) => (
        <VoicePanel
          mac={mac}
          voice={voice}
          canOperate={can(roles, 'voiceOps')}
          onChanged={() => void sections.voice.refresh()}
        />
      )}
    </ViewCard>
  );
}

/** The birth certificates; the overview shows the latest only. */
function CertificatesCard({ mac, roles, sections, latestOnly = false }: TabProps & { latestOnly?: boolean }) {
  const { t } = useTranslation('insight360');
  const customer = sections.customer.data?.data;
  const shown = (section: BirthCertificatesSection) =>
    latestOnly ? { ...section, certificates: section.certificates.slice(0, 1) } : section;
  return (
    <ViewCard section="birth-certificates" swr={sections.bc} title={t('bc.title')} testId="section-bc">
      {(section) => (
        <BirthCertificatePanel
          mac={mac}
          section={shown(section)}
          customerPhone={customer?.phone && customer.phone !== '-' ? customer.phone : null}
          customerPhones={customer?.phones ?? []}
          canRegenerate={can(roles, 'regenerateBc')}
          canSendSms={can(roles, 'sendBcSms')}
        />
      )}
    </ViewCard>
  );
}

/**
 * The tests from the device: first in the overview, under the findings and the customer, where the agent on
 * a call looks for "is it the line or the home?"; beside the line in the Internet tab and beside the Wi-Fi in
 * the LAN tab. One read and one card's code for all three.
 */
function DeviceTests({ mac, roles, sections }: TabProps) {
  return <DeviceTestsSlot mac={mac} roles={roles} sections={sections} />;
}

function Overview(props: TabProps) {
  const { t } = useTranslation('insight360');
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
      <Box sx={{ gridColumn: '1 / -1' }}>
        <DeviceTests {...props} />
      </Box>
      <InternetCard {...props} overview />
      <Neighbourhood {...props} />
      <ViewCard section="lan" swr={props.sections.lan} title={t('tabs.lan')}>
        {(lan) => <PlumeSummary lan={lan} />}
      </ViewCard>
      <VoiceCard {...props} />
      <CertificatesCard {...props} latestOnly />
      {/* Last and across the grid: its charts load once it is scrolled to. */}
      <Box sx={{ gridColumn: '1 / -1' }}>
        <HistoryCard mac={props.mac} />
      </Box>
    </Box>
  );
}

function Lan(props: TabProps) {
  const { t } = useTranslation('insight360');
  return (
    <Stack spacing={2}>
      <ViewCard section="lan" swr={props.sections.lan} title={t('tabs.lan')}>
        {(lan) => (
          <Suspense fallback={<PageLoading />}>
            <LanPanel lan={lan} />
          </Suspense>
        )}
      </ViewCard>
      <DeviceTests {...props} />
    </Stack>
  );
}

function Internet(props: TabProps) {
  return (
    <Stack spacing={2}>
      <InternetCard {...props} />
      <DeviceTests {...props} />
    </Stack>
  );
}

function Wan(props: TabProps) {
  const { sections } = props;
  const { t } = useTranslation('insight360');
  const networkType = sections.wan.data?.data.details.networkType ?? 'EPON/GPON';
  return (
    <Stack spacing={2}>
      <ViewCard section="wan" swr={sections.wan} title={t('tabs.wan', { networkType })}>
        {(wan) => (
          <Suspense fallback={<PageLoading />}>
            <WanPanel wan={wan} />
          </Suspense>
        )}
      </ViewCard>
      <Neighbourhood {...props} />
      <HistoryCard mac={props.mac} />
    </Stack>
  );
}

function Modem({ sections }: TabProps) {
  const { t } = useTranslation('insight360');
  return (
    <ViewCard section="wan" swr={sections.wan} title={t('modem.title')}>
      {(wan) => <ModemPanel wan={wan} lan={sections.lan.data?.data} />}
    </ViewCard>
  );
}

function Network({ sections }: TabProps) {
  const { t } = useTranslation('insight360');
  return (
    <ViewCard section="wan" swr={sections.wan} title={t('network.title')}>
      {(wan) => <NetworkPanel wan={wan} customer={sections.customer.data?.data} />}
    </ViewCard>
  );
}

function Voip({ mac, sections, links }: TabProps) {
  const { t } = useTranslation('insight360');
  return (
    <ViewCard section="wan" swr={sections.wan} title={t('voip.title')}>
      {(wan) => (
        <VoipPanel
          wan={wan}
          voice={sections.voice.data?.data}
          templateUrl={links ? fillLink(links.voipTemplate, { mac }).href : null}
        />
      )}
    </ViewCard>
  );
}

function Epico({ sections }: TabProps) {
  const { t } = useTranslation('insight360');
  return (
    <ViewCard section="birth-certificates" swr={sections.bc} title={t('epico.title')} testId="section-epico">
      {(bc) => <EpicoPanel bc={bc} lan={sections.lan.data?.data} />}
    </ViewCard>
  );
}

/** A tab showing one panel of the customer section. */
const customerTab = (
  key: 'tivo' | 'legacy' | 'account',
  title: 'tivo.title' | 'legacy.title' | 'tabs.account',
  Panel: typeof TivoPanel,
) =>
  function CustomerTab({ sections }: TabProps) {
    const { t } = useTranslation('insight360');
    return (
      <ViewCard section="customer" swr={sections.customer} title={t(title)} testId={`section-${key}`}>
        {(customer) => <Panel customer={customer} />}
      </ViewCard>
    );
  };

export const VIEW_TABS = {
  overview: Overview,
  internet: Internet,
  lan: Lan,
  wan: Wan,
  voice: VoiceCard,
  modem: Modem,
  network: Network,
  voip: Voip,
  epico: Epico,
  tivo: customerTab('tivo', 'tivo.title', TivoPanel),
  legacy: customerTab('legacy', 'legacy.title', LegacyPanel),
  account: customerTab('account', 'tabs.account', AccountPanel),
  bc: CertificatesCard,
} satisfies Record<TabKey, (props: TabProps) => ReactNode>;
