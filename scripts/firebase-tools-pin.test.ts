/**
 * docs/decisions/0009-firebase-tools-14-on-java-17.md: firebase-tools stays on major 14 (its next major
 * drops Java < 21, and the machines offer Java 17).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const json = (file: string) =>
  JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as Record<string, unknown>;
const PINNED_MAJOR = 14;

describe('firebase-tools pinned to the major that runs on Java 17 (decision 0009)', () => {
  const spec = (json('package.json').devDependencies as Record<string, string>)['firebase-tools']!;

  it('when package.json names firebase-tools, then it names one exact version of major 14 (no range reaches 15)', () => {
    expect(spec).toMatch(/^\d+\.\d+\.\d+$/);
    expect(Number(spec.split('.')[0])).toBe(PINNED_MAJOR);
  });

  it('when the workspace is installed, then firebase-tools is the pinned version', () => {
    expect(json('node_modules/firebase-tools/package.json').version).toBe(spec);
  });

  it('when a clean machine is prepared (.ci/run), then it installs the Java 17 the decision names', () => {
    expect(readFileSync(path.join(ROOT, '.ci/run'), 'utf8')).toContain('openjdk-17-jdk-headless');
  });
});
