import type { PageEntry } from './pages';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The paths Hosting sends to the `shell` function (firebase.json's rewrite and its Cache-Control header,
 * docs/features.md, "Security"): every page of the registry that is not public, in both languages, with
 * whatever follows it (a tab, a MAC, a port). The landing, the login page and unknown paths (the 404 page)
 * stay static. `edge-routes.test.ts` holds firebase.json to this pattern.
 */
export function protectedPathPattern(pages: readonly Pick<PageEntry, 'path' | 'access'>[]): string {
  const paths = pages.filter((page) => page.access !== 'public').map((page) => page.path);
  // A page under another protected page's path (/i/mac/enter-mac under /i/mac) is already covered.
  const roots = paths.filter(
    (path) => !paths.some((other) => other !== path && path.startsWith(`${other}/`)),
  );
  const names = [...new Set(roots)].sort().map((path) => escape(path.slice(1)));
  return `^(/fr)?/(${names.join('|')})(/.*)?$`;
}
