import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The TypeScript programs `npm run typecheck` checks: each workspace's `typecheck` script, its `-p`
 * projects (scripts/test.ts runs them side by side; typecheck-programs.test.ts keeps the list true).
 */
export const TYPECHECKED = ['common', 'functions', 'hosting', 'hosting/scripts', 'simulator', 'tests'];

/** The programs the workspaces' `typecheck` scripts name, read from their package.json files. */
export function workspacePrograms(root: string): string[] {
  const { workspaces } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    workspaces: string[];
  };
  return workspaces.flatMap((workspace) => {
    const { scripts } = JSON.parse(readFileSync(path.join(root, workspace, 'package.json'), 'utf8')) as {
      scripts?: Record<string, string>;
    };
    return [...(scripts?.typecheck ?? '').matchAll(/-p (\S+)/g)].map((match) =>
      path.posix.normalize(path.posix.join(workspace, match[1]!)),
    );
  });
}
