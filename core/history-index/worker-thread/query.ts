// Reads of the history index: keyset pages of the filtered set, and its count and per-asset
// totals. Amounts are summed exactly: SQLite's SUM of int64 overflows (it raises an error, it
// does not round), so each amount is summed as its high and low 32 bits, which cannot overflow
// below 2^31 rows, and joined as a bigint here.
import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import { formatAmount } from '../../../shared/amount';
import type {
  AssetFlow,
  HistoryFilter,
  HistoryPage,
  HistoryRow,
  HistorySort,
  HistorySummary,
} from '../../../shared/history';
import { PageReader } from './pages';
import { amountBound, compileFilter, cursorText, parseCursor, sortSql, type SqlPart } from './filter';

// Interned assets and counterparties joined back to their text for the rows of a page.
const COLUMNS = `ops.id, paging_token, ledger, created_at, type, tx_hash, successful, source, p.address AS counterparty, direction,
  a.key AS asset, amount, sa.key AS source_asset, source_amount, memo, memo_type, fee`;
const NAMES =
  'LEFT JOIN parties p ON p.id = ops.counterparty LEFT JOIN assets a ON a.id = ops.asset LEFT JOIN assets sa ON sa.id = ops.source_asset';

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

function text(value: Cell): string | null {
  return value === null || value === undefined ? null : String(value);
}

function decimal(value: Cell): string | null {
  return value === null || value === undefined ? null : formatAmount(BigInt(value as bigint));
}

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
    ...(r['json'] !== undefined ? { raw: String(r['json']) } : {}),
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

/** Rows of one page after `cursor`, as the index stores them (bigints), with the cursor after them. */
export function readPage(db: DatabaseSync, acct: number, request: PageRequest): { rows: Raw[]; next: string | null } {
  const amountRange = request.filter.minAmount !== undefined || request.filter.maxAmount !== undefined;
  const amountUnindexed = amountRange && !request.sort.endsWith('amount') && broadAmountRange(db, acct, request.filter);
  const where = compileFilter(acct, request.filter, { amountUnindexed });
  const { order, after } = sortSql(request.sort, request.cursor ? parseCursor(request.cursor) : undefined);
  const conditions = after ? `${where.sql} AND ${after.sql}` : where.sql;
  const place = request.includeRaw ? ', ops.page, ops.slot' : '';
  const sql = `SELECT ${COLUMNS}${place} FROM ops ${NAMES} WHERE ${conditions} ${order} LIMIT ?`;
  const statement = db.prepare(sql);
  statement.setReadBigInts(true);
  const rows = statement.all(...where.params, ...(after?.params ?? []), request.limit + 1) as Raw[];
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

export function queryPage(db: DatabaseSync, acct: number, request: PageRequest): HistoryPage {
  const { rows, next } = readPage(db, acct, request);
  const summary = request.summary ? summarize(db, acct, request.filter) : null;
  return { rows: rows.map(rowOf), next, summary };
}

/** Exact sum from the summed high and low halves. */
export function joinHalves(hi: Cell, lo: Cell): bigint {
  return (BigInt((hi ?? 0n) as bigint) << 32n) + BigInt((lo ?? 0n) as bigint);
}

export interface FlowGroup {
  group: string | null;
  asset: string;
  in: bigint;
  out: bigint;
  count: number;
  first: number | null;
  last: number | null;
}

/**
 * The money legs of the filtered rows grouped by `groupSql` (an expression over the legs' `t`
 * created_at and `cp` counterparty id) and asset. A row moving value in (or to itself) is an "in"
 * leg of its asset and amount; a row moving value out (or to itself) is an "out" leg of its
 * source asset and amount when it has one (a path payment), else of its asset and amount.
 * Operations of failed transactions moved nothing: they are listed and counted, never summed.
 * Without other filters both legs are range reads of the covering index ops_flow.
 */
export function flows(
  db: DatabaseSync,
  acct: number,
  filter: HistoryFilter,
  groupSql: string,
  assetOnly?: string,
): FlowGroup[] {
  const where = compileFilter(acct, filter);
  const legIn = `SELECT created_at AS t, counterparty AS cp, asset AS a, amount >> 32 AS ih, amount & 4294967295 AS il, NULL AS oh, NULL AS ol FROM ops
    WHERE ${where.sql} AND successful = 1 AND direction IN ('in', 'self') AND asset IS NOT NULL AND amount IS NOT NULL`;
  const legOut = `SELECT created_at, counterparty, coalesce(source_asset, asset), NULL, NULL, coalesce(source_amount, amount) >> 32, coalesce(source_amount, amount) & 4294967295 FROM ops
    WHERE ${where.sql} AND successful = 1 AND direction IN ('out', 'self') AND coalesce(source_asset, asset) IS NOT NULL AND coalesce(source_amount, amount) IS NOT NULL`;
  const pick = assetOnly === undefined ? '' : 'WHERE a = (SELECT id FROM assets WHERE key = ?)';
  const sql = `SELECT ${groupSql} AS g, a, sum(ih) AS ih, sum(il) AS il, sum(oh) AS oh, sum(ol) AS ol, count(*) AS n, min(t) AS first, max(t) AS last
    FROM (${legIn} UNION ALL ${legOut}) ${pick} GROUP BY g, a`;
  const statement = db.prepare(sql);
  statement.setReadBigInts(true);
  return groupsOf(
    db,
    statement.all(...where.params, ...where.params, ...(assetOnly === undefined ? [] : [assetOnly])) as Raw[],
  );
}

// The legs of flows() one kind at a time: [direction, asset column, amount expression, condition, in?].
const LEG_KINDS: [string, string, string, string, boolean][] = [
  ['in', 'asset', 'amount', '', true],
  ['self', 'asset', 'amount', '', true],
  ['out', 'asset', 'amount', 'AND source_asset IS NULL', false],
  ['self', 'asset', 'amount', 'AND source_asset IS NULL', false],
  ['out', 'source_asset', 'coalesce(source_amount, amount)', 'AND source_asset IS NOT NULL', false],
  ['self', 'source_asset', 'coalesce(source_amount, amount)', 'AND source_asset IS NOT NULL', false],
];

/**
 * flows() grouped by asset alone, without a sort: with the account, `successful` and one
 * direction fixed, ops_flow lists rows in asset order, so each kind of leg is summed as it is
 * read (SQLite has no hash aggregation: a GROUP BY it cannot read in order is a sort).
 */
export function assetFlows(db: DatabaseSync, acct: number, filter: HistoryFilter): FlowGroup[] {
  const where = compileFilter(acct, filter);
  const byAsset = new Map<number, FlowGroup>();
  for (const [direction, column, amount, condition, incoming] of LEG_KINDS) {
    const statement = db.prepare(
      `SELECT ${column} AS a, sum(${amount} >> 32) AS hi, sum(${amount} & 4294967295) AS lo, count(*) AS n, min(created_at) AS first, max(created_at) AS last
       FROM ops WHERE ${where.sql} AND successful = 1 AND direction = '${direction}' ${condition} AND ${column} IS NOT NULL AND ${amount} IS NOT NULL GROUP BY ${column}`,
    );
    statement.setReadBigInts(true);
    for (const r of statement.all(...where.params) as Raw[]) {
      const id = Number(r['a']);
      const group = byAsset.get(id) ?? {
        group: '',
        asset: String(id),
        in: 0n,
        out: 0n,
        count: 0,
        first: null,
        last: null,
      };
      const sum = joinHalves(r['hi'], r['lo']);
      if (incoming) group.in += sum;
      else group.out += sum;
      group.count += Number(r['n']);
      group.first = Math.min(group.first ?? Number.MAX_SAFE_INTEGER, Number(r['first']));
      group.last = Math.max(group.last ?? 0, Number(r['last']));
      byAsset.set(id, group);
    }
  }
  const assets = names(db, 'assets');
  return [...byAsset.entries()].map(([id, group]) => ({ ...group, asset: assets.get(id) ?? '?' }));
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
  const sql = `SELECT ${groupSql} AS g, asset AS a, sum(in_hi) AS ih, sum(in_lo) AS il, sum(out_hi) AS oh, sum(out_lo) AS ol, sum(legs) AS n,
    min(first) AS first, max(last) AS last FROM ${table} WHERE ${where} ${pick} GROUP BY g, a`;
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

export function assetFlow(group: FlowGroup): AssetFlow {
  return {
    asset: group.asset,
    in: formatAmount(group.in),
    out: formatAmount(group.out),
    net: formatAmount(group.in - group.out),
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
