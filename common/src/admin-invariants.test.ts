import { describe, expect, it } from 'vitest';
import {
  cmtsConflict,
  definitionConflict,
  ruleConflictOf,
  thresholdConflicts,
  variantConflict,
  type CmtsLike,
  type RuleLike,
  type ThresholdConflict,
  type VariantLike,
} from './admin-invariants';
import { conflictDetailsSchema } from './admin-lists';
import { rangesOverlap } from './threshold-ranges';
import { seedThresholdSet } from './threshold-seed';

const cmts = (cmtsId: string, ipLookup: string, ipManage: string, overrideIpChecks = false): CmtsLike => ({
  cmtsId,
  ipLookup,
  ipManage,
  overrideIpChecks,
});

describe('CMTS addresses', () => {
  const rows = [cmts('B', '10.0.0.2', '10.0.1.2'), cmts('A', '10.0.0.1', '10.0.1.1')];

  it('when another row holds the IP Lookup address, then ipInUse names the field, the row and the address', () => {
    const conflict = cmtsConflict(cmts('NEW', '10.0.0.1', '10.9.9.9'), rows);
    expect(conflict).toEqual({ reason: 'ipInUse', field: 'ipLookup', with: 'A', value: '10.0.0.1' });
    expect(conflictDetailsSchema.parse(conflict)).toEqual(conflict);
  });
  it('when another row holds the IP Management address as its IP Lookup, then ipInUse is on ipManage', () => {
    expect(cmtsConflict(cmts('NEW', '10.9.9.9', '10.0.0.2'), rows)).toEqual({
      reason: 'ipInUse',
      field: 'ipManage',
      with: 'B',
      value: '10.0.0.2',
    });
  });
  it('when both addresses are taken, then the IP Lookup is reported first', () => {
    expect(cmtsConflict(cmts('NEW', '10.0.1.2', '10.0.0.1'), rows)).toMatchObject({
      field: 'ipLookup',
      with: 'B',
    });
  });
  it('when several rows hold the address, then the lowest id is named, whatever their order', () => {
    const holders = [cmts('Z', '10.0.0.7', '10.0.1.7'), cmts('M', '10.0.2.7', '10.0.0.7')];
    for (const others of [holders, [...holders].reverse()])
      expect(cmtsConflict(cmts('NEW', '10.0.0.7', '10.9.9.9'), others)?.with).toBe('M');
  });
  it('when the only row holding the address is the candidate itself, then there is no conflict', () => {
    expect(cmtsConflict(cmts('A', '10.0.0.1', '10.0.1.1'), rows)).toBeNull();
    // The same id skipped, another row still counts.
    expect(cmtsConflict(cmts('A', '10.0.0.1', '10.0.1.2'), rows)).toMatchObject({ with: 'B' });
  });
  it('when the candidate overrides IP checks, then it may share any address', () => {
    expect(cmtsConflict(cmts('NEW', '10.0.0.1', '10.0.1.2', true), rows)).toBeNull();
  });
  it('when only the row holding the address overrides IP checks, then the candidate is still refused, as the form does', () => {
    const others = [cmts('A', '10.0.0.1', '10.0.1.1', true)];
    expect(cmtsConflict(cmts('NEW', '10.0.0.1', '10.9.9.9'), others)).toMatchObject({ with: 'A' });
  });
  it('when no other row holds either address, then there is no conflict', () => {
    expect(cmtsConflict(cmts('NEW', '10.9.9.8', '10.9.9.9'), rows)).toBeNull();
    expect(cmtsConflict(cmts('NEW', '10.9.9.9', '10.9.9.9'), [])).toBeNull();
  });
});

const rule = (
  tdId: string,
  rangeMin: number | null,
  rangeMax: number | null,
  extra: Partial<RuleLike> = {},
): RuleLike => ({
  tdId,
  definitionName: 'D',
  technology: 'GPON',
  variantName: null,
  rangeMin,
  rangeMax,
  alphaValue: null,
  ...extra,
});
const word = (tdId: string, alphaValue: string, extra: Partial<RuleLike> = {}) =>
  rule(tdId, null, null, { alphaValue, ...extra });

describe('threshold rules', () => {
  const others = [
    rule('a', -27, -25),
    rule('b', -26, -20, { technology: 'EPON' }),
    rule('c', -26, -20, { variantName: 'V' }),
    word('w', 'Good'),
  ];
  it('when the range overlaps another rule of the same definition, technology and variant, then rangeOverlap names it', () => {
    expect(ruleConflictOf(rule('new', -26, -24), others, null)).toEqual({
      reason: 'rangeOverlap',
      field: 'rangeMin',
      with: 'a',
    });
  });
  it('when the range only touches another at a bound, or overlaps rules of another group, then it is accepted', () => {
    expect(ruleConflictOf(rule('new', -25, -20), others, null)).toBeNull();
    expect(
      ruleConflictOf(rule('new', -24, -21, { variantName: 'W' }), others, { technology: 'GPON' }),
    ).toBeNull();
  });
  it('when the candidate is a saved rule’s new version, then it is not compared with itself', () => {
    expect(ruleConflictOf(rule('a', -26, -24), others, null)).toBeNull();
  });
  it('when the alpha value is already mapped (any case), then duplicate names the rule and the value', () => {
    expect(ruleConflictOf(word('new', 'good'), others, null)).toEqual({
      reason: 'duplicate',
      field: 'alphaValue',
      with: 'w',
      value: 'good',
    });
    expect(ruleConflictOf(word('new', 'fair'), others, null)).toBeNull();
  });
  it('when the rule’s technology differs from its variant’s, then technologyMismatch, before any overlap', () => {
    const conflict = ruleConflictOf(rule('new', -26, -24, { variantName: 'V' }), others, {
      technology: 'EPON',
    });
    expect(conflict).toEqual({ reason: 'technologyMismatch', field: 'technology', with: 'V', value: 'EPON' });
    expect(conflictDetailsSchema.parse(conflict)).toEqual(conflict);
  });
  it('when the rule’s variant has its technology, then the overlap checks decide', () => {
    expect(
      ruleConflictOf(rule('new', -22, -21, { variantName: 'V' }), others, { technology: 'GPON' }),
    ).toMatchObject({ reason: 'rangeOverlap', with: 'c' });
  });
});

describe('threshold definitions', () => {
  const others = [
    { tdId: 'RX-2', parameter: 'rxPower' },
    { tdId: 'RX-1', parameter: 'rxPower' },
    { tdId: 'TX', parameter: 'txPower' },
  ];
  it('when another definition grades the same parameter, then parameterTaken names the lowest such id', () => {
    expect(definitionConflict({ tdId: 'NEW', parameter: 'rxPower' }, others)).toEqual({
      reason: 'parameterTaken',
      field: 'parameter',
      with: 'RX-1',
      value: 'rxPower',
    });
  });
  it('when the only definition of the parameter is the candidate itself, then there is no conflict', () => {
    expect(definitionConflict({ tdId: 'TX', parameter: 'txPower' }, others)).toBeNull();
    expect(definitionConflict({ tdId: 'NEW', parameter: 'rssi' }, others)).toBeNull();
  });
});

describe('threshold variants', () => {
  const variant = (tdId: string, variants: string[], technology: 'GPON' | 'EPON' = 'GPON'): VariantLike => ({
    tdId,
    technology,
    variants,
  });
  const others = [
    variant('V2', ['Nokia G-010G-Q']),
    variant('V1', ['nokia g-010g-q ', 'Other']),
    variant('E', ['Epon-1'], 'EPON'),
  ];
  it('when a model is listed in another variant of the technology (trimmed, any case), then modelTaken names the model and the lowest variant', () => {
    const conflict = variantConflict(variant('NEW', ['Fresh', '  NOKIA G-010G-Q  ']), others);
    expect(conflict).toEqual({
      reason: 'modelTaken',
      field: 'variants',
      with: 'V1',
      value: 'NOKIA G-010G-Q',
    });
    expect(conflictDetailsSchema.parse(conflict)).toEqual(conflict);
  });
  it('when the model is listed only in a variant of the other technology, then it is accepted', () => {
    expect(variantConflict(variant('NEW', ['epon-1']), others)).toBeNull();
    expect(variantConflict(variant('NEW', ['other'], 'EPON'), others)).toBeNull();
  });
  it('when the candidate is a saved variant’s new version, then its own models do not count', () => {
    expect(variantConflict(variant('V1', ['Other', 'New model']), others)).toBeNull();
    expect(variantConflict(variant('V1', ['NOKIA G-010G-Q']), others)).toMatchObject({ with: 'V2' });
  });
});

describe('conflicts among saved threshold records', () => {
  const variants: VariantLike[] = [
    { tdId: 'VB', technology: 'GPON', variants: ['M1', ' m2', 'M3'] },
    { tdId: 'VA', technology: 'GPON', variants: ['m1', 'M2 ', 'M1'] },
    { tdId: 'VC', technology: 'EPON', variants: ['M1'] },
  ];
  const definitions = [
    { tdId: 'D', parameter: 'rxPower' },
    { tdId: 'D2', parameter: 'rxPower' },
    { tdId: 'T', parameter: 'txPower' },
  ];
  const rules: RuleLike[] = [
    rule('r3', -30, -20),
    rule('r1', -40, -25),
    rule('r2', -26, null),
    rule('touch', null, -40),
    rule('other-tech', -30, -20, { technology: 'EPON' }),
    rule('in-variant', -30, -20, { variantName: 'VA' }),
    rule('mismatch', -60, -50, { variantName: 'VC' }),
    word('w2', 'good'),
    word('w1', 'Good'),
    word('w3', 'fair'),
    word('w4', 'fair', { technology: 'EPON' }),
  ];
  const expected: ThresholdConflict[] = [
    { reason: 'rangeOverlap', ids: ['r1', 'r2'] },
    { reason: 'rangeOverlap', ids: ['r1', 'r3'] },
    { reason: 'rangeOverlap', ids: ['r2', 'r3'] },
    { reason: 'duplicate', ids: ['w1', 'w2'], value: 'Good' },
    { reason: 'parameterTaken', ids: ['D', 'D2'], value: 'rxPower' },
    { reason: 'modelTaken', ids: ['VA', 'VB'], value: 'm1, M2' },
    { reason: 'technologyMismatch', ids: ['mismatch', 'VC'], value: 'EPON' },
  ];

  it('when saved records break each invariant, then every conflict is listed once, by reason then ids', () => {
    expect(thresholdConflicts(rules, variants, definitions)).toEqual(expected);
  });
  it('when the records come in another order, then the list is the same', () => {
    expect(
      thresholdConflicts([...rules].reverse(), [...variants].reverse(), [...definitions].reverse()),
    ).toEqual(expected);
  });
  it('when the records are the seeded ones, then there is no conflict', () => {
    const seed = seedThresholdSet();
    expect(thresholdConflicts(seed.rules, seed.variants, seed.definitions)).toEqual([]);
  });
  it('when ranges are drawn at random, then the overlaps found are exactly those of a comparison of every pair', () => {
    let state = 42;
    const random = () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state / 2147483648;
    };
    const bound = () => (random() < 0.1 ? null : Math.round(random() * 200 - 100));
    const drawn = Array.from({ length: 300 }, (_, index) =>
      rule(`r${index}`, bound(), bound(), {
        definitionName: random() < 0.5 ? 'D' : 'E',
        technology: random() < 0.5 ? 'GPON' : 'EPON',
      }),
    );
    const expectedPairs: string[] = [];
    for (let i = 0; i < drawn.length; i++)
      for (let j = i + 1; j < drawn.length; j++) {
        const [a, b] = [drawn[i]!, drawn[j]!];
        if (a.definitionName === b.definitionName && a.technology === b.technology && rangesOverlap(a, b))
          expectedPairs.push([a.tdId, b.tdId].sort().join(' '));
      }
    const found = thresholdConflicts(drawn, [], []).map((conflict) => conflict.ids.join(' '));
    expect(found.length).toBeGreaterThan(100);
    expect([...found].sort()).toEqual(expectedPairs.sort());
  });
  it('when there are 5,000 rules, then only their real overlaps are listed (grouped, not every pair)', () => {
    // 500 groups of 10 touching ranges, open at both ends; in every tenth group the last range starts
    // inside the one before.
    const many: RuleLike[] = [];
    for (let group = 0; group < 500; group++)
      for (let band = 0; band < 10; band++) {
        const overlapping = band === 9 && group % 10 === 0;
        many.push(
          rule(
            `g${group}-b${band}`,
            band === 0 ? null : overlapping ? 85 : band * 10,
            band === 9 ? null : band * 10 + 10,
            {
              definitionName: `D${group % 25}`,
              technology: group % 2 === 0 ? 'GPON' : 'EPON',
              variantName: `V${Math.floor(group / 50)}`,
            },
          ),
        );
      }
    const conflicts = thresholdConflicts(many, [], []);
    expect(many).toHaveLength(5000);
    expect(conflicts).toHaveLength(50);
    expect(conflicts.every((conflict) => conflict.reason === 'rangeOverlap')).toBe(true);
    expect(conflicts[0]).toEqual({ reason: 'rangeOverlap', ids: ['g0-b8', 'g0-b9'] });
  });
});
