// One CSV cell, for every export the app writes (listings, the history index, the command line's
// totals). A module of its own, without imports, so the history worker loads no more than it needs.

/** RFC 4180 quoting; a leading = + - @ in text is neutralised so a spreadsheet never runs it. */
export function csvCell(value: string): string {
  let cell = value;
  if (/^[=+\-@\t\r]/.test(cell) && !/^-?\d+(\.\d+)?$/.test(cell)) cell = `'${cell}`;
  return /[",\n\r]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}
