/** Where a profile's time went: per source module, also inside a bundle that marks its modules. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { summarise } from './profile-summary';

describe('summarise', () => {
  it('when a sample is in an esbuild bundle, then its time is charged to the source module the bundle marks, and idle is left out', () => {
    const bundle = path.join(mkdtempSync(path.join(tmpdir(), 'profile-')), 'api.cjs');
    writeFileSync(
      bundle,
      [
        '"use strict";',
        '// functions/src/lib/call-cache.ts',
        'function get() {}',
        '// node_modules/zod/v4/core/parse.js',
        'function parse() {}',
        '// functions/src/http/routes/customer360.ts',
        'function route() {}',
      ].join('\n'),
    );
    const url = `file://${bundle}`;
    const { byModule, busyMs } = summarise({
      nodes: [
        { id: 1, callFrame: { functionName: '(idle)', url: '' } },
        { id: 2, callFrame: { functionName: 'get', url, lineNumber: 2 } },
        { id: 3, callFrame: { functionName: 'parse', url, lineNumber: 4 } },
        { id: 4, callFrame: { functionName: 'route', url, lineNumber: 6 } },
        { id: 5, callFrame: { functionName: 'writeLatin1String', url: '' } },
      ],
      samples: [1, 2, 3, 4, 4, 5],
      timeDeltas: [9000, 1000, 2000, 3000, 3000, 500],
    });
    expect(busyMs).toBe(9.5);
    expect(Object.fromEntries(byModule)).toEqual({
      'functions/src/lib/call-cache.ts': 1,
      zod: 2,
      'functions/src/http/routes/customer360.ts': 6,
      '(writeLatin1String)': 0.5,
    });
  });
});
