import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withLanguage } from '../lib/language-path';
import { protectedPathPattern } from './edge-routes';
import { PAGES } from './pages';

interface Rule {
  source?: string;
  regex?: string;
  destination?: string;
  function?: { functionId: string; region?: string };
  headers?: Array<{ key: string; value: string }>;
}
const firebaseJson = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../../firebase.json'), 'utf8'),
) as { hosting: { rewrites: Rule[]; headers: Rule[] } };

const pattern = protectedPathPattern(PAGES);
const shellRewrite = firebaseJson.hosting.rewrites.find((rule) => rule.function?.functionId === 'shell');
const matches = (regex: string | undefined, pathname: string) =>
  new RegExp(regex ?? '$^', 'u').test(pathname);

describe('the protected pages at the edge', () => {
  it('sends the page registry’s protected paths to the shell function (firebase.json)', () => {
    expect(
      shellRewrite?.regex,
      `firebase.json's rewrite to "shell" must have "regex": ${JSON.stringify(pattern)}`,
    ).toBe(pattern);
    const privateCache = firebaseJson.hosting.headers.find((rule) => rule.regex === pattern);
    expect(privateCache?.headers).toContainEqual({ key: 'Cache-Control', value: 'private, no-cache' });
  });

  it('rewrites them before the static catch-alls', () => {
    const order = firebaseJson.hosting.rewrites;
    const shell = order.indexOf(shellRewrite!);
    for (const source of ['/fr', '/fr/**', '**'])
      expect(order.findIndex((rule) => rule.source === source)).toBeGreaterThan(shell);
  });

  it('covers every protected page and its children, in both languages', () => {
    for (const page of PAGES.filter((entry) => entry.access !== 'public'))
      for (const language of ['en', 'fr'] as const) {
        const children = Object.keys(page.tabs?.children ?? {}).filter(Boolean);
        for (const pathname of [
          page.path,
          ...children.map((child) => `${page.path}/${child}`),
          `${page.path}/x`,
        ])
          expect(matches(shellRewrite?.regex, withLanguage(pathname, language)), pathname).toBe(true);
      }
    expect(matches(shellRewrite?.regex, '/i/mac/A4C1E8000000')).toBe(true);
    expect(matches(shellRewrite?.regex, '/fr/i/port/olt-1/1/2/3')).toBe(true);
  });

  it('leaves the landing, the login page and unknown paths (the 404 page) static', () => {
    for (const pathname of [
      '/',
      '/fr',
      '/login',
      '/fr/login',
      '/nothing-here',
      '/fr/nothing-here',
      '/net-managed',
    ])
      expect(matches(shellRewrite?.regex, pathname), pathname).toBe(false);
    for (const page of PAGES.filter((entry) => entry.access === 'public'))
      expect(matches(shellRewrite?.regex, page.path), page.path).toBe(false);
  });
});
