/**
 * What the 360 view's first load may not pull in (docs/performance.md, "First paint", what the view's
 * first load no longer carries): the page and the details under its findings reach neither the schemas
 * library (the forms' validation, loaded with the forms) nor the charts library (loaded when a chart is
 * on screen). Walks the static imports of the source, as the bundler follows them: type-only imports and
 * `import()` are not followed.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const VIEW = 'hosting/src/features/insight360/components';
const ENTRIES = [`${VIEW}/insight360-page.tsx`, `${VIEW}/view-details.tsx`];
const FORBIDDEN = ['zod', '@mui/x-charts'];

/** The specifiers a module imports for their values (an import of types only is erased by the compiler). */
export function valueImports(source: string): string[] {
  const found: string[] = [];
  const statement = /(?:^|\n)\s*(import|export)\s+(type\s+)?([^;]*?)\s*from\s*['"]([^'"]+)['"]/g;
  for (const [, , typeOnly, clause, specifier] of source.matchAll(statement)) {
    if (typeOnly) continue;
    const names = /^\{([^}]*)\}$/.exec(clause!.trim());
    const allTypes =
      names !== null &&
      names[1]!
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean)
        .every((name) => name.startsWith('type '));
    if (!allTypes) found.push(specifier!);
  }
  for (const [, specifier] of source.matchAll(/(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g))
    found.push(specifier!);
  return found;
}

/** The file a specifier names in the repository, or null for a package. */
function resolve(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('@insight/common/')) base = path.join(ROOT, 'common/src', specifier.slice(16));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')])
    if (existsSync(candidate) && !candidate.endsWith(path.sep) && /\.tsx?$/.test(candidate)) return candidate;
  throw new Error(`${path.relative(ROOT, from)}: cannot resolve ${specifier}`);
}

/** Every package the entries reach, each with one chain of files that reaches it. */
function packagesReached(entries: string[]): Map<string, string[]> {
  const packages = new Map<string, string[]>();
  const seen = new Set<string>();
  const queue = entries.map((entry) => [path.join(ROOT, entry)]);
  while (queue.length > 0) {
    const chain = queue.shift()!;
    const file = chain.at(-1)!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of valueImports(readFileSync(file, 'utf8'))) {
      const target = resolve(file, specifier);
      if (target) queue.push([...chain, target]);
      else if (!packages.has(specifier))
        packages.set(specifier, [...chain.map((each) => path.relative(ROOT, each)), specifier]);
    }
  }
  return packages;
}

describe("the 360 view's first load", () => {
  it('when an import of types only or a value import is read, then only the value import is followed', () => {
    expect(
      valueImports(
        "import type { A } from './a';\nimport { type B, type C } from './b';\nimport { d, type E } from './d';\nexport { f } from './f';\nimport './g.css';\nconst h = () => import('./h');\n",
      ),
    ).toEqual(['./d', './f', './g.css']);
  });

  it('when the page and its details are loaded, then neither the schemas nor the charts library is', () => {
    const reached = packagesReached(ENTRIES);
    const offending = [...reached]
      .filter(([name]) =>
        FORBIDDEN.some((forbidden) => name === forbidden || name.startsWith(`${forbidden}/`)),
      )
      .map(([, chain]) => chain.join(' → '));
    expect(offending).toEqual([]);
    // The walk reached the page's own dependencies (a walk that found nothing would pass as well).
    expect(reached.has('react-i18next')).toBe(true);
  });
});
