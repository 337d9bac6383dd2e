import { Suspense, useEffect, useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Collapse,
  IconButton,
  Paper,
  Stack,
  Tab,
  Tabs,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import RefreshIcon from '@mui/icons-material/Refresh';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useTranslation } from 'react-i18next';
import { Redirect, useLocation, useParams, useSearch } from 'wouter';
import { useSWRConfig } from 'swr';
import type { RegenerateResult, SectionResponse } from '@insight/common/customer360';
import { formatMac, normalizeMac } from '@insight/common/mac';
import { can } from '@insight/common/roles';
import { fillLink } from '@insight/common/external-links';
import { useAuth } from '../../../providers/auth-provider';
import { usePreferences } from '../../../providers/preferences-provider';
import { PageLoading } from '../../../components/loading-bar';
import { lazyPage } from '../../../lib/lazy-page';
import { useExternalLinks } from '../api/external-links';
import { resetDevice } from '../api/operations';
import { sectionPath, useSection, type SectionData } from '../api/sections';
import { useDebouncedMac } from '../hooks/use-debounced-mac';
import { useOperation } from '../../../hooks/use-operation';
import { useRecentLookups } from '../../../hooks/use-recent-lookups';
import { BirthCertificatePanel } from './birth-certificate-panel';
import { CustomerHeader } from './customer-header';
import { PlumeSummary } from './plume-summary';
import { OperationDialog } from '../../../components/operation-dialog';
import { ExternalLinkButton } from '../../../components/external-link-button';
import { AccountPanel } from './account-panel';
import { EpicoPanel } from './epico-panel';
import { InternetPanel } from './internet-panel';
import { LegacyPanel } from './legacy-panel';
import { ModemPanel } from './modem-panel';
import { NetworkPanel } from './network-panel';
import { TivoPanel } from './tivo-panel';
import { VoipPanel } from './voip-panel';
import { SectionCard } from '../../../components/section-card';
import {
  certificateSummary,
  lanSummary,
  voiceSummary,
  wanSummary,
  type SectionSummary,
} from './section-summary';
import { SummaryStrip, type StripEntry } from './summary-strip';
import { ToolLinks } from './tool-links';
import { VoicePanel } from './voice-panel';
import { FirmwareSummary, SignalSummary } from './wan-summary';

// The detailed tabs carry charts and data grids: loaded when opened, so the overview shows at once.
const WanPanel = lazyPage(() => import('./wan-panel').then((module) => ({ default: module.WanPanel })));
const LanPanel = lazyPage(() => import('./lan-panel').then((module) => ({ default: module.LanPanel })));

export const TABS = [
  'overview',
  'internet',
  'lan',
  'wan',
  'voice',
  'modem',
  'network',
  'voip',
  'epico',
  'tivo',
  'legacy',
  'account',
  'bc',
] as const;
type TabKey = (typeof TABS)[number];

const CUSTOMER_CARD_KEY = 'insight-customer-card';
/** Whether the customer card is unfolded: the user's last choice, else unfolded except on a phone. */
function useCustomerCardShown(): [boolean, (shown: boolean) => void] {
  const [shown, setShown] = useState(() => {
    const saved = localStorage.getItem(CUSTOMER_CARD_KEY);
    return saved === null ? window.matchMedia('(min-width: 600px)').matches : saved === 'shown';
  });
  return [
    shown,
    (next) => {
      localStorage.setItem(CUSTOMER_CARD_KEY, next ? 'shown' : 'hidden');
      setShown(next);
    },
  ];
}

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
  const [location, navigate] = useLocation();
  const search = useSearch();
  const { mutate } = useSWRConfig();
  const language = i18n.language === 'fr' ? 'fr' : 'en';
  const mac = useDebouncedMac(requestedMac)!;
  const recent = useRecentLookups(state.status === 'signedIn' ? state.user.uid : null);
  const { remember } = recent;
  useEffect(() => {
    remember(mac);
  }, [mac, remember]);

  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 300));
    idle(() => void Promise.all([WanPanel.preload(), LanPanel.preload()]).catch(() => undefined));
  }, []);

  const customer = useSection(mac, 'customer', language);
  const wan = useSection(mac, 'wan', language);
  const lan = useSection(mac, 'lan', language);
  const voice = useSection(mac, 'voice', language);
  const bc = useSection(mac, 'birth-certificates', language);
  const links = useExternalLinks();

  const tabParam = new URLSearchParams(search).get('tab');
  const tab: TabKey = (TABS as readonly string[]).includes(tabParam ?? '')
    ? (tabParam as TabKey)
    : 'overview';
  const setTab = (next: TabKey) => {
    const params = new URLSearchParams(search);
    if (next === 'overview') params.delete('tab');
    else params.set('tab', next);
    const query = params.toString();
    navigate(`${location}${query ? `?${query}` : ''}`, { replace: true });
  };

  // The customer card folds away (on a phone it starts folded) so the diagnosis stays on the first screen.
  const [showCustomer, setShowCustomer] = useCustomerCardShown();

  const reset = useOperation((key) => resetDevice(mac, key));
  const [resetOpen, setResetOpen] = useState(false);
  const [copied, setCopied] = useState(false);

  const refreshAll = () => [customer, wan, lan, voice, bc].forEach((section) => void section.refresh());
  const onRegenerated = (result: RegenerateResult) => {
    const key = sectionPath(mac, 'birth-certificates', language);
    void mutate<SectionResponse<SectionData['birth-certificates']>>(
      key,
      (current) =>
        current && {
          ...current,
          data: {
            ...current.data,
            certificates: [
              result.certificate,
              ...current.data.certificates.filter((item) => item.id !== result.certificate.id),
            ],
          },
        },
      { revalidate: false },
    );
  };

  const customerError = customer.error;
  // The customer's fibre node for the tools: unknown while the customer loads, none when it failed.
  const node = customer.data ? customer.data.data.node : customer.error ? null : undefined;
  const narrow = useMediaQuery(useTheme().breakpoints.down('md'));
  const crmLink =
    links.data && customer.data
      ? fillLink(links.data.crmObject, { mac, account: customer.data.data.customerAccountId }).href
      : null;
  const networkType = wan.data?.data.details.networkType;
  const customerPhone =
    customer.data?.data.phone && customer.data.data.phone !== '-' ? customer.data.data.phone : null;

  const card = <K extends keyof SectionData>(
    section: K,
    swr: ReturnType<typeof useSection<K>>,
    title: string,
    render: (data: SectionData[K]) => ReactNode,
    action?: ReactNode,
    testId?: string,
  ) => (
    <SectionCard
      title={title}
      name={t(`sections.${section}`)}
      state={swr}
      onRefresh={() => void swr.refresh()}
      action={action}
      testId={testId ?? `section-${section}`}
    >
      {render}
    </SectionCard>
  );

  const strip = <T,>(
    key: StripEntry['key'],
    label: string,
    swr: { data?: { data: T }; error?: { code: string } },
    summarize: (data: T) => SectionSummary,
  ): StripEntry => ({
    key,
    label,
    summary: swr.data ? summarize(swr.data.data) : null,
    error: swr.error ? te(`codes.${swr.error.code}` as 'codes.upstream_error') : null,
  });

  const bcPanel = (section: SectionData['birth-certificates']) => (
    <BirthCertificatePanel
      mac={mac}
      section={section}
      customerPhone={customerPhone}
      customerPhones={customer.data?.data.phones ?? []}
      canRegenerate={can(roles, 'regenerateBc')}
      canSendSms={can(roles, 'sendBcSms')}
      onRegenerated={onRegenerated}
    />
  );

  const panels: Record<TabKey, ReactNode> = {
    overview: (
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        {card('wan', wan, t('internet.title'), (data) => (
          <Stack spacing={2}>
            <InternetPanel wan={data} />
            <SignalSummary wan={data} />
            <FirmwareSummary wan={data} />
          </Stack>
        ))}
        {card('lan', lan, t('tabs.lan'), (data) => (
          <PlumeSummary lan={data} />
        ))}
        {card('voice', voice, t('tabs.voice'), (data) => (
          <VoicePanel
            mac={mac}
            voice={data}
            canOperate={can(roles, 'voiceOps')}
            onChanged={() => void voice.refresh()}
          />
        ))}
        {card(
          'birth-certificates',
          bc,
          t('bc.title'),
          (data) => bcPanel({ ...data, certificates: data.certificates.slice(0, 1) }),
          undefined,
          'section-bc',
        )}
      </Box>
    ),
    internet: card('wan', wan, t('internet.title'), (data) => (
      <Stack spacing={2}>
        <InternetPanel wan={data} />
        <SignalSummary wan={data} />
      </Stack>
    )),
    lan: card('lan', lan, t('tabs.lan'), (data) => (
      <Suspense fallback={<PageLoading />}>
        <LanPanel lan={data} />
      </Suspense>
    )),
    wan: card('wan', wan, t('tabs.wan', { networkType: networkType ?? 'EPON/GPON' }), (data) => (
      <Suspense fallback={<PageLoading />}>
        <WanPanel wan={data} />
      </Suspense>
    )),
    voice: card('voice', voice, t('tabs.voice'), (data) => (
      <VoicePanel
        mac={mac}
        voice={data}
        canOperate={can(roles, 'voiceOps')}
        onChanged={() => void voice.refresh()}
      />
    )),
    modem: card('wan', wan, t('modem.title'), (data) => <ModemPanel wan={data} lan={lan.data?.data} />),
    network: card('wan', wan, t('network.title'), (data) => (
      <NetworkPanel wan={data} customer={customer.data?.data} />
    )),
    voip: card('wan', wan, t('voip.title'), (data) => (
      <VoipPanel
        wan={data}
        voice={voice.data?.data}
        templateUrl={links.data ? fillLink(links.data.voipTemplate, { mac }).href : null}
      />
    )),
    epico: card(
      'birth-certificates',
      bc,
      t('epico.title'),
      (data) => <EpicoPanel bc={data} lan={lan.data?.data} />,
      undefined,
      'section-epico',
    ),
    tivo: card(
      'customer',
      customer,
      t('tivo.title'),
      (data) => <TivoPanel customer={data} />,
      undefined,
      'section-tivo',
    ),
    legacy: card(
      'customer',
      customer,
      t('legacy.title'),
      (data) => <LegacyPanel customer={data} />,
      undefined,
      'section-legacy',
    ),
    account: card(
      'customer',
      customer,
      t('tabs.account'),
      (data) => <AccountPanel customer={data} />,
      undefined,
      'section-account',
    ),
    bc: card('birth-certificates', bc, t('bc.title'), (data) => bcPanel(data), undefined, 'section-bc'),
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 1400 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h5" component="h1" sx={{ fontFamily: 'monospace' }} data-testid="view-mac">
            {formatMac(mac)}
          </Typography>
          <Tooltip title={copied ? t('copied') : t('copyMac')}>
            <IconButton
              size="small"
              aria-label={t('copyMac')}
              onClick={() => void navigator.clipboard?.writeText(formatMac(mac)).then(() => setCopied(true))}
            >
              <ContentCopyIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          {networkType && (
            <Chip size="small" color="primary" label={networkType} data-testid="network-type" />
          )}
        </Stack>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button size="small" startIcon={<RefreshIcon />} onClick={refreshAll}>
            {t('refreshAll')}
          </Button>
          {can(roles, 'deviceReset') && (
            <Button
              size="small"
              color="warning"
              variant="outlined"
              startIcon={<RestartAltIcon />}
              onClick={() => (reset.reset(), setResetOpen(true))}
              data-testid="reset-device"
            >
              {t('wan.reset')}
            </Button>
          )}
          <ExternalLinkButton size="small" label={t('links.crm')} href={crmLink} testId="crm-link" />
          {narrow && <ToolLinks compact links={links} mac={mac} node={node} />}
        </Stack>
      </Stack>
      {!narrow && <ToolLinks links={links} mac={mac} node={node} />}

      {customerError?.code === 'mac_not_found' && (
        <Alert severity="warning" data-testid="mac-not-found">
          {te('macNotFound', { mac: formatMac(mac) })} {t('notFoundHint')}
        </Alert>
      )}
      {customerError && customerError.code !== 'mac_not_found' && (
        <Alert severity="error" data-testid="customer-error">
          {te('errorOccurred')}
          {te(`codes.${customerError.code}`)}
          {customerError.path ? ` (${customerError.path})` : ''}
        </Alert>
      )}

      {customerError?.code !== 'mac_not_found' && (
        <SummaryStrip
          entries={[
            strip('wan', t('summary.wan'), wan, wanSummary),
            strip('lan', t('summary.lan'), lan, lanSummary),
            strip('voice', t('summary.voice'), voice, voiceSummary),
            strip('bc', t('summary.bc'), bc, certificateSummary),
          ]}
          onOpen={setTab}
        />
      )}

      {customerError?.code !== 'mac_not_found' && (
        <Paper variant="outlined" sx={{ p: 0 }}>
          <Collapse in={showCustomer} collapsedSize={0} data-testid="customer-collapse">
            {card('customer', customer, t('sections.customer'), (data) => (
              <CustomerHeader
                customer={data}
                headEnd={wan.data?.data.details.networkGroup ?? null}
                cmts={wan.data?.data.state.olt ?? null}
              />
            ))}
          </Collapse>
          <Button
            size="small"
            fullWidth
            onClick={() => setShowCustomer(!showCustomer)}
            aria-expanded={showCustomer}
            data-testid="customer-toggle"
            startIcon={showCustomer ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          >
            {showCustomer ? t('summary.hideCustomer') : t('summary.showCustomer')}
          </Button>
        </Paper>
      )}

      <Tabs
        value={tab}
        onChange={(_event, next: TabKey) => setTab(next)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('title')}
      >
        {TABS.map((key) => (
          <Tab
            key={key}
            value={key}
            label={
              key === 'wan' ? t('tabs.wan', { networkType: networkType ?? 'EPON/GPON' }) : t(`tabs.${key}`)
            }
            data-testid={`tab-${key}`}
          />
        ))}
      </Tabs>
      <Box
        role="tabpanel"
        aria-label={tab === 'wan' ? t('tabs.wan', { networkType: networkType ?? '' }) : t(`tabs.${tab}`)}
        data-testid={`panel-${tab}`}
      >
        {panels[tab]}
      </Box>

      <OperationDialog
        open={resetOpen}
        message={t('ops.resetConfirm', { mac: formatMac(mac) })}
        state={reset.state}
        sentMessage={
          reset.state.status === 'sent' ? t('ops.sent', { requestId: reset.state.result.requestId }) : ''
        }
        onConfirm={() => void reset.submit()}
        onClose={() => setResetOpen(false)}
        testId="reset-dialog"
      />
    </Stack>
  );
}
