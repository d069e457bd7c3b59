// Reads of the history index: keyset pages of the filtered set, and its count and per-asset
// totals. Amounts are summed exactly: SQLite's SUM of int64 overflows (it raises an error, it
// does not round), so each amount is summed as its high and low 32 bits, which cannot overflow
// below 2^31 rows, and joined as a bigint here.
import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import type { HistoryFilter, HistoryRow, HistorySort } from '../../../shared/history';
import { bigCell, decimalCell as decimal, joinHalves, textCell as text } from './cells';
import type { IndexRow } from './extract';
import { PageReader } from './pages';
import { amountBound, compileFilter, cursorText, parseCursor, sortSql, type SqlPart } from './filter';
import { columnLegsSql, FURTHER_PARTY_SQL, furtherLegsFrom, halves } from './row-legs';
import { TRADE_ROW } from './side-records';

// A row's columns, its interned assets and counterparty joined back to their text: what every
// reader of whole rows selects (a page's rows: rowOf; a migration's rows without a page: indexRowOf).
const COLUMNS = `ops.id, paging_token, ledger, created_at, type, tx_hash, successful, source, p.address AS counterparty, direction,
  a.key AS asset, amount, sa.key AS source_asset, source_amount, memo, memo_type, fee, fee_paid`;
const NAMES =
  'LEFT JOIN parties p ON p.id = ops.counterparty LEFT JOIN assets a ON a.id = ops.asset LEFT JOIN assets sa ON sa.id = ops.source_asset';
/** SELECT … FROM ops with its names joined: a WHERE over `ops` follows. */
export const ROWS_FROM = `SELECT ${COLUMNS} FROM ops ${NAMES}`;

export interface PageRequest {
  filter: HistoryFilter;
  sort: HistorySort;
  cursor?: string | undefined;
  limit: number;
  includeRaw?: boolean | undefined;
  summary?: boolean | undefined;
}

type Cell = SQLInputValue | undefined;
type Raw = Record<string, Cell>;

export function rowOf(r: Raw): HistoryRow {
  return {
    id: String(r['id']),
    pagingToken: String(r['paging_token']),
    ledger: Number(r['ledger']),
    createdAt: new Date(Number(r['created_at'])).toISOString(),
    type: String(r['type']),
    transactionHash: String(r['tx_hash']),
    successful: Number(r['successful']) === 1,
    source: String(r['source']),
    counterparty: text(r['counterparty']),
    direction: String(r['direction']) as HistoryRow['direction'],
    asset: text(r['asset']),
    amount: decimal(r['amount']),
    sourceAsset: text(r['source_asset']),
    sourceAmount: decimal(r['source_amount']),
    memo: text(r['memo']),
    memoType: text(r['memo_type']),
    fee: text(r['fee']),
    feePaid: text(r['fee_paid']),
    ...(r['json'] !== undefined ? { raw: String(r['json']) } : {}),
  };
}

/**
 * A row as the writer had it (extract.ts IndexRow), from its columns alone: what the totals
 * (roll-up.ts legsOf) read of a row without a stored page. The record's fee payer, memo and
 * further legs are not in its columns: null, and none.
 */
export function indexRowOf(r: Raw): IndexRow {
  return {
    id: bigCell(r['id'])!,
    pagingToken: String(r['paging_token']),
    ledger: Number(r['ledger']),
    createdAt: Number(r['created_at']),
    type: String(r['type']),
    txHash: String(r['tx_hash']),
    successful: Number(r['successful']) === 1,
    source: String(r['source']),
    counterparty: text(r['counterparty']),
    direction: String(r['direction']) as IndexRow['direction'],
    asset: text(r['asset']),
    amount: bigCell(r['amount']),
    sourceAsset: text(r['source_asset']),
    sourceAmount: bigCell(r['source_amount']),
    memo: null,
    memoType: null,
    fee: bigCell(r['fee']),
    feeAccount: null,
    extra: [],
    slot: 0,
  };
}

const BROAD = 2_000;

/**
 * Whether an amount range holds many rows. SQLite's planner guesses a range keeps 1/64 of the
 * rows and so prefers the amount index and a sort; for a broad range under a time sort, reading
 * in time order and checking the amount finds a first page far sooner. Counting up to BROAD
 * entries of the amount index costs about a millisecond.
 */
function broadAmountRange(db: DatabaseSync, acct: number, filter: HistoryFilter): boolean {
  const min = filter.minAmount === undefined ? 0n : amountBound(filter.minAmount, 'minAmount');
  const max = filter.maxAmount === undefined ? 2n ** 63n - 1n : amountBound(filter.maxAmount, 'maxAmount');
  const row = db
    .prepare(
      `SELECT count(*) AS n FROM (SELECT 1 FROM ops WHERE acct = ? AND amount >= ? AND amount <= ? LIMIT ${BROAD})`,
    )
    .get(acct, min, max) as { n: number };
  return Number(row.n) >= BROAD;
}

/**
 * The statements of one page after `cursor`, one per keyset segment (filter.ts sortSql), each to
 * be run with a LIMIT bound after its parameters, in turn until the page is full.
 */
export function pageQueries(db: DatabaseSync, acct: number, request: PageRequest): SqlPart[] {
  const amountRange = request.filter.minAmount !== undefined || request.filter.maxAmount !== undefined;
  const amountUnindexed = amountRange && !request.sort.endsWith('amount') && broadAmountRange(db, acct, request.filter);
  const where = compileFilter(acct, request.filter, { amountUnindexed });
  const { order, after } = sortSql(request.sort, request.cursor ? parseCursor(request.cursor) : undefined);
  const place = request.includeRaw ? ', ops.page, ops.slot' : '';
  return after.map((segment) => ({
    sql: `SELECT ${COLUMNS}${place} FROM ops ${NAMES} WHERE ${segment ? `${where.sql} AND ${segment.sql}` : where.sql} ${order} LIMIT ?`,
    params: [...where.params, ...(segment?.params ?? [])],
  }));
}

/** Rows of one page after `cursor`, as the index stores them (bigints), with the cursor after them. */
export function readPage(db: DatabaseSync, acct: number, request: PageRequest): { rows: Raw[]; next: string | null } {
  const rows: Raw[] = [];
  for (const query of pageQueries(db, acct, request)) {
    const statement = db.prepare(query.sql);
    statement.setReadBigInts(true);
    rows.push(...(statement.all(...query.params, request.limit + 1 - rows.length) as Raw[]));
    if (rows.length > request.limit) break;
  }
  const more = rows.length > request.limit;
  if (more) rows.length = request.limit;
  if (request.includeRaw) {
    const pages = new PageReader(db);
    for (const row of rows)
      row['json'] = pages.recordText(
        row['page'] === null ? null : Number(row['page']),
        row['slot'] === null ? null : Number(row['slot']),
      );
  }
  const last = rows.at(-1);
  const byAmount = request.sort.endsWith('amount');
  const next =
    more && last
      ? cursorText((byAmount ? last['amount'] : last['created_at']) as bigint | null, last['id'] as bigint)
      : null;
  return { rows, next };
}

export interface FlowGroup {
  group: string | null;
  asset: string;
  in: bigint;
  out: bigint;
  /** Fees the account paid (the native asset's group only). */
  fee: bigint;
  count: number;
  first: number | null;
  last: number | null;
}

/**
 * The money legs of the filtered rows (row-legs.ts: its columns' legs and its further legs in
 * `legs`) grouped by `groupSql` (an expression over the legs' `t` created_at and `cp`
 * counterparty id) and asset; the fees of the matching transactions, each once (the kept rows'
 * `fee_paid` and feesElsewhereFrom), are summed in the native asset.
 * Operations of failed transactions moved nothing: they are listed and counted, never summed
 * (but for the fee their transaction was charged). Without other filters the legs are range
 * reads of the covering index ops_flow.
 */
export function flows(
  db: DatabaseSync,
  acct: number,
  filter: HistoryFilter,
  groupSql: string,
  assetOnly?: string,
): FlowGroup[] {
  const where = compileFilter(acct, filter);
  // A SELECT of (t, cp, a, ih, il, oh, ol, fh, fl) per kind of leg (row-legs.ts), its amount's halves in or out.
  const sides = (incoming: boolean, expr: string) => {
    const [hi, lo] = halves(expr);
    return incoming
      ? `${hi} AS ih, ${lo} AS il, NULL AS oh, NULL AS ol`
      : `NULL AS ih, NULL AS il, ${hi} AS oh, ${lo} AS ol`;
  };
  const columnLegs = columnLegsSql().map(
    (
      leg,
    ) => `SELECT created_at AS t, counterparty AS cp, ${leg.asset} AS a, ${sides(leg.incoming, leg.amount)}, NULL AS fh, NULL AS fl FROM ops
    WHERE ${where.sql} AND successful = 1 AND direction = '${leg.direction}' AND ${leg.asset} IS NOT NULL AND ${leg.amount} IS NOT NULL`,
  );
  const [legHi, legLo] = halves('l.amount');
  const legMore = `SELECT o.created_at, ${FURTHER_PARTY_SQL}, l.asset,
      CASE WHEN l.incoming THEN ${legHi} END, CASE WHEN l.incoming THEN ${legLo} END,
      CASE WHEN l.incoming THEN NULL ELSE ${legHi} END, CASE WHEN l.incoming THEN NULL ELSE ${legLo} END, NULL, NULL
    ${furtherLegsFrom(where.sql)}`;
  const [feeHi, feeLo] = halves('fee_paid');
  const native = "(SELECT id FROM assets WHERE key = 'native')";
  const legFee = `SELECT created_at, NULL, ${native}, NULL, NULL, NULL, NULL, ${feeHi}, ${feeLo} FROM ops
    WHERE ${where.sql} AND fee_paid IS NOT NULL`;
  const [elseHi, elseLo] = halves('f.fee_paid');
  const feeElsewhere = `SELECT f.created_at, NULL, ${native}, NULL, NULL, NULL, NULL, ${elseHi}, ${elseLo}
    ${feesElsewhereFrom(where.sql)}`;
  const parts = [...columnLegs, legMore, legFee, feeElsewhere];
  const pick = assetOnly === undefined ? '' : 'WHERE a = (SELECT id FROM assets WHERE key = ?)';
  const sql = `SELECT ${groupSql} AS g, a, sum(ih) AS ih, sum(il) AS il, sum(oh) AS oh, sum(ol) AS ol, sum(fh) AS fh, sum(fl) AS fl,
      sum(fh IS NULL) AS n, min(t) AS first, max(t) AS last
    FROM (${parts.join(' UNION ALL ')}) ${pick} GROUP BY g, a`;
  const statement = db.prepare(sql);
  statement.setReadBigInts(true);
  const params = [
    ...columnLegs.flatMap(() => where.params),
    ...where.params,
    acct,
    ...where.params,
    ...where.params,
    ...where.params,
    acct,
    ...where.params,
  ];
  return groupsOf(db, statement.all(...params, ...(assetOnly === undefined ? [] : [assetOnly])) as Raw[]);
}

/**
 * The fee of a filtered set is the fees of its transactions, each once, whichever of a
 * transaction's rows the filter kept (issue #36). The index charges a transaction's fee to one row
 * (`fee_paid`: the account's first row of the transaction), which the filter may have left out.
 * These are the rows carrying the fees of the transactions the filter kept another row of and not
 * that one; the kept rows carrying a fee are read as before (ops_flow). Only a row after the first
 * operation of its transaction (its TOID's 12-bit operation index above 1), or a trade (another
 * account's operation, whose transaction's fee the account may have paid: a fee row), can have its
 * fee on another row, so most kept rows are passed over without a read; each other is one range read of
 * the primary key (a transaction's rows share its TOID's high bits; a fee row's id is the
 * transaction's TOID). Params: the filter's twice, the account, the filter's.
 */
export function feesElsewhereFrom(whereSql: string): string {
  return `FROM (SELECT ops.id >> 12 AS k FROM ops WHERE (ops.id & 4095) > 1 AND ${whereSql}
      UNION SELECT ops.id >> 12 FROM ops WHERE ops.type = '${TRADE_ROW}' AND ${whereSql}) m
    JOIN ops f ON f.acct = ? AND f.id >= (m.k << 12) AND f.id < ((m.k + 1) << 12) AND f.fee_paid IS NOT NULL
    WHERE NOT EXISTS (SELECT 1 FROM ops WHERE ${whereSql} AND ops.id = f.id)`;
}

/** A filter that selects every row whose legs are summed: the rolled-up totals answer it. */
export function isWholeHistory(filter: HistoryFilter): boolean {
  return Object.entries(filter).every(
    ([key, value]) => value === undefined || (key === 'status' && value !== 'failed'),
  );
}

/**
 * flows() of the whole history from the day and counterparty totals (store.ts roll()): the same
 * groups, read from a few thousand rolled-up rows. `groupSql` is over `day` (epoch day) for
 * roll_day, and is the counterparty id for roll_party (rows without one left out).
 */
export function rolledFlows(
  db: DatabaseSync,
  acct: number,
  table: 'roll_day' | 'roll_party',
  groupSql: string,
  assetOnly?: string,
): FlowGroup[] {
  const where = table === 'roll_party' ? 'acct = ? AND party != 0' : 'acct = ?';
  const pick = assetOnly === undefined ? '' : 'AND asset = (SELECT id FROM assets WHERE key = ?)';
  const fees = table === 'roll_day' ? 'sum(fee_hi) AS fh, sum(fee_lo) AS fl' : 'NULL AS fh, NULL AS fl';
  // A day whose only entries are not money legs or fees (a leg without an amount, a row without a transaction) is no group.
  const having = table === 'roll_day' ? 'HAVING sum(legs) > 0 OR sum(fees) > 0' : '';
  const sql = `SELECT ${groupSql} AS g, asset AS a, sum(in_hi) AS ih, sum(in_lo) AS il, sum(out_hi) AS oh, sum(out_lo) AS ol, ${fees}, sum(legs) AS n,
    min(first) AS first, max(last) AS last FROM ${table} WHERE ${where} ${pick} GROUP BY g, a ${having}`;
  const statement = db.prepare(sql);
  statement.setReadBigInts(true);
  return groupsOf(db, statement.all(acct, ...(assetOnly === undefined ? [] : [assetOnly])) as Raw[]);
}

export function groupsOf(db: DatabaseSync, rows: Raw[]): FlowGroup[] {
  const assets = names(db, 'assets');
  return rows.map((r) => ({
    group: text(r['g']),
    asset: assets.get(Number(r['a'])) ?? '?',
    in: joinHalves(r['ih'], r['il']),
    out: joinHalves(r['oh'], r['ol']),
    fee: joinHalves(r['fh'], r['fl']),
    count: Number(r['n']),
    first: r['first'] === null ? null : Number(r['first']),
    last: r['last'] === null ? null : Number(r['last']),
  }));
}

/** Interned id to text: every asset, or the given parties. */
export function names(db: DatabaseSync, table: 'assets' | 'parties', ids?: number[]): Map<number, string> {
  const column = table === 'assets' ? 'key' : 'address';
  const where = ids ? `WHERE id IN (${ids.map(() => '?').join(',') || 'NULL'})` : '';
  const rows = db.prepare(`SELECT id, ${column} AS name FROM ${table} ${where}`).all(...(ids ?? [])) as {
    id: number;
    name: string;
  }[];
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}
