import { describe, expect, it } from 'vitest';
import { can, capabilitiesOf, rolesFromClaim } from './roles';

describe('roles', () => {
  it('keeps only known role keys from a claim', () => {
    expect(rolesFromClaim(['support1', 'root', 3])).toEqual(['support1']);
    expect(rolesFromClaim('engineering')).toEqual([]);
  });
  it('follows the matrix', () => {
    expect(can(['support1'], 'deviceReset')).toBe(false);
    expect(can(['support2'], 'deviceReset')).toBe(true);
    expect(can([], 'view360')).toBe(false);
    expect(capabilitiesOf(['engineering'])).toContain('manageRoles');
    expect(capabilitiesOf(['install'])).not.toContain('adminRead');
  });
});
