import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { toSectionError } from '../domain/section-error';
import { AppError } from '../lib/app-error';
import type { Logger } from '../lib/logger';
import { runWithRequestRecord } from '../lib/request-context';
import { appWith, fakeUpstream, tokenFor } from '../testing/fake-upstream';
import { healthyRoutes, MAC } from '../testing/fixtures';
import { WAIT } from '../testing/wait';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const TRACE_FIELD = `projects/insight-prod/traces/${TRACE}`;

function capture() {
  const lines: Array<{ severity: string; message: string; data: Record<string, unknown> }> = [];
  const logger: Logger = {
    info: (message, data = {}) => lines.push({ severity: 'INFO', message, data }),
    warn: (message, data = {}) => lines.push({ severity: 'WARNING', message, data }),
    error: (message, data = {}) => lines.push({ severity: 'ERROR', message, data }),
  };
  return { logger, lines };
}

/** An app whose threshold rules fail with `error` (each wan section reads them, outside any settle). */
function failingApp(error: () => unknown) {
  const { logger, lines } = capture();
  const { app } = appWith(fakeUpstream(healthyRoutes()).transport, {
    logger,
    projectId: 'insight-prod',
    thresholds: { current: () => Promise.reject(error()) },
  });
  const get = (path: string) =>
    request(app)
      .get(path)
      .set('authorization', tokenFor('u1', ['engineering']))
      .set('x-cloud-trace-context', `${TRACE}/1;o=1`);
  return { get, lines };
}

const streamLines = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { section: string; status: number; body: unknown });

/** Once the request's own log line is written (when the answer has finished, after what it logged). */
const settled = (lines: ReturnType<typeof capture>['lines']) =>
  vi.waitFor(() => expect(lines.some((line) => 'durationMs' in line.data)).toBe(true), WAIT);

describe('one error path', () => {
  it('when an unknown error is thrown in a section of the stream, then it is logged once with the trace id and answered internal without its message', async () => {
    const { get, lines } = failingApp(() => new Error('database password is hunter2'));
    const res = await get(`/api/360/${MAC}?sections=wan`);
    expect(res.status).toBe(200);
    const [wan] = streamLines(res.text);
    expect(wan).toMatchObject({
      section: 'wan',
      status: 500,
      body: { error: { code: 'internal', message: 'Internal error' } },
    });
    expect(res.text).not.toContain('hunter2');
    await settled(lines);
    const errors = lines.filter((line) => line.message === 'unhandled error');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.severity).toBe('ERROR');
    expect(errors[0]!.data['logging.googleapis.com/trace']).toBe(TRACE_FIELD);
    expect(String(errors[0]!.data.error)).toContain('hunter2');
  });

  it('when one unknown error fails several sections, then it is still logged once', async () => {
    const shared = new Error('shared failure');
    const { get, lines } = failingApp(() => shared);
    const res = await get(`/api/360/${MAC}?sections=wan,lan,birth-certificates`);
    const failed = streamLines(res.text).filter((line) => line.status === 500);
    expect(failed.length).toBeGreaterThanOrEqual(2);
    await settled(lines);
    expect(lines.filter((line) => line.message === 'unhandled error')).toHaveLength(1);
  });

  it('when an unknown error reaches a part of a section (toSectionError) during a request, then it is logged once with the trace id', () => {
    const { logger, lines } = capture();
    const error = new TypeError('undefined is not a function');
    const trace = { 'logging.googleapis.com/trace': TRACE_FIELD };
    const value = runWithRequestRecord({ upstream: [], trace, logger }, () => {
      toSectionError(error);
      return toSectionError(error);
    });
    expect(value).toEqual({ error: { code: 'internal', message: 'Internal error' } });
    expect(lines.filter((line) => line.message === 'unhandled error')).toEqual([
      expect.objectContaining({ data: expect.objectContaining(trace) }),
    ]);
  });

  it.each([
    ['an unknown error', () => new Error('secret')],
    ['a thrown string', () => 'secret'],
    [
      'an upstream timeout with its path',
      () => new AppError('upstream_timeout', 'The WAN service did not answer', { path: '/api/fe/wan/{mac}' }),
    ],
    ['a conflict with details', () => new AppError('conflict', 'In use', { details: { inUse: 3 } })],
    ['a client error', () => new URIError('URI malformed')],
  ])(
    'when %s is met, then the error middleware, the stream and toSectionError give the same body',
    async (_name, error) => {
      const { get } = failingApp(error);
      const single = await get(`/api/360/${MAC}/wan`);
      const [streamed] = streamLines((await get(`/api/360/${MAC}?sections=wan`)).text);
      const part = runWithRequestRecord({ upstream: [], logger: capture().logger }, () =>
        toSectionError(error()),
      );
      expect(streamed!.body).toEqual(single.body);
      expect(part).toEqual(single.body);
      expect(streamed!.status).toBe(single.status);
      expect(JSON.stringify(single.body)).not.toContain('secret');
    },
  );

  it('when an error is answered 500 internal on purpose with a cause (the roles could not be read), then its cause is logged once with the route and the trace id', async () => {
    const { logger, lines } = capture();
    const { app } = appWith(fakeUpstream(healthyRoutes()).transport, {
      logger,
      projectId: 'insight-prod',
      currentRoles: () => Promise.reject(new Error('user directory unreachable: deadline exceeded')),
    });
    const res = await request(app)
      .get(`/api/360/${MAC}/wan`)
      .set('authorization', tokenFor('u1', ['engineering']))
      .set('x-cloud-trace-context', `${TRACE}/1;o=1`);
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: { code: 'internal', message: 'The roles could not be checked' } });
    expect(res.text).not.toContain('deadline');
    await settled(lines);
    const causes = lines.filter((line) => line.severity === 'ERROR' && line.message === 'internal error');
    expect(causes).toHaveLength(1);
    expect(causes[0]!.data).toMatchObject({
      'logging.googleapis.com/trace': TRACE_FIELD,
      method: 'GET',
      route: `/api/360/${MAC}/wan`,
      error: 'The roles could not be checked',
    });
    expect(String(causes[0]!.data.cause)).toContain('user directory unreachable: deadline exceeded');
  });

  it('when a route answers 500 internal on purpose, then the line names the route pattern, and the same error mapped twice is logged once', () => {
    const { logger, lines } = capture();
    const error = new AppError('internal', 'The audit record could not be written', {
      cause: new Error('quota'),
    });
    runWithRequestRecord(
      { upstream: [], logger, route: () => ({ method: 'POST', route: '/api/360/:mac/reset' }) },
      () => {
        toSectionError(error);
        toSectionError(error);
      },
    );
    expect(lines).toEqual([
      {
        severity: 'ERROR',
        message: 'internal error',
        data: expect.objectContaining({
          route: '/api/360/:mac/reset',
          method: 'POST',
          cause: expect.stringContaining('quota'),
        }),
      },
    ]);
  });

  it('when an error is answered with a status other than 500 (a client error, an upstream timeout), then no error line is written for it', () => {
    const { logger, lines } = capture();
    runWithRequestRecord({ upstream: [], logger }, () => {
      toSectionError(new AppError('upstream_timeout', 'late', { cause: new Error('timeout') }));
      toSectionError(new AppError('forbidden', 'no'));
    });
    expect(lines).toEqual([]);
  });
});
