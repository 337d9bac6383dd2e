import { describe, expect, it } from 'vitest';
import { FORMULA_STARTS } from '@insight/common/csv';
import type { CmtsFields } from '@insight/common/network';
import { decodeMessage } from '@insight/common/validators';
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, parseCsv } from '../../../lib/csv-file';
import { cmtsCsv, cmtsTemplate } from './cmts-csv';
import { importFields, validateImport } from './cmts-import';

const stored: CmtsFields = {
  cmtsId: 'OLT-OTT-1',
  hostName: 'olt-ott-1',
  ipLookup: '10.0.0.1',
  ipManage: '10.0.1.1',
  headEnd: 'ON-OTT-01',
  marketArea: 'MA-OTT',
  group: 'Fibre',
  versionId: 'R6.1',
  configLastUpdated: new Date('2026-10-31T08:15:00Z'),
  overrideIpChecks: false,
};
const context = {
  existing: [stored],
  headEnds: new Set(['ON-OTT-01']),
  marketAreas: new Set(['MA-OTT']),
};
const header =
  'cmtsId,hostName,ipLookup,ipManage,headEnd,marketArea,group,versionId,configLastUpdated,overrideIpChecks';

function check(lines: string[], options: { header?: string; existing?: CmtsFields[] } = {}) {
  const parsed = parseCsv([options.header ?? header, ...lines].join('\n'));
  return validateImport(parsed, { ...context, existing: options.existing ?? context.existing });
}
const keys = (row: { errors: Array<{ column: string; message: string }> }) =>
  row.errors.map((error) => `${error.column}:${decodeMessage(error.message).key}`);

describe('CMTS CSV import', () => {
  it('when rows are valid, then each is accepted and one with a known id is marked as an update', () => {
    const { rows } = check([
      'OLT-OTT-2,olt-ott-2,10.0.0.2,10.0.1.2,ON-OTT-01,MA-OTT,Fibre,R6.1,2026-11-01T10:00:00Z,false',
      'OLT-OTT-1,olt-ott-1,10.0.0.1,10.0.1.1,ON-OTT-01,MA-OTT,,,,',
    ]);
    expect(rows.map((row) => [row.line, row.fields?.cmtsId, row.exists])).toEqual([
      [2, 'OLT-OTT-2', false],
      [3, 'OLT-OTT-1', true],
    ]);
    expect(rows[0]!.fields!.configLastUpdated).toEqual(new Date('2026-11-01T10:00:00Z'));
    // An empty cell of a column the file carries empties the field.
    expect(rows[1]!.fields!.group).toBeNull();
  });

  it('when a row breaks the schema, then each error names its column', () => {
    const [row] = check(['bad id,,10.0.0.300,x,ON-OTT-99,MA-OTT,,,not a date,maybe']).rows;
    expect(row!.fields).toBeNull();
    expect(keys(row!)).toEqual(
      expect.arrayContaining([
        'cmtsId:alphanumericBrackets',
        'hostName:required',
        'ipLookup:ipAddress',
        'ipManage:ipAddress',
        'configLastUpdated:date',
        'overrideIpChecks:boolean',
      ]),
    );
  });

  it('when a row names a head end or marketing area that does not exist, then it is refused', () => {
    const [row] = check(['NEW-9,new-9,10.0.9.1,10.0.9.2,ON-OTT-99,MA-XXX,,,,false']).rows;
    expect(keys(row!)).toEqual(['headEnd:unknownHeadEnd', 'marketArea:unknownMarketArea']);
  });

  it('when a head end is typed as a name ("Hamilton 01"), then its column has one message, that says what is expected', () => {
    const [row] = check(['NEW-9,new-9,10.0.9.1,10.0.9.2,Hamilton 01,MA-OTT,,,,false']).rows;
    expect(row!.errors).toHaveLength(1);
    expect(decodeMessage(row!.errors[0]!.message)).toEqual({ key: 'unknownHeadEnd', row: 'Hamilton 01' });
  });

  it('when the template is read back by the import, then its example row passes', () => {
    const template = cmtsTemplate(new Map([['ON-OTT-01', 'Ottawa']]), new Map([['MA-OTT', 'Ottawa']]));
    const parsed = parseCsv(template);
    expect(parsed.columns).toEqual(header.split(','));
    const { rows } = validateImport(parsed, { ...context, existing: [] });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.errors).toEqual([]);
  });

  it('when an IP is held by the table or an earlier row of the file, then it is refused unless overridden', () => {
    const { rows } = check([
      'NEW-1,new-1,10.0.0.1,10.0.2.1,ON-OTT-01,MA-OTT,,,,false',
      'NEW-2,new-2,10.0.3.1,10.0.2.2,ON-OTT-01,MA-OTT,,,,false',
      'NEW-3,new-3,10.0.3.1,10.0.2.3,ON-OTT-01,MA-OTT,,,,false',
      'NEW-4,new-4,10.0.3.1,10.0.2.4,ON-OTT-01,MA-OTT,,,,true',
    ]);
    expect(keys(rows[0]!)).toEqual(['ipLookup:ipInUse']);
    expect(decodeMessage(rows[0]!.errors[0]!.message)).toEqual({ key: 'ipInUse', row: 'OLT-OTT-1' });
    expect(rows[1]!.fields).not.toBeNull();
    expect(decodeMessage(rows[2]!.errors[0]!.message)).toEqual({ key: 'ipInUse', row: 'NEW-2' });
    expect(rows[3]!.fields).not.toBeNull();
  });

  it('when a row of the file replaces a stored row, then the addresses it gave up are free for later rows', () => {
    const { rows } = check([
      'OLT-OTT-1,olt-ott-1,10.0.7.1,10.0.7.2,ON-OTT-01,MA-OTT,,,,false',
      'NEW-1,new-1,10.0.0.1,10.0.1.1,ON-OTT-01,MA-OTT,,,,false',
      'NEW-2,new-2,10.0.7.1,10.0.7.3,ON-OTT-01,MA-OTT,,,,false',
    ]);
    expect(rows.map(keys)).toEqual([[], [], ['ipLookup:ipInUse']]);
  });

  it('when a cmtsId appears twice in the file, then the second is a duplicate', () => {
    const { rows } = check([
      'NEW-1,new-1,10.0.5.1,10.0.6.1,ON-OTT-01,MA-OTT,,,,false',
      'NEW-1,new-1b,10.0.5.2,10.0.6.2,ON-OTT-01,MA-OTT,,,,false',
    ]);
    expect(keys(rows[1]!)).toEqual(['cmtsId:duplicate']);
  });

  describe('columns the file leaves out', () => {
    const required = 'cmtsId,hostName,ipLookup,ipManage,headEnd,marketArea';

    it('when group, versionId, configLastUpdated and overrideIpChecks are not in the file, then an existing row keeps them and only the file’s columns are sent', () => {
      const kept = { ...stored, overrideIpChecks: true };
      const checked = check(['OLT-OTT-1,olt-ott-1-renamed,10.0.0.1,10.0.1.1,ON-OTT-01,MA-OTT'], {
        header: required,
        existing: [kept],
      });
      expect(checked.missingColumns).toEqual([]);
      expect(checked.columns).toEqual(required.split(','));
      const [row] = checked.rows;
      expect(row!.fields).toEqual({ ...kept, hostName: 'olt-ott-1-renamed' });
      expect(importFields(row!.fields!, checked.columns)).toEqual({
        cmtsId: 'OLT-OTT-1',
        hostName: 'olt-ott-1-renamed',
        ipLookup: '10.0.0.1',
        ipManage: '10.0.1.1',
        headEnd: 'ON-OTT-01',
        marketArea: 'MA-OTT',
      });
    });

    it('when overrideIpChecks is not in the file, then a stored true still lets the row share an address', () => {
      const other = { ...stored, cmtsId: 'OLT-OTT-9', ipLookup: '10.0.9.9', ipManage: '10.0.9.8' };
      const { rows } = check(['OLT-OTT-1,olt-ott-1,10.0.9.9,10.0.1.1,ON-OTT-01,MA-OTT'], {
        header: required,
        existing: [{ ...stored, overrideIpChecks: true }, other],
      });
      expect(rows[0]!.fields?.overrideIpChecks).toBe(true);
      expect(rows[0]!.errors).toEqual([]);
    });

    it('when the file leaves them out for a new row, then it takes the empty values', () => {
      const { rows } = check(['NEW-1,new-1,10.0.5.1,10.0.6.1,ON-OTT-01,MA-OTT'], { header: required });
      expect(rows[0]!.fields).toMatchObject({
        group: null,
        versionId: null,
        configLastUpdated: null,
        overrideIpChecks: false,
      });
    });

    it('when the file carries a date, then it is sent as ISO text', () => {
      const checked = check(['NEW-1,new-1,10.0.5.1,10.0.6.1,ON-OTT-01,MA-OTT,2026-11-01T10:00:00Z'], {
        header: `${required},configLastUpdated`,
      });
      expect(importFields(checked.rows[0]!.fields!, checked.columns).configLastUpdated).toBe(
        '2026-11-01T10:00:00.000Z',
      );
    });

    it('when a required column is missing, then it is named', () => {
      const checked = check(['NEW-1,new-1,10.0.5.1,ON-OTT-01,MA-OTT'], {
        header: 'cmtsId,hostName,ipLookup,headEnd,marketArea',
      });
      expect(checked.missingColumns).toEqual(['ipManage']);
    });
  });

  describe('reading the file', () => {
    it('when a quoted cell spans lines and blank lines come between records, then each record keeps the line it begins on', () => {
      const parsed = parseCsv(
        [
          header,
          'NEW-1,new-1,10.0.5.1,10.0.6.1,ON-OTT-01,MA-OTT,"two',
          'lines",,,false',
          '',
          '   ',
          'NEW-2,new-2,10.0.5.2,10.0.6.2,ON-OTT-01,MA-OTT,"three',
          '',
          'lines",,,false',
          'NEW-3,new-3,10.0.5.3,10.0.6.3,ON-OTT-01,MA-OTT,,,,false',
        ].join('\r\n'),
      );
      expect(parsed.records.map((record) => [record.line, record.values.cmtsId])).toEqual([
        [2, 'NEW-1'],
        [6, 'NEW-2'],
        [9, 'NEW-3'],
      ]);
      expect(parsed.records[1]!.values.group).toBe('three\n\nlines');
      expect(validateImport(parsed, context).rows.map((row) => row.line)).toEqual([2, 6, 9]);
    });

    it('when a record has too few cells or an unterminated quote, then the problem names its line', () => {
      const parsed = parseCsv([header, '', 'NEW-1,new-1', 'NEW-2,"open'].join('\n'));
      expect(parsed.problems).toEqual([
        { line: 3, kind: 'fieldCount', expected: 10, found: 2 },
        expect.objectContaining({ line: 4, kind: 'syntax' }),
        expect.objectContaining({ line: 4, kind: 'fieldCount' }),
      ]);
    });

    it(`when the file has more than ${MAX_IMPORT_ROWS} rows, then it is refused before anything is checked`, () => {
      const row = 'NEW-1,new-1,10.0.5.1,10.0.6.1,ON-OTT-01,MA-OTT,,,,false';
      expect(parseCsv([header, ...Array<string>(MAX_IMPORT_ROWS).fill(row)].join('\n')).tooLarge).toBeNull();
      const over = parseCsv([header, ...Array<string>(MAX_IMPORT_ROWS + 1).fill(row)].join('\n'));
      expect(over.tooLarge).toEqual({ limit: 'rows', max: MAX_IMPORT_ROWS });
      expect(over.records).toEqual([]);
    });

    it('when the file is larger than 5 MB, then it is refused before it is read', () => {
      expect(parseCsv(header, MAX_IMPORT_BYTES + 1).tooLarge).toEqual({
        limit: 'bytes',
        max: MAX_IMPORT_BYTES,
      });
      const text = `${header}\n${'x'.repeat(MAX_IMPORT_BYTES)}`;
      expect(parseCsv(text).tooLarge).toEqual({ limit: 'bytes', max: MAX_IMPORT_BYTES });
    });
  });

  it('when 10,000 rows are checked against 10,000 stored rows, then the table is read a bounded number of times', () => {
    const ip = (n: number, net: number) => `10.${net}.${Math.floor(n / 250)}.${(n % 250) + 1}`;
    const existing: CmtsFields[] = Array.from({ length: MAX_IMPORT_ROWS }, (_, n) => ({
      ...stored,
      cmtsId: `OLD-${n}`,
      ipLookup: ip(n, 1),
      ipManage: ip(n, 2),
    }));
    let reads = 0;
    const counted = new Proxy(existing, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const lines = Array.from(
      { length: MAX_IMPORT_ROWS },
      (_, n) => `NEW-${n},new-${n},${ip(n, 3)},${ip(n, 4)},ON-OTT-01,MA-OTT,,,,false`,
    );
    // Every 100th row takes an address of a stored row, every 100th + 1 one of an earlier row of the file.
    for (let n = 0; n < MAX_IMPORT_ROWS; n += 100) {
      lines[n] = `NEW-${n},new-${n},${ip(n, 1)},${ip(n, 4)},ON-OTT-01,MA-OTT,,,,false`;
      if (n > 0)
        lines[n + 1] = `NEW-${n + 1},new-${n + 1},${ip(n - 1, 3)},${ip(n + 1, 4)},ON-OTT-01,MA-OTT,,,,false`;
    }
    const parsed = parseCsv([header, ...lines].join('\n'));
    const { rows } = validateImport(parsed, { ...context, existing: counted });
    // The stored table is read a bounded number of times, not once per row (bench:latency times the check).
    expect(reads).toBeLessThanOrEqual(3 * existing.length);
    expect(rows.filter((row) => !row.fields)).toHaveLength(199);
    expect(decodeMessage(rows[100]!.errors[0]!.message)).toEqual({ key: 'ipInUse', row: 'OLD-100' });
    expect(decodeMessage(rows[101]!.errors[0]!.message)).toEqual({ key: 'ipInUse', row: 'NEW-99' });
  });

  describe('export', () => {
    const source: CmtsFields = {
      cmtsId: 'OLT-OTT-2',
      hostName: 'olt-ott-2.on',
      ipLookup: '10.0.0.2',
      ipManage: '10.0.1.2',
      headEnd: 'ON-OTT-01',
      marketArea: 'MA-OTT',
      group: 'Fibre',
      versionId: null,
      configLastUpdated: new Date('2026-10-31T08:15:00Z'),
      overrideIpChecks: true,
    };

    it('when the export is read back by the import, then every row comes back the same', () => {
      const rows = validateImport(parseCsv(cmtsCsv([source])), { ...context, existing: [] }).rows;
      expect(rows.map((row) => row.fields)).toEqual([source]);
    });

    it.each(FORMULA_STARTS.map((start) => [JSON.stringify(start), start]))(
      'when a cell begins with %s, then the export writes it as text',
      (_name, start) => {
        const csv = cmtsCsv([{ ...source, hostName: `${start}cmd`, group: `${start}SUM(A1)` }]);
        expect(csv).toContain(`'${start}cmd`);
        expect(csv).toContain(`'${start}SUM(A1)`);
        // No cell of the file begins with the character itself, quoted or not.
        expect(csv).not.toContain(`,${start}`);
        expect(csv).not.toContain(`,"${start}`);
      },
    );

    it('when an escaped host name is imported back, then it is the host name that was exported', () => {
      const row = { ...source, hostName: '-olt-ott-2' };
      const [read] = validateImport(parseCsv(cmtsCsv([row])), { ...context, existing: [] }).rows;
      expect(read!.fields).toEqual(row);
    });
  });
});
