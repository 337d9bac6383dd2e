/**
 * GET /api/360/{mac}/history (docs/history.md): the device's seven days from the history store, behind the
 * 360 view's capability and MAC validation, one query set per device per cache age for every viewer.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_POINTS, type HistorySection } from '@insight/common/history';
import type { SectionResponse } from '@insight/common/customer360';
import { httpTransport, type Transport } from '../adapters/upstream/transport';
import { createApp } from '../app';
import { HISTORY_CACHE } from '../config/cache-ages';
import { MemoryAuditSink } from '../domain/audit/audit-sink';
import { MemoryUserDirectory } from '../domain/users/user-directory';
import { appWith, fakeUpstream, testVerifyToken, tokenFor } from '../testing/fake-upstream';
import { startSimulator } from '../testing/simulator';

const QUERY_RANGE = '/api/v1/query_range';
let sim: Awaited<ReturnType<typeof startSimulator>>;
const UPSTREAM_TIMEOUT_MS = 20_000;
let app: ReturnType<typeof createApp>;
let now = Date.UTC(2026, 10, 20, 14, 7);
/** The history queries that reached the simulator, by their selector. */
const queries: string[] = [];
const support = tokenFor('support1', ['support1']);
const install = tokenFor('install', ['install']);

beforeAll(async () => {
  // The upstream deadline is one only a failure reaches: no test here is about it, and a process starved
  // of CPU on a busy machine (npm test runs these beside the emulator suites) took over 2 s for a call.
  sim = await startSimulator({ seed: 'history-route-tests' }, UPSTREAM_TIMEOUT_MS);
  const http = httpTransport();
  const counting: Transport = (baseUrl, req, timeoutMs) => {
    if (req.path === QUERY_RANGE) queries.push(req.query?.query ?? '');
    return http(baseUrl, req, timeoutMs);
  };
  app = createApp({
    version: 'test',
    verifyToken: testVerifyToken,
    audit: new MemoryAuditSink(),
    directory: new MemoryUserDirectory([]),
    upstream: {
      ...sim.upstream,
      history: { baseUrl: sim.base, timeoutMs: UPSTREAM_TIMEOUT_MS, transport: counting },
    },
    now: () => now,
  });
});
afterAll(() => sim.close());

const history = (mac: string, token = support) =>
  request(app).get(`/api/360/${mac}/history`).set('authorization', token);

describe('GET /api/360/{mac}/history', () => {
  it('a flapping device: its losses of signal in the last 24 hours, no dying gasp; two agents’ views make one query', async () => {
    const [device] = await sim.catalogue('flapping', 1);
    const before = queries.length;
    const first = await history(device!.mac);
    expect(first.status).toBe(200);
    const body = first.body as SectionResponse<HistorySection>;
    expect(body.cached).toBe(false);
    expect(body.data.mac).toBe(device!.mac.toLowerCase());
    expect(body.data.step).toBe(900);
    expect(body.data.times).toHaveLength(HISTORY_POINTS);
    expect(body.data.times.at(-1)).toBe(Date.UTC(2026, 10, 20, 14, 0) / 1000);
    const dayAgo = new Date(now - 86_400_000).toISOString();
    expect(body.data.events.filter((e) => e.kind === 'los' && e.at > dayAgo).length).toBeGreaterThanOrEqual(
      3,
    );
    expect(body.data.events.filter((e) => e.kind === 'dyingGasp')).toEqual([]);
    expect(body.data.up.at(-1)).toBe(1);
    expect(body.data.rxPower.some((value) => value === null)).toBe(true);
    // Another agent, a refresh, a spelling with colons: the same device, the same answer, no new query.
    const second = await request(app)
      .get(`/api/360/${device!.mac.match(/../g)!.join(':')}/history?refresh=1`)
      .set('authorization', install);
    expect(second.status).toBe(200);
    expect(second.body.cached).toBe(true);
    expect(second.body.data).toEqual(body.data);
    expect(queries.length - before).toBe(1);
    expect(queries.at(-1)).toContain(`mac="${device!.mac.toLowerCase()}"`);
    // Once the cache's age has passed, the next view asks again.
    now += HISTORY_CACHE.ttlMs + 1000;
    expect((await history(device!.mac)).body.cached).toBe(false);
    expect(queries.length - before).toBe(2);
  });

  it('a device the store does not know: an empty history, not an error', async () => {
    const res = await history('A4C1E8FFFFFE');
    expect(res.status).toBe(200);
    const data = (res.body as SectionResponse<HistorySection>).data;
    expect(data.times).toHaveLength(HISTORY_POINTS);
    expect(data.rxPower.every((value) => value === null)).toBe(true);
    expect(data.up.every((value) => value === null)).toBe(true);
    expect(data.pods).toEqual([]);
    expect(data.events).toEqual([]);
  });

  it('a bad MAC is 400 invalid_mac, and no request is unauthenticated or roleless: none reaches the store', async () => {
    const before = queries.length;
    for (const mac of ['not-a-mac', 'a4c1e8"}or{x', 'A4C1E80000001', '%22%7D']) {
      const res = await history(mac);
      expect(res.status, mac).toBe(400);
      expect(res.body.error.code).toBe('invalid_mac');
    }
    expect((await request(app).get('/api/360/A4C1E8000000/history')).status).toBe(401);
    expect((await history('A4C1E8000000', tokenFor('nobody', []))).status).toBe(403);
    expect(queries.length).toBe(before);
  });
});

describe('GET /api/360/{mac}/history when the store fails', () => {
  it('its error answer is 502 upstream_error, its timeout 504 upstream_timeout, naming the path and not the query', async () => {
    const { transport } = fakeUpstream({
      [`GET ${QUERY_RANGE}`]: (req) =>
        req.query?.query?.includes('a4c1e8000002')
          ? { status: 503, body: { status: 'error', errorType: 'unavailable', error: 'no store' } }
          : { status: 200, body: { status: 'error', errorType: 'timeout', error: 'query timed out' } },
    });
    const { app: failing } = appWith(transport);
    const down = await request(failing).get('/api/360/A4C1E8000002/history').set('authorization', support);
    expect(down.status).toBe(502);
    expect(down.body.error).toMatchObject({ code: 'upstream_error', path: QUERY_RANGE });
    expect(JSON.stringify(down.body)).not.toContain('__name__');
    const slow = await request(failing).get('/api/360/A4C1E8000004/history').set('authorization', support);
    expect(slow.status).toBe(504);
    expect(slow.body.error.code).toBe('upstream_timeout');
  });
});
