/**
 * The threshold lists as CSV (docs/requirements.md, "Thresholds"): the export writes, and the import
 * reads, the stored fields by their names, both languages' texts side by side (name and nameFr…). A
 * cell the export escaped (`'-28.5`, see csv.ts) reads back as the value it stood for; a number may be
 * written the French way (`-28,5`), as the forms take it.
 */
import { escapeCsvCell, unescapeCsvCell } from './csv';
import type { DefinitionFields, RuleFields, ThresholdKind, VariantFields } from './threshold';

/** Each list's columns, in the order the export writes them. */
export const THRESHOLD_CSV_COLUMNS = {
  definitions: [
    'tdId',
    'name',
    'nameFr',
    'parameter',
    'format',
    'direction',
    'category',
    'fallback',
    'description',
    'descriptionFr',
  ],
  variants: [
    'tdId',
    'variantName',
    'variantNameFr',
    'technology',
    'identifier',
    'variants',
    'description',
    'descriptionFr',
  ],
  rules: [
    'tdId',
    'definitionName',
    'technology',
    'variantName',
    'rangeMin',
    'rangeMax',
    'alphaValue',
    'result',
    'version',
    'description',
    'descriptionFr',
  ],
} as const satisfies {
  definitions: ReadonlyArray<keyof DefinitionFields>;
  variants: ReadonlyArray<keyof VariantFields>;
  rules: ReadonlyArray<keyof RuleFields>;
};
export type ThresholdCsvColumn = (typeof THRESHOLD_CSV_COLUMNS)[ThresholdKind][number];

/**
 * The columns an import file may leave out: an existing row keeps its stored value, a new row takes the
 * empty one (and a new row without its French texts is refused). The others are required in every file.
 */
export const THRESHOLD_CSV_OPTIONAL_COLUMNS = {
  definitions: ['nameFr', 'format', 'description', 'descriptionFr'],
  variants: ['variantNameFr', 'identifier', 'description', 'descriptionFr'],
  rules: ['variantName', 'rangeMin', 'rangeMax', 'alphaValue', 'version', 'description', 'descriptionFr'],
} as const satisfies { [K in ThresholdKind]: ReadonlyArray<(typeof THRESHOLD_CSV_COLUMNS)[K][number]> };

/** A device model list in one cell, as the variant form types it. */
const MODEL_SEPARATOR = ', ';

const cellText = (value: unknown): string =>
  value === null || value === undefined
    ? ''
    : Array.isArray(value)
      ? value.join(MODEL_SEPARATOR)
      : String(value);

/**
 * A stored row as a CSV record of its list's columns. Every text is escaped so that no spreadsheet
 * evaluates it; a number is written as a number (-28.5), which a spreadsheet reads as one.
 */
export function thresholdToCsv(
  kind: ThresholdKind,
  row: Readonly<Record<string, unknown>>,
): Record<string, string> {
  return Object.fromEntries(
    THRESHOLD_CSV_COLUMNS[kind].map((column) => {
      const value = row[column];
      return [column, typeof value === 'number' ? String(value) : escapeCsvCell(cellText(value))];
    }),
  );
}

/**
 * A CSV record (all strings) as the list's form input: the cells of `columns`, unescaped and trimmed (a
 * variant's models stay one text, split by the form's schema). The schema says what is wrong with a cell.
 */
export function thresholdInputFromCsv(
  columns: readonly string[],
  record: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  return Object.fromEntries(columns.map((column) => [column, unescapeCsvCell(record[column] ?? '').trim()]));
}

/** A stored row as the form's input (the models as one text): what a column the file leaves out keeps. */
export function thresholdFormInput(
  kind: ThresholdKind,
  row: Readonly<Record<string, unknown>>,
): Record<string, string> {
  return Object.fromEntries(THRESHOLD_CSV_COLUMNS[kind].map((column) => [column, cellText(row[column])]));
}
