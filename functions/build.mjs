// Bundles the functions (and the common/ code they import) into lib/index.js so that this folder
// deploys on its own: `firebase deploy` uploads functions/ and installs only its package.json.
import { build } from 'esbuild';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

/** The simulator is a test-only devDependency (src/testing): the build fails if the deployed code reaches it. */
const testOnly = {
  name: 'test-only',
  /** @param {import('esbuild').PluginBuild} build */
  setup(build) {
    build.onResolve({ filter: /^@insight\/simulator(\/|$)/ }, (args) => ({
      errors: [
        {
          text: `${args.path} is test-only (imported by ${args.importer}): the deployed functions may not import it.`,
        },
      ],
    }));
  },
};

await build({
  entryPoints: ['src/index.ts'],
  outfile: 'lib/index.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  logLevel: 'warning',
  external: Object.keys(pkg.dependencies),
  define: { 'process.env.INSIGHT_VERSION': JSON.stringify(pkg.version) },
  plugins: [testOnly],
});

/**
 * The prerendered shell the `shell` function serves (src/http/page-shell.ts), copied from the web app's
 * build beside the bundle (`firebase deploy` uploads functions/ alone), with the headers firebase.json
 * gives every page. Build the web app first (`npm run build` does; the predeploy builds it for production);
 * `npm run deploy:check` checks that the copy is the web app's current build.
 */
const dist = new URL('../hosting/dist/', import.meta.url);
const shellDir = new URL('./lib/shell/', import.meta.url);
const SHELL_FILES = ['index.html', 'index-fr.html'];
if (SHELL_FILES.every((file) => existsSync(new URL(file, dist)))) {
  mkdirSync(shellDir, { recursive: true });
  for (const file of SHELL_FILES) copyFileSync(new URL(file, dist), new URL(file, shellDir));
  const firebase = JSON.parse(readFileSync(new URL('../firebase.json', import.meta.url), 'utf8'));
  const headers = Object.fromEntries(
    firebase.hosting.headers
      .filter((rule) => rule.source === '**')
      .flatMap((rule) => rule.headers.map((header) => [header.key, header.value])),
  );
  writeFileSync(new URL('headers.json', shellDir), `${JSON.stringify(headers, null, 2)}\n`);
} else {
  console.warn(
    '[functions build] hosting/dist has no index.html and index-fr.html: the shell function has no page to serve (build the web app first).',
  );
}
