/**
 * The tests run from the device (docs/device-tests.md): GET /api/360/{mac}/tests, the newest test of each
 * kind and the targets engineering keeps, and the operations that start a test and optimise the Wi-Fi.
 * Each GET advances the running tests (the API asks the ACS), so the read is asked again every
 * TESTS_POLL_MS while a test is requested or running, and not otherwise. Answers are parsed with the shared
 * schemas (common/src/device-tests.ts), loaded with the first answer: the view's first load carries no
 * schema library (docs/architecture.md, "First load").
 */
import { useState } from 'react';
import useSWR from 'swr';
import type {
  DeviceTest,
  DeviceTestKind,
  DeviceTestsAnswer,
  StartTestRequest,
  TestResult,
  TestRunningDetails,
  WifiBand,
  WifiOptimiseResult,
} from '@insight/common/device-tests';
import { apiFetch, HttpError } from '../../../lib/http-client';

/** How often the tests are read again while one is requested or running. */
export const TESTS_POLL_MS = 1_500;

/** GET and POST /api/360/{mac}/tests (the API path, without /api). */
export const deviceTestsPath = (mac: string) => `/360/${mac}/tests`;

const loadContract = () => import('@insight/common/device-tests');

/** The answer, whether a test is running, and the tests whose results may grade the device. */
export interface DeviceTestsRead extends DeviceTestsAnswer {
  /** When the answer came (what "3 minutes ago" and the results' freshness count from). */
  readAt: number;
  running: boolean;
  /** The complete tests younger than an hour when the answer came, and their results (the diagnosis's). */
  fresh: DeviceTest[];
  results: TestResult[];
}

type Contract = Awaited<ReturnType<typeof loadContract>>;
interface Parser<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/**
 * An answer checked against the contract, whose schema loads beside the request; an answer that does not
 * follow it is the API's own error, said as such.
 */
async function parsed<T>(
  path: string,
  answer: Promise<unknown>,
  schemaOf: (contract: Contract) => Parser<T>,
): Promise<{ data: T; contract: Contract }> {
  const [contract, body] = await Promise.all([loadContract(), answer]);
  const result = schemaOf(contract).safeParse(body);
  if (!result.success) throw new HttpError(200, 'internal', 'The answer does not follow the contract.', path);
  return { data: result.data, contract };
}

async function readDeviceTests(path: string): Promise<DeviceTestsRead> {
  const { data, contract } = await parsed(
    path,
    apiFetch<unknown>(path),
    (module) => module.deviceTestsAnswerSchema,
  );
  const { tests, targets } = data;
  const readAt = Date.now();
  return {
    tests,
    targets,
    readAt,
    running: tests.some((test) => contract.isTestRunning(test.state)),
    fresh: tests.filter((test) => contract.freshResults([test], readAt).length > 0),
    results: contract.freshResults(tests, readAt),
  };
}

const OPTIONS = {
  revalidateOnFocus: false,
  shouldRetryOnError: false,
  // Shorter than the poll: each poll asks again; two readers mounting together share one request.
  dedupingInterval: 1_000,
} as const;

/**
 * The device's tests. `poll`: this reader asks again while a test runs (the view does, once for all its
 * readers: the card and the diagnosis share its answers); null `mac` reads nothing.
 */
export function useDeviceTests(mac: string | null, { poll = false }: { poll?: boolean } = {}) {
  // SWR sets its timer when the interval changes: a number that follows the answer, not a function of it
  // (a function's first 0, before any answer, would never be asked again).
  const [polling, setPolling] = useState(false);
  const swr = useSWR<DeviceTestsRead, HttpError>(mac ? deviceTestsPath(mac) : null, readDeviceTests, {
    ...OPTIONS,
    refreshInterval: polling ? TESTS_POLL_MS : 0,
  });
  const running = poll && (swr.data?.running ?? false);
  if (running !== polling) setPolling(running);
  return { ...swr, refresh: () => swr.mutate() };
}

/** Operations carry the key of the attempt (hooks/use-operation): a retry with it is not done twice. */
const post = (path: string, body: unknown, idempotencyKey: string) =>
  apiFetch<unknown>(path, { method: 'POST', body, headers: { 'idempotency-key': idempotencyKey } });

/** POST /api/360/{mac}/tests: the test as the API took it (202). */
export async function startDeviceTest(
  mac: string,
  request: StartTestRequest,
  key: string,
): Promise<DeviceTest> {
  const path = deviceTestsPath(mac);
  return (await parsed(path, post(path, request, key), (contract) => contract.deviceTestSchema)).data;
}

/** POST /api/360/{mac}/wifi-optimise: the band's channel before and after. */
export async function optimiseWifi(mac: string, band: WifiBand, key: string): Promise<WifiOptimiseResult> {
  const path = `/360/${mac}/wifi-optimise`;
  return (await parsed(path, post(path, { band }, key), (contract) => contract.wifiOptimiseResultSchema))
    .data;
}

/** The running test a start was refused for (409 conflict, `testRunning`): its kind, since when and by whom. */
export function runningTestOf(error: unknown): TestRunningDetails | null {
  if (!(error instanceof HttpError) || error.code !== 'conflict') return null;
  const details = error.rawDetails as Partial<TestRunningDetails> | undefined;
  return details?.kind === 'testRunning' && typeof details.since === 'string'
    ? {
        kind: 'testRunning',
        test: (details.test ?? 'speed') as DeviceTestKind,
        since: details.since,
        by: typeof details.by === 'string' ? details.by : null,
      }
    : null;
}
