import { describe, expect, it } from 'vitest';
import { decodeMessage } from '@insight/common/validators';
import { cmtsCsv, parseCsv } from './cmts-csv';
import { validateImport } from './cmts-import';

const context = {
  existing: [{ cmtsId: 'OLT-OTT-1', ipLookup: '10.0.0.1', ipManage: '10.0.1.1' }],
  headEnds: new Set(['ON-OTT-01']),
  marketAreas: new Set(['MA-OTT']),
};
const header =
  'cmtsId,hostName,ipLookup,ipManage,headEnd,marketArea,group,versionId,configLastUpdated,overrideIpChecks';

function check(lines: string[]) {
  return validateImport(parseCsv([header, ...lines].join('\n')).rows, context).rows;
}
const keys = (row: { errors: Array<{ column: string; message: string }> }) =>
  row.errors.map((error) => `${error.column}:${decodeMessage(error.message).key}`);

describe('CMTS CSV import', () => {
  it('when rows are valid, then each is accepted and one with a known id is marked as an update', () => {
    const rows = check([
      'OLT-OTT-2,olt-ott-2,10.0.0.2,10.0.1.2,ON-OTT-01,MA-OTT,Fibre,R6.1,2026-11-01T10:00:00Z,false',
      'OLT-OTT-1,olt-ott-1,10.0.0.1,10.0.1.1,ON-OTT-01,MA-OTT,,,,',
    ]);
    expect(rows.map((row) => [row.line, row.fields?.cmtsId, row.exists])).toEqual([
      [2, 'OLT-OTT-2', false],
      [3, 'OLT-OTT-1', true],
    ]);
    expect(rows[0]!.fields!.configLastUpdated).toEqual(new Date('2026-11-01T10:00:00Z'));
    expect(rows[1]!.fields!.group).toBeNull();
  });
  it('when a row breaks the schema, then each error names its column', () => {
    const [row] = check(['bad id,,10.0.0.300,x,ON-OTT-99,MA-OTT,,,not a date,maybe']);
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
    const [row] = check(['NEW-9,new-9,10.0.9.1,10.0.9.2,ON-OTT-99,MA-XXX,,,,false']);
    expect(keys(row!)).toEqual(['headEnd:required', 'marketArea:required']);
  });
  it('when an IP is held by the table or an earlier row of the file, then it is refused unless overridden', () => {
    const rows = check([
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
  it('when a cmtsId appears twice in the file, then the second is a duplicate', () => {
    const rows = check([
      'NEW-1,new-1,10.0.5.1,10.0.6.1,ON-OTT-01,MA-OTT,,,,false',
      'NEW-1,new-1b,10.0.5.2,10.0.6.2,ON-OTT-01,MA-OTT,,,,false',
    ]);
    expect(keys(rows[1]!)).toEqual(['cmtsId:duplicate']);
  });
  it('when the export is read back by the import, then every row comes back the same', () => {
    const source = [
      {
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
      },
    ];
    const rows = validateImport(parseCsv(cmtsCsv(source)).rows, { ...context, existing: [] }).rows;
    expect(rows.map((row) => row.fields)).toEqual(source);
  });
});
