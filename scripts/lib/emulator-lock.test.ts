/**
 * The emulator lock as a test run uses it: a process that holds the lock (through its `flock … cat`
 * child) and starts a script that takes the lock too must not wait on itself (the shutdown check starts
 * scripts/emulators.ts under the lock it holds).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { holdEmulatorLock, lockHeldByAncestor } from './emulator-lock';

const dir = mkdtempSync(path.join(tmpdir(), 'insight-lock-'));
const file = path.join(dir, 'emulators.lock');
const child = path.join(dir, 'child.mjs');
const MODULE = path.resolve(import.meta.dirname, 'emulator-lock.ts');

describe('the emulator lock', () => {
  it('when this process holds it, then this process and its children see it held by an ancestor; once released, nobody does', async () => {
    writeFileSync(
      child,
      `const { lockHeldByAncestor } = await import(${JSON.stringify(MODULE)});\nconsole.log(lockHeldByAncestor(${JSON.stringify(file)}));\n`,
    );
    const childSees = () =>
      spawnSync(process.execPath, ['--import', 'tsx', child], { encoding: 'utf8' }).stdout.trim();
    expect(lockHeldByAncestor(file)).toBe(false);
    const release = await holdEmulatorLock(file);
    try {
      expect(lockHeldByAncestor(file)).toBe(true);
      expect(childSees()).toBe('true');
    } finally {
      await release();
    }
    expect(lockHeldByAncestor(file)).toBe(false);
    expect(childSees()).toBe('false');
  });
});
