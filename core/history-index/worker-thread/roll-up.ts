// The day and counterparty totals (schema.ts roll_day, roll_party) of the rows one transaction
// adds, summed in memory and written when it commits: a page of 200 rows touches a handful of
// (day, asset) and (counterparty, asset) totals, and the twenty pages of a sync's group (store.ts)
// mostly the same ones, so a group costs a handful of upserts instead of two per money leg.
// Sums stay exact: amounts are bigints, split into the high and low 32-bit halves the tables keep.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { IndexRow } from './extract';

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
  first: number;
  last: number;
}

/** A row's money legs: [asset, amount, incoming] (the legs of query.ts flows()). */
export function legsOf(row: IndexRow): [string, bigint, boolean][] {
  if (!row.successful) return [];
  const legs: [string, bigint, boolean][] = [];
  if ((row.direction === 'in' || row.direction === 'self') && row.asset !== null && row.amount !== null)
    legs.push([row.asset, row.amount, true]);
  const outAsset = row.sourceAsset ?? row.asset;
  const outAmount = row.sourceAmount ?? row.amount;
  if ((row.direction === 'out' || row.direction === 'self') && outAsset !== null && outAmount !== null)
    legs.push([outAsset, outAmount, false]);
  return legs;
}

export class RollUps {
  private readonly day: StatementSync;
  private readonly party: StatementSync;
  private readonly pending = new Map<string, Total>();

  constructor(db: DatabaseSync) {
    const upsert = (table: string, key: string) =>
      db.prepare(
        `INSERT INTO ${table} (acct, ${key}, asset, in_hi, in_lo, out_hi, out_lo, legs, first, last) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT DO UPDATE SET in_hi = in_hi + excluded.in_hi, in_lo = in_lo + excluded.in_lo, out_hi = out_hi + excluded.out_hi,
           out_lo = out_lo + excluded.out_lo, legs = legs + excluded.legs, first = min(first, excluded.first), last = max(last, excluded.last)`,
      );
    this.day = upsert('roll_day', 'day');
    this.party = upsert('roll_party', 'party');
  }

  /** Adds one leg of a new row of account `acct` (`party` 0 when it has no counterparty) to the pending totals. */
  add(acct: number, createdAt: number, party: number, asset: number, amount: bigint, incoming: boolean): void {
    const day = Math.floor(createdAt / 86_400_000);
    this.sum(acct, true, day, asset, amount, incoming, createdAt);
    this.sum(acct, false, party, asset, amount, incoming, createdAt);
  }

  private sum(
    acct: number,
    day: boolean,
    key: number,
    asset: number,
    amount: bigint,
    incoming: boolean,
    at: number,
  ): void {
    const id = `${acct}${day ? 'd' : 'p'}${key}:${asset}`;
    let total = this.pending.get(id);
    if (!total) {
      total = { acct, day, key, asset, inHi: 0n, inLo: 0n, outHi: 0n, outLo: 0n, legs: 0, first: at, last: at };
      this.pending.set(id, total);
    }
    const hi = amount >> 32n;
    const lo = amount & 0xffffffffn;
    if (incoming) {
      total.inHi += hi;
      total.inLo += lo;
    } else {
      total.outHi += hi;
      total.outLo += lo;
    }
    total.legs += 1;
    total.first = Math.min(total.first, at);
    total.last = Math.max(total.last, at);
  }

  /** Writes the pending totals (inside the caller's transaction). */
  flush(): void {
    for (const t of this.pending.values()) {
      (t.day ? this.day : this.party).run(
        t.acct,
        t.key,
        t.asset,
        t.inHi,
        t.inLo,
        t.outHi,
        t.outLo,
        t.legs,
        t.first,
        t.last,
      );
    }
    this.pending.clear();
  }

  /** Forgets the pending totals (the caller's transaction rolled back). */
  discard(): void {
    this.pending.clear();
  }
}
