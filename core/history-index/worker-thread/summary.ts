// A page of the filtered set with its count and per-asset totals (flows() of query.ts grouped by
// asset alone, or the rolled-up totals for a whole history).
import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import { formatAmount } from '../../../shared/amount';
import type { AssetFlow, HistoryDirection, HistoryFilter, HistoryPage, HistorySummary } from '../../../shared/history';
import { compileFilter, type SqlPart } from './filter';
import {
  isWholeHistory,
  feesElsewhereFrom,
  names,
  readPage,
  rolledFlows,
  rowOf,
  type FlowGroup,
  type PageRequest,
} from './query';
import { joinHalves } from './cells';
import { ExtraLegs } from './export-ops';
import { RecordSentences } from './record-sentences';
import { C, type ExportRow } from './export-read';
import { columnLegKinds, furtherLegsFrom, halves } from './row-legs';

type Raw = Record<string, SQLInputValue | undefined>;

/** shared/history.ts HISTORY_DIRECTIONS (which loads the schema library the worker does without). */
const DIRECTIONS: HistoryDirection[] = ['in', 'out', 'both', 'none'];

/**
 * flows() grouped by asset alone, without a sort: with the account, `successful` and one
 * direction fixed, ops_flow lists rows in asset order, so each kind of leg is summed as it is
 * read (SQLite has no hash aggregation: a GROUP BY it cannot read in order is a sort).
 */
export function assetFlows(db: DatabaseSync, acct: number, filter: HistoryFilter): FlowGroup[] {
  const where = compileFilter(acct, filter);
  const byAsset = new Map<number, FlowGroup>();
  const add = (id: number, r: Raw, side: boolean | 'fee') => {
    const group = byAsset.get(id) ?? {
      group: '',
      asset: '',
      in: 0n,
      out: 0n,
      fee: 0n,
      count: 0,
      first: null,
      last: null,
    };
    const sum = joinHalves(r['hi'], r['lo']);
    if (side === 'fee') group.fee += sum;
    else {
      if (side) group.in += sum;
      else group.out += sum;
      group.count += Number(r['n']);
    }
    group.first = Math.min(group.first ?? Number.MAX_SAFE_INTEGER, Number(r['first']));
    group.last = Math.max(group.last ?? 0, Number(r['last']));
    byAsset.set(id, group);
  };
  // The column legs (row-legs.ts) one kind at a time, each over plain columns.
  for (const { direction, asset: column, amount, condition, incoming } of columnLegKinds()) {
    const [hi, lo] = halves(amount);
    const statement = db.prepare(
      `SELECT ${column} AS a, sum(${hi}) AS hi, sum(${lo}) AS lo, count(*) AS n, min(created_at) AS first, max(created_at) AS last
       FROM ops WHERE ${where.sql} AND successful = 1 AND direction = '${direction}' ${condition} AND ${column} IS NOT NULL AND ${amount} IS NOT NULL GROUP BY ${column}`,
    );
    statement.setReadBigInts(true);
    for (const r of statement.all(...where.params) as Raw[]) add(Number(r['a']), r, incoming);
  }
  // Further legs (rare: pool deposits and withdrawals, contract calls): read only when the account has any.
  if (db.prepare('SELECT 1 FROM legs WHERE acct = ? LIMIT 1').get(acct)) {
    const [hi, lo] = halves('l.amount');
    const more = db.prepare(
      `SELECT l.asset AS a, l.incoming AS incoming, sum(${hi}) AS hi, sum(${lo}) AS lo, count(*) AS n,
         min(o.created_at) AS first, max(o.created_at) AS last
       ${furtherLegsFrom(where.sql)} GROUP BY l.asset, l.incoming`,
    );
    more.setReadBigInts(true);
    for (const r of more.all(...where.params, acct) as Raw[]) add(Number(r['a']), r, Number(r['incoming']) === 1);
  }
  // Fees, one (successful, direction) range of ops_flow at a time: read from the index alone.
  const native = db.prepare("SELECT id FROM assets WHERE key = 'native'").get() as { id: number } | undefined;
  const [feeHi, feeLo] = halves('fee_paid');
  const fee = db.prepare(
    `SELECT sum(${feeHi}) AS hi, sum(${feeLo}) AS lo, count(*) AS n, min(created_at) AS first, max(created_at) AS last
     FROM ops WHERE ${where.sql} AND successful = ? AND direction = ? AND fee_paid IS NOT NULL`,
  );
  fee.setReadBigInts(true);
  for (const successful of [1, 0])
    for (const direction of DIRECTIONS) {
      const fees = fee.get(...where.params, successful, direction) as Raw;
      if (native && Number(fees['n']) > 0) add(Number(native.id), fees, 'fee');
    }
  // And the fees of the kept transactions charged to a row the filter left out, each once.
  const [elseHi, elseLo] = halves('f.fee_paid');
  const elsewhere = db.prepare(
    `SELECT sum(${elseHi}) AS hi, sum(${elseLo}) AS lo, count(*) AS n, min(f.created_at) AS first, max(f.created_at) AS last
     ${feesElsewhereFrom(where.sql)}`,
  );
  elsewhere.setReadBigInts(true);
  const more = elsewhere.get(...where.params, ...where.params, acct, ...where.params) as Raw;
  if (native && Number(more['n']) > 0) add(Number(native.id), more, 'fee');
  const assets = names(db, 'assets');
  return [...byAsset.entries()].map(([id, group]) => ({ ...group, asset: assets.get(id) ?? '?' }));
}

/**
 * What each row of a page that holds no amount did (a trust line, a bump, an offer), read from its
 * stored record as one sentence (record-sentences.ts); by operation id.
 */
function describeUnmoved(db: DatabaseSync, acct: number, rows: Raw[]): Map<string, string> {
  const said = new Map<string, string>();
  const sentences = new RecordSentences(db, acct);
  for (const r of rows) {
    if (r['asset'] !== null) continue;
    const sentence = sentences.of(r['id'] as bigint, String(r['type']));
    if (sentence !== undefined) said.set(String(r['id']), sentence);
  }
  return said;
}

export function queryPage(db: DatabaseSync, acct: number, request: PageRequest): HistoryPage {
  const { rows, next } = readPage(db, acct, request);
  const summary = request.summary ? summarize(db, acct, request.filter) : null;
  // Each row's further legs (legs table), read as the exports read them: one statement per page.
  const keys = rows.map((r) => {
    const key: unknown[] = [];
    key[C.id] = String(r['id']);
    key[C.successful] = Number(r['successful']);
    return key as ExportRow;
  });
  const further = new ExtraLegs(db, acct).of(keys);
  const said = describeUnmoved(db, acct, rows);
  return {
    rows: rows.map((r) => {
      const described = said.get(String(r['id']));
      const row = described === undefined ? rowOf(r) : { ...rowOf(r), summary: described };
      const legs = further.get(row.id);
      return legs
        ? {
            ...row,
            legs: legs.map((leg) => ({ ...leg, amount: leg.amount === null ? null : formatAmount(leg.amount) })),
          }
        : row;
    }),
    next,
    summary,
  };
}

export function assetFlow(group: FlowGroup): AssetFlow {
  return {
    asset: group.asset,
    in: formatAmount(group.in),
    out: formatAmount(group.out),
    fees: formatAmount(group.fee),
    net: formatAmount(group.in - group.out - group.fee),
    count: group.count,
  };
}

/** Count of the filtered rows and their totals per asset (assets in key order). */
export function summarize(db: DatabaseSync, acct: number, filter: HistoryFilter): HistorySummary {
  const where: SqlPart = compileFilter(acct, filter);
  const whole = isWholeHistory(filter);
  const count = Number(
    (db.prepare(`SELECT count(*) AS n FROM ops WHERE ${where.sql}`).get(...where.params) as { n: number }).n,
  );
  const totals = (whole ? rolledFlows(db, acct, 'roll_day', "''") : assetFlows(db, acct, filter))
    .sort((a, b) => (a.asset < b.asset ? -1 : a.asset > b.asset ? 1 : 0))
    .map(assetFlow);
  return { count, totals };
}
