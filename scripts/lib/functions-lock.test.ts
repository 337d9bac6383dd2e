import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { functionsLockfile, readRootLock } from './functions-lock';

const ROOT = path.resolve(import.meta.dirname, '../..');
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'functions/package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** Where Node finds the package from functions/: its own node_modules first, then the workspace's. */
const installedManifest = (name: string) =>
  [`functions/node_modules/${name}`, `node_modules/${name}`]
    .map((dir) => path.join(ROOT, dir, 'package.json'))
    .find((file) => existsSync(file))!;

describe("the functions' own lockfile", () => {
  const lock = functionsLockfile(readRootLock(ROOT));

  it('locks every dependency of functions/package.json at the version the workspace installed', () => {
    for (const name of Object.keys(manifest.dependencies)) {
      const installed = JSON.parse(readFileSync(installedManifest(name), 'utf8')) as {
        version: string;
      };
      expect(lock.packages[`node_modules/${name}`]?.version, name).toBe(installed.version);
    }
    for (const name of Object.keys(manifest.devDependencies))
      expect(lock.packages[`node_modules/${name}`], name).toBeDefined();
  });

  it('names the functions package at its root, with nothing of the other workspaces', () => {
    expect(lock.packages['']).toMatchObject({ name: 'insight-functions', dependencies: manifest.dependencies });
    expect(Object.keys(lock.packages).filter((key) => key.startsWith('functions/') || key === 'node_modules/@insight/common')).toEqual([]);
    expect(Object.values(lock.packages).every((entry) => !entry.link)).toBe(true);
  });
});
