import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: ROOT });

/** Lints `code` as if it were the file at `file` (which need not exist); returns the fixed-wait errors. */
async function waitErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages
    .filter((message) => message.ruleId === 'no-restricted-properties')
    .map((message) => message.message);
}

const PLANTED = `import type { Page } from 'playwright-core';
export async function settle(page: Page) {
  await page.waitForTimeout(300);
}
`;

describe('no fixed waits in the tests and the harness (eslint.config.js)', () => {
  it('when an end-to-end test waits a fixed time with waitForTimeout, then lint fails', async () => {
    expect(await waitErrors('tests/e2e/fixture.test.ts', PLANTED)).toEqual([
      expect.stringContaining('Wait for the state the test needs'),
    ]);
  });

  it('when the harness waits a fixed time with waitForTimeout, then lint fails', async () => {
    expect(await waitErrors('harness/fixture.ts', PLANTED)).toHaveLength(1);
  });

  it('when the same page waits for a state instead, then lint passes', async () => {
    const waiting = PLANTED.replace(
      'page.waitForTimeout(300)',
      "page.locator('h1').first().waitFor({ timeout: 10_000 })",
    );
    expect(await waitErrors('tests/e2e/fixture.test.ts', waiting)).toEqual([]);
  });
});
