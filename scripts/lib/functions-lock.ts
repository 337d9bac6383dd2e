/**
 * functions/package-lock.json, cut from the workspace's package-lock.json: `firebase deploy` uploads
 * functions/ alone and the cloud build runs `npm ci` there when a lockfile is present, so it installs
 * exactly the versions the tests ran with (without one it would resolve the ranges again, at deploy time).
 * The functions' packages keep their place in the tree (functions/node_modules/x moves to node_modules/x,
 * root-level packages stay), and every dependency edge is checked to resolve to the same package as in
 * the workspace; a layout that would not is refused, not guessed.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface LockPackage {
  version?: string;
  resolved?: string;
  integrity?: string;
  link?: boolean;
  dev?: boolean;
  optional?: boolean;
  devOptional?: boolean;
  peer?: boolean;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  [key: string]: unknown;
}
interface Lockfile {
  name: string;
  version: string;
  lockfileVersion: number;
  requires?: boolean;
  packages: Record<string, LockPackage>;
}

/** Where `name` resolves from the package at `from` ('' is the root), by Node's lookup. */
function resolve(packages: Record<string, LockPackage>, from: string, name: string): string | null {
  let dir = from;
  for (;;) {
    const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!dir) return null;
    const cut = dir.lastIndexOf('/node_modules/');
    dir = cut === -1 ? '' : dir.slice(0, cut);
  }
}

function edges(pkg: LockPackage, withDev: boolean): string[] {
  const optionalPeers = new Set(
    Object.entries(pkg.peerDependenciesMeta ?? {})
      .filter(([, meta]) => meta.optional)
      .map(([name]) => name),
  );
  return [
    ...Object.keys(pkg.dependencies ?? {}),
    ...Object.keys(pkg.optionalDependencies ?? {}),
    ...Object.keys(pkg.peerDependencies ?? {}).filter((name) => !optionalPeers.has(name)),
    ...(withDev ? Object.keys(pkg.devDependencies ?? {}) : []),
  ];
}

export function functionsLockfile(rootLock: Lockfile, workspace = 'functions'): Lockfile {
  const source = rootLock.packages;
  const manifest = source[workspace];
  if (!manifest) throw new Error(`package-lock.json has no workspace ${workspace}`);
  const moved = (original: string) =>
    original.startsWith(`${workspace}/`) ? original.slice(workspace.length + 1) : original;

  // Every package the workspace reaches, from its own dependencies (dev ones too: `npm ci` wants them).
  const reached = new Map<string, string>(); // new path → original path
  const queue: Array<{ from: string; name: string; optional: boolean }> = edges(manifest, true).map((name) => ({
    from: workspace,
    name,
    optional: name in (manifest.optionalDependencies ?? {}),
  }));
  const problems: string[] = [];
  while (queue.length > 0) {
    const { from, name, optional } = queue.shift()!;
    const original = resolve(source, from, name);
    if (!original) {
      if (!optional) problems.push(`${from || 'root'} → ${name}: not in package-lock.json`);
      continue;
    }
    const target = moved(original);
    const already = reached.get(target);
    if (already !== undefined) {
      if (already !== original) problems.push(`${target} is both ${already} and ${original}`);
      continue;
    }
    if (source[original]!.link) problems.push(`${original} is a workspace link: bundle it instead`);
    reached.set(target, original);
    for (const dep of edges(source[original]!, false))
      queue.push({ from: original, name: dep, optional: dep in (source[original]!.optionalDependencies ?? {}) });
  }

  const packages: Record<string, LockPackage> = {
    '': {
      name: manifest.name as string,
      version: manifest.version,
      ...Object.fromEntries(
        ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies', 'engines']
          .filter((key) => manifest[key] !== undefined)
          .map((key) => [key, manifest[key]]),
      ),
    },
  };
  for (const target of [...reached.keys()].sort()) packages[target] = { ...source[reached.get(target)!]! };

  // The same resolution in the new tree, edge by edge.
  for (const [target, original] of reached)
    for (const dep of edges(source[original]!, false)) {
      const before = resolve(source, original, dep);
      const after = resolve(packages, target, dep);
      if (before && (!after || reached.get(after) !== before))
        problems.push(`${target} → ${dep}: ${after ?? 'missing'} instead of ${before}`);
    }
  if (problems.length > 0) throw new Error(`functions lockfile:\n  ${problems.join('\n  ')}`);
  return {
    name: manifest.name as string,
    version: manifest.version!,
    lockfileVersion: rootLock.lockfileVersion,
    requires: true,
    packages,
  };
}

export function readRootLock(root: string): Lockfile {
  return JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as Lockfile;
}
