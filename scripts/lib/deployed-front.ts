/**
 * A front for the hosting emulator that serves the portal the way deployed Firebase Hosting does, for
 * `bench:lighthouse` (docs/performance.md, "First paint"): HTTP/2 over TLS (one connection per origin,
 * where the emulator speaks HTTP/1.1 and a browser opens six connections and queues the rest), and the
 * hashed build files from an edge cache, Brotli-compressed once, answered without a trip to the origin
 * (the emulator compresses each answer again with gzip). Everything else (the HTML, the protected pages'
 * shell, /api and its streamed answers) passes through to the emulator as it answers.
 *
 * Bench only: a self-signed certificate made for 127.0.0.1 when the front starts (the browser that uses it
 * runs with --ignore-certificate-errors), listening on 127.0.0.1.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/** Headers of one hop that HTTP/2 forbids or that the other hop sets itself. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'host',
  'http2-settings',
]);

/** The request's or answer's headers for the other hop: no pseudo-headers (`:path`…), no hop-by-hop ones. */
function forwardable(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined && !name.startsWith(':') && !HOP_BY_HOP.has(name)) kept[name] = value;
  return kept;
}

interface Cached {
  status: number;
  headers: Record<string, string | string[]>;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** A self-signed certificate and key for 127.0.0.1 (openssl, one day). */
function selfSigned(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(path.join(tmpdir(), 'insight-front-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Whether an Accept-Encoding header takes `coding`. */
const accepts = (header: string | undefined, coding: string) =>
  (header ?? '').split(',').some((part) => part.trim().split(';')[0] === coding);

/**
 * Starts the front before `upstream` (the hosting emulator's origin). Resolves with its https origin and a
 * close; `edgeHits` counts the build files answered from the edge cache.
 */
export async function startDeployedFront(
  upstream: string,
): Promise<{ url: string; edgeHits(): number; close(): Promise<void> }> {
  const origin = new URL(upstream);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const edge = new Map<string, Promise<Cached | null>>();
  let hits = 0;

  /** One request to the emulator; the answer's stream is handed back as it starts. */
  const toOrigin = (method: string, pathname: string, headers: Record<string, string | string[]>) =>
    http.request({
      host: origin.hostname,
      port: origin.port,
      method,
      path: pathname,
      headers: { ...headers, host: origin.host },
      agent,
    });

  /** A build file (hashed name, never changes) as the CDN keeps it: read once, compressed once. */
  const fromEdge = (pathname: string): Promise<Cached | null> => {
    const known = edge.get(pathname);
    if (known) {
      hits++;
      return known;
    }
    const filled = new Promise<Cached | null>((resolve) => {
      const request = toOrigin('GET', pathname, { 'accept-encoding': 'identity' });
      request.on('error', () => resolve(null));
      request.on('response', (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('error', () => resolve(null));
        answer.on('end', () => {
          if (answer.statusCode !== 200) return resolve(null);
          const identity = Buffer.concat(chunks);
          const headers = forwardable(answer.headers);
          delete headers['content-length'];
          delete headers['content-encoding'];
          resolve({
            status: 200,
            headers,
            identity,
            br: brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
            gzip: gzipSync(identity, { level: 9 }),
          });
        });
      });
      request.end();
    });
    // A failed read is not kept: the next request asks the emulator again.
    edge.set(pathname, filled);
    void filled.then((cached) => cached ?? edge.delete(pathname));
    return filled;
  };

  const passThrough = (req: Http2ServerRequest, res: Http2ServerResponse) => {
    const request = toOrigin(req.method, req.url, forwardable(req.headers));
    request.on('response', (answer) => {
      res.writeHead(answer.statusCode ?? 502, forwardable(answer.headers));
      answer.pipe(res);
    });
    request.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end('the hosting emulator did not answer');
    });
    req.pipe(request);
  };

  const server = createSecureServer({ ...selfSigned(), allowHTTP1: true }, (req, res) => {
    const pathname = req.url;
    if (req.method !== 'GET' || !pathname.startsWith('/assets/')) return passThrough(req, res);
    void fromEdge(pathname.split('?')[0]!).then((cached) => {
      if (!cached) return passThrough(req, res);
      const accept = req.headers['accept-encoding'];
      const [body, coding] = accepts(accept, 'br')
        ? [cached.br, 'br']
        : accepts(accept, 'gzip')
          ? [cached.gzip, 'gzip']
          : [cached.identity, undefined];
      res.writeHead(cached.status, {
        ...cached.headers,
        ...(coding ? { 'content-encoding': coding } : {}),
        vary: 'Accept-Encoding',
        'content-length': body.length,
      });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    edgeHits: () => hits,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
