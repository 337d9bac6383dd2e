import { once } from 'node:events';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { pageShellHandler, sessionCookieOf, type ShellFiles } from './page-shell';

const FILES: ShellFiles = {
  html: {
    en: Buffer.from('<html lang="en">shell</html>'),
    fr: Buffer.from('<html lang="fr">coquille</html>'),
  },
  headers: { 'Content-Security-Policy': "default-src 'self'", 'X-Frame-Options': 'DENY' },
};

function setup({ valid = ['good'], skipAuthCheck = false } = {}) {
  const verified: string[] = [];
  let reads = 0;
  const app = express();
  app.set('trust proxy', true);
  app.use(
    pageShellHandler({
      files: () => {
        reads++;
        return FILES;
      },
      verifySessionCookie: async (cookie) => {
        verified.push(cookie);
        if (!valid.includes(cookie))
          throw Object.assign(new Error('revoked'), { code: 'auth/session-cookie-revoked' });
        return { uid: 'u1' };
      },
      skipAuthCheck,
    }),
  );
  return { app, verified, reads: () => reads };
}

describe('the page-shell function', () => {
  it('when signed out, then 302 to /login with from= the path and query, with no page', async () => {
    const { app } = setup();
    const res = await request(app).get('/i/mac/A4C1E8000000?tab=wan');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/login?from=%2Fi%2Fmac%2FA4C1E8000000%3Ftab%3Dwan');
    expect(res.text).toBe('');
  });

  it('when signed out on a French path, then 302 to /fr/login', async () => {
    const { app } = setup();
    const res = await request(app).get('/fr/net-manage/head-end');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/fr/login?from=%2Ffr%2Fnet-manage%2Fhead-end');
  });

  it('when the path carries a from= of its own, then it stays inside the same-site path', async () => {
    const { app } = setup();
    const res = await request(app).get('/threshold?from=//evil.example');
    const from = new URL(res.headers.location!, 'http://portal.test').searchParams.get('from');
    expect(from).toBe('/threshold?from=//evil.example');
    expect(res.headers.location!.startsWith('/login?')).toBe(true);
  });

  it('when the session cookie verifies, then 200 with the shell of the path’s language, kept in memory', async () => {
    const { app, verified, reads } = setup();
    const en = await request(app).get('/net-manage').set('cookie', 'theme=dark; __session=good');
    expect(en.status).toBe(200);
    expect(en.headers['content-type']).toMatch(/^text\/html/);
    expect(en.text).toBe('<html lang="en">shell</html>');
    const fr = await request(app).get('/fr/i/mac/A4C1E8000000').set('cookie', '__session=good');
    expect(fr.text).toBe('<html lang="fr">coquille</html>');
    expect(verified).toEqual(['good', 'good']);
    // The files are asked for per request; the caller (index.ts) reads them once and keeps them.
    expect(reads()).toBe(2);
  });

  it('when the browser accepts Brotli or gzip, then the shell is sent compressed in the best one it takes; otherwise as it is', async () => {
    const { app } = setup();
    // The bytes as they travel (supertest and fetch would decode them).
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const get = (encoding: string) =>
      new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        httpGet(
          {
            port,
            host: '127.0.0.1',
            path: '/net-manage',
            headers: { cookie: '__session=good', 'accept-encoding': encoding },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          },
        ).on('error', reject);
      });
    try {
      const br = await get('gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/Accept-Encoding/);
      expect(brotliDecompressSync(br.body).toString()).toBe('<html lang="en">shell</html>');
      const gzip = await get('gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.body).toString()).toBe('<html lang="en">shell</html>');
      const plain = await get('identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString()).toBe('<html lang="en">shell</html>');
    } finally {
      server.close();
    }
  });

  it('when the session cookie no longer verifies (revoked, expired, the account disabled), then 302 and the cookie is cleared', async () => {
    const { app, verified } = setup();
    const res = await request(app).get('/audit').set('cookie', '__session=revoked');
    expect(verified).toEqual(['revoked']);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/login?from=%2Faudit');
    const cleared = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    expect(cleared).toEqual([
      expect.stringMatching(
        /^__session=; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Lax$/,
      ),
    ]);
  });

  it('answers with the static pages’ headers, private to the user', async () => {
    const { app } = setup();
    for (const res of [
      await request(app).get('/sample'),
      await request(app).get('/sample').set('cookie', '__session=good'),
    ]) {
      expect(res.headers['content-security-policy']).toBe("default-src 'self'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.headers.vary).toContain('Cookie');
    }
  });

  it('when the specification’s switch skips the check, then the shell is served without a cookie', async () => {
    const { app, verified } = setup({ skipAuthCheck: true });
    const res = await request(app).get('/net-manage');
    expect(res.status).toBe(200);
    expect(verified).toEqual([]);
  });

  it('answers HEAD like GET, and refuses other methods', async () => {
    const { app } = setup();
    expect((await request(app).head('/net-manage')).status).toBe(302);
    expect((await request(app).head('/net-manage').set('cookie', '__session=good')).status).toBe(200);
    const post = await request(app).post('/net-manage').set('cookie', '__session=good');
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
  });
});

describe('the session cookie of a Cookie header', () => {
  it('reads __session only', () => {
    expect(sessionCookieOf('a=1; __session=abc.def; b=2')).toBe('abc.def');
    expect(sessionCookieOf('__session_x=1; x__session=2')).toBeNull();
    expect(sessionCookieOf('__session=')).toBeNull();
    expect(sessionCookieOf(undefined)).toBeNull();
  });
});
