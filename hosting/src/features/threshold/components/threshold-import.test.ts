import { describe, expect, it } from 'vitest';
import {
  definitionFieldsSchema,
  ruleFieldsSchema,
  variantFieldsSchema,
  type ThresholdKind,
} from '@insight/common/threshold';
import { THRESHOLD_CSV_COLUMNS } from '@insight/common/threshold-csv';
import { seedThresholdSet } from '@insight/common/threshold-seed';
import { parseCsv } from '../../../lib/csv-file';
import { thresholdLists } from '../api/threshold-lists-fixture';
import { thresholdCsv, thresholdImportFields, validateThresholdImport } from './threshold-import';

const seed = seedThresholdSet();
/** The seed, a definition's description beginning with what a spreadsheet would evaluate. */
const lists = thresholdLists({
  ...seed,
  definitions: seed.definitions.map((row) =>
    row.tdId === 'DEF-rxPower' ? { ...row, description: '-3 dB: =loss', descriptionFr: '+3 dB' } : row,
  ),
});

/** What the server's schema makes of the fields a row sends (the API parses them again). */
const SERVER_SCHEMAS = {
  definitions: definitionFieldsSchema,
  variants: variantFieldsSchema,
  rules: ruleFieldsSchema,
} as const;

describe('threshold CSV round trip', () => {
  it.each(['definitions', 'variants', 'rules'] as const)(
    'when the %s are exported and the file imported again, then every row is valid, an update, and changes nothing',
    (kind: ThresholdKind) => {
      const stored = lists[kind].rows as unknown as Array<Record<string, unknown>>;
      const parsed = parseCsv(thresholdCsv(kind, stored));
      expect(parsed.problems).toEqual([]);
      const checked = validateThresholdImport(kind, parsed, lists);
      expect(checked.missingColumns).toEqual([]);
      expect(checked.columns).toEqual(THRESHOLD_CSV_COLUMNS[kind]);
      expect(checked.rows.filter((row) => !row.fields)).toEqual([]);
      expect(checked.rows.every((row) => row.exists)).toBe(true);
      checked.rows.forEach((row, index) => {
        const sent = thresholdImportFields(row.fields!, checked.columns);
        const server = SERVER_SCHEMAS[kind].parse(sent) as Record<string, unknown>;
        const before = stored[index]!;
        for (const column of THRESHOLD_CSV_COLUMNS[kind])
          expect([row.id, column, server[column]]).toEqual([before.tdId, column, before[column]]);
      });
    },
  );
});
