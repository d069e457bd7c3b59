// How wide an amount column must be so that no amount is ever cut, and how wide the code slot is
// so that right-aligned amounts line up on their decimal point: every number has seven decimals
// and tabular figures, and every code sits in a slot as wide as the table's longest code.
import { displayAmount } from '../../../shared/amount';
import { showHidden } from '../../../shared/visible-text';
import type { CSSProperties } from 'react';

/** What one amount cell shows, in characters. */
export interface AmountFit {
  /** Characters of its numbers (12px monospace, `.num`). */
  digits: number;
  /** Its codes, each shown in the table's code slot. */
  codes: string[];
  /** Characters of other text in the cell (arrows, a price). */
  other: number;
}

// Widths per character, a little over what DejaVu Sans Mono, Menlo, SF Mono and Consolas draw.
const DIGIT_PX = 7.4;
const CODE_PX = 6.8;
const OTHER_PX = 7.5;
const GAP_PX = 5;
/** The narrowest slot: three characters, the native code's. */
const MIN_SLOT = 3;

/** The fit of a cell showing these amounts (amount, code) and `other` characters of text. */
export function fitOf(moves: [string, string][], other = 0): AmountFit {
  return {
    digits: moves.reduce((sum, [amount]) => sum + displayAmount(amount).length, 0),
    codes: moves.map(([, code]) => showHidden(code)),
    other,
  };
}

/** The fit of a cell whose lines stand one above the other (a path payment, a pool deposit): its widest line. */
export function linesFit(lines: { moves: [string, string][]; other: number }[]): AmountFit | null {
  let widest: AmountFit | null = null;
  let widestPx = -1;
  for (const line of lines) {
    const fit = fitOf(line.moves, line.other);
    const px =
      fit.digits * DIGIT_PX + fit.codes.reduce((sum, code) => sum + code.length, 0) * CODE_PX + fit.other * OTHER_PX;
    if (px > widestPx) [widest, widestPx] = [fit, px];
  }
  return widest;
}

/** The fit of a cell whose legs stand one above the other, one amount a line. */
export function legsFit(moves: [string, string][], other = 0): AmountFit | null {
  return linesFit(moves.map((move, i) => ({ moves: [move], other: i > 0 ? 3 : other })));
}

/** The code slot (characters) and the least width (px) of a column holding these cells. */
export function columnFit(fits: Iterable<AmountFit | null>): { slot: number; px: number } {
  let slot = MIN_SLOT;
  const list: AmountFit[] = [];
  for (const fit of fits) {
    if (!fit) continue;
    list.push(fit);
    for (const code of fit.codes) slot = Math.max(slot, code.length);
  }
  let px = 0;
  for (const fit of list)
    px = Math.max(px, fit.digits * DIGIT_PX + fit.codes.length * (slot * CODE_PX + GAP_PX) + fit.other * OTHER_PX);
  return { slot, px: Math.ceil(px) + 4 };
}

/** The style that sets the code slot of the amounts inside an element. */
export function codeSlotStyle(slot: number): CSSProperties {
  return { ['--code-slot' as string]: `${slot}ch` } as CSSProperties;
}

/** A grid track at least `px` wide: "minmax(130px, 1.2fr)" becomes "minmax(max(130px, 212px), 1.2fr)". */
export function trackAtLeast(width: string, px: number): string {
  if (px <= 0) return width;
  const minmax = /^minmax\((.+?),\s*(.+)\)$/.exec(width.trim());
  return minmax ? `minmax(max(${minmax[1]}, ${px}px), ${minmax[2]})` : `max(${width}, ${px}px)`;
}

/** The grid template of a table's columns, amount columns widened to fit every row's amounts, and its code slot. */
export function fitColumns<Row>(
  columns: readonly { width: string; fit?(row: Row): AmountFit | null }[],
  rows: readonly Row[],
): { template: string; slot: number } {
  let slot = MIN_SLOT;
  const tracks = columns.map((column) => {
    const fit = column.fit;
    if (!fit) return column.width;
    const measured = columnFit(rows.map((row) => fit(row)));
    slot = Math.max(slot, measured.slot);
    return trackAtLeast(column.width, measured.px);
  });
  return { template: tracks.join(' '), slot };
}
