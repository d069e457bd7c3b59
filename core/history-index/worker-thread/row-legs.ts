// A row's legs, defined once (issue #35.2): which column of a row of `ops` is an in-leg or an
// out-leg, and its further legs in `legs`. Every reader of a row's money is generated from this
// file: the day and counterparty totals as rows are written (roll-up.ts legsOf), the totals of a
// filtered set (query.ts flows(), summary.ts assetFlows) and the exports (export-ops.ts
// exportOpOf). So the totals, the summary, the export's rows and the reconciliation's sums read a
// row the same way, and a change to that reading is made here or nowhere.
//
// A successful row's columns hold at most one leg of each side (extract.ts movementOf): a row
// moving value in is an in-leg of `asset`/`amount`; a row moving value out an out-leg of
// `source_asset`/`source_amount` when it has a source asset (something also came in: a path
// payment's sending side), else of `asset`/`amount`; a `both` row (value out and in: a payment to
// itself, a conversion, a pool deposit) is both. A leg without an asset is no leg; a leg whose
// amount the record does not carry is a leg of unknown amount (counted by the day totals as
// `unknown`, never summed). A failed row moved nothing: it has no legs.
import type { HistoryDirection } from '../../../shared/history';

/** A column leg's asset and amount columns. */
interface Reading {
  asset: 'asset' | 'source_asset';
  amount: 'amount' | 'source_amount';
}

const OWN: Reading = { asset: 'asset', amount: 'amount' };
const SOURCE: Reading = { asset: 'source_asset', amount: 'source_amount' };

export interface ColumnLeg {
  /** The row's direction that holds this leg. */
  direction: HistoryDirection;
  incoming: boolean;
}

/** Every leg a successful row's columns hold, by its direction; what left before what arrived. */
export const COLUMN_LEGS: readonly ColumnLeg[] = [
  { direction: 'out', incoming: false },
  { direction: 'both', incoming: false },
  { direction: 'in', incoming: true },
  { direction: 'both', incoming: true },
];

/** Where a side's leg is read: when the row has a source asset, and when it has none. */
const READING: Record<'in' | 'out', { withSource: Reading; alone: Reading }> = {
  out: { withSource: SOURCE, alone: OWN },
  in: { withSource: OWN, alone: OWN },
};

const readingOf = (incoming: boolean) => READING[incoming ? 'in' : 'out'];

/** A column leg with its readings, as the code below reads it. */
interface LegReading {
  incoming: boolean;
  withSource: Reading;
  alone: Reading;
}

/** COLUMN_LEGS by direction, read once: a row's legs are a lookup, not a search (the export reads a million rows). */
const BY_DIRECTION = new Map<string, LegReading[]>();
for (const { direction, incoming } of COLUMN_LEGS) {
  const list = BY_DIRECTION.get(direction) ?? [];
  list.push({ incoming, ...readingOf(incoming) });
  BY_DIRECTION.set(direction, list);
}
const NO_LEGS: LegReading[] = [];

/**
 * Calls `each` for every leg a row's columns hold (none for a failed row), what left before what
 * arrived. The values are the row's cells in whatever form the caller reads them (bigints, text).
 */
export function forColumnLegs<A, M>(
  successful: boolean,
  direction: string,
  asset: A | null,
  amount: M | null,
  sourceAsset: A | null,
  sourceAmount: M | null,
  each: (incoming: boolean, asset: A, amount: M | null) => void,
): void {
  if (!successful) return;
  for (const leg of BY_DIRECTION.get(direction) ?? NO_LEGS) {
    const reading = sourceAsset === null ? leg.alone : leg.withSource;
    const legAsset = reading.asset === 'asset' ? asset : sourceAsset;
    if (legAsset === null) continue;
    each(leg.incoming, legAsset, reading.amount === 'amount' ? amount : sourceAmount);
  }
}

/** A column leg as SQL over `ops`: its direction's condition, its asset and amount expressions. */
export interface ColumnLegSql {
  direction: HistoryDirection;
  incoming: boolean;
  asset: string;
  amount: string;
}

/** One expression over whether the row has a source asset (a plain column where both readings agree). */
function pick(withSource: string, alone: string): string {
  return withSource === alone ? alone : `CASE WHEN source_asset IS NULL THEN ${alone} ELSE ${withSource} END`;
}

/** Every column leg as SQL expressions (query.ts flows()): one SELECT each. */
export function columnLegsSql(): ColumnLegSql[] {
  return COLUMN_LEGS.map(({ direction, incoming }) => {
    const { withSource, alone } = readingOf(incoming);
    return {
      direction,
      incoming,
      asset: pick(withSource.asset, alone.asset),
      amount: pick(withSource.amount, alone.amount),
    };
  });
}

/** A column leg for a statement that reads plain columns (summary.ts: summed in an index's asset order). */
export interface ColumnLegKind {
  direction: HistoryDirection;
  incoming: boolean;
  asset: Reading['asset'];
  amount: Reading['amount'];
  /** The condition on the row's source asset that selects this reading ('' when none is needed). */
  condition: string;
}

/** Every column leg split by reading, each over plain columns. */
export function columnLegKinds(): ColumnLegKind[] {
  return COLUMN_LEGS.flatMap(({ direction, incoming }): ColumnLegKind[] => {
    const { withSource, alone } = readingOf(incoming);
    if (withSource.asset === alone.asset && withSource.amount === alone.amount)
      return [{ direction, incoming, ...alone, condition: '' }];
    return [
      { direction, incoming, ...alone, condition: 'AND source_asset IS NULL' },
      { direction, incoming, ...withSource, condition: 'AND source_asset IS NOT NULL' },
    ];
  });
}

/** The filtered successful rows (`where` over `ops`), for a join with their further legs. */
const MORE_ROWS = (where: string) => `SELECT id, created_at, counterparty FROM ops WHERE ${where} AND successful = 1`;

/**
 * The further legs (`legs`: a pool deposit's second reserve, a contract call's further changes,
 * the fills of the account's offers) of the rows `where` selects, as `o` (the row: created_at,
 * counterparty) and `l` (the leg: incoming, asset, amount, party). Its parameters: `where`'s,
 * then the account. Legs without an amount are left out (never summed).
 */
export const furtherLegsFrom = (where: string) =>
  `FROM (${MORE_ROWS(where)}) o JOIN legs l ON l.acct = ? AND l.op = o.id WHERE l.amount IS NOT NULL`;

/** A further leg's other party: its own, else its row's counterparty. */
export const FURTHER_PARTY_SQL = 'coalesce(l.party, o.counterparty)';

/** A further leg's other party, in code (roll-up.ts, export-ops.ts): as FURTHER_PARTY_SQL. */
export const furtherParty = <P>(party: P | null | undefined, rowCounterparty: P | null): P | null =>
  party ?? rowCounterparty;

/** A 64-bit integer expression as its high and low 32-bit halves, summed exactly (query.ts joinHalves). */
export const halves = (expr: string) => [`${expr} >> 32`, `${expr} & 4294967295`] as const;
