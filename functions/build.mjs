// Bundles the functions (and the common/ code they import) into lib/index.js so that this folder
// deploys on its own: `firebase deploy` uploads functions/ and installs only its package.json.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

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
