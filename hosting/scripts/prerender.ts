/**
 * Runs after `vite build` (hosting's build scripts): puts the app shell and the signed-out landing into
 * the HTML that Hosting serves, so that a phone paints the page before the app's scripts load and run.
 *
 *   node --import tsx scripts/prerender.ts [--mode emulator|production]
 *
 * vite.config.ts runs it at the end of `vite build`, before the service worker's precache list is made
 * (that list holds the served HTML's revisions).
 *
 * Writes dist/index.html (English, every path but /fr) and dist/index-fr.html (French, /fr and /fr/**,
 * rewritten in firebase.json). Each holds four copies of the page (light and dark, the desktop drawer
 * expanded and collapsed), rendered by src/app/prerender.tsx through Vite's SSR loader with the build's
 * own mode (its texts, its configuration), with their emotion styles inlined (critical CSS: no
 * stylesheet to wait for). index.html's first script sets the theme, the drawer's state and the view
 * (landing, or a skeleton for any other path and for a kept session) on <html> before the first paint;
 * CSS shows the matching copy and the script after the copies removes the others. The copies are `inert`
 * until main.tsx renders the app, which replaces them with the same markup in one commit.
 *
 * Every inline script's hash must be in firebase.json's Content-Security-Policy (script-src): the build
 * fails, naming the hashes, when one is not.
 */
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createServer } from 'vite';

// React, MUI and emotion as the production bundle runs them (the same class names, no labels).
process.env.NODE_ENV = 'production';

const HOSTING = path.resolve(import.meta.dirname, '..');
const ROOT = path.resolve(HOSTING, '..');
const DIST = path.join(HOSTING, 'dist');
const modeIndex = process.argv.indexOf('--mode');
const mode = modeIndex === -1 ? 'production' : process.argv[modeIndex + 1]!;

/** The browser globals the app's modules read when they load. No `document`: emotion renders in its server mode. */
function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    key: (index) => [...values.keys()][index] ?? null,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, String(value)),
    removeItem: (key) => void values.delete(key),
    clear: () => values.clear(),
  };
}
Object.assign(globalThis, {
  window: globalThis,
  location: new URL('http://localhost/'),
  localStorage: memoryStorage(),
  sessionStorage: memoryStorage(),
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
  matchMedia: () => ({
    matches: false,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }),
});

/** Shows the copy and the view that index.html's first script chose; the prerendered views fill <main> as the page would. */
const STATIC_CSS = [
  '[data-view-variant]{display:contents}',
  'html[data-theme=dark] [data-theme-variant=light],html:not([data-theme=dark]) [data-theme-variant=dark],',
  'html[data-drawer=mini] [data-drawer-variant=expanded],html:not([data-drawer=mini]) [data-drawer-variant=mini],',
  'html:not([data-view=skeleton]) [data-view-variant=skeleton],html[data-view=skeleton] [data-view-variant=landing]',
  '{display:none}',
].join('');

/**
 * After the copies: removes the ones not shown (one page in the document, as the app will render it),
 * then starts the app's entry script (named by <meta name="insight-entry">) once the page has painted
 * (next frame, or 200 ms in a tab that draws no frame): its download and run never delay the first paint.
 * The entry's own imports (the meta's data-preload) are asked for at the same moment, beside it, not
 * after it has arrived; with a kept session (index.html's first script sets data-session), so are the
 * app's code and the texts it loads at start in the page's language (data-preload-session: [files,
 * English files, French files]) and the code and texts of the page opened when it is one of
 * SESSION_PAGES (data-preload-pages: [[path pattern without /fr, files, English files, French files,
 * early script]]), after the page's early script when it has one (src/early-reads.ts: a directly opened
 * view asks for its answer): one wave of requests instead of three (an error there only skips those
 * preloads: the entry still starts). While that code is on its way, a task of its own loads the browser's
 * number-formatting data (the first `Intl.NumberFormat` of a fresh renderer costs up to about 11 ms of
 * main thread here, four times that on a phone): otherwise MUI's French locale, which builds its formatter when it is loaded, paid it inside
 * the app's one long module-evaluation task (docs/performance.md, "First paint").
 */
const KEEP_ONE_COPY =
  "(function(){var d=document.documentElement.dataset;document.querySelectorAll('[data-theme-variant],[data-drawer-variant],[data-view-variant]').forEach(function(n){var v=n.dataset;if((v.themeVariant&&v.themeVariant!==d.theme)||(v.drawerVariant&&v.drawerVariant!==d.drawer)||(v.viewVariant&&v.viewVariant!==d.view))n.remove()});var started=false;function start(){if(started)return;started=true;setTimeout(function(){try{new Intl.NumberFormat(document.documentElement.lang||void 0)}catch(e){}},0);var m=document.querySelector('meta[name=insight-entry]'),p=m.dataset.preload||'';function run(u){var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=u;document.head.appendChild(s)}if(d.session==='kept')try{var f=/^\\/fr(?=\\/|$)/,l=f.test(location.pathname)?3:2,b=location.pathname.replace(f,'')||'/',k=JSON.parse(m.dataset.preloadSession||'[]');p+=' '+k[0]+' '+k[l-1];JSON.parse(m.dataset.preloadPages||'[]').forEach(function(e){if(new RegExp(e[0]).test(b)){if(e[4])run(e[4]);p+=' '+e[1]+' '+e[l]}})}catch(e){}p.split(' ').forEach(function(h){if(!h||h==='undefined')return;var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l)});run(m.content)}requestAnimationFrame(function(){setTimeout(start,0)});setTimeout(start,200)})();";

/**
 * The pages whose code a kept session asks for with the app's: the ones opened directly from a link or
 * a reload, where the wait shows most (a device's 360 view; the signed-in home). Path patterns are
 * matched without the /fr prefix.
 */
const SESSION_PAGES: Array<{
  pattern: RegExp;
  module: string;
  /** Code the page imports on demand before its main content paints, asked for with the page's own. */
  also?: string[];
  namespaces: string[];
  early?: string;
}> = [
  {
    pattern: /^\/i\/mac\/(?!enter-mac$)[^/]+$/,
    module: 'src/features/insight360/components/insight360-page.tsx',
    // Field mode keeps a view as soon as its answer is complete (hooks/use-kept-view.ts), which on a
    // phone's connection came before the findings painted: one more round trip for 4 KB, after the rest.
    also: ['src/lib/kept-views.ts'],
    namespaces: ['insight360'],
    early: 'src/early-reads.ts',
  },
  { pattern: /^\/$/, module: 'src/features/home/components/home-page.tsx', namespaces: ['home'] },
];

/**
 * What the app loads at start with a kept session (main.tsx, app.tsx): its code and SWR's defaults, and in
 * the page's language the shell's texts (the grid's load after the first paint: lib/grid-locale-loader.ts).
 */
const SESSION_START = ['src/app/app.tsx', 'src/app/swr-defaults.tsx'];
const sessionTexts = (language: 'en' | 'fr') => [
  `src/locales/${language}/common.json`,
  `src/locales/${language}/errors.json`,
];

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** The files a module of the build needs before it runs (its chunk and its static imports'), as URLs. */
function chunkClosure(manifest: Record<string, ManifestChunk>, key: string): string[] {
  if (!manifest[key]) throw new Error(`the build's manifest has no ${key}: update scripts/prerender.ts`);
  const files = new Set<string>();
  const visit = (name: string) => {
    const chunk = manifest[name]!;
    if (files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    chunk.imports?.forEach(visit);
  };
  visit(key);
  return [...files];
}

type Render = typeof import('../src/app/prerender');

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

const vite = await createServer({
  root: HOSTING,
  mode,
  logLevel: 'warn',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false },
  optimizeDeps: { noDiscovery: true, include: [] },
});
try {
  const render = (await vite.ssrLoadModule('/src/app/prerender.tsx')) as Render;
  const template = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(template);
  if (!entry) throw new Error('dist/index.html has no module entry script');
  const preloads = [...template.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
    (match) => match[1]!,
  );
  const manifestFile = path.join(DIST, '.vite/manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  rmSync(path.dirname(manifestFile), { recursive: true });
  const started = new Set([entry[1], ...preloads]);
  /** The files of `modules` not asked for already (by the entry or the app's start), as URLs. */
  const closure = (modules: string[], also: string[] = []) =>
    [...new Set(modules.flatMap((module) => chunkClosure(manifest, module)))].filter(
      (file) => !started.has(file) && !also.includes(file),
    );
  // The app's code (not the Auth SDK: with a valid kept session it loads after the page, main.tsx).
  const appFiles = closure(SESSION_START);
  const sessionPreloads = [
    appFiles,
    ...(['en', 'fr'] as const).map((language) => closure(sessionTexts(language), appFiles)),
  ];
  const pagePreloads = SESSION_PAGES.map(({ pattern, module, also = [], namespaces, early }) => {
    const code = closure([module, ...also], appFiles);
    const texts = (language: 'en' | 'fr') =>
      closure(
        namespaces.map((namespace) => `src/locales/${language}/${namespace}.json`),
        [...appFiles, ...code, ...closure(sessionTexts(language), appFiles)],
      );
    const entry = [pattern.source, ...[code, texts('en'), texts('fr')].map((files) => files.join(' '))];
    return early ? [...entry, chunkClosure(manifest, early)[0]!] : entry;
  });
  if (!template.includes('<div id="root"></div>'))
    throw new Error('dist/index.html has no empty #root (prerendered already? run vite build first)');
  const hashes = new Set<string>();
  for (const language of ['en', 'fr'] as const) {
    await render.loadTexts(language);
    const rules = new Set<string>();
    const copies: string[] = [];
    for (const theme of ['light', 'dark'] as const)
      for (const expanded of [true, false]) {
        const copy = render.renderCopy({ language, mode: theme, expanded });
        copy.rules.forEach((rule) => rules.add(rule));
        copies.push(
          `<div data-prerender="" inert="" data-theme-variant="${theme}" data-drawer-variant="${expanded ? 'expanded' : 'mini'}">${copy.html}</div>`,
        );
      }
    let html = template
      .replace(
        entry[0],
        // (A function: the patterns' `$` must not read as replacement patterns.)
        () =>
          `<meta name="insight-entry" content="${entry[1]}" data-preload="${preloads.join(' ')}" data-preload-session="${escapeAttribute(JSON.stringify(sessionPreloads.map((files) => files.join(' '))))}" data-preload-pages="${escapeAttribute(JSON.stringify(pagePreloads))}" />`,
      )
      // The entry's own imports start with it, after the first paint (KEEP_ONE_COPY): preloaded from
      // the head, they would compete with the page's first paint for the connection.
      .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
      .replace(
        '</head>',
        `<style data-prerender-css="">${STATIC_CSS}${[...rules].join('')}</style>\n  </head>`,
      )
      .replace(
        '<div id="root"></div>',
        `<div id="root">${copies.join('')}</div><script>${KEEP_ONE_COPY}</script>`,
      );
    if (!html.includes('<title>Insight</title>')) throw new Error('index.html has no <title>Insight</title>');
    html = html.replace(
      '<title>Insight</title>',
      () => `<title>${escapeAttribute(render.shellTitle())}</title>`,
    );
    if (language === 'fr')
      html = html
        .replace('<html lang="en-CA">', '<html lang="fr-CA">')
        .replace('href="/manifest.webmanifest"', 'href="/manifest-fr.webmanifest"');
    for (const [, script] of html.matchAll(/<script>([\s\S]*?)<\/script>/g))
      hashes.add(`'sha256-${createHash('sha256').update(script!).digest('base64')}'`);
    const file = language === 'fr' ? 'index-fr.html' : 'index.html';
    writeFileSync(path.join(DIST, file), html);
    console.log(`prerender: dist/${file} ${(html.length / 1024).toFixed(1)} KB (${rules.size} style rules)`);
  }
  const firebase = JSON.parse(readFileSync(path.join(ROOT, 'firebase.json'), 'utf8')) as {
    hosting: { headers: Array<{ headers: Array<{ key: string; value: string }> }> };
  };
  const policies = firebase.hosting.headers
    .flatMap((rule) => rule.headers)
    .filter((header) => header.key.toLowerCase() === 'content-security-policy')
    .map((header) => header.value);
  const missing = [...hashes].filter((hash) => !policies.every((policy) => policy.includes(hash)));
  if (missing.length)
    throw new Error(
      `firebase.json's Content-Security-Policy must allow the inline scripts of index.html: add ${missing.join(' ')} to script-src (and drop the hashes of scripts that changed)`,
    );
} finally {
  await vite.close();
}
