import {
  lazy,
  memo,
  startTransition,
  Suspense,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Alert, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { heldActions, rootCauseOf } from '@insight/common/diagnosis';
import { Redirect, useParams } from 'wouter';
import { formatMac, normalizeMac } from '@insight/common/mac';
import type { RoleKey } from '@insight/common/roles';
import { rememberLookup } from '../../../hooks/use-recent-lookups';
import { titleOf, useDocumentTitle } from '../../../lib/document-title';
import { isSlowConnection } from '../../../lib/lazy-page';
import { useAuth } from '../../../providers/auth-provider';
import { usePreferences } from '../../../providers/preferences-provider';
import { useDiagnosis, useLooks, usePlaybook } from '../api/diagnosis';
import { useExternalLinks } from '../api/external-links';
import { useDeviceHistory } from '../api/history';
import { useDeviceTests } from '../api/device-tests';
import { useViewSections, type ViewSections } from '../api/sections';
import { useDebouncedMac } from '../hooks/use-debounced-mac';
import { useDeviceOutage } from '../hooks/use-device-outage';
import { useTabParam } from '../hooks/use-tab-param';
import { useKeepView, useViewSource } from '../hooks/use-kept-view';
import { KeptViewFrame, NotKeptAlert } from './kept-view-frame';
import { FindingsList } from './findings-list';
import { LookChanges } from './look-changes';
import { OperationsDone } from './operations-done';
import { OutageBanner } from './outage-banner';
import { SkipLinks } from './skip-links';
import { DeviceTestsContext } from './device-tests-slot';
import { useFindingTexts } from './finding-texts';
import { SummaryStrip, useStripEntries } from './summary-strip';
import { afterNextPaint } from './after-next-paint';
import { ViewHeader } from './view-header';
import { TAB_KEYS } from './tab-keys';

// Asked for once: each call of a dynamic import runs the build's preload helper over the chunk's every
// import again (6.5 ms of the drawing task that mounts the tabs, in a profile at 1×).
let details: Promise<typeof import('./view-details')> | null = null;
const loadDetails = () =>
  (details ??= import('./view-details').catch((error: unknown) => {
    // A chunk that failed to load (offline, a new deployment) is asked for again next time.
    details = null;
    throw error;
  }));
const ViewDetails = lazy(loadDetails);

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

/**
 * How long the view waits for its slowest answer, once the first has arrived, before it draws what sits
 * under the findings with what it has (the slow section then shows its own loading state).
 */
export const REVEAL_WAIT_MS = 800;

/** Runs `callback` when the browser is idle (soon, at the latest); returns what cancels it. */
function whenIdle(callback: () => void): () => void {
  if (window.requestIdleCallback) {
    const handle = window.requestIdleCallback(callback, { timeout: 2_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(callback, 300);
  return () => window.clearTimeout(timer);
}

/**
 * The view draws from the top down and never inserts anything above what is on screen (no layout
 * shift): 0, the header, the summary and the findings at once; once every answer is in (or
 * REVEAL_WAIT_MS after the first), 1, the changes since the last look, the customer card and the tab bar;
 * 2, the open tab's panel (the tab bar measures the page when it mounts: with the panel in the same
 * commit, that measure laid the panel out too, in one task of 50–70 ms on this machine). Each stage is a transition (rendered in slices, so the page stays responsive
 * while it draws), a commit of its own, and starts once the stage before is painted: the findings are on
 * screen before the code and the work of what lies under them begin. Two stages after the findings, not
 * four: each stage waits for a frame (docs/performance.md, `bench:e2e`).
 */
type Stage = 0 | 1 | 2;
const LAST_STAGE: Stage = 2;

function useRevealStage(sections: ViewSections, looksAnswered: boolean): Stage {
  const answered = Object.values(sections).filter((section) => !section.isLoading).length;
  const all = answered === Object.keys(sections).length && looksAnswered;
  const some = answered > 0;
  const [stage, setStage] = useState<Stage>(0);
  useEffect(() => {
    const next = (value: Stage) => startTransition(() => setStage(value));
    if (stage === LAST_STAGE) return;
    if (stage > 0) return afterNextPaint(() => next((stage + 1) as Stage));
    if (!some) return;
    if (all) return afterNextPaint(() => next(1));
    const timer = window.setTimeout(() => next(1), REVEAL_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [stage, all, some]);
  return stage;
}

function Insight360View({ mac: requestedMac }: { mac: string }) {
  const mac = useDebouncedMac(requestedMac)!;
  // Offline, the view kept on the device, read-only (docs/field-mode.md).
  const source = useViewSource(mac);
  if (source.kind === 'pending') return null;
  if (source.kind === 'missing') return <NotKeptAlert mac={mac} />;
  if (source.kind === 'kept')
    return (
      <KeptViewFrame view={source.view}>
        <DeviceView key={`${mac}:kept`} mac={mac} kept />
      </KeptViewFrame>
    );
  // Another device is another view: drawn again from the top.
  return <DeviceView key={mac} mac={mac} />;
}

/**
 * The reads of one device's view. Their answers arrive as external-store updates, which React renders at
 * once and in one task; the view is drawn from a deferred copy instead, in a transition (in slices, the
 * page stays responsive while a burst of answers is drawn). The reads that start once the view is drawn
 * (the week of history, the open outages, the device's tests) are made here too, for the same reason:
 * read in the view's body, each of their answers drew the whole view again in one task (32–48 ms on this
 * machine, four times that on the phone of `bench:lighthouse`). The body says how far it has drawn.
 */
function DeviceView({ mac, kept = false }: { mac: string; kept?: boolean }) {
  const { t, i18n } = useTranslation('insight360');
  const language = i18n.language === 'fr' ? 'fr' : 'en';
  const sections = useViewSections(mac, language);
  const links = useExternalLinks();
  const playbook = usePlaybook();
  const looks = useLooks(mac);
  const { customer, wan, lan, voice, bc, neighbourhood } = sections;
  const [stage, setStage] = useState<Stage>(0);
  const drawn = stage === LAST_STAGE;
  // The week of history, asked for once the view is drawn (a kept view, offline, reads none): before, its
  // request and its answer's work would share the network and the page's thread with the sections the
  // first findings wait for. Its findings join the diagnosis when it arrives; the History card, drawn with
  // the last stage, shares the same request.
  const history = useDeviceHistory(kept || !drawn ? null : mac);
  // An open outage that covers the device: the banner under the header, and the diagnosis's known outage.
  // Read once the findings are drawn (its request and the schema it loads would otherwise share the
  // network with the answers they wait for); a view kept offline reads none.
  const outage = useDeviceOutage(wan, !kept && stage >= 1);
  // The tests run from the device (speed, ping, traceroute, Wi-Fi scan): read once the view is drawn, and
  // asked for again here while one runs, for every reader (the card, wherever it is drawn, and the
  // diagnosis, which their results of the last hour grade). A view kept offline reads none, nor a MAC no
  // customer is known for (it offers no operation).
  const testsLive = !kept && customer.error?.code !== 'mac_not_found';
  const deviceTests = useDeviceTests(testsLive && drawn ? mac : null, { poll: true });
  // Tabs of several views tell their devices and customers apart (docs/requirements.md, "Page titles").
  useDocumentTitle(
    titleOf(formatMac(mac), customer.data?.data.name.line1, t('titles.insight360', { ns: 'common' })),
    1,
  );
  // What field mode keeps (api/kept-view.ts: the sections, the looks, the playbook, the links).
  const answers = useMemo(
    () => ({ sections, links, playbook, looksAnswered: !looks.isLoading }),
    // The SWR objects change identity on every render; their state is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [
      customer.data,
      customer.error,
      customer.isLoading,
      customer.isValidating,
      wan.data,
      wan.error,
      wan.isLoading,
      wan.isValidating,
      lan.data,
      lan.error,
      lan.isLoading,
      lan.isValidating,
      voice.data,
      voice.error,
      voice.isLoading,
      voice.isValidating,
      bc.data,
      bc.error,
      bc.isLoading,
      bc.isValidating,
      neighbourhood.data,
      neighbourhood.error,
      neighbourhood.isLoading,
      neighbourhood.isValidating,
      links.data,
      links.error,
      playbook,
      looks.isLoading,
    ],
  );
  const snapshot = useMemo(
    () => ({ ...answers, history, outage, deviceTests, testsLive }),
    // Likewise.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [
      answers,
      history.data,
      history.error,
      history.isLoading,
      history.isValidating,
      outage,
      deviceTests.data,
      deviceTests.error,
      deviceTests.isLoading,
      deviceTests.isValidating,
      testsLive,
    ],
  );
  // Kept again when what it keeps changes, not when the history or a test's progress does.
  useKeepView(mac, language, answers, !kept);
  const shown = useDeferredValue(snapshot);
  return <ViewBody mac={mac} onStage={setStage} {...shown} />;
}

interface ViewBodyProps {
  mac: string;
  sections: ViewSections;
  links: ReturnType<typeof useExternalLinks>;
  playbook: ReturnType<typeof usePlaybook>;
  looksAnswered: boolean;
  history: ReturnType<typeof useDeviceHistory>;
  outage: ReturnType<typeof useDeviceOutage>;
  deviceTests: ReturnType<typeof useDeviceTests>;
  testsLive: boolean;
  /** Told each stage the body has drawn (the reads that wait for it start then). */
  onStage: (stage: Stage) => void;
}

const NO_ROLES: readonly RoleKey[] = [];

const ViewBody = memo(function ViewBody({
  mac,
  sections,
  links,
  playbook,
  looksAnswered,
  history,
  outage,
  deviceTests,
  testsLive,
  onStage,
}: ViewBodyProps) {
  const { t } = useTranslation('insight360');
  const { t: te } = useTranslation('errors');
  const { state } = useAuth();
  const customerError = sections.customer.error;
  const unknownMac = customerError?.code === 'mac_not_found';
  // A MAC no customer is known for offers no operation: the roles only gate operations in this view.
  const roles = state.status === 'signedIn' && !unknownMac ? state.user.roles : NO_ROLES;
  const uid = state.status === 'signedIn' ? state.user.uid : null;
  // Looks stored from this moment on are this view's own (the API stores one after its answer).
  const [openedAt] = useState(() => Date.now());

  const stage = useRevealStage(sections, looksAnswered);
  const drawn = stage === LAST_STAGE;
  useEffect(() => onStage(stage), [onStage, stage]);
  const diagnosis = useDiagnosis(sections, history, outage, deviceTests.data?.results);
  // A root cause that holds the reset (the port is out…): the header's reset says so before it is sent.
  const root = rootCauseOf(diagnosis.findings);
  // It also says why a device cannot be reached for a test.
  const findingTexts = useFindingTexts(playbook);
  // Without a root cause, the link's first failure (the ONU is not ranged…) says it.
  const unreachableBy =
    root ?? diagnosis.findings.find((item) => item.group === 'link' && item.severity === 'fail') ?? null;
  const testsView = { reason: unreachableBy ? findingTexts(unreachableBy).title : null, live: testsLive };
  const resetHeldBy = root && heldActions(root.key).includes('reset') ? root.key : null;
  const strip = useStripEntries(diagnosis.input, diagnosis, playbook);
  const [tab, setTab] = useTabParam(TAB_KEYS);

  // The lookup joins the user's recent ones once the view is drawn, or at once when the user leaves it
  // before (its write would share the network with the view's answers). With a mouse, on a fast
  // connection, the detailed tabs' code loads once the browser is idle after the view is drawn; on a phone
  // it loads when a finger or the keyboard reaches the tabs (view-details.tsx), not on every view.
  const remembered = useRef(false);
  useEffect(() => {
    if (!uid) return;
    const remember = () => {
      if (remembered.current) return;
      remembered.current = true;
      void rememberLookup(uid, mac).catch(() => undefined);
    };
    if (!drawn) return remember;
    remember();
  }, [drawn, uid, mac]);
  useEffect(() => {
    if (!drawn || isSlowConnection() || !window.matchMedia?.('(pointer: fine)').matches) return;
    return whenIdle(
      () =>
        void loadDetails()
          .then(({ preloadTabs }) => preloadTabs())
          .catch(() => undefined),
    );
  }, [drawn]);
  // The details' code loads once the findings are drawn, not before (it would share the network with
  // the answers the findings wait for).
  useEffect(() => {
    if (stage >= 1) void loadDetails().catch(() => undefined);
  }, [stage]);

  return (
    <Stack spacing={2} sx={{ maxWidth: 1400 }} data-stage={stage}>
      <SkipLinks />
      <ViewHeader
        mac={mac}
        roles={roles}
        sections={sections}
        links={links}
        resetHeld={resetHeldBy ? t(`diagnosis.actionHeld.${resetHeldBy}`) : null}
      />
      {outage && <OutageBanner outage={outage} />}
      <OperationsDone mac={mac} sections={sections} />
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
        tests={deviceTests.data?.fresh}
        onOpenTab={setTab}
      />
      {stage >= 1 && customerError?.code !== 'mac_not_found' && (
        <>
          <LookChanges
            mac={mac}
            measures={diagnosis.measures}
            complete={diagnosis.pending.length === 0}
            openedAt={openedAt}
          />
        </>
      )}
      {stage >= 1 && (
        <Suspense fallback={null}>
          <DeviceTestsContext value={testsView}>
            <ViewDetails
              mac={mac}
              roles={roles}
              sections={sections}
              links={links.data}
              withCustomer={customerError?.code !== 'mac_not_found'}
              upTo={stage >= 2 ? 'panel' : 'tabs'}
              tab={tab}
              onTab={setTab}
            />
          </DeviceTestsContext>
        </Suspense>
      )}
    </Stack>
  );
});
