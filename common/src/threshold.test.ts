import { describe, expect, it } from 'vitest';
import { THRESHOLD_OUTER_BOUND } from './constants';
import {
  definitionDocumentSchema,
  ruleFieldsSchema,
  variantDocumentSchema,
  type RuleDocument,
} from './threshold';
import { rangesOverlap, ruleConflict } from './threshold-ranges';
import { seedThresholdSet } from './threshold-seed';
import { decodeMessage } from './validators';

const base = {
  tdId: 'R1',
  definitionName: 'DEF-rxPower',
  technology: 'GPON',
  variantName: '',
  rangeMin: '',
  rangeMax: '',
  alphaValue: '',
  result: 'pass',
  version: '',
  description: '',
} as const;

function messages(input: Record<string, unknown>) {
  const parsed = ruleFieldsSchema.safeParse({ ...base, ...input });
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => [issue.path.join('.'), decodeMessage(issue.message).key]);
}

describe('rule validation (docs/requirements.md, "Thresholds")', () => {
  it('when neither min, max nor alpha is entered, then one of them is required', () => {
    expect(messages({})).toEqual([['rangeMin', 'oneOfMinMaxAlpha']]);
  });
  it('when min is not below max, then min must be less than max', () => {
    expect(messages({ rangeMin: '-9', rangeMax: '-25' })).toEqual([['rangeMax', 'minLessThanMax']]);
    expect(messages({ rangeMin: '-9', rangeMax: '-9' })).toEqual([['rangeMax', 'minLessThanMax']]);
  });
  it('when an alpha value comes with a min or a max, then it is refused', () => {
    expect(messages({ alphaValue: 'good', rangeMin: '1' })).toEqual([['alphaValue', 'minMaxWithoutAlpha']]);
    expect(messages({ alphaValue: 'good' })).toEqual([]);
  });
  it('when a bound is beyond the outer limit, then it is refused; exactly at the limit it is accepted', () => {
    expect(
      messages({ rangeMin: String(-THRESHOLD_OUTER_BOUND), rangeMax: String(THRESHOLD_OUTER_BOUND) }),
    ).toEqual([]);
    expect(messages({ rangeMin: String(-THRESHOLD_OUTER_BOUND - 0.5) })).toEqual([
      ['rangeMin', 'exceedsLimit'],
    ]);
    expect(messages({ rangeMax: String(THRESHOLD_OUTER_BOUND + 1) })).toEqual([['rangeMax', 'exceedsLimit']]);
  });
  it('when a bound is not a number, then a float is required', () => {
    expect(messages({ rangeMin: '12a' })[0]).toEqual(['rangeMin', 'float']);
  });
  it('when the form is valid, then the bounds become numbers and a rule without variant is the default', () => {
    const rule = ruleFieldsSchema.parse({ ...base, rangeMin: '-25', rangeMax: ' -9.5 ' });
    expect(rule).toMatchObject({
      rangeMin: -25,
      rangeMax: -9.5,
      alphaValue: null,
      variantName: null,
      isDefault: true,
    });
  });
});

describe('overlap and duplicates', () => {
  const rule = (
    tdId: string,
    rangeMin: number | null,
    rangeMax: number | null,
    extra: Partial<RuleDocument> = {},
  ) => ({
    tdId,
    definitionName: 'D',
    technology: 'GPON' as const,
    variantName: null,
    rangeMin,
    rangeMax,
    alphaValue: null,
    ...extra,
  });
  it('when two ranges only touch at a bound, then they do not overlap', () => {
    expect(rangesOverlap(rule('a', -27, -25), rule('b', -25, -9))).toBe(false);
    expect(rangesOverlap(rule('a', -27, -25), rule('b', -25.01, -9))).toBe(true);
  });
  it('when a range is open-ended, then it reaches to infinity', () => {
    expect(rangesOverlap(rule('a', null, -27), rule('b', -1000, -900))).toBe(true);
    expect(rangesOverlap(rule('a', null, -27), rule('b', -27, null))).toBe(false);
    expect(rangesOverlap(rule('a', -8, null), rule('b', 5000, 6000))).toBe(true);
  });
  it('when another rule of the same definition, technology and variant overlaps, then it is named', () => {
    const others = [
      rule('a', -27, -25),
      rule('b', -26, -20, { technology: 'EPON' }),
      rule('c', -26, -20, { variantName: 'V' }),
    ];
    expect(ruleConflict(rule('new', -26, -24), others)).toEqual({
      message: { key: 'rangeOverlap' },
      with: 'a',
    });
    expect(ruleConflict(rule('a', -26, -24), others)).toBeNull(); // its own earlier version
    expect(ruleConflict(rule('new', -25, -20), others)).toBeNull();
  });
  it('when an alpha value is already mapped, then it is a duplicate; alpha rules do not overlap ranges', () => {
    const others = [rule('a', null, null, { alphaValue: 'Good' }), rule('b', -10, 10)];
    expect(ruleConflict(rule('new', null, null, { alphaValue: 'good' }), others)).toEqual({
      message: { key: 'duplicate' },
      with: 'a',
    });
    expect(ruleConflict(rule('new', null, null, { alphaValue: 'fair' }), others)).toBeNull();
  });
});

describe('the kept rule counts', () => {
  const definition = {
    tdId: 'D',
    name: 'Receive power',
    parameter: 'rxPower',
    fallback: 'n/a',
  };
  const variant = { tdId: 'V', variantName: 'Nokia', technology: 'GPON', variants: ['M1'] };
  it('when an older record has no ruleCount (nor dates), then it reads, with a count of 0', () => {
    expect(definitionDocumentSchema.parse(definition).ruleCount).toBe(0);
    expect(variantDocumentSchema.parse(variant).ruleCount).toBe(0);
  });
  it('when a count has drifted below zero, then it still reads (the screen flags it); a fraction is refused', () => {
    expect(definitionDocumentSchema.parse({ ...definition, ruleCount: -2 }).ruleCount).toBe(-2);
    expect(variantDocumentSchema.parse({ ...variant, ruleCount: 3 }).ruleCount).toBe(3);
    expect(variantDocumentSchema.safeParse({ ...variant, ruleCount: 1.5 }).success).toBe(false);
  });
  it('when the seeded set is built, then each definition and variant counts the rules naming it', () => {
    const seed = seedThresholdSet();
    for (const definition of seed.definitions)
      expect(definition.ruleCount, definition.tdId).toBe(
        seed.rules.filter((rule) => rule.definitionName === definition.tdId).length,
      );
    expect(seed.definitions.every((definition) => definition.ruleCount > 0)).toBe(true);
    expect(seed.variants.map((variant) => variant.ruleCount)).toEqual([0]);
  });
});
