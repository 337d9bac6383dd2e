import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';
import type { Language } from '@insight/common/format';
import {
  languageOfPath,
  loginRedirect,
  SESSION_COOKIE,
  SKIP_AUTH_CHECK,
} from '@insight/common/protected-pages';
import { silentLogger, type Logger } from '../lib/logger';
import { SESSION_COOKIE_OPTIONS } from './session-cookie-options';

/** The prerendered shell of each language and the headers Hosting gives its static pages (firebase.json). */
export interface ShellFiles {
  html: Readonly<Record<Language, Buffer>>;
  headers: Readonly<Record<string, string>>;
}

/**
 * Reads what the functions' build copied beside the bundle (functions/build.mjs): `index.html`,
 * `index-fr.html` and `headers.json`. Once per instance: the caller keeps the answer.
 */
export function readShellFiles(dir: string): ShellFiles {
  return {
    html: {
      en: readFileSync(path.join(dir, 'index.html')),
      fr: readFileSync(path.join(dir, 'index-fr.html')),
    },
    headers: JSON.parse(readFileSync(path.join(dir, 'headers.json'), 'utf8')) as Record<string, string>,
  };
}

/** The `__session` cookie of a Cookie header, or null. */
export function sessionCookieOf(header: string | undefined): string | null {
  for (const part of (header ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SESSION_COOKIE && value.length > 0) return value.join('=') || null;
  }
  return null;
}

type Encoding = 'br' | 'gzip';
const compressed = new WeakMap<ShellFiles, Map<string, Buffer>>();

/**
 * A shell compressed once per instance and encoding (Brotli, else gzip): a 70 KB page is about 10 KB on
 * the wire, as Hosting serves its static pages (a phone's first request is the page; docs/performance.md,
 * "First paint").
 */
function compressedShell(files: ShellFiles, language: Language, encoding: Encoding): Buffer {
  let kept = compressed.get(files);
  if (!kept) compressed.set(files, (kept = new Map()));
  const key = `${language}:${encoding}`;
  let body = kept.get(key);
  if (!body) {
    const html = files.html[language];
    body =
      encoding === 'br'
        ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
        : gzipSync(html, { level: 9 });
    kept.set(key, body);
  }
  return body;
}

export interface PageShellDeps {
  /** The shell files, read on the first request and kept. */
  files: () => ShellFiles;
  /** Firebase Auth's verifySessionCookie with revocation checked (a revoked session or a disabled user fails). */
  verifySessionCookie: (cookie: string) => Promise<unknown>;
  /** The specification's switch (common/src/protected-pages.ts) unless a test says otherwise. */
  skipAuthCheck?: boolean;
  logger?: Logger;
}

/**
 * The protected pages' requests, through Hosting's rewrite (docs/features.md, "Security"): with a valid
 * session cookie, 200 and the prerendered shell of the path's language; without one, 302 to the login page
 * of that language with `from=` the path and query (a same-site path: common/src/protected-pages.ts). A
 * cookie that no longer verifies (expired, revoked, the account disabled) is cleared on the way.
 */
export function pageShellHandler(deps: PageShellDeps): (req: Request, res: Response) => Promise<void> {
  const logger = deps.logger ?? silentLogger;
  const skip = deps.skipAuthCheck ?? SKIP_AUTH_CHECK;
  return async (req, res) => {
    const files = deps.files();
    // The headers Hosting sets on the static pages, in case it does not add them to a function's answer;
    // private: the answer depends on the cookie, so no shared cache keeps it.
    res.set(files.headers);
    res.set('cache-control', 'private, no-cache');
    res.vary('Cookie');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.set('allow', 'GET, HEAD').status(405).end();
      return;
    }
    let signedIn = skip;
    const cookie = signedIn ? null : sessionCookieOf(req.headers.cookie);
    if (cookie) {
      try {
        await deps.verifySessionCookie(cookie);
        signedIn = true;
      } catch (error) {
        logger.info('session cookie refused', { reason: (error as { code?: string }).code ?? 'invalid' });
        res.clearCookie(SESSION_COOKIE, SESSION_COOKIE_OPTIONS);
      }
    }
    if (!signedIn) {
      res.status(302).set('location', loginRedirect(req.url)).end();
      return;
    }
    const language = languageOfPath(req.path);
    res.vary('Accept-Encoding');
    // Brotli whenever it is accepted (browsers list gzip first with the same weight).
    const encoding: Encoding | null = req.acceptsEncodings('br')
      ? 'br'
      : req.acceptsEncodings('gzip')
        ? 'gzip'
        : null;
    if (encoding) {
      res.set('content-encoding', encoding);
      res
        .status(200)
        .type('html')
        .send(compressedShell(files, language, encoding));
      return;
    }
    res.status(200).type('html').send(files.html[language]);
  };
}
