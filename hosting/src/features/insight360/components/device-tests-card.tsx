/**
 * The "Tests from the device" card of the 360 view (docs/features.md, "Tests from the device"): a speed
 * test at the gateway against the plan, a ping and a traceroute to a target engineering keeps (chosen from
 * a list, never typed), and a Wi-Fi neighbour scan per band with its verdict and, for a Plume home, the
 * optimisation it suggests. Each test shows its state (not run, asked, running, its result, never
 * completed, unreachable, refused), who ran it and when; the view keeps working while one runs, and a live
 * region says how it goes. Its own chunk, loaded when the card nears the screen (device-tests-slot.tsx).
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  IconButton,
  LinearProgress,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useTranslation } from 'react-i18next';
import type { LanSection } from '@insight/common/customer360';
import type {
  DeviceTest,
  ScanBand,
  StartTestRequest,
  TestTarget,
  TracerouteResult,
  WifiScanResult,
} from '@insight/common/device-tests';
import {
  DEVICE_TEST_KINDS,
  isTestRunning,
  TEST_BOUND_MS,
  TEST_LIMITS,
  TEST_RESULT_FRESH_MS,
  type DeviceTestKind,
} from '@insight/common/device-test-verdicts';
import { can, type RoleKey } from '@insight/common/roles';
import { OperationDialogOnDemand as OperationDialog } from '../../../components/on-demand';
import { TableScroll } from '../../../components/table-scroll';
import { visuallyHidden } from '../../../components/visually-hidden';
import { useOperation } from '../../../hooks/use-operation';
import { HttpError } from '../../../lib/http-client';
import {
  optimiseWifi,
  runningTestOf,
  startDeviceTest,
  useDeviceTests,
  type DeviceTestsRead,
} from '../api/device-tests';
import { useTestTexts } from './device-test-texts';

const TITLE_ID = 'device-tests-title';
/** The ACS failed or did not answer. */
const ACS_DOWN = new Set(['upstream_error', 'upstream_timeout']);

export interface DeviceTestsCardProps {
  mac: string;
  roles: readonly RoleKey[];
  /** The LAN section: a Plume home may have its Wi-Fi optimised. */
  lan: LanSection | null;
  /** Why the device cannot be reached, from the diagnosis (its root cause's title). */
  reason: string | null;
}

/** A Plume home: its Wi-Fi is run by Plume, which can move its channels. */
const isPlumeHome = (lan: LanSection | null) => lan?.plume.license.status === 'active';

export default function DeviceTestsCard({ mac, roles, lan, reason }: DeviceTestsCardProps) {
  const { t } = useTranslation('insight360');
  const tests = useDeviceTests(mac);
  const status = tests.error ? 'error' : tests.data ? 'ready' : 'loading';
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby={TITLE_ID}
      data-testid="device-tests-card"
      data-state={status}
      sx={{ position: 'relative' }}
    >
      <CardHeader
        title={t('tests.title')}
        slotProps={{
          title: { variant: 'subtitle1', component: 'h2', id: TITLE_ID, sx: { fontWeight: 600 } },
        }}
        action={
          <IconButton
            size="small"
            onClick={() => void tests.refresh()}
            // Not while the view polls a running test: a focused button would lose the focus every 1.5 s.
            disabled={tests.isLoading}
            aria-label={t('tests.refresh')}
          >
            <RefreshIcon fontSize="small" />
          </IconButton>
        }
        sx={{ pb: 0 }}
      />
      <CardContent>
        {status === 'loading' && (
          <Box role="status" aria-label={t('tests.loading')}>
            <Skeleton height={28} />
            <Skeleton height={28} width="70%" />
          </Box>
        )}
        {tests.error && <ReadError error={tests.error} onRetry={() => void tests.refresh()} />}
        {tests.data && (
          <TestsBody
            mac={mac}
            roles={roles}
            lan={lan}
            reason={reason}
            read={tests.data}
            onStarted={tests.refresh}
          />
        )}
      </CardContent>
    </Card>
  );
}

/** The card's read failed: no ACS record, the ACS down, no right, or another error with a retry. */
function ReadError({ error, onRetry }: { error: HttpError; onRetry(): void }) {
  const { t } = useTranslation('insight360');
  const { t: te } = useTranslation('errors');
  const retry = (
    <Button color="inherit" size="small" onClick={onRetry}>
      {t('tests.retry')}
    </Button>
  );
  if (error.code === 'not_found')
    return (
      <Alert severity="info" data-testid="device-tests-no-acs">
        {t('tests.noAcs')}
      </Alert>
    );
  if (error.code === 'forbidden')
    return (
      <Alert severity="info" data-testid="device-tests-no-access">
        {t('tests.noAccess')}
      </Alert>
    );
  return (
    <Alert severity="error" data-testid="device-tests-error" data-code={error.code} action={retry}>
      {ACS_DOWN.has(error.code)
        ? t('tests.acsDown')
        : t('tests.readFailed', { message: te(`codes.${error.code}`) })}
    </Alert>
  );
}

/** What a refused start says, for its kind. */
function useRefusal() {
  const { t } = useTranslation('insight360');
  const { t: te } = useTranslation('errors');
  const texts = useTestTexts();
  return (kind: DeviceTestKind, error: HttpError, now: number): string => {
    const running = runningTestOf(error);
    if (running)
      return t(running.by ? 'tests.refused.running' : 'tests.refused.runningNobody', {
        kind: texts.kind(running.test),
        ago: texts.since(running.since, now),
        by: running.by,
      });
    switch (error.code) {
      case 'rate_limited':
        return t(error.retryAfterSeconds ? 'tests.refused.limit' : 'tests.refused.limitLater', {
          count: TEST_LIMITS[kind].points,
          kind: texts.kind(kind),
          minutes: Math.max(1, Math.ceil((error.retryAfterSeconds ?? 0) / 60)),
        });
      case 'forbidden':
        return t('tests.refused.forbidden');
      case 'not_found':
        return t('tests.noAcs');
      case 'invalid_input':
        return t('tests.refused.target');
      case 'upstream_error':
      case 'upstream_timeout':
        return t('tests.acsDown');
      default:
        return t('tests.refused.other', { message: te(`codes.${error.code}`) });
    }
  };
}

/** A test's state in words, for the live region (what changed since the last answer). */
function useProgressWords() {
  const { t } = useTranslation('insight360');
  const texts = useTestTexts();
  return (test: DeviceTest): string => {
    const kind = texts.kind(test.kind);
    if (test.state === 'complete' && test.result)
      return t('tests.announce.done', { kind, result: texts.result(test.result) });
    if (test.state === 'running' && test.phase) return `${kind}: ${t(`tests.phase.${test.phase}`)}`;
    return t(`tests.announce.${test.state}`, { kind });
  };
}

/** What the live region says: the last change of a test's state seen while the card is open. */
function useAnnouncement(tests: readonly DeviceTest[]): string {
  const words = useProgressWords();
  const seen = useRef<Map<DeviceTestKind, string> | null>(null);
  const [said, setSaid] = useState('');
  useEffect(() => {
    const now = new Map(tests.map((test) => [test.kind, `${test.id}:${test.state}:${test.phase ?? ''}`]));
    const before = seen.current;
    seen.current = now;
    // The first answer is the state as found: nothing changed yet.
    if (!before) return;
    const changed = tests.filter((test) => before.get(test.kind) !== now.get(test.kind));
    if (changed.length > 0) setSaid(changed.map(words).join(' '));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the words follow the language, the changes the tests
  }, [tests]);
  return said;
}

function TestsBody({
  mac,
  roles,
  lan,
  reason,
  read,
  onStarted,
}: {
  mac: string;
  roles: readonly RoleKey[];
  lan: LanSection | null;
  reason: string | null;
  read: DeviceTestsRead;
  onStarted(): Promise<unknown>;
}) {
  const { t } = useTranslation('insight360');
  const refusal = useRefusal();
  const [target, setTarget] = useState(read.targets[0]?.id ?? '');
  const [refused, setRefused] = useState<Partial<Record<DeviceTestKind, string>>>({});
  const [starting, setStarting] = useState<DeviceTestKind | null>(null);
  const [confirmSpeed, setConfirmSpeed] = useState(false);
  const keys = useRef(new Map<string, string>());
  const announcement = useAnnouncement(read.tests);
  const allowed = can(roles, 'deviceTests');
  const byKind = new Map(read.tests.map((test) => [test.kind, test]));

  const start = async (kind: DeviceTestKind) => {
    const request: StartTestRequest = kind === 'ping' || kind === 'traceroute' ? { kind, target } : { kind };
    // The same start tried again after a failure carries the same key, as the other operations do
    // (hooks/use-operation.ts): a start that went through before its answer was lost is not made twice.
    const attempt = JSON.stringify(request);
    const key = keys.current.get(attempt) ?? crypto.randomUUID();
    keys.current.set(attempt, key);
    setStarting(kind);
    setRefused(({ [kind]: _gone, ...rest }) => rest);
    try {
      await startDeviceTest(mac, request, key);
      keys.current.delete(attempt);
      await onStarted();
    } catch (error) {
      if (error instanceof HttpError)
        setRefused((now) => ({ ...now, [kind]: refusal(kind, error, read.readAt) }));
      else throw error;
    } finally {
      setStarting(null);
    }
  };

  return (
    <Stack spacing={2}>
      {/* Pinned to the card's corner: where its text would run, it would widen a phone's page. */}
      <Box
        role="status"
        aria-live="polite"
        sx={{ ...visuallyHidden, top: 0, left: 0 }}
        data-testid="device-tests-announce"
      >
        {announcement}
      </Box>
      {!allowed && (
        <Typography variant="body2" color="text.secondary" data-testid="device-tests-denied">
          {t('tests.denied')}
        </Typography>
      )}
      {DEVICE_TEST_KINDS.map((kind) => {
        const test = byKind.get(kind) ?? null;
        const running = test !== null && isTestRunning(test.state);
        const needsTarget = kind === 'ping' || kind === 'traceroute';
        return (
          <TestRow
            key={kind}
            kind={kind}
            test={test}
            reason={reason}
            now={read.readAt}
            refused={refused[kind] ?? null}
            targets={read.targets}
            before={
              kind === 'ping' ? (
                <TargetSelect
                  targets={read.targets}
                  value={target}
                  onChange={setTarget}
                  disabled={!allowed}
                />
              ) : null
            }
            run={
              <Button
                size="small"
                variant="outlined"
                disabled={!allowed || running || starting === kind || (needsTarget && !target)}
                onClick={() => (kind === 'speed' ? setConfirmSpeed(true) : void start(kind))}
                data-testid={`device-test-${kind}-run`}
                // The name starts with the words shown (WCAG 2.5.3), then says which test.
                aria-label={t('tests.runLabel', {
                  action: test ? t('tests.runAgain') : t('tests.run'),
                  kind: t(`tests.kinds.${kind}`),
                })}
                sx={{ flexShrink: 0 }}
              >
                {test ? t('tests.runAgain') : t('tests.run')}
              </Button>
            }
          >
            {kind === 'wifiScan' && test?.result?.kind === 'wifiScan' && (
              <ScanDetails
                mac={mac}
                result={test.result}
                plume={isPlumeHome(lan)}
                canOptimise={can(roles, 'wifiOptimise')}
              />
            )}
            {kind === 'traceroute' && test?.result?.kind === 'traceroute' && (
              <HopsTable result={test.result} />
            )}
          </TestRow>
        );
      })}
      <OperationDialog
        open={confirmSpeed}
        title={t('tests.speed.confirmTitle')}
        message={t('tests.speed.confirm')}
        confirmLabel={t('tests.speed.start')}
        state={{ status: 'idle' }}
        sentMessage=""
        onConfirm={() => (setConfirmSpeed(false), void start('speed'))}
        onClose={() => setConfirmSpeed(false)}
        testId="device-test-speed-confirm"
      />
    </Stack>
  );
}

/** The ping and traceroute target: one of the list engineering keeps, never a typed host. */
function TargetSelect({
  targets,
  value,
  onChange,
  disabled,
}: {
  targets: readonly TestTarget[];
  value: string;
  onChange(id: string): void;
  disabled: boolean;
}) {
  const { t } = useTranslation('insight360');
  if (targets.length === 0)
    return (
      <Typography variant="body2" color="text.secondary" data-testid="device-test-no-target">
        {t('tests.noTarget')}
      </Typography>
    );
  return (
    <TextField
      select
      size="small"
      label={t('tests.target')}
      helperText={t('tests.targetHelp')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled}
      // The phone's and the browser's own list: keyboard and touch as the platform does them.
      slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'device-test-target' } }}
      sx={{ maxWidth: 360 }}
      fullWidth
    >
      {targets.map((target) => (
        <option key={target.id} value={target.id}>
          {t('tests.targetOption', { label: target.label, host: target.host })}
        </option>
      ))}
    </TextField>
  );
}

/** One kind of test: its heading and Run button, its state and result. */
function TestRow({
  kind,
  test,
  reason,
  now,
  refused,
  targets,
  before,
  run,
  children,
}: {
  kind: DeviceTestKind;
  test: DeviceTest | null;
  reason: string | null;
  now: number;
  refused: string | null;
  targets: readonly TestTarget[];
  before: ReactNode;
  run: ReactNode;
  children: ReactNode;
}) {
  const texts = useTestTexts();
  const id = `device-test-${kind}`;
  return (
    <Box component="section" aria-labelledby={`${id}-title`} data-testid={id}>
      {before && <Box sx={{ mb: 1.5 }}>{before}</Box>}
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="subtitle2" component="h3" id={`${id}-title`}>
          {texts.kind(kind)}
        </Typography>
        {run}
      </Stack>
      <TestState kind={kind} test={test} reason={reason} now={now} targets={targets} />
      {test?.state === 'complete' && children}
      {refused && (
        <Alert severity="warning" sx={{ mt: 1 }} data-testid={`${id}-refused`}>
          {refused}
        </Alert>
      )}
    </Box>
  );
}

/** The state of a kind's newest test, in words. */
function TestState({
  kind,
  test,
  reason,
  now,
  targets,
}: {
  kind: DeviceTestKind;
  test: DeviceTest | null;
  reason: string | null;
  /** When the answer came: what "3 minutes ago" counts from. */
  now: number;
  targets: readonly TestTarget[];
}) {
  const { t } = useTranslation('insight360');
  const texts = useTestTexts();
  const id = `device-test-${kind}-state`;
  if (!test)
    return (
      <Typography variant="body2" color="text.secondary" data-testid={id} data-state="idle">
        {t('tests.notRun')}
      </Typography>
    );
  const who = texts.ranBy(test, now);
  const target = targets.find((item) => item.id === test.target);
  const on = target ? t('tests.to', { label: target.label }) : '';
  if (isTestRunning(test.state))
    return (
      <Box data-testid={id} data-state={test.state} data-phase={test.phase ?? undefined}>
        <Typography variant="body2">
          {test.state === 'running' && test.phase
            ? t(`tests.phase.${test.phase}`)
            : t(test.state === 'running' ? 'tests.running' : 'tests.requested')}
          {on}
        </Typography>
        <LinearProgress aria-label={t('tests.progress', { kind: texts.kind(kind) })} sx={{ mt: 0.5 }} />
        <Typography variant="caption" color="text.secondary">
          {t('tests.started', { who })}
        </Typography>
      </Box>
    );
  const line = (severity: 'info' | 'warning' | 'error', text: string) => (
    <Alert severity={severity} sx={{ mt: 0.5 }} data-testid={id} data-state={test.state}>
      <Typography variant="caption" component="p" sx={{ fontWeight: 600 }}>
        {who}
      </Typography>
      {text}
    </Alert>
  );
  switch (test.state) {
    case 'timedOut':
      return line('warning', t('tests.timedOut', { seconds: TEST_BOUND_MS[kind] / 1000 }));
    case 'unreachable':
      return line('error', reason ? t('tests.unreachable', { reason }) : t('tests.unreachableUnknown'));
    case 'failed':
      return line(
        'error',
        test.error?.code === 'acsError'
          ? t('tests.acsFailed')
          : test.error?.detail
            ? t('tests.deviceError', { detail: test.error.detail })
            : t('tests.deviceErrorBare'),
      );
    default: {
      const stale = now - Date.parse(test.endedAt ?? test.requestedAt) >= TEST_RESULT_FRESH_MS;
      return (
        <Box data-testid={id} data-state={test.state} data-stale={stale}>
          <Typography variant="caption" color="text.secondary" component="p">
            {who}
            {stale ? ` · ${t('tests.stale')}` : ''}
          </Typography>
          {test.result?.kind === 'wifiScan' ? (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid={`device-test-${kind}-result`}>
              {test.result.bands.map((band) => (
                <Typography component="li" variant="body2" key={band.band} data-band={band.band}>
                  {texts.scanBand(band)}
                </Typography>
              ))}
            </Box>
          ) : (
            <Typography variant="body2" data-testid={`device-test-${kind}-result`}>
              {test.result ? texts.result(test.result) : t('tests.noResult')}
            </Typography>
          )}
        </Box>
      );
    }
  }
}

function HopsTable({ result }: { result: TracerouteResult }) {
  const { t } = useTranslation('insight360');
  const texts = useTestTexts();
  const caption = t('tests.traceroute.caption', { host: texts.target(result) });
  return (
    <TableScroll label={caption}>
      <Table size="small" data-testid="device-test-hops">
        <caption style={visuallyHidden}>{caption}</caption>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {t('tests.traceroute.hop')}
            </TableCell>
            <TableCell component="th" scope="col">
              {t('tests.traceroute.host')}
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              {t('tests.traceroute.ms')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {result.hops.map((hop) => (
            <TableRow key={hop.hop} data-testid="device-test-hop">
              <TableCell component="th" scope="row">
                {hop.hop}
              </TableCell>
              {/* The name, then the address under it: a long name breaks at its dots and dashes first. */}
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                {hop.host || hop.address ? (
                  <>
                    {hop.host}
                    {hop.host && hop.address && <br />}
                    {hop.address && (
                      <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                        {hop.address}
                      </Typography>
                    )}
                  </>
                ) : (
                  t('tests.traceroute.unknownHost')
                )}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {hop.rttMs === null ? t('tests.traceroute.noAnswer') : `${texts.ms(hop.rttMs)} ms`}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableScroll>
  );
}

/** A scan per band: each band's line, and the optimisation a busy or congested band of a Plume home offers. */
function ScanDetails({
  mac,
  result,
  plume,
  canOptimise,
}: {
  mac: string;
  result: WifiScanResult;
  plume: boolean;
  canOptimise: boolean;
}) {
  const offered = result.bands.filter((band) => band.verdict !== 'clear' && band.betterChannel !== null);
  // One optimisation at a time: the first band that would gain (2.4 GHz comes first).
  const band = offered[0];
  if (!band || !plume) return null;
  return <OptimiseAction mac={mac} band={band} allowed={canOptimise} />;
}

function OptimiseAction({ mac, band, allowed }: { mac: string; band: ScanBand; allowed: boolean }) {
  const { t } = useTranslation('insight360');
  const texts = useTestTexts();
  const [open, setOpen] = useState(false);
  const optimise = useOperation((key) => optimiseWifi(mac, band.band, key));
  const sent = optimise.state.status === 'sent' ? optimise.state.result : null;
  const words = { band: texts.band(band.band), from: band.channel ?? '—', to: band.betterChannel ?? '—' };
  return (
    <Box sx={{ mt: 1 }}>
      <Button
        size="small"
        variant="contained"
        disabled={!allowed}
        onClick={() => (optimise.reset(), setOpen(true))}
        data-testid="wifi-optimise"
      >
        {t('tests.optimise.button', words)}
      </Button>
      {!allowed && (
        <Typography variant="caption" color="text.secondary" component="p" data-testid="wifi-optimise-denied">
          {t('tests.optimise.denied')}
        </Typography>
      )}
      {sent && (
        <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="wifi-optimise-done">
          {t('tests.optimise.done', {
            band: texts.band(sent.band),
            before: sent.before ?? '—',
            after: sent.after,
          })}
        </Typography>
      )}
      <OperationDialog
        open={open}
        title={t('tests.optimise.title')}
        message={t('tests.optimise.confirm', words)}
        state={optimise.state}
        sentTitle={t('tests.optimise.sentTitle')}
        sentMessage={
          sent
            ? t('tests.optimise.done', {
                band: texts.band(sent.band),
                before: sent.before ?? '—',
                after: sent.after,
              })
            : ''
        }
        onConfirm={() => void optimise.submit()}
        onClose={() => setOpen(false)}
        testId="wifi-optimise-dialog"
      />
    </Box>
  );
}
