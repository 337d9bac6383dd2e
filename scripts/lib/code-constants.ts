/**
 * The value of an exported constant, or of a functions param's default, read from the source without
 * running the module (a web component's constant would load React): `export const NAME = <literal>`,
 * where the literal is numbers, strings, arithmetic and object literals (scripts/docs-claims.test.ts).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';

const SOURCES = ['common/src', 'functions/src', 'hosting/src'];
const PARAMS = 'functions/src/config/params.ts';

export interface CodeConstant {
  name: string;
  file: string;
  value: unknown;
}

function sourceFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (name === 'node_modules') continue;
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) found.push(full);
    }
  };
  for (const source of SOURCES) walk(path.join(root, source));
  return found;
}

/** Every `export const NAME = …` (upper-case names) and every `defineInt('NAME', { default: … })`. */
export function codeConstants(root: string): Map<string, CodeConstant> {
  const constants = new Map<string, CodeConstant>();
  for (const file of sourceFiles(root)) {
    const text = readFileSync(file, 'utf8');
    const relative = path.relative(root, file);
    for (const match of text.matchAll(/^export const ([A-Z][A-Z0-9_]+)(?::[^=]+)? = ([^;]+);/gm)) {
      const literal = match[2]!.replace(/\s+as const$/, '');
      if (!/^[-\d\s_*+/.(){}:,'"a-zA-Z]+$/.test(literal)) continue;
      try {
        constants.set(match[1]!, { name: match[1]!, file: relative, value: runInNewContext(`(${literal})`, {}) });
      } catch {
        // Not a literal (names another constant or calls a function): not a value the docs can quote.
      }
    }
    if (relative === PARAMS)
      for (const match of text.matchAll(/define(?:Int|String)\('([A-Z0-9_]+)',\s*\{\s*default:\s*([^,\n]+),/g))
        constants.set(match[1]!, { name: match[1]!, file: relative, value: runInNewContext(`(${match[2]})`, {}) });
  }
  return constants;
}
