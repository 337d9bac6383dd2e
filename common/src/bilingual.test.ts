import { describe, expect, it } from 'vitest';
import { bilingual, textIn, textLanguage } from './bilingual';
import { definitionFieldsSchema, frenchRequired, untranslatedFields, type ThresholdKind } from './threshold';
import { gradeValue } from './threshold-grading';
import { seedFrenchFor, seedThresholdSet } from './threshold-seed';

describe('texts in both languages (docs/requirements.md, "Thresholds")', () => {
  it('when the French text exists, then French screens get it; when it is missing or blank, the English one', () => {
    expect(textIn({ en: 'ONU firmware', fr: 'Micrologiciel ONU' }, 'fr')).toBe('Micrologiciel ONU');
    expect(textIn({ en: 'ONU firmware', fr: 'Micrologiciel ONU' }, 'fr-CA')).toBe('Micrologiciel ONU');
    expect(textIn({ en: 'ONU firmware', fr: 'Micrologiciel ONU' }, 'en')).toBe('ONU firmware');
    expect(textIn({ en: 'ONU firmware', fr: null }, 'fr')).toBe('ONU firmware');
    expect(textIn({ en: 'ONU firmware', fr: '  ' }, 'fr')).toBe('ONU firmware');
    expect(textIn(null, 'fr')).toBeNull();
    expect(textLanguage(undefined)).toBe('en');
    expect(bilingual('', 'x')).toBeNull();
    expect(bilingual('a', ' ')).toEqual({ en: 'a', fr: null });
  });

  it('every text the seed holds in English has its French, different from the English', () => {
    const set = seedThresholdSet();
    for (const kind of ['definitions', 'rules', 'variants'] as const satisfies ThresholdKind[])
      for (const row of set[kind]) {
        expect(untranslatedFields(kind, row), `${kind}/${row.tdId}`).toEqual([]);
        const record = row as unknown as Record<string, string | null>;
        if (record.description) expect(record.descriptionFr).not.toBe(record.description);
      }
    expect(set.definitions.every((row) => row.nameFr && row.nameFr !== row.name)).toBe(true);
  });

  it('when a row has an English text without its French, then the French field is untranslated and a new row needs it', () => {
    const row = { name: 'Upstream SNR', nameFr: null, description: 'Signal to noise', descriptionFr: '' };
    expect(untranslatedFields('definitions', row)).toEqual(['nameFr', 'descriptionFr']);
    expect(frenchRequired('definitions', row).map(({ field }) => field)).toEqual(['nameFr', 'descriptionFr']);
    // No English description: no French one is asked for.
    expect(untranslatedFields('rules', { description: null, descriptionFr: null })).toEqual([]);
    expect(untranslatedFields('variants', { variantName: 'A', variantNameFr: 'B' })).toEqual([]);
  });

  it('when a form or a request predates the French fields, then they read as none', () => {
    const fields = definitionFieldsSchema.parse({
      tdId: 'DEF-x',
      name: 'Upstream SNR',
      parameter: 'rxPower',
      format: '',
      direction: 'window',
      category: 'optical',
      fallback: 'n/a',
      description: '',
    });
    expect(fields).toMatchObject({ nameFr: null, descriptionFr: null });
    expect(() => definitionFieldsSchema.parse({ ...fields, nameFr: 'Rapport S/B' })).toThrow();
  });

  it('a graded value names its definition, rule and variant in both languages', () => {
    const set = seedThresholdSet();
    const grading = gradeValue(set, 'firmware', 1, { technology: 'GPON', model: 'Nokia XS-010X-Q' });
    expect(grading.source.texts).toEqual({
      definition: { en: 'ONU firmware', fr: 'Micrologiciel ONU' },
      rule: { en: 'Wrong firmware', fr: 'Mauvais micrologiciel' },
      variant: { en: 'XGS PON optics', fr: 'Optique XGS PON' },
    });
    const range = gradeValue(set, 'rxPower', -20, { technology: 'EPON', model: null });
    expect(range.source.texts).toEqual({
      definition: { en: 'ONU receive power', fr: 'Puissance reçue ONU' },
      rule: null,
      variant: null,
    });
  });

  it('the migration gives a seeded row its French texts, unless engineering changed its English text', () => {
    const stored = { tdId: 'DEF-rxPower', name: 'ONU receive power', description: 'Changed by engineering' };
    expect(seedFrenchFor('definitions', stored)).toEqual({ nameFr: 'Puissance reçue ONU' });
    expect(seedFrenchFor('definitions', { ...stored, nameFr: 'Déjà traduit' })).toEqual({});
    expect(seedFrenchFor('definitions', { ...stored, tdId: 'DEF-other' })).toEqual({});
    expect(
      seedFrenchFor('rules', {
        tdId: 'EPON-firmware-WRONG',
        description: 'Wrong firmware',
        descriptionFr: null,
      }),
    ).toEqual({ descriptionFr: 'Mauvais micrologiciel' });
    expect(seedFrenchFor('variants', { tdId: 'GPON-XGS', variantName: 'XGS PON optics' })).toEqual({
      variantNameFr: 'Optique XGS PON',
    });
  });
});
