/**
 * The seeded threshold set: today's default ranges (grading.ts DEFAULT_THRESHOLDS) as definitions and
 * rules, so that a fresh start grades exactly as the constants did. Used by `npm start`'s seed, by the
 * API until the first read of the lists, and by tests.
 */
import { DEFAULT_THRESHOLDS, type Metric, type Threshold } from './grading';
import type {
  DefinitionDocument,
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

const stamp = { insertDate: null, updateDate: null, updatedBy: null } as const;
const definitionId = (metric: Metric) => `DEF-${metric}`;

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
  const definitions: DefinitionDocument[] = metrics.map((metric) => ({
    tdId: definitionId(metric),
    parameter: metric,
    format: DEFAULT_THRESHOLDS.GPON[metric].unit,
    fallback: 'n/a',
    ...DEFINITIONS[metric],
    ...stamp,
  }));
  const rules: RuleDocument[] = [];
  for (const technology of TECHNOLOGIES as readonly Technology[])
    for (const metric of metrics)
      for (const range of ranges(DEFAULT_THRESHOLDS[technology][metric]))
        rules.push({
          tdId: `${technology}-${metric}-${range.name}`,
          definitionName: definitionId(metric),
          technology,
          variantName: null,
          isDefault: true,
          rangeMin: range.min,
          rangeMax: range.max,
          alphaValue: null,
          result: range.result,
          version: null,
          description: null,
          ...stamp,
        });
  // A variant with no rules of its own yet: its devices grade by the default rules until engineering
  // gives it some (the threshold screen's example).
  const variants: VariantDocument[] = [
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
  return { definitions, rules, variants };
}
