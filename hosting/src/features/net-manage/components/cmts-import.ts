import { cmtsInputFromCsv, CMTS_CSV_COLUMNS, type CmtsFields } from '@insight/common/network';
import { encodeMessage } from '@insight/common/validators';
import { cmtsFormSchema } from './cmts-form';

export interface ImportRow {
  /** 1-based line of the file, the header being line 1. */
  line: number;
  cmtsId: string;
  fields: CmtsFields | null;
  /** Encoded messages, each with the column it is about. */
  errors: Array<{ column: string; message: string }>;
  /** Whether a row with this cmtsId exists already (it will be updated). */
  exists: boolean;
}

/**
 * Validates CSV rows with the same schema as the form, against the table as it is and the rows of
 * the file before them: an IP held elsewhere or a cmtsId twice in the file is an error.
 */
export function validateImport(
  records: ReadonlyArray<Record<string, string>>,
  context: {
    existing: ReadonlyArray<Pick<CmtsFields, 'cmtsId' | 'ipLookup' | 'ipManage'>>;
    headEnds: ReadonlySet<string>;
    marketAreas: ReadonlySet<string>;
  },
): { rows: ImportRow[]; missingColumns: string[] } {
  const present = new Set(records.flatMap((record) => Object.keys(record)));
  const missingColumns = records.length
    ? CMTS_CSV_COLUMNS.filter(
        (column) => !present.has(column) && column !== 'group' && column !== 'versionId',
      )
    : [];
  const existingIds = new Set(context.existing.map((row) => row.cmtsId));
  // Rows of the file replace existing rows with the same id.
  const fileIds = new Set<string>();
  const accepted: Array<Pick<CmtsFields, 'cmtsId' | 'ipLookup' | 'ipManage'>> = [];
  const rows = records.map((record, index): ImportRow => {
    const input = cmtsInputFromCsv(record);
    const cmtsId = String(input.cmtsId);
    const table = [...context.existing.filter((row) => !fileIds.has(row.cmtsId)), ...accepted];
    const result = cmtsFormSchema({ ...context, rows: table }).safeParse(input);
    const errors = result.success
      ? []
      : result.error.issues.map((issue) => ({ column: String(issue.path[0] ?? ''), message: issue.message }));
    if (cmtsId && fileIds.has(cmtsId))
      errors.push({ column: 'cmtsId', message: encodeMessage({ key: 'duplicate' }) });
    const fields = errors.length === 0 && result.success ? result.data : null;
    if (fields) {
      fileIds.add(fields.cmtsId);
      accepted.push(fields);
    }
    return { line: index + 2, cmtsId, fields, errors, exists: existingIds.has(cmtsId) };
  });
  return { rows, missingColumns };
}
