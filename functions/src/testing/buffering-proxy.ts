import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Hop-by-hop headers and the ones a whole answer replaces. */
const DROPPED = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/**
 * A reverse proxy that holds every answer until it ends, then delivers it whole (as a CDN that buffers
 * streamed answers does, firebase-tools#9774): server-sent events and chunked answers reach the client
 * only when the upstream answer ends. A client that goes away aborts the upstream request.
 */
export async function startBufferingProxy(target: string, port = 0) {
  const to = new URL(target);
  let answers = 0;
  let held = 0;
  const server: Server = createServer((req, res) => {
    const upstream = request(
      {
        host: to.hostname,
        port: to.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: to.host },
      },
      (answer) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        answer.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          kept += chunk.length;
          held += chunk.length;
        });
        answer.on('close', () => (held -= kept));
        answer.on('end', () => {
          const body = Buffer.concat(chunks);
          const headers: IncomingHttpHeaders = {};
          for (const [name, value] of Object.entries(answer.headers))
            if (!DROPPED.has(name)) headers[name] = value;
          answers += 1;
          res.writeHead(answer.statusCode ?? 502, { ...headers, 'content-length': String(body.length) });
          res.end(body);
        });
        answer.on('error', () => res.destroy());
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Answers delivered so far. */
    answers: () => answers,
    /** Bytes of answers not ended yet: received from the target, not delivered. */
    held: () => held,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
