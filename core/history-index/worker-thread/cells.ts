// The cells of the index's rows as node:sqlite hands them over (numbers, bigints with
// setReadBigInts, text), read as the index's values: a NULL stays null. One helper for every
// reader of the index (query.ts, export-ops.ts, export-read.ts, rederive.ts, account-meta.ts).
import { formatAmount } from '../../../shared/amount';

/** A cell as node:sqlite returns it (or a row's missing column). */
export type Cell = unknown;

/** A cell as text (a TEXT column, an interned key joined back, an id): null when NULL. */
export const textCell = (value: Cell): string | null =>
  value === null || value === undefined ? null : String(value as string | number | bigint);

/** A 64-bit integer cell (read as a bigint, a number or its decimal text) as a bigint: null when NULL. */
export const bigCell = (value: Cell): bigint | null =>
  value === null || value === undefined ? null : BigInt(value as bigint | number | string);

/** A small integer cell as a number: null when NULL. */
export const numberCell = (value: Cell): number | null =>
  value === null || value === undefined ? null : Number(value);

/** An amount cell (stroops) as exact decimal text of units: null when NULL. */
export const decimalCell = (value: Cell): string | null => {
  const stroops = bigCell(value);
  return stroops === null ? null : formatAmount(stroops);
};

/** Exact sum from the summed high and low 32-bit halves (row-legs.ts halves): NULL halves are zero. */
export function joinHalves(hi: Cell, lo: Cell): bigint {
  return (bigCell(hi ?? 0n)! << 32n) + bigCell(lo ?? 0n)!;
}
