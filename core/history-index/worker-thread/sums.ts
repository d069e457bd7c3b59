// What the index summed of an account for its reconciliation and balance history (issue #27):
// per asset, every leg in and out and the fees the account paid, from the day totals (roll_day:
// a few thousand rows for a whole history, so a million operations answer in milliseconds), with
// what the reconciliation needs to name a difference's cause. shared/reconcile.ts reads them.
import type { DatabaseSync } from 'node:sqlite';
import { formatAmount } from '../../../shared/amount';
import type { BalancePoint, BalancePeriod } from '../../../shared/balance-history';
import { OFFER_TYPES } from '../../../shared/moves';
import type { IndexSums } from '../../../shared/reconcile';
import { isoDay } from './iso-time';
import { joinHalves } from './cells';
import { names } from './query';

type Raw = Record<string, unknown>;

export function indexSums(db: DatabaseSync, acct: number): IndexSums {
  const statement = db.prepare(
    `SELECT asset, sum(in_hi) AS ih, sum(in_lo) AS il, sum(out_hi) AS oh, sum(out_lo) AS ol, sum(fee_hi) AS fh, sum(fee_lo) AS fl,
       sum(unknown) AS unknown, sum(nofee) AS nofee, sum(legs) AS legs FROM roll_day WHERE acct = ? GROUP BY asset`,
  );
  statement.setReadBigInts(true);
  const assets = names(db, 'assets');
  const all = (statement.all(acct) as Raw[]).map((r) => ({
    asset: assets.get(Number(r['asset'])) ?? '?',
    in: formatAmount(joinHalves(r['ih'] as bigint, r['il'] as bigint)),
    out: formatAmount(joinHalves(r['oh'] as bigint, r['ol'] as bigint)),
    fees: formatAmount(joinHalves(r['fh'] as bigint, r['fl'] as bigint)),
    unknown: Number(r['unknown']),
    nofee: Number(r['nofee']),
    legs: Number(r['legs']),
  }));
  const one = (sql: string, ...params: (string | number)[]) => db.prepare(sql).get(acct, ...params) as Raw | undefined;
  const created = one(
    "SELECT 1 AS x FROM ops WHERE acct = ? AND type = 'create_account' AND direction = 'in' AND successful = 1 LIMIT 1",
  );
  const offers = one(
    `SELECT count(*) AS n FROM ops WHERE acct = ? AND type IN (${[...OFFER_TYPES].map(() => '?').join(', ')})`,
    ...OFFER_TYPES,
  );
  const newest = one('SELECT ledger FROM ops WHERE acct = ? ORDER BY id DESC LIMIT 1');
  const oldest = one('SELECT ledger FROM ops WHERE acct = ? ORDER BY id LIMIT 1');
  const sides = one('SELECT sides_missing AS missing FROM accounts WHERE acct = ?')?.['missing'];
  const walked = typeof sides === 'string' ? sides.split(',').filter(Boolean) : null;
  return {
    assets: all.filter((a) => !a.asset.startsWith('balance:')),
    created: created !== undefined,
    unknownClaims: all.filter((a) => a.asset.startsWith('balance:')).reduce((n, a) => n + a.unknown, 0),
    offers: Number(offers?.['n'] ?? 0),
    unread: (walked ?? ['transactions', 'trades']).filter((k) => k === 'transactions' || k === 'trades'),
    sidesPending: walked === null,
    newestLedger: newest ? Number(newest['ledger']) : null,
    oldestLedger: oldest ? Number(oldest['ledger']) : null,
  };
}

// A period's first day (epoch day) from roll_day's `day`: weeks from Monday (epoch day 0 was a Thursday).
const PERIOD: Record<BalancePeriod, string> = {
  day: 'day',
  week: '((day + 3) / 7) * 7 - 3',
  month: "CAST(julianday(strftime('%Y-%m-01', day * 86400, 'unixepoch')) - 2440587.5 AS INTEGER)",
};

/**
 * The flows of one asset per period (day, week or month), periods in order, and the balance after
 * each: `opening` (stroops) plus every period's in − out − fees so far. Periods without a leg or a
 * fee are left out (the balance did not change in them).
 */
export function balanceFlows(
  db: DatabaseSync,
  acct: number,
  asset: string,
  by: BalancePeriod,
  opening: bigint,
): BalancePoint[] {
  const statement = db.prepare(
    `SELECT ${PERIOD[by]} AS p, sum(in_hi) AS ih, sum(in_lo) AS il, sum(out_hi) AS oh, sum(out_lo) AS ol, sum(fee_hi) AS fh, sum(fee_lo) AS fl
     FROM roll_day WHERE acct = ? AND asset = (SELECT id FROM assets WHERE key = ?) GROUP BY p
     HAVING sum(legs) > 0 OR sum(fees) > 0 ORDER BY p`,
  );
  statement.setReadBigInts(true);
  let balance = opening;
  return (statement.all(acct, asset) as Raw[]).map((r) => {
    const [inflow, outflow, fees] = [
      joinHalves(r['ih'] as bigint, r['il'] as bigint),
      joinHalves(r['oh'] as bigint, r['ol'] as bigint),
      joinHalves(r['fh'] as bigint, r['fl'] as bigint),
    ];
    balance += inflow - outflow - fees;
    return {
      period: isoDay(Number(r['p'])),
      in: formatAmount(inflow),
      out: formatAmount(outflow),
      fees: formatAmount(fees),
      balance: formatAmount(balance),
    };
  });
}
