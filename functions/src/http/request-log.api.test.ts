import request from 'supertest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Logger } from '../lib/logger';
import { traceFields } from './middleware/request-log';
import { appWith, fakeUpstream, tokenFor } from '../testing/fake-upstream';
import { healthyRoutes, MAC } from '../testing/fixtures';
import { WAIT } from '../testing/wait';

const ONU = '/api/fe/wan/v1/pon/onu/{mac}';
const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';

function capture() {
  const lines: Array<{ severity: string; message: string; data: Record<string, unknown> }> = [];
  const logger: Logger = {
    info: (message, data = {}) => lines.push({ severity: 'INFO', message, data }),
    warn: (message, data = {}) => lines.push({ severity: 'WARNING', message, data }),
    error: (message, data = {}) => lines.push({ severity: 'ERROR', message, data }),
  };
  return { logger, lines };
}

function setup(routes: Record<string, never> = {}) {
  const { logger, lines } = capture();
  const upstream = fakeUpstream({ ...healthyRoutes(), ...routes });
  const { app } = appWith(upstream.transport, { logger, projectId: 'insight-prod' });
  return { app, lines };
}

/** The request lines (one per request), once `count` are written: a line is written when the answer is finished. */
async function requestLines(lines: ReturnType<typeof capture>['lines'], count = 1) {
  const written = () => lines.filter((line) => 'route' in line.data);
  await vi.waitFor(() => expect(written().length).toBeGreaterThanOrEqual(count), WAIT);
  return written();
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('request log', () => {
  it('when a view is asked, then one structured line has the trace, route, status, duration and each upstream call', async () => {
    // The clock the log reads: it moves only while the ONU's state is asked, by 60 ms, once the calls made
    // beside it have answered (the fake upstream answers them at once).
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => clock);
    const { app, lines } = setup({
      [`GET ${ONU}/state`]: (async () => {
        await new Promise((resolve) => setImmediate(resolve));
        clock += 60;
        return healthyRoutes()[`GET ${ONU}/state`];
      }) as never,
    });
    const res = await request(app)
      .get(`/api/360/${MAC}/wan`)
      .set('authorization', tokenFor('u1', ['support1']))
      .set('x-cloud-trace-context', `${TRACE}/1234567890;o=1`);
    expect(res.status).toBe(200);
    const logged = await requestLines(lines);
    expect(logged).toHaveLength(1);
    const { severity, message, data } = logged[0]!;
    expect(severity).toBe('INFO');
    expect(message).toMatch(/^GET \/api\/360\/:mac\/wan 200 \d+ ms$/);
    expect(data).toMatchObject({
      'logging.googleapis.com/trace': `projects/insight-prod/traces/${TRACE}`,
      'logging.googleapis.com/spanId': (1234567890).toString(16).padStart(16, '0'),
      'logging.googleapis.com/trace_sampled': true,
      httpRequest: { requestMethod: 'GET', status: 200 },
      route: '/api/360/:mac/wan',
      method: 'GET',
      status: 200,
      uid: 'u1',
      mac: MAC,
      upstreamFailures: 0,
    });
    expect(data.durationMs).toBe(60);
    const upstream = data.upstream as Array<{
      path: string;
      outcome: string;
      status: number;
      durationMs: number;
    }>;
    expect(upstream.length).toBe(data.upstreamCalls);
    expect(upstream.map((call) => call.path)).toContain(`${ONU}/state`);
    expect(upstream.every((call) => call.outcome === 'ok' && call.status === 200)).toBe(true);
    expect(data.slowestUpstream).toMatchObject({ path: `${ONU}/state` });
    expect(upstream.find((call) => call.path === `${ONU}/state`)!.durationMs).toBe(60);
    expect(
      upstream.filter((call) => call.path !== `${ONU}/state`).every((call) => call.durationMs === 0),
    ).toBe(true);
  });

  it('when an upstream call fails, then the line names the failing call and its outcome: a warning when the view still answered, an error for a 5xx', async () => {
    const { app, lines } = setup({
      [`GET ${ONU}/state`]: { status: 503, body: { message: 'down' } } as never,
    });
    const view = await request(app)
      .get(`/api/360/${MAC}`)
      .set('authorization', tokenFor('u1', ['support1']));
    expect(view.status).toBe(200);
    const section = await request(app)
      .get(`/api/360/${MAC}/wan`)
      .set('authorization', tokenFor('u1', ['support1']));
    expect(section.status).toBe(502);
    const [line, sectionLine] = await requestLines(lines, 2);
    expect(line!.data.route).toBe('/api/360/:mac');
    expect(line!.severity).toBe('WARNING');
    expect(sectionLine!.severity).toBe('ERROR');
    expect(line!.data.upstreamFailures).toBeGreaterThan(0);
    expect(line!.data.upstream).toContainEqual(
      expect.objectContaining({ path: `${ONU}/state`, status: 503, outcome: 'error' }),
    );
  });

  it('never writes a token, a key or a phone number, from the query, the body or the headers', async () => {
    const { app, lines } = setup();
    const token = tokenFor('u1', ['support1']);
    await request(app)
      .get('/api/search?q=613-555-0199')
      .set('authorization', token)
      .set('x-api-key', 'secret-key-123');
    await request(app)
      .post(`/api/360/${MAC}/birth-certificates/sms`)
      .set('authorization', token)
      .send({ phone: '(613) 555-0199', certificateId: 'bc-2' });
    await request(app).get('/api/360/not-a-mac/wan').set('authorization', 'Bearer forged-token-xyz');
    const logged = await requestLines(lines);
    expect(logged.map((line) => line.data.route)).toEqual([
      '/api/search',
      '/api/360/:mac/birth-certificates/sms',
      'unmatched',
    ]);
    const text = JSON.stringify(lines);
    for (const secret of [
      '613-555-0199',
      '6135550199',
      '555-0199',
      '5550199',
      'test-u1',
      'forged-token',
      'secret-key',
    ])
      expect(text, secret).not.toContain(secret);
  });

  it('when the answer is a server error, then the line is an error; without a project id, no trace field', async () => {
    const { logger, lines } = capture();
    const upstream = fakeUpstream(healthyRoutes());
    const { app } = appWith(upstream.transport, {
      logger,
      verifyToken: async () => {
        throw Object.assign(new TypeError('boom'), { status: undefined });
      },
      currentRoles: undefined,
    });
    await request(app)
      .get(`/api/360/${MAC}/wan`)
      .set('authorization', 'Bearer x')
      .set('x-cloud-trace-context', TRACE);
    const line = (await requestLines(lines))[0]!;
    expect(line.data).not.toHaveProperty('logging.googleapis.com/trace');
    expect(line.data.status).toBeGreaterThanOrEqual(400);
  });
});

describe('traceFields', () => {
  it('reads X-Cloud-Trace-Context and traceparent, and nothing without a project id', () => {
    expect(traceFields({ cloudTrace: `${TRACE}/1;o=0` }, 'p')).toEqual({
      'logging.googleapis.com/trace': `projects/p/traces/${TRACE}`,
      'logging.googleapis.com/spanId': '0000000000000001',
      'logging.googleapis.com/trace_sampled': false,
    });
    expect(traceFields({ traceparent: `00-${TRACE}-00f067aa0ba902b7-01` }, 'p')).toEqual({
      'logging.googleapis.com/trace': `projects/p/traces/${TRACE}`,
      'logging.googleapis.com/spanId': '00f067aa0ba902b7',
      'logging.googleapis.com/trace_sampled': true,
    });
    expect(traceFields({ cloudTrace: TRACE }, undefined)).toEqual({});
    expect(traceFields({ cloudTrace: 'garbage' }, 'p')).toEqual({});
  });
});
