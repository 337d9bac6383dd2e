import { describe, expect, it } from 'vitest';
import { firmwareScoreLabel } from './customer360';
import {
  DEFAULT_THRESHOLDS,
  FIRMWARE_SCORE_GRADES,
  grade,
  PLUME_HEALTH_SCORE,
  WIFI_HEALTH_GRADES,
  type Metric,
} from './grading';
import {
  definitionFieldsSchema,
  ruleFieldsSchema,
  ruleShapeSchema,
  TECHNOLOGIES,
  type RuleDocument,
} from './threshold';
import { type ThresholdSet, formatRange, gradeValue, passRange, variantOf } from './threshold-grading';
import { ruleConflict } from './threshold-ranges';
import { seedThresholdSet } from './threshold-seed';
import { plumeClientSchema } from './upstream/lan';

describe('grading by the rules', () => {
  const seed = seedThresholdSet();
  it('when graded by the seeded rules, then every value grades exactly as the former constants did, bounds included', () => {
    for (const technology of ['GPON', 'EPON'] as const)
      for (const metric of Object.keys(DEFAULT_THRESHOLDS.GPON) as Metric[]) {
        const threshold = DEFAULT_THRESHOLDS[technology][metric];
        const bounds = [
          threshold.failBelow,
          threshold.warnBelow,
          threshold.warnAbove,
          threshold.failAbove,
        ].filter((value): value is number => value !== undefined);
        const values = [...bounds.flatMap((b) => [b - 0.01, b, b + 0.01])];
        for (let v = -40; v <= 10; v += 0.25) values.push(v);
        for (const value of values)
          expect(
            gradeValue(seed, metric, value, { technology, model: null }).grade,
            `${technology} ${metric} ${value}`,
          ).toBe(grade(value, threshold).grade);
      }
  });

  it('when graded by the seeded rules, then Wi-Fi health words, Plume scores and firmware scores grade as the web app did', () => {
    // The web app's former fixed values, written out here so that a change to the constants shows.
    expect(WIFI_HEALTH_GRADES).toEqual({ excellent: 'pass', good: 'pass', fair: 'warn', poor: 'fail' });
    expect(PLUME_HEALTH_SCORE).toMatchObject({ failBelow: 55, warnBelow: 75 });
    const firmwareGrade = { correct: 'pass', wrong: 'fail', noApproved: 'warn' } as const;
    for (const technology of TECHNOLOGIES) {
      const device = { technology, model: null };
      // Every word the upstream may send, in any case.
      for (const word of plumeClientSchema.shape.health.options)
        for (const typed of [word, word.toUpperCase()])
          expect(gradeValue(seed, 'wifiHealth', typed, device), `${technology} ${typed}`).toMatchObject({
            grade: WIFI_HEALTH_GRADES[word],
            source: { kind: 'default', rule: `${technology}-wifiHealth-${word.toUpperCase()}` },
          });
      const scores = [54, 54.99, 55, 55.01, 74, 74.99, 75, 75.01];
      for (let score = 0; score <= 100; score += 0.5) scores.push(score);
      for (const score of scores)
        expect(gradeValue(seed, 'wifiHealth', score, device).grade, `${technology} Plume ${score}`).toBe(
          grade(score, PLUME_HEALTH_SCORE).grade,
        );
      for (const score of [0, 1, -1])
        expect(gradeValue(seed, 'firmware', score, device), `${technology} firmware ${score}`).toMatchObject({
          grade: firmwareGrade[firmwareScoreLabel(score)],
          source: { kind: 'default', range: { alphaValue: String(score) } },
        });
      expect(Object.keys(FIRMWARE_SCORE_GRADES).sort()).toEqual(['-1', '0', '1']);
      expect(gradeValue(seed, 'firmware', 2, device).grade).toBe('n/a');
    }
  });

  it('when the seeded records are checked like a form, then each is valid and no two rules conflict', () => {
    // The fields a form has (not the dates and author the write adds).
    const form = (record: object, shape: object) =>
      Object.fromEntries(Object.keys(shape).map((key) => [key, (record as Record<string, unknown>)[key]]));
    for (const definition of seed.definitions)
      expect(
        definitionFieldsSchema.safeParse(form(definition, definitionFieldsSchema.shape)).success,
        definition.tdId,
      ).toBe(true);
    for (const rule of seed.rules) {
      expect(ruleFieldsSchema.safeParse(form(rule, ruleShapeSchema.shape)).success, rule.tdId).toBe(true);
      expect(ruleConflict(rule, seed.rules), rule.tdId).toBeNull();
    }
  });

  it('when a seeded Wi-Fi health or firmware rule is changed, then the value grades by the change', () => {
    const changed: ThresholdSet = {
      ...seed,
      rules: seed.rules.map((rule) =>
        rule.tdId === 'GPON-wifiHealth-GOOD'
          ? { ...rule, result: 'warn' }
          : rule.tdId === 'GPON-wifiHealth-SCORE-PASS'
            ? { ...rule, rangeMin: 80 }
            : rule.tdId === 'GPON-wifiHealth-SCORE-WARN-LOW'
              ? { ...rule, rangeMax: 80 }
              : rule.tdId === 'GPON-firmware-NO-APPROVED'
                ? { ...rule, result: 'fail' }
                : rule,
      ),
    };
    const gpon = { technology: 'GPON', model: null } as const;
    expect(gradeValue(changed, 'wifiHealth', 'good', gpon).grade).toBe('warn');
    expect(gradeValue(changed, 'wifiHealth', 78, gpon)).toMatchObject({
      grade: 'warn',
      source: { rule: 'GPON-wifiHealth-SCORE-WARN-LOW' },
    });
    expect(gradeValue(changed, 'firmware', -1, gpon).grade).toBe('fail');
    // The other technology keeps its own rules.
    expect(gradeValue(changed, 'wifiHealth', 'good', { technology: 'EPON', model: null }).grade).toBe('pass');
  });

  const set: ThresholdSet = {
    definitions: [{ ...seed.definitions[0]!, tdId: 'D', parameter: 'rxPower', fallback: 'fail' }],
    variants: [
      {
        tdId: 'V',
        variantName: 'High power',
        variantNameFr: 'Haute puissance',
        technology: 'GPON',
        identifier: null,
        variants: ['HP-1'],
        description: null,
        descriptionFr: null,
        ruleCount: 1,
        insertDate: null,
        updateDate: null,
        updatedBy: null,
      },
    ],
    rules: [
      {
        ...seed.rules[0]!,
        tdId: 'default-pass',
        definitionName: 'D',
        technology: 'GPON',
        variantName: null,
        rangeMin: -25,
        rangeMax: -9,
        result: 'pass',
      },
      {
        ...seed.rules[0]!,
        tdId: 'variant-warn',
        definitionName: 'D',
        technology: 'GPON',
        variantName: 'V',
        rangeMin: -20,
        rangeMax: -9,
        result: 'warn',
      },
    ],
  };
  it('when the device has a variant with a matching rule, then the variant rule grades first', () => {
    expect(gradeValue(set, 'rxPower', -15, { technology: 'GPON', model: 'hp-1' })).toMatchObject({
      grade: 'warn',
      source: { kind: 'variant', rule: 'variant-warn', variant: 'V' },
    });
  });
  it('when no variant rule matches, then the default rule grades', () => {
    expect(gradeValue(set, 'rxPower', -22, { technology: 'GPON', model: 'HP-1' }).source).toMatchObject({
      kind: 'default',
      rule: 'default-pass',
    });
    expect(gradeValue(set, 'rxPower', -15, { technology: 'GPON', model: 'other' }).source.kind).toBe(
      'default',
    );
  });
  it('when no rule matches, then the definition’s fallback grades', () => {
    expect(gradeValue(set, 'rxPower', -30, { technology: 'GPON', model: null })).toMatchObject({
      grade: 'fail',
      source: { kind: 'fallback' },
    });
    expect(gradeValue(set, 'rxPower', -15, { technology: 'EPON', model: null }).source.kind).toBe('fallback');
  });
  it('when there is no value or no definition, then it is n/a', () => {
    expect(gradeValue(set, 'rxPower', null, { technology: 'GPON', model: null }).grade).toBe('n/a');
    expect(gradeValue(set, 'rssi', -50, { technology: 'GPON', model: null })).toMatchObject({
      grade: 'n/a',
      source: { kind: 'none' },
    });
  });
  it('when an alpha rule names the value, then it grades (case-insensitive)', () => {
    const alpha: ThresholdSet = {
      ...set,
      definitions: [
        ...set.definitions,
        { ...set.definitions[0]!, tdId: 'H', parameter: 'wifiHealth', fallback: 'n/a' },
      ],
      rules: [
        ...set.rules,
        {
          ...set.rules[0]!,
          tdId: 'h-poor',
          definitionName: 'H',
          rangeMin: null,
          rangeMax: null,
          alphaValue: 'poor',
          result: 'fail',
        },
      ],
    };
    expect(gradeValue(alpha, 'wifiHealth', 'Poor', { technology: 'GPON', model: null }).grade).toBe('fail');
    expect(gradeValue(alpha, 'wifiHealth', 'good', { technology: 'GPON', model: null }).grade).toBe('n/a');
  });
  it('shows each range in one readable form', () => {
    expect(formatRange({ rangeMin: -28, rangeMax: -8, alphaValue: null }, 'dBm')).toBe('−28 ≤ x ≤ −8 dBm');
    expect(formatRange({ rangeMin: null, rangeMax: -27, alphaValue: null }, 'dBm')).toBe('x ≤ −27 dBm');
    expect(formatRange({ rangeMin: 0.5, rangeMax: null, alphaValue: null }, null)).toBe('x ≥ 0.5');
    expect(formatRange({ rangeMin: null, rangeMax: null, alphaValue: 'good' }, null)).toBe('x = good');
  });
});

describe('grading where saved rules conflict', () => {
  const seed = seedThresholdSet();
  const gpon = { technology: 'GPON', model: null } as const;
  const definition = { ...seed.definitions[0]!, tdId: 'D', parameter: 'rxPower', fallback: 'n/a' as const };
  const rangeRule = (
    tdId: string,
    rangeMin: number | null,
    rangeMax: number | null,
    result: RuleDocument['result'],
  ): RuleDocument => ({
    ...seed.rules[0]!,
    tdId,
    definitionName: 'D',
    technology: 'GPON',
    variantName: null,
    rangeMin,
    rangeMax,
    alphaValue: null,
    result,
  });
  const overlapping = [rangeRule('fail-wide', -40, -20, 'fail'), rangeRule('pass', -30, -8, 'pass')];

  it('when a fail rule −40..−20 and a pass rule −30..−8 both match −25 dBm, then it fails, whatever their order', () => {
    for (const rules of [overlapping, [...overlapping].reverse()]) {
      const set: ThresholdSet = { definitions: [definition], variants: [], rules };
      expect(gradeValue(set, 'rxPower', -25, gpon)).toMatchObject({
        grade: 'fail',
        source: { kind: 'default', rule: 'fail-wide' },
      });
    }
  });

  const orders = <T>(list: readonly T[]) => [[...list], [...list].reverse()];
  const grades = (rules: RuleDocument[], value: number | string, definitions = [definition]) =>
    orders(rules).map((order) => {
      const { grade, source } = gradeValue(
        { definitions, variants: [], rules: order },
        'rxPower',
        value,
        gpon,
      );
      return `${grade} ${source.rule ?? source.kind}`;
    });

  it('when a value is on the shared bound of two touching ranges, then the better result still wins, whatever their order', () => {
    const touching = [rangeRule('warn', -27, -25, 'warn'), rangeRule('pass', -25, -9, 'pass')];
    expect(grades(touching, -25)).toEqual(['pass pass', 'pass pass']);
    expect(grades(touching, -25.01)).toEqual(['warn warn', 'warn warn']);
  });
  it('when a value is on a bound of one rule and inside an overlapping one, then the worse result wins', () => {
    expect(grades(overlapping, -20)).toEqual(['fail fail-wide', 'fail fail-wide']);
    expect(grades(overlapping, -30)).toEqual(['fail fail-wide', 'fail fail-wide']);
    expect(grades(overlapping, -19)).toEqual(['pass pass', 'pass pass']);
  });
  it('when overlapping rules on each side of a bound meet there, then the better of the two sides’ worst results wins', () => {
    // Below −20: warn and fail overlap (fail is worse); above −20: pass.
    const sides = [
      rangeRule('w', -30, -20, 'warn'),
      rangeRule('f', -25, -20, 'fail'),
      rangeRule('p', -20, -8, 'pass'),
    ];
    expect(grades(sides, -20)).toEqual(['pass p', 'pass p']);
    expect(grades(sides, -22)).toEqual(['fail f', 'fail f']);
    expect(grades(sides, -27)).toEqual(['warn w', 'warn w']);
  });
  it('when a word is mapped twice to different results, then the worse result wins, whatever their order', () => {
    const words = [
      { ...rangeRule('good-pass', null, null, 'pass'), alphaValue: 'good' },
      { ...rangeRule('good-warn', null, null, 'warn'), alphaValue: 'Good' },
    ];
    expect(grades(words, 'GOOD')).toEqual(['warn good-warn', 'warn good-warn']);
  });
  it('when overlapping rules give the same result, then the lowest id is named, whatever their order', () => {
    const same = [rangeRule('b', -30, -10, 'warn'), rangeRule('a', -20, 0, 'warn')];
    expect(grades(same, -15)).toEqual(['warn a', 'warn a']);
  });

  it('when two definitions grade one parameter, then the value is graded by each and the worse grade wins, whatever their order', () => {
    const second = { ...definition, tdId: 'C' };
    const definitions = [definition, second];
    const rules = [
      rangeRule('D-pass', -30, -8, 'pass'),
      { ...rangeRule('C-warn', -40, -20, 'warn'), definitionName: 'C' },
    ];
    expect(grades(rules, -25, definitions)).toEqual(['warn C-warn', 'warn C-warn']);
    expect(grades(rules, -15, definitions)).toEqual(['pass D-pass', 'pass D-pass']);
    for (const order of orders(definitions))
      expect(
        gradeValue({ definitions: order, variants: [], rules }, 'rxPower', -25, gpon).source.definition,
      ).toBe('C');
  });
  it('when two definitions of one parameter give the same grade, then the lowest definition id decides', () => {
    const definitions = [
      { ...definition, tdId: 'Z', fallback: 'warn' as const },
      { ...definition, tdId: 'A', fallback: 'warn' as const },
    ];
    for (const order of orders(definitions)) {
      const set: ThresholdSet = { definitions: order, variants: [], rules: [] };
      expect(gradeValue(set, 'rxPower', -25, gpon)).toMatchObject({
        grade: 'warn',
        source: { kind: 'fallback', definition: 'A' },
      });
      expect(
        passRange(
          { ...set, rules: [{ ...rangeRule('Z-pass', -25, -9, 'pass'), definitionName: 'Z' }] },
          'rxPower',
          gpon,
        ),
      ).toBeNull();
    }
  });
  it('when a definition of lower id grades nothing yet (no rule, no fallback grade), then the pass range is the other’s', () => {
    const definitions = [
      { ...definition, tdId: 'A-draft', fallback: 'n/a' as const },
      { ...definition, tdId: 'B', fallback: 'n/a' as const },
    ];
    const rules = [{ ...rangeRule('B-pass', -30, -8, 'pass'), definitionName: 'B' }];
    for (const order of orders(definitions))
      expect(passRange({ definitions: order, variants: [], rules }, 'rxPower', gpon)).toEqual({
        rangeMin: -30,
        rangeMax: -8,
      });
  });
  it('when one of two definitions leaves the value ungraded, then the one that grades it wins', () => {
    const definitions = [
      { ...definition, tdId: 'A', fallback: 'n/a' as const },
      { ...definition, tdId: 'B', fallback: 'n/a' as const },
    ];
    const rules = [{ ...rangeRule('B-pass', -30, -8, 'pass'), definitionName: 'B' }];
    expect(grades(rules, -25, definitions)).toEqual(['pass B-pass', 'pass B-pass']);
  });

  it('when a model is listed in two variants of the technology, then the worse grade of the two wins and variantOf names the lowest id', () => {
    const variant = (tdId: string, model: string) => ({
      ...seed.variants[0]!,
      tdId,
      technology: 'GPON' as const,
      variants: [model],
    });
    const variants = [variant('VB', 'Model-1'), variant('VA', ' model-1 ')];
    const rules = [
      { ...rangeRule('VA-pass', -30, -8, 'pass'), variantName: 'VA' },
      { ...rangeRule('VB-fail', -40, -20, 'fail'), variantName: 'VB' },
      rangeRule('default-pass', -40, -8, 'pass'),
    ];
    const device = { technology: 'GPON', model: 'MODEL-1' } as const;
    for (const order of orders(variants)) {
      const set: ThresholdSet = { definitions: [definition], variants: order, rules };
      expect(variantOf(set, device)?.tdId).toBe('VA');
      expect(gradeValue(set, 'rxPower', -25, device)).toMatchObject({
        grade: 'fail',
        source: { kind: 'variant', rule: 'VB-fail', variant: 'VB' },
      });
      expect(gradeValue(set, 'rxPower', -15, device)).toMatchObject({
        grade: 'pass',
        source: { kind: 'variant', rule: 'VA-pass', variant: 'VA' },
      });
      expect(variantOf(set, { technology: 'EPON', model: 'model-1' })).toBeNull();
    }
  });
});

describe('the pass range of a device', () => {
  it('when the device has a variant with a pass rule, then it is that rule’s range; else the default one', () => {
    const seed = seedThresholdSet();
    expect(passRange(seed, 'rxPower', { technology: 'GPON', model: null })).toEqual({
      rangeMin: -25,
      rangeMax: -9,
    });
    const withVariant: ThresholdSet = {
      ...seed,
      variants: [{ ...seed.variants[0]!, tdId: 'V', technology: 'GPON', variants: ['M1'] }],
      rules: [
        ...seed.rules,
        {
          ...seed.rules.find((rule) => rule.tdId === 'GPON-rxPower-PASS')!,
          tdId: 'V-PASS',
          variantName: 'V',
          rangeMin: -22,
        },
      ],
    };
    expect(passRange(withVariant, 'rxPower', { technology: 'GPON', model: 'M1' })?.rangeMin).toBe(-22);
    expect(passRange(withVariant, 'rxPower', { technology: null, model: 'M1' })).toBeNull();
  });
});
