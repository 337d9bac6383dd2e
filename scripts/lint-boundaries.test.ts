import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: ROOT });

/** Lints `code` as if it were the file at `file` (which need not exist); returns the boundary errors. */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages
    .filter((message) => message.ruleId === 'import/no-restricted-paths')
    .map((message) => message.message);
}

describe('import boundaries (eslint.config.js)', () => {
  it('when a feature imports another feature, then lint fails', async () => {
    const errors = await boundaryErrors(
      'hosting/src/features/home/components/fixture.tsx',
      "import { CmtsPage } from '../../net-manage/components/cmts-page';\nexport const x = CmtsPage;\n",
    );
    expect(errors).toEqual([expect.stringContaining('No feature imports another feature')]);
  });
  it('when shared code imports a feature or app/, then lint fails', async () => {
    expect(
      await boundaryErrors(
        'hosting/src/components/fixture.tsx',
        "import HomePage from '../features/home/components/home-page';\nimport { PAGES } from '../app/pages';\nexport const x = [HomePage, PAGES];\n",
      ),
    ).toHaveLength(2);
  });
  it('when a feature imports app/, then lint fails', async () => {
    expect(
      await boundaryErrors(
        'hosting/src/features/home/components/fixture.tsx',
        "import { PAGES } from '../../../app/pages';\nexport const x = PAGES;\n",
      ),
    ).toHaveLength(1);
  });
  it('when the functions domain imports an adapter, then lint fails', async () => {
    expect(
      await boundaryErrors(
        'functions/src/domain/fixture.ts',
        "import { createWanClient } from '../adapters/upstream/wan-client';\nexport const x = createWanClient;\n",
      ),
    ).toHaveLength(1);
  });
  it('when the simulator imports functions/, hosting/, scripts/ or tests/, then lint fails', async () => {
    const errors = await boundaryErrors(
      'simulator/src/fixture.ts',
      "import { createApp } from '../../functions/src/app';\nimport { PAGES } from '../../hosting/src/app/pages';\nimport { x } from '../../scripts/lib/emulator-config';\nimport { y } from '../../tests/e2e/support/buffering-path';\nexport const z = [createApp, PAGES, x, y];\n",
    );
    expect(errors).toEqual(
      Array(4).fill(expect.stringContaining('The simulator imports only common/ and itself')),
    );
  });
  it('when hosting imports functions/, the simulator, scripts/ or tests/, then lint fails', async () => {
    const errors = await boundaryErrors(
      'hosting/src/lib/fixture.ts',
      "import { createApp } from '../../../functions/src/app';\nimport { createSimulator } from '../../../simulator/src/server';\nimport { x } from '../../../scripts/lib/emulator-config';\nimport { y } from '../../../tests/e2e/support/buffering-path';\nexport const z = [createApp, createSimulator, x, y];\n",
    );
    expect(errors).toEqual(Array(4).fill(expect.stringContaining('hosting/ imports neither')));
  });
  it('when functions imports hosting/, scripts/ or tests/, then lint fails', async () => {
    const errors = await boundaryErrors(
      'functions/src/lib/fixture.ts',
      "import { PAGES } from '../../../hosting/src/app/pages';\nimport { x } from '../../../scripts/lib/emulator-config';\nimport { y } from '../../../tests/e2e/support/buffering-path';\nexport const z = [PAGES, x, y];\n",
    );
    expect(errors).toEqual(Array(3).fill(expect.stringContaining('functions/ imports neither')));
  });
  it("when scripts/ or tests/ import the others' sources, then lint passes", async () => {
    expect(
      await boundaryErrors(
        'scripts/fixture.ts',
        "import { createApp } from '../functions/src/app';\nimport { createSimulator } from '../simulator/src/server';\nimport { y } from '../harness/browser';\nexport const z = [createApp, createSimulator, y];\n",
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'tests/e2e/fixture.ts',
        "import { createApp } from '../../functions/src/app';\nimport { PAGES } from '../../hosting/src/app/pages';\nexport const z = [createApp, PAGES];\n",
      ),
    ).toEqual([]);
  });
  it('when the harness or a benchmark imports tests/, then lint fails; tests and benchmarks share harness/', async () => {
    expect(
      await boundaryErrors(
        'harness/fixture.ts',
        "import { x } from '../tests/e2e/support/buffering-path';\nexport const z = x;\n",
      ),
    ).toEqual([expect.stringContaining('harness/ imports neither a test nor scripts/')]);
    expect(
      await boundaryErrors(
        'scripts/fixture.ts',
        "import { x } from '../tests/e2e/support/buffering-path';\nexport const z = x;\n",
      ),
    ).toEqual([expect.stringContaining('scripts/ import no test')]);
    expect(
      await boundaryErrors(
        'tests/e2e/fixture.ts',
        "import { PORTAL } from '../../harness/browser';\nexport const z = PORTAL;\n",
      ),
    ).toEqual([]);
  });
  it('when the harness imports scripts/, then lint fails: what both need lives in harness/', async () => {
    expect(
      await boundaryErrors(
        'harness/fixture.ts',
        "import { stop } from '../scripts/lib/processes';\nimport { percentile } from './stats';\nexport const z = [stop, percentile];\n",
      ),
    ).toEqual([expect.stringContaining('harness/ imports neither a test nor scripts/')]);
  });
  it("when scripts/, harness/ or tests/ import an adapter's internals, then lint fails; its public entry passes", async () => {
    const internals =
      "import { markerRef } from '__/functions/src/adapters/firestore/firestore-dependencies';\nimport { httpTransport } from '__/functions/src/adapters/upstream/transport';\nexport const z = [markerRef, httpTransport];\n";
    const entries =
      "import { markerRef } from '__/functions/src/adapters/firestore';\nimport { httpTransport } from '__/functions/src/adapters/upstream';\nexport const z = [markerRef, httpTransport];\n";
    for (const [file, up] of [
      ['scripts/fixture.ts', '..'],
      ['harness/fixture.ts', '..'],
      ['tests/triggers/fixture.ts', '../..'],
    ] as const) {
      expect(await boundaryErrors(file, internals.replaceAll('__', up))).toEqual(
        Array(2).fill(expect.stringContaining('the adapters are used through their public entries')),
      );
      expect(await boundaryErrors(file, entries.replaceAll('__', up))).toEqual([]);
    }
  });
  it('when a feature imports shared code and its own files, then lint passes', async () => {
    expect(
      await boundaryErrors(
        'hosting/src/features/net-manage/components/fixture.tsx',
        "import { AppLink } from '../../../components/app-link';\nimport { CmtsPage } from './cmts-page';\nexport const x = [AppLink, CmtsPage];\n",
      ),
    ).toEqual([]);
  });
  it('when the eslint command lints a file that breaks a boundary, then it exits non-zero', () => {
    const result = spawnSync(
      process.execPath,
      [
        path.join(ROOT, 'node_modules/eslint/bin/eslint.js'),
        '--stdin',
        '--stdin-filename',
        'hosting/src/features/audit/components/fixture.tsx',
      ],
      {
        cwd: ROOT,
        input: "import { x } from '../../permissions/api/users';\nexport const y = x;\n",
        encoding: 'utf8',
      },
    );
    expect(result.status).not.toBe(0);
    expect(result.stdout).toContain('import/no-restricted-paths');
  });
});
