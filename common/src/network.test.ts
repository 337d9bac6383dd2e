import { describe, expect, it } from 'vitest';
import { cmtsFieldsOf, cmtsFieldsSchema, cmtsInputFromCsv, countChanges, rowsHoldingIp } from './network';
import { decodeMessage } from './validators';

const valid = {
  cmtsId: 'OLT-OTT-1',
  hostName: 'olt-ott-1.on.example',
  ipLookup: '10.1.2.3',
  ipManage: '10.1.2.4',
  headEnd: 'ON-OTT-01',
  marketArea: 'MA-OTT',
  group: '',
  versionId: 'R6.1.2',
  configLastUpdated: null,
  overrideIpChecks: false,
};

describe('CMTS schema', () => {
  it('when optional texts are empty, then they are stored as null', () => {
    expect(cmtsFieldsSchema.parse(valid).group).toBeNull();
  });
  it('when a field breaks a section 5 validator, then the issue carries the encoded message', () => {
    const result = cmtsFieldsSchema.safeParse({ ...valid, ipLookup: '10.1.2', cmtsId: 'x'.repeat(41) });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      result.error!.issues.map((issue) => [issue.path[0], decodeMessage(issue.message)]),
    );
    expect(messages).toEqual({ ipLookup: { key: 'ipAddress' }, cmtsId: { key: 'maxLength', num: 40 } });
  });
  it('when an unknown field is present, then the schema refuses it', () => {
    expect(cmtsFieldsSchema.safeParse({ ...valid, cmtsCount: 3 }).success).toBe(false);
  });
  it('when a CSV flag is neither true nor false, then the schema refuses it', () => {
    expect(
      cmtsFieldsSchema.safeParse(
        cmtsInputFromCsv({ ...valid, configLastUpdated: '', overrideIpChecks: 'oui' }),
      ).success,
    ).toBe(true);
    expect(
      cmtsFieldsSchema.safeParse(
        cmtsInputFromCsv({ ...valid, configLastUpdated: '', overrideIpChecks: 'perhaps' }),
      ).success,
    ).toBe(false);
  });
});

describe('CMTS fields of a stored row', () => {
  it('when a stored row has stamps and counts, then only the edited fields are kept', () => {
    const fields = cmtsFieldsSchema.parse(valid);
    const stored = { ...fields, createdOn: new Date(), lastUpdate: new Date(), updatedBy: 'u1', id: 'x' };
    expect(cmtsFieldsOf(stored)).toEqual(fields);
  });
});

describe('count changes', () => {
  it('when a row is created, moved and deleted, then both sides change by one', () => {
    const a = { headEnd: 'H1', marketArea: 'M1' };
    expect(countChanges(null, a)).toEqual([
      { collection: 'cmts_head_end', id: 'H1', delta: 1 },
      { collection: 'cmts_marketing_area', id: 'M1', delta: 1 },
    ]);
    expect(countChanges(a, { ...a, headEnd: 'H2' })).toEqual([
      { collection: 'cmts_head_end', id: 'H1', delta: -1 },
      { collection: 'cmts_head_end', id: 'H2', delta: 1 },
    ]);
    expect(countChanges(a, { ...a })).toEqual([]);
    expect(countChanges(a, null)).toHaveLength(2);
  });
  it('when looking for an IP, then the row being saved does not count against itself', () => {
    const rows = [valid, { ...valid, cmtsId: 'B', ipLookup: '10.9.9.9', ipManage: '10.9.9.8' }];
    expect(rowsHoldingIp(rows, '10.1.2.4', 'B')).toEqual(['OLT-OTT-1']);
    expect(rowsHoldingIp(rows, '10.1.2.4', 'OLT-OTT-1')).toEqual([]);
  });
});
