/**
 * The seeded threshold set: today's default ranges (grading.ts DEFAULT_THRESHOLDS), Wi-Fi health words
 * and scores and firmware scores as definitions and rules, so that a fresh start grades exactly as the
 * constants did. Used by `npm start`'s seed, by the API until the first read of the lists, and by tests.
 */
import {
  DEFAULT_THRESHOLDS,
  FIRMWARE_SCORE_GRADES,
  PLUME_HEALTH_SCORE,
  WIFI_HEALTH_GRADES,
  type Metric,
  type Threshold,
} from './grading';
import type {
  DefinitionDocument,
  Parameter,
  RuleDocument,
  RuleResult,
  Technology,
  ThresholdSet,
  VariantDocument,
} from './threshold';
import { TECHNOLOGIES } from './threshold';

const DEFINITIONS: Record<
  Metric,
  Pick<DefinitionDocument, 'name' | 'category' | 'direction' | 'description'>
> = {
  rxPower: {
    name: 'ONU receive power',
    category: 'optical',
    direction: 'window',
    description: 'Optical power received by the ONU',
  },
  txPower: {
    name: 'ONU transmit power',
    category: 'optical',
    direction: 'window',
    description: 'Optical power sent by the ONU',
  },
  oltRxPower: {
    name: 'OLT receive power',
    category: 'optical',
    direction: 'higherIsBetter',
    description: 'Power the OLT receives from the ONU',
  },
  rssi: {
    name: 'Wi Fi client RSSI',
    category: 'wifi',
    direction: 'higherIsBetter',
    description: 'Signal of a Wi-Fi client',
  },
};

/** Graded by words (alpha rules), Wi-Fi health also by Plume's score (range rules). */
const WORD_DEFINITIONS: Record<
  'wifiHealth' | 'firmware',
  Pick<DefinitionDocument, 'name' | 'category' | 'direction' | 'description'>
> = {
  wifiHealth: {
    name: 'Wi Fi health',
    category: 'wifi',
    direction: 'higherIsBetter',
    description:
      'A Wi-Fi client’s health (excellent, good, fair, poor) or the Plume network’s health score (0 to 100)',
  },
  firmware: {
    name: 'ONU firmware',
    category: 'firmware',
    direction: 'alpha',
    description: 'Firmware score: 0 correct firmware, 1 wrong firmware, -1 no approved version',
  },
};
const FIRMWARE_RULES: Record<keyof typeof FIRMWARE_SCORE_GRADES, { name: string; description: string }> = {
  '0': { name: 'CORRECT', description: 'Correct firmware' },
  '1': { name: 'WRONG', description: 'Wrong firmware' },
  '-1': { name: 'NO-APPROVED', description: 'No approved version' },
};

const stamp = { insertDate: null, updateDate: null, updatedBy: null } as const;
const definitionId = (parameter: Parameter) => `DEF-${parameter}`;

/** The closed ranges of one threshold, from worst below to worst above (touching at the bounds). */
function ranges(
  threshold: Threshold,
): Array<{ min: number | null; max: number | null; result: RuleResult; name: string }> {
  const { failBelow, warnBelow, warnAbove, failAbove } = threshold;
  const out: Array<{ min: number | null; max: number | null; result: RuleResult; name: string }> = [];
  const passMin = warnBelow ?? failBelow ?? null;
  const passMax = warnAbove ?? failAbove ?? null;
  if (failBelow !== undefined) out.push({ min: null, max: failBelow, result: 'fail', name: 'FAIL-LOW' });
  if (warnBelow !== undefined)
    out.push({ min: failBelow ?? null, max: warnBelow, result: 'warn', name: 'WARN-LOW' });
  out.push({ min: passMin, max: passMax, result: 'pass', name: 'PASS' });
  if (warnAbove !== undefined)
    out.push({ min: warnAbove, max: failAbove ?? null, result: 'warn', name: 'WARN-HIGH' });
  if (failAbove !== undefined) out.push({ min: failAbove, max: null, result: 'fail', name: 'FAIL-HIGH' });
  return out;
}

export function seedThresholdSet(): ThresholdSet {
  const metrics = Object.keys(DEFINITIONS) as Metric[];
  const definitions: Array<Omit<DefinitionDocument, 'ruleCount'>> = [
    ...metrics.map((metric) => ({
      tdId: definitionId(metric),
      parameter: metric,
      format: DEFAULT_THRESHOLDS.GPON[metric].unit,
      fallback: 'n/a' as const,
      ...DEFINITIONS[metric],
      ...stamp,
    })),
    ...(['wifiHealth', 'firmware'] as const).map((parameter) => ({
      tdId: definitionId(parameter),
      parameter,
      format: null,
      fallback: 'n/a' as const,
      ...WORD_DEFINITIONS[parameter],
      ...stamp,
    })),
  ];
  const rules: RuleDocument[] = [];
  const rule = (
    technology: Technology,
    parameter: Parameter,
    name: string,
    fields: Pick<RuleDocument, 'rangeMin' | 'rangeMax' | 'alphaValue' | 'result' | 'description'>,
  ) =>
    rules.push({
      tdId: `${technology}-${parameter}-${name}`,
      definitionName: definitionId(parameter),
      technology,
      variantName: null,
      isDefault: true,
      version: null,
      ...fields,
      ...stamp,
    });
  const range = (min: number | null, max: number | null, result: RuleResult) => ({
    rangeMin: min,
    rangeMax: max,
    alphaValue: null,
    result,
    description: null,
  });
  const word = (alphaValue: string, result: RuleResult, description: string | null = null) => ({
    rangeMin: null,
    rangeMax: null,
    alphaValue,
    result,
    description,
  });
  for (const technology of TECHNOLOGIES as readonly Technology[]) {
    for (const metric of metrics)
      for (const band of ranges(DEFAULT_THRESHOLDS[technology][metric]))
        rule(technology, metric, band.name, range(band.min, band.max, band.result));
    for (const [health, result] of Object.entries(WIFI_HEALTH_GRADES))
      rule(technology, 'wifiHealth', health.toUpperCase(), word(health, result));
    for (const band of ranges(PLUME_HEALTH_SCORE))
      rule(technology, 'wifiHealth', `SCORE-${band.name}`, range(band.min, band.max, band.result));
    for (const [score, result] of Object.entries(FIRMWARE_SCORE_GRADES)) {
      const { name, description } = FIRMWARE_RULES[score as keyof typeof FIRMWARE_RULES];
      rule(technology, 'firmware', name, word(score, result, description));
    }
  }
  // A variant with no rules of its own yet: its devices grade by the default rules until engineering
  // gives it some (the threshold screen's example).
  const variants: Array<Omit<VariantDocument, 'ruleCount'>> = [
    {
      tdId: 'GPON-XGS',
      variantName: 'XGS PON optics',
      technology: 'GPON',
      identifier: 'XS-010X-Q',
      variants: ['Nokia XS-010X-Q'],
      description: '10G symmetric ONUs',
      ...stamp,
    },
  ];
  // The count the triggers keep once the records are written: how many rules name each one.
  const counted = <T extends { tdId: string }>(record: T, field: 'definitionName' | 'variantName') => ({
    ...record,
    ruleCount: rules.filter((entry) => entry[field] === record.tdId).length,
  });
  return {
    definitions: definitions.map((definition) => counted(definition, 'definitionName')),
    rules,
    variants: variants.map((variant) => counted(variant, 'variantName')),
  };
}
