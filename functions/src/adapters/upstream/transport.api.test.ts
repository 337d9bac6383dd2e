import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { call, httpTransport, keepAlivePool, requestText, type ServiceConfig } from './transport';

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
    res.write('{"partial":');
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
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const transport = httpTransport({ apiKey: 'k-123' });
const service = (timeoutMs = 1000, baseUrl = base): ServiceConfig => ({ baseUrl, timeoutMs, transport });

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
      1000,
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

  it('when no answer comes, then the call fails as a timeout within its timeout', async () => {
    const started = performance.now();
    const error = await call(service(300), { path: '/never' }, z.unknown()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('upstream_timeout');
    expect((error as AppError).path).toBe('/never');
    expect(performance.now() - started).toBeGreaterThanOrEqual(299);
    expect(performance.now() - started).toBeLessThan(300 + 150);
  });

  it('when the body stalls after the headers, then the call fails as a timeout', async () => {
    const started = performance.now();
    const error = await call(service(300), { path: '/stalls-after-headers' }, z.unknown()).catch(
      (e: unknown) => e,
    );
    expect((error as AppError).code).toBe('upstream_timeout');
    expect(performance.now() - started).toBeLessThan(300 + 150);
  });

  it('when every connection is busy, then a call still waiting for one times out on time', async () => {
    const single = httpTransport({ dispatcher: keepAlivePool(1) });
    const busy: ServiceConfig = { baseUrl: base, timeoutMs: 300, transport: single };
    const first = call(busy, { path: '/never' }, z.unknown()).catch((e: unknown) => e);
    const started = performance.now();
    const queued = await call(busy, { path: '/echo' }, z.unknown()).catch((e: unknown) => e);
    expect((queued as AppError).code).toBe('upstream_timeout');
    expect(performance.now() - started).toBeLessThan(300 + 150);
    expect(((await first) as AppError).code).toBe('upstream_timeout');
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
    const error = await call(service(1000, `http://127.0.0.1:${port}`), { path: '/x' }, z.unknown()).catch(
      (e: unknown) => e,
    );
    expect((error as AppError).code).toBe('upstream_error');
    expect((error as AppError).message).toBe('Upstream unreachable');
  });
});
