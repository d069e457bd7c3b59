// A plain-text table for a person: columns padded to their widest cell, two spaces apart, every
// line at most MAX_COLUMNS characters unless --wide (issue #36). A wider table first clips its
// flexible columns (a sentence, a name: cut with "…", never an amount), then leaves out its
// optional columns, lowest priority first, and says so under the table.

/** The widest line a command writes by default. */
export const MAX_COLUMNS = 120;

export interface Column {
  name: string;
  /** Flexible: its cells may be clipped (ending "…") down to this width before any column is left out. */
  flex?: number;
  /** Optional: left out, lowest first, when clipping is not enough. */
  drop?: number;
}

export interface TableOptions {
  /** Every column whole, however wide (--wide). */
  wide?: boolean;
  max?: number;
}

/**
 * `text` in at most `width` characters: cut with "…" when longer. Never inside a figure: a cut in a
 * word that holds a digit goes back to before that word ("up to 10,000.0000000" clipped reads "up
 * to …", not "up to 10,…", which would pass for another amount), unless the word is the first.
 */
export function clip(text: string, width: number): string {
  if (text.length <= width) return text;
  let cut = Math.max(0, width - 1);
  const before = text.slice(0, cut);
  const started = /\S*$/.exec(before)![0];
  const cutWord = started + /^\S*/.exec(text.slice(cut))![0];
  if (started !== '' && /\d/.test(cutWord) && started.length < before.length) cut -= started.length;
  return `${text.slice(0, cut)}…`;
}

const GAP = 2;

/**
 * The columns' widths once fitted to `max` (null: a column left out): optional columns left out
 * (lowest first) while the table would not fit even with its flexible columns at their least,
 * then flexible columns clipped by what is still too much, down to their least, then to 4.
 */
function fit(columns: Column[], natural: number[], empty: boolean[], max: number): (number | null)[] {
  const widths: (number | null)[] = [...natural];
  const total = (of: (i: number) => number) => {
    const shown = widths.flatMap((w, i) => (w === null ? [] : [of(i)]));
    return shown.reduce((sum, w) => sum + w, 0) + GAP * Math.max(0, shown.length - 1);
  };
  const least = (i: number) => {
    const flex = columns[i]!.flex;
    return flex === undefined ? widths[i]! : Math.min(widths[i]!, Math.max(flex, columns[i]!.name.length));
  };
  const optional = columns
    .map((column, i) => ({ i, drop: empty[i] ? -Infinity : column.drop }))
    .filter((c): c is { i: number; drop: number } => c.drop !== undefined)
    .sort((a, b) => a.drop - b.drop);
  for (const { i } of optional) {
    if (total(least) <= max) break;
    widths[i] = null;
  }
  const clipFlexible = (floor: (i: number) => number) => {
    for (const [i, column] of columns.entries()) {
      const over = total((j) => widths[j]!) - max;
      if (over <= 0) break;
      if (column.flex !== undefined && widths[i] !== null) widths[i] = Math.max(floor(i), widths[i]! - over);
    }
  };
  clipFlexible(least);
  clipFlexible((i) => Math.min(widths[i]!, Math.max(4, columns[i]!.name.length)));
  return widths;
}

export function table(header: (string | Column)[], rows: string[][], options: TableOptions = {}): string {
  const columns = header.map((h) => (typeof h === 'string' ? { name: h } : h));
  const natural = columns.map((c, i) => Math.max(c.name.length, ...rows.map((r) => r[i]!.length)));
  // An optional column with nothing in it is the first left out, and not said: nothing is lost.
  const empty = columns.map((_, i) => rows.every((r) => r[i] === ''));
  const widths = options.wide ? natural : fit(columns, natural, empty, options.max ?? MAX_COLUMNS);
  const line = (cells: string[]) =>
    cells
      .flatMap((c, i) => (widths[i] === null ? [] : [clip(c, widths[i]!).padEnd(widths[i]!)]))
      .join(' '.repeat(GAP))
      .trimEnd();
  const left = columns.filter((_, i) => widths[i] === null && !empty[i]).map((c) => c.name);
  const note = left.length
    ? `(${left.join(', ')} left out to fit ${options.max ?? MAX_COLUMNS} columns: --wide shows every column)\n`
    : '';
  return [line(columns.map((c) => c.name)), ...rows.map(line)].join('\n') + '\n' + note;
}

/**
 * A sentence in lines of at most `width` characters, each begun with `indent`, broken between
 * words (a word longer than the width on a line of its own).
 */
export function wrap(text: string, width: number, indent = ''): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && indent.length + line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line].map((l) => `${indent}${l}\n`).join('');
}

/**
 * A "label:   value" line in lines of at most `width`, its value's words carried on under the value
 * (a line without a label: two further in than its own indent).
 */
export function hang(line: string, width: number): string {
  if (line.length <= width) return `${line}\n`;
  const labelled = /^\s*[^\s:][^:]{0,30}:\s+/.exec(line)?.[0];
  const prefix = labelled ?? /^\s*/.exec(line)![0];
  const indent = ' '.repeat(labelled ? prefix.length : prefix.length + 2);
  const lines: string[] = [];
  let current = prefix;
  for (const word of line.slice(prefix.length).split(' ')) {
    if (current.trim() && current.length + 1 + word.length > width) {
      lines.push(current);
      current = indent + word;
    } else current = current.length === prefix.length || current === indent ? current + word : `${current} ${word}`;
  }
  return [...lines, current].map((l) => `${l}\n`).join('');
}
