import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD_BYTES, compressAnswers } from './compress';

const big = { items: Array.from({ length: 200 }, (_, index) => ({ index, name: `item ${index}` })) };

function app() {
  const server = express();
  server.use(compressAnswers());
  server.get('/json', (_req, res) => res.json(big));
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
