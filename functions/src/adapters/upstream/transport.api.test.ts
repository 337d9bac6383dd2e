import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { call, httpTransport, keepAlivePool, requestText, type ServiceConfig } from './transport';

/** Answers the stalling route has written (its headers and a first chunk). */
let stalled = 0;
/** The clock's own timer, kept for waiting on the loopback server while a test fakes the timers. */
const realSetTimeout = globalThis.setTimeout;

/** Waits (on the real clock) until `condition` holds, at most 5 s. */
async function until(condition: () => boolean) {
  for (const deadline = Date.now() + 30_000; !condition();) {
    if (Date.now() > deadline) throw new Error('the state never came');
    await new Promise((resolve) => realSetTimeout(resolve, 10));
  }
}

/** A call's outcome as it goes: whether it has settled, and its error (undefined if it answered). */
function watch(promise: Promise<unknown>) {
  const outcome = {
    settled: false,
    error: promise.then(
      () => undefined,
      (error: unknown) => error,
    ),
  };
  void outcome.error.finally(() => (outcome.settled = true));
  return outcome;
}

/** A loopback server whose answers are chosen by path, including awkward ones. */
const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  // "é" is two bytes in UTF-8: the first chunk ends in the middle of it.
  '/split-utf8': (_req, res) => {
    const body = Buffer.from(JSON.stringify({ name: 'Gé'.repeat(3), padding: 'x'.repeat(70_000) }));
    const cut = body.indexOf(Buffer.from('é')) + 1;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write(body.subarray(0, cut));
    setTimeout(() => res.end(body.subarray(cut)), 10);
  },
  '/echo': (req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          method: req.method,
          url: req.url,
          accept: req.headers.accept,
          apiKey: req.headers['x-api-key'] ?? null,
          contentType: req.headers['content-type'] ?? null,
          body: body ? JSON.parse(body) : null,
        }),
      );
    });
  },
  '/never': () => undefined,
  '/stalls-after-headers': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"partial":', () => (stalled += 1));
  },
  '/not-json': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"gateway": {"model": "trunc');
  },
  '/error-text': (_req, res) => {
    res.writeHead(503, { 'content-type': 'text/plain' });
    res.end('maintenance window');
  },
};

let server: Server;
let base: string;
beforeAll(async () => {
  // Any other path is echoed, so that tests can see what reached the server.
  server = createServer((req, res) => (routes[req.url!.split('?')[0]!] ?? routes['/echo']!)(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const transport = httpTransport({ apiKey: 'k-123' });
// A deadline that a healthy answer of the local server meets even from a starved process (the tests of
// the deadline itself give theirs, with fake timers).
const HEALTHY_MS = 30_000;
const service = (timeoutMs = HEALTHY_MS, baseUrl = base): ServiceConfig => ({
  baseUrl,
  timeoutMs,
  transport,
});

describe('upstream transport', () => {
  it('when a multi-byte character is split across chunks, then the answer decodes intact', async () => {
    const answer = await call(service(), { path: '/split-utf8' }, z.object({ name: z.string() }));
    expect(answer?.name).toBe('GéGéGé');
  });

  it('when a call has parameters, a query and a body, then they arrive encoded with the service headers', async () => {
    const answer = (await transport(
      `${base}/`,
      {
        method: 'PUT',
        path: '/{name}',
        params: { name: 'echo' },
        query: { language: 'fr', q: 'a b&c' },
        body: { a: 1 },
      },
      HEALTHY_MS,
    )) as { status: number; body: Record<string, unknown> };
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      method: 'PUT',
      url: '/echo?language=fr&q=a+b%26c',
      accept: 'application/json',
      apiKey: 'k-123',
      contentType: 'application/json',
      body: { a: 1 },
    });
  });

  it('when a parameter holds a slash or dots, then it stays one encoded path segment', async () => {
    const answer = await call(
      service(),
      { path: '/devices/{mac}/state', params: { mac: '../../admin' } },
      z.object({ url: z.string() }),
    );
    expect(answer?.url).toBe('/devices/..%2F..%2Fadmin/state');
  });

  it('when requestText is given a whole request, then it answers status and text', async () => {
    const raw = await requestText(keepAlivePool(2), { origin: base, path: '/echo?x=1', method: 'GET' });
    expect(raw.status).toBe(200);
    expect(JSON.parse(raw.text)).toMatchObject({ method: 'GET', url: '/echo?x=1' });
  });

  it('when no answer comes, then the call fails as a timeout when its time has passed, not before', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const outcome = watch(call(service(300), { path: '/never' }, z.unknown()));
    await vi.advanceTimersByTimeAsync(299);
    expect(outcome.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome.error;
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('upstream_timeout');
    expect((error as AppError).path).toBe('/never');
  });

  it('when the body stalls after the headers, then the call fails as a timeout at its own time', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const outcome = watch(call(service(300), { path: '/stalls-after-headers' }, z.unknown()));
    await until(() => stalled > 0);
    expect(outcome.settled).toBe(false);
    // The call's own deadline, not undici's body timer (a second later), ends it.
    await vi.advanceTimersByTimeAsync(300);
    expect(((await outcome.error) as AppError).code).toBe('upstream_timeout');
  });

  it('when every connection is busy, then a call still waiting for one times out on time', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const single = httpTransport({ dispatcher: keepAlivePool(1) });
    const busy: ServiceConfig = { baseUrl: base, timeoutMs: 300, transport: single };
    const first = watch(call(busy, { path: '/never' }, z.unknown()));
    const queued = watch(call(busy, { path: '/echo' }, z.unknown()));
    await vi.advanceTimersByTimeAsync(299);
    expect([first.settled, queued.settled]).toEqual([false, false]);
    // Both deadlines pass together: the queued call does not wait for the first one's connection.
    await vi.advanceTimersByTimeAsync(1);
    expect(((await queued.error) as AppError).code).toBe('upstream_timeout');
    expect(((await first.error) as AppError).code).toBe('upstream_timeout');
  });

  it('when a 200 answer is not JSON, then it is an upstream error naming the path, not a crash', async () => {
    const error = await call(service(), { path: '/not-json' }, z.unknown()).catch((e: unknown) => e);
    expect((error as AppError).code).toBe('upstream_error');
    expect((error as AppError).message).toMatch(/not JSON/);
  });

  it('when an error answer is plain text, then its start becomes the message', async () => {
    const error = await call(service(), { path: '/error-text' }, z.unknown()).catch((e: unknown) => e);
    expect((error as AppError).status).toBe(502);
    expect((error as AppError).message).toBe('Upstream answered 503: maintenance window');
  });

  it('when nothing listens, then the call fails as unreachable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await call(
      service(HEALTHY_MS, `http://127.0.0.1:${port}`),
      { path: '/x' },
      z.unknown(),
    ).catch((e: unknown) => e);
    expect((error as AppError).code).toBe('upstream_error');
    expect((error as AppError).message).toBe('Upstream unreachable');
  });
});
