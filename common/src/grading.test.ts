import { describe, expect, it } from 'vitest';
import { ADMIN_STATUS, gradeMetric, OPER_STATUS } from './grading';

describe('grading with the default ranges', () => {
  it.each([
    [-19.5, 'pass'],
    [-25, 'pass'],
    [-25.9, 'warn'],
    [-27.1, 'fail'],
    [-7, 'fail'],
    [null, 'n/a'],
  ])('when a GPON receive power is %s dBm, then it is %s', (value, expected) => {
    expect(gradeMetric('GPON', 'rxPower', value).grade).toBe(expected);
  });
  it('gives the deciding bound as the reason', () => {
    expect(gradeMetric('GPON', 'rxPower', -25.9)).toEqual({
      grade: 'warn',
      value: -25.9,
      unit: 'dBm',
      rule: { grade: 'warn', direction: 'below', bound: -25 },
    });
    expect(gradeMetric('EPON', 'rxPower', -26.5).rule).toEqual({
      grade: 'fail',
      direction: 'below',
      bound: -26,
    });
  });
  it('names statuses as words', () => {
    expect(ADMIN_STATUS[3]).toBe('testing');
    expect(OPER_STATUS[7]).toBe('lowerLayerDown');
  });
});
