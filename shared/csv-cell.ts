// The one CSV cell writer, for every CSV the app writes: the listing exports (core/exports/export.ts), the
// history index's export (core/history-index/worker-thread/export-file.ts), the command line's
// totals (cli/history-commands.ts) and the address book (shared/labels.ts). Pure and without
// imports, so the page and the history worker load it as it is (issue #28 point 6).
//
// Rows are written with `,` (RFC 4180), but a spreadsheet set to another locale splits them at `;`
// (or tab), and sees a quote in the middle of a piece as text: `x;=1+1;` opened as `x`, `=1+1`
// and an empty cell. So a cell holding `;` or tab is quoted like one holding `,`, a quote or a
// line break, and a formula start (= + - @, or a tab, which some readers skip before looking) is
// neutralised with a `'` wherever a reader may begin a cell: at the start, and after `;`, tab, CR
// or LF. Only a whole cell that is a plain decimal number is left as it is, so amounts such as
// -5.0000000 stay numbers (a number is no formula, whatever its sign).

/** A plain decimal number, such as an amount: never neutralised. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
/** A cell that starts like a formula: = + - @, or tab or CR, which some readers skip before looking. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A formula start after a break where a reader that splits at `;` or tab, or at lines, begins a cell. */
const INNER_FORMULA_START = /([;\t\r\n])(?=[=+\-@\t])/g;
/** What ends a cell or a row in some reader: `,` `;` tab, a quote, CR, LF. */
const NEEDS_QUOTES = /[",;\t\r\n]/;

/**
 * Whether a cell is written as it is without a look at its text through the expressions: no
 * character that ends a cell or a row (so none a formula start could follow inside it), and a
 * first character that starts no formula. One pass over its character codes: the exports write
 * millions of cells, nearly all of them such.
 */
function plainCell(value: string): boolean {
  const first = value.charCodeAt(0);
  // = + - @ (a tab or CR first is caught by the loop).
  if (first === 61 || first === 43 || first === 45 || first === 64) return false;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    // " , ; tab CR LF
    if (c === 34 || c === 44 || c === 59 || c === 9 || c === 13 || c === 10) return false;
  }
  return true;
}

/** One cell: every formula start neutralised with `'`, then quoted (RFC 4180) when it holds a separator, a quote or a line break. */
export function csvCell(value: string): string {
  if (plainCell(value) || PLAIN_NUMBER.test(value)) return value;
  const cell = (FORMULA_START.test(value) ? `'${value}` : value).replace(INNER_FORMULA_START, "$1'");
  return NEEDS_QUOTES.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** One row's cells, each written by csvCell, joined by `,` (no line end). */
export function csvCells(cells: readonly string[]): string {
  return cells.map(csvCell).join(',');
}
