/**
 * Where a process's CPU time went, by module, from a V8 CPU profile (`node --cpu-prof`): each sample's time
 * charged to the function it was in (self time), summed per source file of the project, per package of
 * node_modules, per Node.js internal module, and for the engine's own entries (garbage collector,
 * program). Prints the top entries with their share of the busy time (idle excluded). In a bundle that
 * esbuild built unminified (the API as `bench:api` runs it, functions/.bench/api.cjs), each module starts
 * with a `// <path>` line: a function there is charged to that source module.
 *
 *   node --import tsx scripts/profile-summary.ts <file.cpuprofile> [top=25]
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/emulator-env';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber?: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** A bundle's module start lines (0-based) and paths, ascending; empty for a file that has none. */
const bundleModules = new Map<string, Array<[number, string]>>();
function modulesOfBundle(file: string): Array<[number, string]> {
  let starts = bundleModules.get(file);
  if (!starts) {
    starts = [];
    if (/\.c?js$/.test(file) && existsSync(file))
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          const marker = /^\/\/ ((?:[\w@.-]+\/)+[\w@.-]+\.[cm]?[jt]sx?)$/.exec(line);
          if (marker) starts!.push([index, marker[1]!]);
        });
    bundleModules.set(file, starts);
  }
  return starts;
}

/** The module a function belongs to: a project file, a package, a Node.js internal, or the engine. */
export function moduleOf({ functionName, url, lineNumber }: ProfileNode['callFrame']): string {
  if (!url) return `(${functionName.replace(/[()]/g, '') || 'native'})`;
  if (url.startsWith('node:')) return url;
  const file = url.startsWith('file://') ? new URL(url).pathname : url;
  const starts = lineNumber === undefined ? [] : modulesOfBundle(file);
  if (starts.length > 0 && lineNumber! >= starts[0]![0]) {
    let found = starts[0]![1];
    for (const [line, module] of starts) {
      if (line > lineNumber!) break;
      found = module;
    }
    return found.replace(/^node_modules\/((?:@[^/]+\/)?[^/]+).*$/, '$1');
  }
  const packageAt = file.lastIndexOf('/node_modules/');
  if (packageAt >= 0) {
    const [scope, name] = file.slice(packageAt + '/node_modules/'.length).split('/');
    return scope?.startsWith('@') ? `${scope}/${name}` : scope!;
  }
  return path.relative(ROOT, file);
}

/** Self time per module in ms, and the busy total (idle excluded). */
export function summarise(profile: Profile): { byModule: Map<string, number>; busyMs: number } {
  const modules = new Map(profile.nodes.map((node) => [node.id, moduleOf(node.callFrame)]));
  const byModule = new Map<string, number>();
  let busyMs = 0;
  profile.samples.forEach((id, index) => {
    const module = modules.get(id) ?? '(unknown)';
    const ms = (profile.timeDeltas[index] ?? 0) / 1000;
    if (module === '(idle)') return;
    busyMs += ms;
    byModule.set(module, (byModule.get(module) ?? 0) + ms);
  });
  return { byModule, busyMs };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, top = '25'] = process.argv.slice(2);
  if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [top]');
  const { byModule, busyMs } = summarise(JSON.parse(readFileSync(file, 'utf8')) as Profile);
  console.log(`busy ${busyMs.toFixed(0)} ms`);
  for (const [module, ms] of [...byModule].sort((a, b) => b[1] - a[1]).slice(0, Number(top)))
    console.log(
      `${((ms / busyMs) * 100).toFixed(1).padStart(5)} %  ${ms.toFixed(0).padStart(7)} ms  ${module}`,
    );
}
