// Read side of the store (network/store/README.md): every listing is one index range scan joined
// to its operation and transaction rows by primary key, prepared once. The core is the only
// writer; each statement reads the latest committed ledger (WAL snapshot per statement).
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { openStore } from '../store/db';

export type ScopeName = 'payment' | 'account' | 'claimable_balance' | 'liquidity_pool';

/** What a listing reads: a scope of operation_scopes, or an id range of operations. */
export type ListingSource =
  { kind: 'scope'; scope: ScopeName; key: string } | { kind: 'range'; from: bigint; to: bigint };

export interface OperationRow {
  id: bigint;
  type: bigint;
  source_account: string;
  successful: bigint;
  details: string;
  transaction_id: bigint;
  hash: string;
  created_at: string;
}

export interface ListingQuery {
  source: ListingSource;
  /** Exclusive bounds of the id window to read. */
  after: bigint;
  before: bigint;
  desc: boolean;
  includeFailed: boolean;
  limit: number;
}

export type Row = Record<string, unknown>;

/**
 * One record of a page, as the page statement returns it: an array, not an object, and no bigints
 * (the id comes as text and its ledger as a number), which is what a random page spends least on.
 */
export type RecordRow = [
  id: string,
  ledger: number,
  type: number,
  sourceAccount: string,
  successful: number,
  details: string,
  hash: string,
  createdAt: string,
];

/** A transaction row with its inner transaction's hash and fee when it is a fee bump (else null). */
const TRANSACTION_COLUMNS = 't.*, i.hash AS inner_hash, i.max_fee AS inner_max_fee';
const INNER = 'LEFT JOIN inner_transactions i ON i.transaction_id = t.id';
const TRANSACTION = `SELECT ${TRANSACTION_COLUMNS} FROM transactions t ${INNER}`;

const OP_COLUMNS = 'o.id, o.type, o.source_account, o.successful, o.details, o.transaction_id, t.hash, t.created_at';

/** What a listing statement reads for each operation of its window. */
type Columns = 'ids' | 'rows' | 'records';

const SELECT: Record<Exclude<Columns, 'ids'>, string> = {
  rows: OP_COLUMNS,
  records: 'CAST(o.id AS TEXT), o.id >> 32, o.type, o.source_account, o.successful, o.details, t.hash, t.created_at',
};

/**
 * Each listing has three statements over the same window: ids only (a covering scan of the index,
 * enough when every record's text is cached), full rows joined by primary key (streams and
 * embedded transactions), and the same rows as RecordRow arrays (pages).
 *
 * `LIMIT ?+0`, not `LIMIT ?`: SQLite (3.53, node:sqlite's) lets a bare `LIMIT ?` parameter steer
 * the plan, so binding it marks the statement expired and every run re-parsed and re-planned it
 * first (sqlite3Reprepare: half of a page's SQLite time, found with `perf record`). An expression
 * is only evaluated, so the statement stays prepared; the rows are the same.
 */
function scopeSql(failed: boolean, desc: boolean, columns: Columns): string {
  return `SELECT ${columns === 'ids' ? 's.operation_id AS id' : SELECT[columns]} FROM operation_scopes s
    ${columns === 'ids' ? '' : 'CROSS JOIN operations o ON o.id = s.operation_id CROSS JOIN transactions t ON t.id = o.transaction_id'}
    WHERE s.scope = ? AND s.key = ? ${failed ? '' : 'AND s.successful = 1'}
      AND s.operation_id > ? AND s.operation_id < ?
    ORDER BY s.operation_id ${desc ? 'DESC' : 'ASC'} LIMIT ?+0`;
}

function rangeSql(failed: boolean, desc: boolean, columns: Columns): string {
  return `SELECT ${columns === 'ids' ? 'o.id' : SELECT[columns]} FROM operations o
    ${columns === 'ids' ? '' : 'CROSS JOIN transactions t ON t.id = o.transaction_id'}
    WHERE ${failed ? '' : 'o.successful = 1 AND'} o.id > ? AND o.id < ?
    ORDER BY o.id ${desc ? 'DESC' : 'ASC'} LIMIT ?+0`;
}

export class Store {
  readonly db: DatabaseSync;
  private readonly listings = new Map<string, StatementSync>();
  private readonly statements = new Map<string, StatementSync>();

  constructor(path: string) {
    this.db = openStore(path, { readonly: true });
    // Random pages of a large history touch a few B-tree pages each: keep them in memory (mapped
    // from the OS page cache, and a page cache that grows up to 256 MiB) instead of one read()
    // per page. The default cache is 2 MiB.
    this.db.exec('PRAGMA mmap_size = 4294967296; PRAGMA cache_size = -262144;');
    for (const failed of [false, true]) {
      for (const desc of [false, true]) {
        for (const columns of ['ids', 'rows', 'records'] as const) {
          for (const [kind, sql] of [
            ['scope', scopeSql(failed, desc, columns)],
            ['range', rangeSql(failed, desc, columns)],
          ]) {
            const statement = this.db.prepare(sql!);
            if (columns === 'records') {
              statement.setReturnArrays(true);
              statement.setReadBigInts(false);
            }
            this.listings.set(`${kind}:${failed}:${desc}:${columns}`, statement);
          }
        }
      }
    }
  }

  /** The statement of `sql`, prepared on its first use. */
  private prepared(sql: string): StatementSync {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  private one(sql: string, ...params: (string | bigint | number)[]): Row | undefined {
    return this.prepared(sql).get(...params) as Row | undefined;
  }

  private all(sql: string, ...params: (string | bigint | number)[]): Row[] {
    return this.prepared(sql).all(...params) as Row[];
  }

  private window(query: ListingQuery, columns: Columns): unknown[] {
    const { source } = query;
    const statement = this.listings.get(`${source.kind}:${query.includeFailed}:${query.desc}:${columns}`)!;
    if (source.kind === 'scope') return statement.all(source.scope, source.key, query.after, query.before, query.limit);
    const after = query.after > source.from - 1n ? query.after : source.from - 1n;
    const before = query.before < source.to ? query.before : source.to;
    return statement.all(after, before, query.limit);
  }

  /** Ids of one window of a listing, in the listing's order. */
  listOperationIds(query: ListingQuery): bigint[] {
    return (this.window(query, 'ids') as Row[]).map((row) => row.id as bigint);
  }

  /** Rows of one window of a listing, in the listing's order. */
  listOperations(query: ListingQuery): OperationRow[] {
    return this.window(query, 'rows') as OperationRow[];
  }

  /** Rows of one window as RecordRow arrays, in the listing's order (pages). */
  listRecordRows(query: ListingQuery): RecordRow[] {
    return this.window(query, 'records') as RecordRow[];
  }

  latestLedger(): bigint {
    const row = this.one('SELECT max(sequence) AS seq FROM ledgers');
    return (row?.seq as bigint | null) ?? 0n;
  }

  earliestLedger(): bigint | undefined {
    return (this.one('SELECT min(sequence) AS seq FROM ledgers')?.seq as bigint | null) ?? undefined;
  }

  meta(key: string): string | undefined {
    return this.one('SELECT value FROM meta WHERE key = ?', key)?.value as string | undefined;
  }

  operation(id: bigint): OperationRow | undefined {
    return this.one(
      `SELECT ${OP_COLUMNS} FROM operations o CROSS JOIN transactions t ON t.id = o.transaction_id WHERE o.id = ?`,
      id,
    ) as OperationRow | undefined;
  }

  transactionById(id: bigint): Row | undefined {
    return this.one(`${TRANSACTION} WHERE t.id = ?`, id);
  }

  /** What the core recorded of a transaction (its fee's changes and its TransactionMetaV4), hex as this dialect's XDR; none before it did. */
  transactionMeta(id: bigint): { fee: string; result: string } | undefined {
    const row = this.one('SELECT fee_meta, result_meta FROM transaction_meta WHERE transaction_id = ?', id);
    if (!row) return undefined;
    const hexOf = (value: unknown) => Buffer.from(value as Uint8Array).toString('hex');
    return { fee: hexOf(row.fee_meta), result: hexOf(row.result_meta) };
  }

  /** A transaction by its hash, or a fee bump by its inner transaction's hash. */
  transactionByHash(hash: string): Row | undefined {
    return this.one(`${TRANSACTION} WHERE t.hash = ?`, hash) ?? this.one(`${TRANSACTION} WHERE i.hash = ?`, hash);
  }

  /**
   * Transactions of an account's listing (its 'transaction' scope rows, store/README.md), TOIDs
   * strictly between the bounds, in order, at most `limit`: rows as transactionById has them.
   */
  listAccountTransactions(
    account: string,
    after: bigint,
    before: bigint,
    desc: boolean,
    failed: boolean,
    limit: number,
  ) {
    // The scope's index range first (CROSS JOIN keeps that order), then each row by primary key.
    const sql = `SELECT ${TRANSACTION_COLUMNS} FROM operation_scopes s
      CROSS JOIN transactions t ON t.id = s.operation_id ${INNER}
      WHERE s.scope = 'transaction' AND s.key = ? ${failed ? '' : 'AND s.successful = 1'}
        AND s.operation_id > ? AND s.operation_id < ?
      ORDER BY s.operation_id ${desc ? 'DESC' : 'ASC'} LIMIT ?+0`;
    return this.all(sql, account, after, before, limit);
  }

  /** Ledgers with sequence strictly between the bounds, in order, at most `limit` (the /ledgers listing). */
  listLedgers(after: bigint, before: bigint, desc: boolean, limit: number): Row[] {
    const sql = `SELECT * FROM ledgers WHERE sequence > ? AND sequence < ? ORDER BY sequence ${desc ? 'DESC' : 'ASC'} LIMIT ?`;
    return this.all(sql, after, before, limit);
  }

  ledger(sequence: bigint): Row | undefined {
    return this.one('SELECT * FROM ledgers WHERE sequence = ?', sequence);
  }

  account(id: string): Row | undefined {
    return this.one('SELECT * FROM accounts WHERE id = ?', id);
  }

  signers(account: string): Row[] {
    return this.all('SELECT key, weight FROM signers WHERE account = ? ORDER BY key', account);
  }

  trustlines(account: string): Row[] {
    return this.all('SELECT * FROM trustlines WHERE account = ? ORDER BY asset', account);
  }

  dataEntries(account: string): Row[] {
    return this.all('SELECT name, value FROM data_entries WHERE account = ? ORDER BY name', account);
  }

  claimableBalance(id: string): Row | undefined {
    return this.one('SELECT * FROM claimable_balances WHERE id = ?', id);
  }

  liquidityPool(id: string): Row | undefined {
    return this.one('SELECT * FROM liquidity_pools WHERE id = ?', id);
  }

  /** Whether a scope key has any history (a claimed balance or an emptied pool still has). */
  scopeExists(scope: ScopeName | 'transaction', key: string): boolean {
    return (
      this.one('SELECT 1 AS x FROM operation_scopes WHERE scope = ? AND key = ? LIMIT 1', scope, key) !== undefined
    );
  }

  close(): void {
    this.db.close();
  }
}
