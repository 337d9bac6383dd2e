import { execFileSync } from 'node:child_process';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { envProblems } from './src/config/env-schema.ts';

/**
 * This build's version: in the code (`__INSIGHT_VERSION__`), in the shell (<meta name="insight-version">)
 * and in /version.json, which an open page reads at a navigation to learn that a newer deployment has
 * replaced it (src/lib/deployment.ts).
 */
const VERSION = process.env.INSIGHT_VERSION ?? Date.now().toString(36);

function deploymentVersion(): Plugin {
  return {
    name: 'insight-deployment-version',
    apply: 'build',
    transformIndexHtml: () => [
      { tag: 'meta', attrs: { name: 'insight-version', content: VERSION }, injectTo: 'head' },
    ],
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'version.json',
        source: JSON.stringify({ version: VERSION }),
      });
      // The French manifest (start URL /fr), linked from index-fr.html by scripts/prerender.ts.
      this.emitFile({
        type: 'asset',
        fileName: 'manifest-fr.webmanifest',
        source: JSON.stringify({ ...MANIFEST, ...MANIFEST_FR }),
      });
    },
  };
}

const ICONS: ManifestOptions['icons'] = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
  { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];
/** The web app manifest (docs/field-mode.md): English at /, French at /fr. The light theme's colours; index.html gives the dark ones. */
const MANIFEST = {
  id: '/',
  name: 'Insight',
  short_name: 'Insight',
  description: 'Insight: the diagnostic and staging portal.',
  lang: 'en-CA',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  theme_color: '#0b57d0',
  background_color: '#f5f7fa',
  icons: ICONS,
} satisfies Partial<ManifestOptions>;
const MANIFEST_FR = {
  description: 'Insight : le portail de diagnostic et de préparation.',
  lang: 'fr-CA',
  start_url: '/fr',
};

/**
 * Navigations answer from the network (a protected page's 302 happens there); offline, from the precached
 * shell of their language. Workbox copies these functions' source into the worker: they use nothing else.
 */
const frenchNavigation = ({ request, url }: { request: Request; url: URL }) =>
  request.mode === 'navigate' && !/^\/(api|__)\//.test(url.pathname) && /^\/fr(\/|$)/.test(url.pathname);
const englishNavigation = ({ request, url }: { request: Request; url: URL }) =>
  request.mode === 'navigate' && !/^\/(api|__)\//.test(url.pathname) && !/^\/fr(\/|$)/.test(url.pathname);
const navigationTo = (urlPattern: typeof frenchNavigation, shell: string) => ({
  urlPattern,
  handler: 'NetworkOnly' as const,
  options: { precacheFallback: { fallbackURL: shell } },
});

/** Stops the build or the dev server on a bad VITE_* configuration, with the list of what is wrong. */
function checkedEnv(): Plugin {
  return {
    name: 'insight-checked-env',
    configResolved({ env, mode }) {
      const problems = envProblems(env);
      if (problems.length)
        throw new Error(
          `Invalid configuration (mode ${mode}):\n${problems.map((line) => `  ${line}`).join('\n')}`,
        );
    },
  };
}

export default defineConfig(({ mode }) => ({
  define: { __INSIGHT_VERSION__: JSON.stringify(VERSION) },
  plugins: [
    react(),
    checkedEnv(),
    deploymentVersion(),
    VitePWA({
      // Registered by the app once its page has settled (src/lib/service-worker.ts), never before the first paint.
      injectRegister: null,
      // A new worker waits: the open page keeps the code it runs until the next navigation (src/lib/deployment.ts).
      registerType: 'prompt',
      manifest: MANIFEST,
      includeAssets: [],
      integration: {
        // The shells are prerendered before the worker's precache list is made (their revisions are the served HTML's).
        closeBundleOrder: 'post',
        beforeBuildServiceWorker: () =>
          void execFileSync(process.execPath, ['--import', 'tsx', 'scripts/prerender.ts', '--mode', mode], {
            cwd: import.meta.dirname,
            stdio: 'inherit',
          }),
      },
      workbox: {
        // The shells and the code of every page; not the source maps, not /version.json (always the network's).
        globPatterns: [
          'index.html',
          'index-fr.html',
          'assets/**/*.{js,css,woff2,svg}',
          'favicon.svg',
          'icons/*.png',
          '*.webmanifest',
        ],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        navigateFallback: null,
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          navigationTo(frenchNavigation, '/index-fr.html'),
          navigationTo(englishNavigation, '/index.html'),
        ],
      },
    }),
  ],
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:5000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    // Read by scripts/prerender.ts (which chunks a kept session's page needs; it removes the file).
    manifest: true,
    // Many pages share small pieces of MUI and of the app: split automatically, a signed-in page loaded
    // about 70 chunks of 1–5 KB, a request each (several round trips on a phone's connection). Common
    // chunks under 128 KB of source are copied into the chunks that use them instead (one shared module
    // state, kept by Rolldown's runtime): the 360 view loads 10 chunks, the landing 7 (docs/architecture.md,
    // "First load"). Left out: the chunks that hold SWR, MUI's inputs or its chip, which the signed-in
    // home's page and its search field would each carry a copy of.
    rolldownOptions: {
      // The page's entry (index.html), and the reads a kept session starts before it (src/early-reads.ts).
      input: { index: 'index.html', 'early-reads': 'src/early-reads.ts' },
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          experimentalInlineCommonChunks: {
            maxSize: 128 * 1024,
            exclude: [/node_modules[\\/](swr|@mui[\\/]material[\\/](InputBase|Chip))[\\/]/],
          },
        },
      },
    },
  },
}));
