/**
 * CSV cells a spreadsheet could evaluate (CSV injection, https://owasp.org/www-community/attacks/CSV_Injection):
 * a cell that begins with `=`, `+`, `-`, `@`, a tab or a carriage return is written with a leading `'`,
 * which spreadsheets show as text. Every CSV the portal writes goes through `escapeCsvCell`, or through
 * the grid's own export with `escapeFormulas` (the same six characters, the same quote).
 */

/** The characters that make a spreadsheet read a cell as a formula when they begin it. */
export const FORMULA_STARTS = ['=', '+', '-', '@', '\t', '\r'] as const;

const FORMULA_START = /^[=+\-@\t\r]/;
const ESCAPED_FORMULA_START = /^'[=+\-@\t\r]/;

/** The cell as a spreadsheet will show it, never evaluate it. */
export function escapeCsvCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The value an escaped cell stood for (a CSV the portal exported, read back by an import). */
export function unescapeCsvCell(value: string): string {
  return ESCAPED_FORMULA_START.test(value) ? value.slice(1) : value;
}
