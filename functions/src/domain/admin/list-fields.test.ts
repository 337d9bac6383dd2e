import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { mergeImportRow, parseListFields, requireFrenchOnCreate } from './list-fields';

const rule = {
  tdId: 'R1',
  definitionName: 'DEF-rxPower',
  technology: 'GPON',
  variantName: null,
  rangeMin: -25,
  rangeMax: -8,
  alphaValue: null,
  result: 'pass',
  version: null,
  description: null,
};

describe('parseListFields', () => {
  it('when a rule arrives as the form outputs it (with the derived isDefault), then it parses and isDefault is derived again', () => {
    expect(parseListFields('rules', 'R1', { ...rule, isDefault: false })).toMatchObject({ isDefault: true });
  });

  it('when the fields break the schema, then invalid_input names each field', () => {
    try {
      parseListFields('rules', 'R1', { ...rule, rangeMin: 'low' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      const { fields } = (error as AppError).details as { fields: Array<{ field: string }> };
      expect(fields.map(({ field }) => field)).toContain('rangeMin');
    }
  });

  it('when a CMTS date arrives as ISO text, then it is a Date; an id that is not the URL’s is refused', () => {
    const cmts = {
      cmtsId: 'C1',
      hostName: 'c1',
      ipLookup: '10.0.0.1',
      ipManage: '10.0.0.2',
      headEnd: 'H1',
      marketArea: 'M1',
      group: null,
      versionId: null,
      configLastUpdated: '2026-11-01T00:00:00.000Z',
      overrideIpChecks: false,
    };
    expect(parseListFields('cmts', 'C1', cmts).configLastUpdated).toEqual(
      new Date('2026-11-01T00:00:00.000Z'),
    );
    expect(() => parseListFields('cmts', 'C2', cmts)).toThrow(AppError);
  });

  it('when an import leaves columns out, then every list keeps the stored values of an existing row and a new row takes the empty ones', () => {
    const columns = new Set(['name', 'rackId', 'rackOrder']);
    const fields = { name: 'Imported', rackId: 'R1', rackOrder: '3' };
    const stored = {
      name: 'Old',
      rackId: 'R0',
      rackOrder: 1,
      model: 'MX-204',
      firmware: '21.4',
      childCount: 2,
    };
    expect(mergeImportRow('hosts', 'H1', fields, columns, stored)).toEqual({
      name: 'Imported',
      rackId: 'R1',
      rackOrder: '3',
      model: 'MX-204',
      firmware: '21.4',
    });
    expect(parseListFields('hosts', 'H2', mergeImportRow('hosts', 'H2', fields, columns, null))).toEqual({
      name: 'Imported',
      rackId: 'R1',
      rackOrder: 3,
      model: null,
      firmware: null,
    });
    // A rule's id column is the row's id whatever the file says; a firmware's flag a new row lacks is false.
    expect(mergeImportRow('rules', 'R9', { tdId: 'X' }, new Set(['tdId']), null)).toMatchObject({
      tdId: 'R9',
      variantName: null,
    });
    expect(mergeImportRow('firmwares', 'F1', {}, new Set(), null)).toEqual({
      model: '',
      version: '',
      approved: false,
    });
  });
});

describe('requireFrenchOnCreate', () => {
  const definition = parseListFields('definitions', 'DEF-x', {
    tdId: 'DEF-x',
    name: 'Upstream SNR',
    parameter: 'txPower',
    format: 'dB',
    direction: 'window',
    category: 'optical',
    fallback: 'n/a',
    description: 'Signal to noise',
  });
  it('when a new threshold row lacks the French of its English texts, then invalid_input names each field', () => {
    try {
      requireFrenchOnCreate('definitions', definition);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('invalid_input');
      const { fields } = (error as AppError).details as { fields: Array<{ field: string }> };
      expect(fields.map(({ field }) => field)).toEqual(['nameFr', 'descriptionFr']);
    }
  });
  it('when the French texts are there, or the list has none, then it passes', () => {
    expect(() =>
      requireFrenchOnCreate('definitions', { ...definition, nameFr: 'SNR montant', descriptionFr: 'Bruit' }),
    ).not.toThrow();
    expect(() => requireFrenchOnCreate('rules', { ...rule, description: null })).not.toThrow();
    expect(() => requireFrenchOnCreate('headEnd', { name: 'H1' })).not.toThrow();
  });
});
