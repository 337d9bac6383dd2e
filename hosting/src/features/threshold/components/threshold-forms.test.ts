import { describe, expect, it } from 'vitest';
import { seedThresholdSet } from '@insight/common/threshold-seed';
import { decodeMessage } from '@insight/common/validators';
import { definitionFormSchema, variantFormSchema } from './threshold-forms';

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
