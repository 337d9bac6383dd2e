import express from 'express';
import request from 'supertest';
import { once } from 'node:events';
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BROTLI_WINDOW_BITS, COMPRESS_THRESHOLD_BYTES, compressAnswers } from './compress';

const big = { items: Array.from({ length: 200 }, (_, index) => ({ index, name: `item ${index}` })) };
// Larger than Brotli's window: read back whole all the same.
const huge = { items: Array.from({ length: 8000 }, (_, index) => ({ index, name: `item ${index}` })) };

/** Brotli's window as its stream says in its first bits (RFC 7932, 9.1: a first bit 0 is a window of 2^16). */
function brotliWindowBits(stream: Buffer): number {
  const bits = stream.readUInt8(0);
  if ((bits & 1) === 0) return 16;
  const next = (bits >> 1) & 7;
  if (next !== 0) return 17 + next;
  const last = (bits >> 4) & 7;
  return last === 0 ? 17 : 8 + last;
}

/** GET `path` from the app on a port of its own: the answer's encoding and its bytes, not decoded. */
async function rawAnswer(path: string, acceptEncoding: string): Promise<{ encoding?: string; raw: Buffer }> {
  const server = app().listen(0, '127.0.0.1');
  await once(server, 'listening');
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise((resolve, reject) => {
      get({ host: '127.0.0.1', port, path, headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ encoding: res.headers['content-encoding'], raw: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      }).on('error', reject);
    });
  } finally {
    server.close();
  }
}

function app() {
  const server = express();
  server.use(compressAnswers());
  server.get('/json', (_req, res) => res.json(big));
  server.get('/huge', (_req, res) => res.json(huge));
  server.get('/small', (_req, res) => res.json({ ok: true }));
  server.get('/events', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
    res.end(`data: ${JSON.stringify(big)}\n\n`);
  });
  return server;
}

describe('compressAnswers', () => {
  it('when the browser accepts gzip, then a JSON answer over the threshold is compressed and reads the same', async () => {
    expect(JSON.stringify(big).length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    const res = await request(app()).get('/json').set('accept-encoding', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(res.body).toEqual(big);
  });
  it('when the browser accepts Brotli, then the answer is compressed with a 64 KiB window (an encoder per answer: the default 4 MiB one cost a 360 view twice the CPU) and reads the same, larger than the window too', async () => {
    for (const [path, body] of [
      ['/json', big],
      ['/huge', huge],
    ] as const) {
      // The bytes as they leave (supertest would decode them first).
      const { encoding, raw } = await rawAnswer(path, 'br, gzip');
      expect(encoding).toBe('br');
      expect(brotliWindowBits(raw)).toBe(BROTLI_WINDOW_BITS);
      expect(BROTLI_WINDOW_BITS).toBe(16);
      expect(JSON.parse(brotliDecompressSync(raw).toString('utf8'))).toEqual(body);
    }
  });
  it('when the answer is small, or the browser does not accept gzip, then it leaves as it is', async () => {
    expect(
      (await request(app()).get('/small').set('accept-encoding', 'gzip')).headers['content-encoding'],
    ).toBeUndefined();
    expect(
      (await request(app()).get('/json').set('accept-encoding', 'identity')).headers['content-encoding'],
    ).toBeUndefined();
  });
  it('when the answer is an event stream, then it is never compressed (each event leaves at once)', async () => {
    const res = await request(app()).get('/events').set('accept-encoding', 'gzip');
    expect(res.headers['content-type']).toContain('text/event-stream');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.text).toContain('"item 199"');
  });
});
