/**
 * The functions' code as bench:api runs it: bundled by esbuild with the options of functions/build.mjs (the
 * deployed bundle: common/ and zod inside, the functions' dependencies outside), not compiled file by file
 * on the fly. The on-the-fly compiler keeps every function's name with a helper call at each definition,
 * which the deployed bundle has not: about 3 % of the API's CPU per view in a profile. The bundle is written
 * under functions/ so that the functions' own dependencies resolve as they do when deployed.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { ROOT } from './emulator-env';

type Entry = typeof import('./bench-api-entry');

const FUNCTIONS = path.join(ROOT, 'functions');
const OUTFILE = path.join(FUNCTIONS, '.bench/api.cjs');

/** The bundle as built last (by `benchApiBundle`). */
export const loadBenchApiBundle = () => createRequire(import.meta.url)(OUTFILE) as Entry;

/** Builds the bundle, then loads it. */
export async function benchApiBundle(): Promise<Entry> {
  const pkg = JSON.parse(readFileSync(path.join(FUNCTIONS, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  await build({
    entryPoints: [path.join(ROOT, 'scripts/lib/bench-api-entry.ts')],
    outfile: OUTFILE,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    logLevel: 'warning',
    external: Object.keys(pkg.dependencies),
  });
  return loadBenchApiBundle();
}
