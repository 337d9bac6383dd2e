import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TYPECHECKED, workspacePrograms } from './typecheck-programs';

describe('the programs npm test typechecks', () => {
  it('when the workspaces name their typecheck programs, then npm test checks exactly those', () => {
    const programs = workspacePrograms(path.resolve(import.meta.dirname, '../..'));
    expect(programs.length).toBeGreaterThan(3);
    expect([...TYPECHECKED].sort()).toEqual([...programs].sort());
  });
});
