// The day and counterparty totals (schema.ts roll_day, roll_party) of the rows one transaction
// adds, summed in memory and written when it commits: a page of 200 rows touches a handful of
// (day, asset) and (counterparty, asset) totals, and the twenty pages of a sync's group (store.ts)
// mostly the same ones, so a group costs a handful of upserts instead of two per money leg.
// Sums stay exact: amounts are bigints, split into the high and low 32-bit halves the tables keep.
// A day's totals also hold the fees the account paid that day (in the native asset's row), how
// many legs moved an amount the record does not carry, and how many rows carried no transaction
// (so no word of who paid its fee): reconcile.ts names both when the flows do not add up.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { IndexRow } from './extract';
import { forColumnLegs, furtherParty } from './row-legs';

interface Total {
  acct: number;
  day: boolean;
  key: number;
  asset: number;
  inHi: bigint;
  inLo: bigint;
  outHi: bigint;
  outLo: bigint;
  legs: number;
  feeHi: bigint;
  feeLo: bigint;
  fees: number;
  unknown: number;
  nofee: number;
  first: number;
  last: number;
}

/** The counters a leg, a fee or a row without a transaction adds to a day's (or a counterparty's) total. */
type Add =
  | { kind: 'leg'; amount: bigint; incoming: boolean }
  | { kind: 'fee'; amount: bigint }
  | { kind: 'unknown' }
  | { kind: 'nofee' };

/** A row's money legs: [asset, amount (null: not in the record), incoming, counterparty]: its columns' and its extra legs, as row-legs.ts reads them. */
export function legsOf(row: IndexRow): [string, bigint | null, boolean, string | null][] {
  const legs: [string, bigint | null, boolean, string | null][] = [];
  if (!row.successful) return legs;
  forColumnLegs(
    row.successful,
    row.direction,
    row.asset,
    row.amount,
    row.sourceAsset,
    row.sourceAmount,
    (incoming, asset, amount) => legs.push([asset, amount, incoming, row.counterparty]),
  );
  for (const leg of row.extra)
    legs.push([leg.asset, leg.amount, leg.incoming, furtherParty(leg.party, row.counterparty)]);
  return legs;
}

export class RollUps {
  private readonly day: StatementSync;
  private readonly party: StatementSync;
  private readonly pending = new Map<string, Total>();

  constructor(db: DatabaseSync) {
    const sums = `in_hi = in_hi + excluded.in_hi, in_lo = in_lo + excluded.in_lo, out_hi = out_hi + excluded.out_hi,
           out_lo = out_lo + excluded.out_lo, legs = legs + excluded.legs, first = min(first, excluded.first), last = max(last, excluded.last)`;
    this.day = db.prepare(
      `INSERT INTO roll_day (acct, day, asset, in_hi, in_lo, out_hi, out_lo, legs, first, last, fee_hi, fee_lo, fees, unknown, nofee)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT DO UPDATE SET ${sums}, fee_hi = fee_hi + excluded.fee_hi, fee_lo = fee_lo + excluded.fee_lo,
           fees = fees + excluded.fees, unknown = unknown + excluded.unknown, nofee = nofee + excluded.nofee`,
    );
    this.party = db.prepare(
      `INSERT INTO roll_party (acct, party, asset, in_hi, in_lo, out_hi, out_lo, legs, first, last) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT DO UPDATE SET ${sums}`,
    );
  }

  /**
   * Adds one leg of a new row of account `acct` (`party` 0 when it has no counterparty) to the
   * pending totals; a leg whose amount the record does not carry is counted, not summed.
   */
  add(acct: number, createdAt: number, party: number, asset: number, amount: bigint | null, incoming: boolean): void {
    const day = Math.floor(createdAt / 86_400_000);
    const add: Add = amount === null ? { kind: 'unknown' } : { kind: 'leg', amount, incoming };
    this.sum(acct, true, day, asset, add, createdAt);
    if (amount !== null) this.sum(acct, false, party, asset, add, createdAt);
  }

  /** A transaction's fee the account paid (`asset`: the native asset's id), or a row without a transaction (`fee` null). */
  addFee(acct: number, createdAt: number, asset: number, fee: bigint | null): void {
    const add: Add = fee === null ? { kind: 'nofee' } : { kind: 'fee', amount: fee };
    this.sum(acct, true, Math.floor(createdAt / 86_400_000), asset, add, createdAt);
  }

  private sum(acct: number, day: boolean, key: number, asset: number, add: Add, at: number): void {
    const id = `${acct}${day ? 'd' : 'p'}${key}:${asset}`;
    let total = this.pending.get(id);
    if (!total) {
      total = {
        ...{ acct, day, key, asset, inHi: 0n, inLo: 0n, outHi: 0n, outLo: 0n, legs: 0 },
        // first and last are of legs and fees: a count alone leaves them (a group of counts only is no group: query.ts).
        ...{ feeHi: 0n, feeLo: 0n, fees: 0, unknown: 0, nofee: 0, first: Number.MAX_SAFE_INTEGER, last: 0 },
      };
      this.pending.set(id, total);
    }
    if (add.kind === 'leg' || add.kind === 'fee') {
      const hi = add.amount >> 32n;
      const lo = add.amount & 0xffffffffn;
      if (add.kind === 'fee')
        [total.feeHi, total.feeLo, total.fees] = [total.feeHi + hi, total.feeLo + lo, total.fees + 1];
      else if (add.incoming) [total.inHi, total.inLo] = [total.inHi + hi, total.inLo + lo];
      else [total.outHi, total.outLo] = [total.outHi + hi, total.outLo + lo];
      if (add.kind === 'leg') total.legs += 1;
      total.first = Math.min(total.first, at);
      total.last = Math.max(total.last, at);
    } else if (add.kind === 'unknown') total.unknown += 1;
    else total.nofee += 1;
  }

  /** Writes the pending totals (inside the caller's transaction). */
  flush(): void {
    for (const t of this.pending.values()) {
      const common = [t.acct, t.key, t.asset, t.inHi, t.inLo, t.outHi, t.outLo, t.legs, t.first, t.last] as const;
      if (t.day) this.day.run(...common, t.feeHi, t.feeLo, t.fees, t.unknown, t.nofee);
      else this.party.run(...common);
    }
    this.pending.clear();
  }

  /** Forgets the pending totals (the caller's transaction rolled back). */
  discard(): void {
    this.pending.clear();
  }
}
