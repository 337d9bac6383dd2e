import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HISTORY_POINTS, historyRange } from '@insight/common/history';
import { AppError } from '../../lib/app-error';
import { httpTransport, type Transport, type UpstreamRequest } from '../upstream/transport';
import { createPrometheusHistory, MAX_EVENTS_PER_STEP } from './prometheus-history';

const MAC = 'a4c1e8000000';
const range = historyRange(Date.UTC(2026, 10, 20, 14, 7));
const T = (i: number) => range.start + i * 900;
const matrix = (result: unknown[]) => ({ status: 'success', data: { resultType: 'matrix', result } });
const series = (name: string, values: unknown[], labels: Record<string, string> = {}) => ({
  metric: { __name__: name, mac: MAC, olt: 'OLT-OTT-1', port: '1/1/1', ...labels },
  values,
});

/** A store that answers `body` with `status`, and keeps the requests it was sent. */
function store(body: unknown, status = 200) {
  const requests: UpstreamRequest[] = [];
  const transport: Transport = async (_base, request) => {
    requests.push(request);
    return { status, body };
  };
  return {
    requests,
    history: createPrometheusHistory({ baseUrl: 'http://store', timeoutMs: 1000, transport }),
  };
}

describe('the Prometheus history adapter', () => {
  it('asks one range query for every series of the device, on the 15-minute grid, its label from the validated MAC', async () => {
    const { requests, history } = store(matrix([]));
    await history.read(MAC, range);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.path).toBe('/api/v1/query_range');
    expect(requests[0]!.query).toMatchObject({
      query:
        '{__name__=~"onu_rx_power_dbm|onu_tx_power_dbm|olt_rx_power_dbm|onu_oper_up|onu_los_events_total|onu_dying_gasp_events_total|wifi_pod_health_score|wifi_clients",mac="a4c1e8000000"}',
      start: String(range.start),
      end: String(range.end),
      step: '900',
    });
    expect(range.start % 900).toBe(0);
    expect(range.end - range.start).toBe(7 * 86_400);
    await expect(history.read('A4C1E8000000', range)).rejects.toMatchObject({ code: 'invalid_mac' });
    await expect(history.read('a4c1e8"}or{', range)).rejects.toMatchObject({ code: 'invalid_mac' });
    expect(requests).toHaveLength(1);
  });

  it('an unknown device (no series): every point null and no event, not an error', async () => {
    const section = await store(matrix([])).history.read(MAC, range);
    expect(section.times).toHaveLength(HISTORY_POINTS);
    expect(section.times[0]).toBe(range.start);
    expect(section.start).toBe(new Date(range.start * 1000).toISOString());
    for (const values of [section.rxPower, section.txPower, section.oltRxPower, section.up, section.clients])
      expect(values.every((value) => value === null)).toBe(true);
    expect(section.pods).toEqual([]);
    expect(section.events).toEqual([]);
  });

  it('garbage becomes gaps: NaN, ±Inf, text, a number for a string, a value out of range, a time off the grid, an up of 0.5', async () => {
    const { history } = store(
      matrix([
        series('onu_rx_power_dbm', [
          [T(0), '-18.2'],
          [T(1), 'NaN'],
          [T(2), '+Inf'],
          [T(3), 'banana'],
          [T(4), -18.4],
          [T(5), '-400'],
          [T(6) + 17, '-18.3'],
          [T(7)],
          'not a sample',
          [T(8), '0x10'],
          [T(9), ''],
          [T(10), '-18.5'],
        ]),
        series('onu_oper_up', [
          [T(0), '1'],
          [T(1), '0.5'],
          [T(2), '0'],
        ]),
        // Another device's series is not this one's.
        { metric: { __name__: 'onu_tx_power_dbm', mac: 'a4c1e8000002' }, values: [[T(0), '2.5']] },
        // A series of no known name.
        { metric: { __name__: 'node_load1', mac: MAC }, values: [[T(0), '1']] },
      ]),
    );
    const section = await history.read(MAC, range);
    expect(section.rxPower.slice(0, 11)).toEqual([
      -18.2,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      -18.5,
    ]);
    expect(section.up.slice(0, 3)).toEqual([1, null, 0]);
    expect(section.txPower.every((value) => value === null)).toBe(true);
  });

  it('counters become events: each increase that many at the later point, across a gap; a reset counts from zero; a leap is garbage', async () => {
    const { history } = store(
      matrix([
        series('onu_los_events_total', [
          [T(0), '4'],
          [T(1), '4'],
          [T(2), '6'],
          // T(3) missing: a gap.
          [T(4), '7'],
          [T(5), '1'],
          [T(6), String(1 + MAX_EVENTS_PER_STEP + 1)],
        ]),
        series('onu_dying_gasp_events_total', [
          [T(0), '0'],
          [T(3), '1'],
        ]),
        series('wifi_pod_health_score', [[T(0), '90']], { pod: 'pod-b' }),
        series('wifi_pod_health_score', [[T(0), '101']], { pod: 'gateway' }),
        series('wifi_pod_health_score', [[T(0), '40']], { pod: 'pod-a' }),
      ]),
    );
    const section = await history.read(MAC, range);
    const at = (i: number) => new Date(T(i) * 1000).toISOString();
    expect(section.events).toEqual([
      { kind: 'los', at: at(2) },
      { kind: 'los', at: at(2) },
      { kind: 'dyingGasp', at: at(3) },
      { kind: 'los', at: at(4) },
      { kind: 'los', at: at(5) },
    ]);
    expect(section.pods.map((pod) => [pod.pod, pod.health[0]])).toEqual([
      ['gateway', null],
      ['pod-a', 40],
      ['pod-b', 90],
    ]);
  });

  it('the store failing: its error answer, an error status or a malformed answer is upstream_error; its own timeout upstream_timeout', async () => {
    const fails = async (body: unknown, status = 200) => {
      const error = await store(body, status)
        .history.read(MAC, range)
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AppError);
      return error as AppError;
    };
    expect(
      (await fails({ status: 'error', errorType: 'bad_data', error: 'parse error at char 3' }, 400)).code,
    ).toBe('upstream_error');
    expect((await fails({ status: 'error', errorType: 'timeout', error: 'query timed out' })).code).toBe(
      'upstream_timeout',
    );
    expect((await fails({ message: 'down' }, 503)).code).toBe('upstream_error');
    expect((await fails({ status: 'success', data: { resultType: 'vector', result: [] } })).code).toBe(
      'upstream_error',
    );
    expect((await fails('<html>')).code).toBe('upstream_error');
    expect((await fails(matrix([]), 504)).code).toBe('upstream_timeout');
    expect((await fails(matrix([]), 504)).path).toBe('/api/v1/query_range');
  });
});

describe('the Prometheus history adapter over HTTP', () => {
  let server: Server;
  let base: string;
  let held = 0;
  const realSetTimeout = globalThis.setTimeout;
  beforeAll(async () => {
    // A store that never answers (its requests are held), or is not there at all.
    server = createServer(() => held++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(() => vi.useRealTimers());
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('a store that does not answer fails as upstream_timeout when the call’s time has passed, not before', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const history = createPrometheusHistory({ baseUrl: base, timeoutMs: 2000, transport: httpTransport() });
    let settled = false;
    const outcome = history.read(MAC, range).then(
      () => null,
      (error: unknown) => error,
    );
    void outcome.finally(() => (settled = true));
    for (const deadline = Date.now() + 30_000; held === 0;) {
      if (Date.now() > deadline) throw new Error('the request never reached the store');
      await new Promise((resolve) => realSetTimeout(resolve, 10));
    }
    await vi.advanceTimersByTimeAsync(1999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toMatchObject({ code: 'upstream_timeout', path: '/api/v1/query_range' });
  });

  it('a store that is down (connection refused) is upstream_error', async () => {
    const refused = createServer();
    await new Promise<void>((resolve) => refused.listen(0, '127.0.0.1', resolve));
    const port = (refused.address() as AddressInfo).port;
    await new Promise((resolve) => refused.close(resolve));
    const history = createPrometheusHistory({
      baseUrl: `http://127.0.0.1:${port}`,
      timeoutMs: 30_000,
      transport: httpTransport(),
    });
    await expect(history.read(MAC, range)).rejects.toMatchObject({ code: 'upstream_error' });
  });
});
