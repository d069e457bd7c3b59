// The top N counterparties of a whole history from roll_party, without an object per
// (counterparty, asset) total: whole history, roll_party's rows are already the groups, so
// SQLite ranks them by an estimate of their volume in floating point, and only the totals within
// a relative 1e-9 of the N-th estimate (the top N, and any that an estimate's rounding could
// reorder) are read as exact bigints; totals.ts ranks those exactly.
import type { DatabaseSync } from 'node:sqlite';
import { groupsOf, type FlowGroup } from './query';

// in + out = (in_hi + out_hi) * 2^32 + in_lo + out_lo, as a double (relative error far below 1e-9).
const VOLUME = '((in_hi + out_hi) * 4294967296.0 + (in_lo + out_lo))';

export function topRolledParties(db: DatabaseSync, acct: number, top: number): FlowGroup[] {
  if (top < 1) return [];
  const nth = db
    .prepare(`SELECT ${VOLUME} AS v FROM roll_party WHERE acct = ? AND party != 0 ORDER BY v DESC LIMIT 1 OFFSET ?`)
    .get(acct, top - 1) as { v: number } | undefined;
  // Fewer than N totals: every one is a candidate.
  const floor = nth === undefined ? -1 : Number(nth.v) * (1 - 1e-9);
  const statement = db.prepare(
    `SELECT party AS g, asset AS a, in_hi AS ih, in_lo AS il, out_hi AS oh, out_lo AS ol, legs AS n, first, last
     FROM roll_party WHERE acct = ? AND party != 0 AND ${VOLUME} >= ?`,
  );
  statement.setReadBigInts(true);
  return groupsOf(db, statement.all(acct, floor) as Parameters<typeof groupsOf>[1]);
}
