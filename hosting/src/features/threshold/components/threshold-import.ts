/**
 * A CSV of threshold rows checked in the browser before the import sends it: each record with the list's
 * form schema (the common/ schema, French required on a new row, the checks across rows), over the
 * stored row for the columns the file leaves out.
 */
import Papa from 'papaparse';
import {
  THRESHOLD_CSV_COLUMNS,
  THRESHOLD_CSV_OPTIONAL_COLUMNS,
  thresholdFormInput,
  thresholdInputFromCsv,
  thresholdToCsv,
} from '@insight/common/threshold-csv';
import { frenchRequired, PARAMETERS, type ThresholdKind } from '@insight/common/threshold';
import { encodeMessage } from '@insight/common/validators';
import {
  fileColumns,
  onePerColumn,
  type CheckedImport,
  type CheckedRow,
  type ParsedCsv,
} from '../../../lib/csv-file';
import type { ThresholdLists } from '../api/threshold-lists';
import { definitionFormSchema, ruleFormSchema, variantFormSchema } from './threshold-forms';

type Fields = Record<string, unknown>;

function formSchema(kind: ThresholdKind, lists: ThresholdLists) {
  if (kind === 'definitions') return definitionFormSchema(lists.definitions.rows);
  if (kind === 'variants') return variantFormSchema(lists.variants.rows);
  return ruleFormSchema(lists.rules.rows);
}

/** A rule names a definition and a variant (or none) of the lists: the ids it may name, when it names another. */
function referenceErrors(kind: ThresholdKind, input: Fields, lists: ThresholdLists) {
  if (kind !== 'rules') return [];
  const errors: Array<{ column: string; message: string }> = [];
  const check = (column: string, ids: readonly string[]) => {
    const value = String(input[column] ?? '');
    if (value && !ids.includes(value))
      errors.push({ column, message: encodeMessage({ key: 'oneOf', row: ids.join(', ') }) });
  };
  check(
    'definitionName',
    lists.definitions.rows.map((row) => row.id),
  );
  check(
    'variantName',
    lists.variants.rows.map((row) => row.id),
  );
  return errors;
}

/**
 * Checks the file's records for list `kind`: a column the file leaves out keeps the stored row's value
 * (the empty one on a new row), a tdId twice in the file is a duplicate, and each row's fields are the
 * form schema's output.
 */
export function validateThresholdImport(
  kind: ThresholdKind,
  file: Pick<ParsedCsv, 'columns' | 'records'>,
  lists: ThresholdLists,
): CheckedImport<Fields> {
  const { columns, missingColumns } = fileColumns<string>(
    file.columns,
    THRESHOLD_CSV_COLUMNS[kind],
    THRESHOLD_CSV_OPTIONAL_COLUMNS[kind],
    file.records.length > 0,
  );
  const stored = new Map<string, Fields>(lists[kind].rows.map((row) => [row.id, row]));
  const schema = formSchema(kind, lists);
  const seen = new Set<string>();
  const rows = file.records.map(({ line, values }): CheckedRow<Fields> => {
    const fromFile = thresholdInputFromCsv(columns, values);
    const id = fromFile.tdId ?? '';
    const before = stored.get(id);
    const input = { ...thresholdFormInput(kind, before ?? {}), ...fromFile };
    const result = schema.safeParse(input);
    const errors = result.success ? [] : onePerColumn(result.error.issues);
    // The schema checks the French of a new row only once its fields pass: said at once here.
    const french = before
      ? []
      : frenchRequired(kind, input).map(({ field, message }) => ({
          column: field,
          message: encodeMessage(message),
        }));
    for (const error of [...referenceErrors(kind, input, lists), ...french])
      if (!errors.some((other) => other.column === error.column)) errors.push(error);
    if (id && seen.has(id)) errors.push({ column: 'tdId', message: encodeMessage({ key: 'duplicate' }) });
    if (id) seen.add(id);
    return {
      line,
      id,
      fields: result.success && errors.length === 0 ? (result.data as Fields) : null,
      errors,
      exists: before !== undefined,
    };
  });
  return { rows, columns, missingColumns };
}

/** What the import sends for a checked row: the file's columns of the form's output. */
export function thresholdImportFields(fields: Fields, columns: readonly string[]): Fields {
  return Object.fromEntries(columns.map((column) => [column, fields[column]]));
}

/** The export of a list: its columns in order, both languages' texts, the stored values. */
export function thresholdCsv(kind: ThresholdKind, rows: ReadonlyArray<Readonly<Fields>>): string {
  return Papa.unparse(
    rows.map((row) => thresholdToCsv(kind, row)),
    { columns: [...THRESHOLD_CSV_COLUMNS[kind]] },
  );
}

/**
 * The import's template: every column of the list, in order, and one example row in both languages (a
 * rule's names the first definition of the list).
 */
export function thresholdTemplate(kind: ThresholdKind, lists: ThresholdLists): string {
  const free = PARAMETERS.find((parameter) =>
    lists.definitions.rows.every((definition) => definition.parameter !== parameter),
  );
  const examples: Record<ThresholdKind, Fields> = {
    definitions: {
      tdId: 'DEF-example',
      name: 'Upstream power',
      nameFr: 'Puissance montante',
      parameter: free ?? PARAMETERS[0],
      format: 'dBm',
      direction: 'window',
      category: 'optical',
      fallback: 'n/a',
      description: 'Optical power the ONU sends',
      descriptionFr: 'Puissance optique émise par l’ONU',
    },
    variants: {
      tdId: 'VAR-example',
      variantName: 'Example optics',
      variantNameFr: 'Optique exemple',
      technology: 'GPON',
      identifier: '',
      variants: ['Model A', 'Model B'],
      description: 'Models with a stronger laser',
      descriptionFr: 'Modèles au laser plus puissant',
    },
    rules: {
      tdId: 'RULE-example',
      definitionName: lists.definitions.rows[0]?.id ?? 'DEF-example',
      technology: 'GPON',
      variantName: '',
      rangeMin: -27,
      rangeMax: -8,
      alphaValue: '',
      result: 'pass',
      version: '',
      description: 'Within the budget',
      descriptionFr: 'Dans le budget',
    },
  };
  return thresholdCsv(kind, [examples[kind]]);
}
