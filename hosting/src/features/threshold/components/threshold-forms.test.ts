import { describe, expect, it } from 'vitest';
import { seedThresholdSet } from '@insight/common/threshold-seed';
import { decodeMessage } from '@insight/common/validators';
import { definitionFormSchema, ruleFormSchema, variantFormSchema } from './threshold-forms';

const seed = seedThresholdSet();
const problems = (result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) =>
  result.success
    ? []
    : result.error!.issues.map((issue) => [issue.path.join('.'), decodeMessage(issue.message).key]);

describe('the Duplicate check of definitions and variants (docs/requirements.md, "Thresholds")', () => {
  const definition = {
    tdId: 'DEF-NEW',
    name: 'Another receive power',
    nameFr: 'Autre puissance reçue',
    parameter: 'rxPower',
    format: 'dBm',
    direction: 'window',
    category: 'optical',
    fallback: 'n/a',
    description: '',
  };
  it('when a new definition names a parameter another one grades, then it is a duplicate; the same definition edited is not', () => {
    const schema = definitionFormSchema(seed.definitions);
    expect(problems(schema.safeParse(definition))).toEqual([['parameter', 'duplicate']]);
    expect(problems(schema.safeParse({ ...definition, tdId: 'DEF-rxPower' }))).toEqual([]);
    expect(problems(definitionFormSchema([]).safeParse(definition))).toEqual([]);
  });

  const variant = {
    tdId: 'V-NEW',
    variantName: 'New optics',
    variantNameFr: 'Nouvelle optique',
    technology: 'GPON',
    identifier: '',
    variants: 'Model A, Model B',
    description: '',
  };
  it('when a new variant takes another’s name (any case) or one of its models in the same technology, then each is a duplicate', () => {
    const schema = variantFormSchema(seed.variants);
    expect(problems(schema.safeParse(variant))).toEqual([]);
    expect(problems(schema.safeParse({ ...variant, variantName: ' xgs PON optics ' }))).toEqual([
      ['variantName', 'duplicate'],
    ]);
    expect(problems(schema.safeParse({ ...variant, variants: 'Model A, nokia xs-010x-q' }))).toEqual([
      ['variants', 'duplicate'],
    ]);
    // The same model in the other technology, or the variant edited under its own id, is not a duplicate.
    expect(
      problems(schema.safeParse({ ...variant, technology: 'EPON', variants: 'Nokia XS-010X-Q' })),
    ).toEqual([]);
    expect(
      problems(
        schema.safeParse({
          ...variant,
          tdId: 'GPON-XGS',
          variantName: 'XGS PON optics',
          variants: 'Nokia XS-010X-Q',
        }),
      ),
    ).toEqual([]);
  });
});

describe('French texts on a new row (docs/requirements.md, "Thresholds")', () => {
  const definition = {
    tdId: 'DEF-NEW',
    name: 'Upstream SNR',
    parameter: 'txPower',
    format: 'dB',
    direction: 'window',
    category: 'optical',
    fallback: 'n/a',
    description: 'Signal to noise ratio upstream',
  };
  const others = seedThresholdSet().definitions.filter((row) => row.parameter !== 'txPower');

  it('when a new definition has no French name or description, then each is required', () => {
    const schema = definitionFormSchema(others);
    expect(problems(schema.safeParse(definition))).toEqual([
      ['nameFr', 'frenchRequired'],
      ['descriptionFr', 'frenchRequired'],
    ]);
    expect(
      problems(
        schema.safeParse({ ...definition, nameFr: 'SNR montant', descriptionFr: 'Rapport signal bruit' }),
      ),
    ).toEqual([]);
    // Without an English description, no French one is asked for.
    expect(problems(schema.safeParse({ ...definition, description: '', nameFr: 'SNR montant' }))).toEqual([]);
  });

  it('when an existing row without French texts is edited, then they may stay empty (the row stays flagged)', () => {
    const stored = { ...others[0]!, tdId: 'DEF-NEW', nameFr: null, descriptionFr: null };
    expect(problems(definitionFormSchema([...others, stored]).safeParse(definition))).toEqual([]);
  });

  it('when a new variant or rule lacks its French texts, then they are required', () => {
    const variant = {
      tdId: 'V-NEW',
      variantName: 'New optics',
      technology: 'GPON',
      identifier: '',
      variants: 'Model Z',
      description: '',
    };
    expect(problems(variantFormSchema(seed.variants).safeParse(variant))).toEqual([
      ['variantNameFr', 'frenchRequired'],
    ]);
    const rule = {
      tdId: 'R-NEW',
      definitionName: 'DEF-firmware',
      technology: 'GPON',
      variantName: '',
      rangeMin: '',
      rangeMax: '',
      alphaValue: '7',
      result: 'warn',
      version: '',
      description: 'Unknown score',
    };
    expect(problems(ruleFormSchema(seed.rules).safeParse(rule))).toEqual([
      ['descriptionFr', 'frenchRequired'],
    ]);
    expect(
      problems(ruleFormSchema(seed.rules).safeParse({ ...rule, descriptionFr: 'Score inconnu' })),
    ).toEqual([]);
  });
});
