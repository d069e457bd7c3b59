// The history index's SQLite file: one per network (<userData>/history/<network-id>.sqlite),
// every indexed account of that network in it. The schema is versioned with PRAGMA user_version:
// a file of version 6 to 11 is migrated in place (every row kept; see migrate()); one written by an
// older or unknown version is rebuilt (its rows are synced again), never read with the wrong
// meaning. Only the index worker opens it (worker.ts).
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { rederive } from './rederive';

export const SCHEMA_VERSION = 13;

/** Versions migrated in place; any other is rebuilt. */
const MIGRATED = [6, 7, 8, 9, 10, 11, 12];

// ops: one row per (account, operation). Amounts are INTEGER stroops; created_at epoch ms.
// Assets and counterparties are interned (assets, parties: a small integer per distinct text), so
// rows and index entries stay narrow. Every index leads with the account, then the filter's
// column, then time, so the first page of one filter sorted by time is one index range read in
// order (the op id, part of the key, breaks ties). ops_flow covers every column the totals read,
// so an analysis of a filtered set reads that index alone. roll_day and roll_party hold the
// totals of every day and every counterparty, kept with the rows in the same transaction, so the
// analyses of a whole history (by asset, day, week, month, counterparty) read a few thousand
// rows instead of a million (query.ts rolledFlows). pages holds every ingested listing page whole,
// compressed (zstd; brotli before), per account, with the CRC-32 of its stored bytes (`sum`,
// checked on every read; null for a page written before version 9); a row's page and slot name its
// record's text there (pages.ts). `accounts.damaged` says why an account's index was found damaged
// (damage.ts): nothing is read from it until it is rebuilt. Version 10: a row's legs beyond the
// two its columns hold are in `legs` (a pool deposit's second reserve, a contract call's further
// balance changes); `ops.fee_paid` is the transaction's fee on the first row of each transaction
// whose fee the account paid (store.ts), and roll_day sums those fees (native asset's row) and
// counts legs without an amount (`unknown`) and rows without a transaction (`nofee`). Version 11:
// the walks beside the operations (side-records.ts) keep their tokens in `accounts` (tx_token,
// trade_token) and the listings the server does not serve (sides_missing). Version 12: a row moving
// value out and in reads `both` (shared/moves.ts's word, the explorer's), not `self`; a claimable
// balance created for the account holds its amount, asset and creator (direction `none`). Version
// 13: an account indexed from ledgers (a data lake's, issue 39) keeps the range it covers in
// `accounts` (ledger_from, ledger_to, ledger_next: the next ledger to read, ledger_source: where
// from) and, in `ledger_balances`, each asset's balance before the range's first change of it and
// after its last, as the ledgers' own entry changes record them: what it reconciles against.
/** Covers every column the totals read, the fee a row carries included. */
const OPS_FLOW =
  'CREATE INDEX ops_flow ON ops (acct, successful, direction, asset, amount, source_asset, source_amount, created_at, counterparty, fee_paid);';
const LEGS_TABLE = `CREATE TABLE IF NOT EXISTS legs (
  acct INTEGER NOT NULL, op INTEGER NOT NULL, n INTEGER NOT NULL,
  incoming INTEGER NOT NULL, asset INTEGER NOT NULL, amount INTEGER, party INTEGER,
  PRIMARY KEY (acct, op, n)
) WITHOUT ROWID;`;
/** Stroops as text: a balance is within int64, but text keeps it exact whatever SQLite does with it. */
const LEDGER_BALANCES = `CREATE TABLE IF NOT EXISTS ledger_balances (
  acct INTEGER NOT NULL, asset TEXT NOT NULL,
  opening TEXT NOT NULL, opening_ledger INTEGER NOT NULL,
  closing TEXT NOT NULL, closing_ledger INTEGER NOT NULL,
  PRIMARY KEY (acct, asset)
) WITHOUT ROWID;`;
const SCHEMA = `
CREATE TABLE accounts (
  acct INTEGER PRIMARY KEY,
  address TEXT NOT NULL UNIQUE,
  last_token TEXT,
  complete_from INTEGER,
  state TEXT NOT NULL DEFAULT 'idle',
  rows INTEGER NOT NULL DEFAULT 0,
  bytes INTEGER NOT NULL DEFAULT 0,
  oldest INTEGER,
  newest INTEGER,
  damaged TEXT,
  tx_token TEXT,
  trade_token TEXT,
  sides_missing TEXT,
  ledger_source TEXT,
  ledger_from INTEGER,
  ledger_to INTEGER,
  ledger_next INTEGER
);
${LEDGER_BALANCES}
CREATE TABLE assets (id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE);
CREATE TABLE parties (id INTEGER PRIMARY KEY, address TEXT NOT NULL UNIQUE);
CREATE TABLE ops (
  acct INTEGER NOT NULL,
  id INTEGER NOT NULL,
  paging_token TEXT NOT NULL,
  ledger INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  type TEXT NOT NULL,
  tx_hash TEXT NOT NULL,
  successful INTEGER NOT NULL,
  source TEXT NOT NULL,
  counterparty INTEGER,
  direction TEXT NOT NULL,
  asset INTEGER,
  amount INTEGER,
  source_asset INTEGER,
  source_amount INTEGER,
  memo TEXT,
  memo_type TEXT,
  fee INTEGER,
  fee_paid INTEGER,
  page INTEGER,
  slot INTEGER,
  PRIMARY KEY (acct, id)
) WITHOUT ROWID;
${LEGS_TABLE}
CREATE TABLE pages (id INTEGER PRIMARY KEY, acct INTEGER NOT NULL, body BLOB NOT NULL, sum INTEGER);
CREATE INDEX ops_time ON ops (acct, created_at);
CREATE INDEX ops_type ON ops (acct, type, created_at);
CREATE INDEX ops_asset ON ops (acct, asset, created_at);
CREATE INDEX ops_source_asset ON ops (acct, source_asset, created_at) WHERE source_asset IS NOT NULL;
CREATE INDEX ops_counterparty ON ops (acct, counterparty, created_at);
CREATE INDEX ops_direction ON ops (acct, direction, created_at);
CREATE INDEX ops_status ON ops (acct, successful, created_at);
CREATE INDEX ops_amount ON ops (acct, amount);
CREATE INDEX ops_memo ON ops (acct, created_at) WHERE memo IS NOT NULL;
${OPS_FLOW}
CREATE TABLE roll_day (
  acct INTEGER NOT NULL, day INTEGER NOT NULL, asset INTEGER NOT NULL,
  in_hi INTEGER NOT NULL, in_lo INTEGER NOT NULL, out_hi INTEGER NOT NULL, out_lo INTEGER NOT NULL,
  legs INTEGER NOT NULL, first INTEGER NOT NULL, last INTEGER NOT NULL,
  fee_hi INTEGER NOT NULL DEFAULT 0, fee_lo INTEGER NOT NULL DEFAULT 0, fees INTEGER NOT NULL DEFAULT 0,
  unknown INTEGER NOT NULL DEFAULT 0, nofee INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (acct, day, asset)
) WITHOUT ROWID;
CREATE TABLE roll_party (
  acct INTEGER NOT NULL, party INTEGER NOT NULL, asset INTEGER NOT NULL,
  in_hi INTEGER NOT NULL, in_lo INTEGER NOT NULL, out_hi INTEGER NOT NULL, out_lo INTEGER NOT NULL,
  legs INTEGER NOT NULL, first INTEGER NOT NULL, last INTEGER NOT NULL,
  PRIMARY KEY (acct, party, asset)
) WITHOUT ROWID;
`;

/** Opens (creating or rebuilding) the index file at `path`. */
export function openIndex(path: string): DatabaseSync {
  mkdirSync(dirname(path), { recursive: true });
  let db = open(path);
  const version = Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version);
  const empty =
    (db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").get() as { n: number }).n === 0;
  if (MIGRATED.includes(version) && !empty) migrate(db);
  else if (version !== SCHEMA_VERSION || empty) {
    if (!empty) {
      // Another version's file: start over rather than misread it.
      db.close();
      for (const suffix of ['', '-wal', '-shm']) if (existsSync(path + suffix)) rmSync(path + suffix);
      db = open(path);
    }
    // Two processes may create the same new index at once (the app and the command line, two
    // syncs): the write lock first, then whether the other already made it (#37.2).
    db.exec('BEGIN IMMEDIATE');
    const made = (db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").get() as { n: number }).n;
    if (made === 0) {
      db.exec(SCHEMA);
      db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`);
    }
    db.exec('COMMIT');
  }
  return db;
}

/**
 * Version 10 lacks only the side walks' columns of `accounts`: they are added, and the next sync
 * walks the account's transactions and trades from the start. Version 9 lacks a row's further legs, the fee each row carries and the day totals' fees and
 * counts (version 10: every row is read again from its stored page, rederive.ts, and the totals
 * summed afresh). Version 8 lacks the damage mark and the pages' checksums, and reads what a row
 * moved its own way; versions 6 and 7 differ from 8 only in the
 * accounts row. Version 7 had two more columns, the
 * start and the token of a second walk of a sync (a walk ahead, removed in version 8): while one
 * ran, the index held every operation up to `last_token` and those after `ahead_from` up to
 * `ahead_token`. Those rows are real operations and stay. If the first walk had reached the
 * second's start, everything up to the later token is held, and that becomes the account's token;
 * otherwise the sync goes on from `last_token` and finds the rows after `ahead_from` already there
 * (store.ts inserts only rows it does not hold, and counts only those). Version 6 had neither.
 */
function migrate(db: DatabaseSync): void {
  db.exec('BEGIN IMMEDIATE');
  try {
    // Another connection (the command line beside the app) may have migrated it meanwhile.
    const version = Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version);
    if (!MIGRATED.includes(version)) return void db.exec('COMMIT');
    const columns = (db.prepare('PRAGMA table_info(accounts)').all() as { name: string }[]).map((c) => c.name);
    if (columns.includes('ahead_from')) {
      joinMetWalks(db);
      db.exec('ALTER TABLE accounts DROP COLUMN ahead_from');
      db.exec('ALTER TABLE accounts DROP COLUMN ahead_token');
    }
    // Version 9: the damage mark and each page's checksum (null: a page written before, unchecked).
    if (!columns.includes('damaged')) db.exec('ALTER TABLE accounts ADD COLUMN damaged TEXT');
    const columnsOf = (table: string) =>
      (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name);
    if (!columnsOf('pages').includes('sum')) db.exec('ALTER TABLE pages ADD COLUMN sum INTEGER');
    // Version 10: a row's further legs, the fee it carries, and the day totals' fees and counts.
    if (!columnsOf('ops').includes('fee_paid')) {
      db.exec('ALTER TABLE ops ADD COLUMN fee_paid INTEGER');
      db.exec(`DROP INDEX IF EXISTS ops_flow; ${OPS_FLOW}`);
    }
    for (const column of ['fee_hi', 'fee_lo', 'fees', 'unknown', 'nofee'])
      if (!columnsOf('roll_day').includes(column))
        db.exec(`ALTER TABLE roll_day ADD COLUMN ${column} INTEGER NOT NULL DEFAULT 0`);
    db.exec(LEGS_TABLE);
    // Version 11: the side walks' tokens (null: they start from the beginning at the next sync).
    for (const column of ['tx_token', 'trade_token', 'sides_missing'])
      if (!columnsOf('accounts').includes(column)) db.exec(`ALTER TABLE accounts ADD COLUMN ${column} TEXT`);
    // Version 13: the range of ledgers an account was indexed from, and its balances at both ends.
    for (const [column, type] of [
      ['ledger_source', 'TEXT'],
      ['ledger_from', 'INTEGER'],
      ['ledger_to', 'INTEGER'],
      ['ledger_next', 'INTEGER'],
    ])
      if (!columnsOf('accounts').includes(column!)) db.exec(`ALTER TABLE accounts ADD COLUMN ${column} ${type}`);
    db.exec(LEDGER_BALANCES);
    // Version 12: one word for value out and in, every view's.
    db.exec("UPDATE ops SET direction = 'both' WHERE direction = 'self'");
    // Versions 6 to 11 re-read what each row moved from its stored page (shared/moves.ts; 12: a
    // claimable balance created for the account holds its amount and creator, extract.ts heldFor).
    if (version < 12) rederive(db);
    db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`);
    db.exec('COMMIT');
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}

/** Version 7: an account whose first walk had reached its walk ahead's start takes the walk ahead's token. */
function joinMetWalks(db: DatabaseSync): void {
  const rows = db
    .prepare('SELECT acct, last_token, ahead_from, ahead_token FROM accounts WHERE ahead_token IS NOT NULL')
    .all() as Record<string, unknown>[];
  const token = (value: unknown) => (typeof value === 'string' && /^\d{1,19}$/.test(value) ? BigInt(value) : null);
  for (const row of rows) {
    const [last, from, ahead] = [token(row['last_token']), token(row['ahead_from']), token(row['ahead_token'])];
    if (last === null || from === null || ahead === null || last < from || ahead <= last) continue;
    db.prepare('UPDATE accounts SET last_token = ? WHERE acct = ?').run(String(ahead), Number(row['acct']));
  }
}

function open(path: string): DatabaseSync {
  const db = new DatabaseSync(path);
  // First: switching to WAL needs a lock too, and another connection (a reader of the file, the
  // recovery of a process killed mid-write) may hold it for a moment.
  db.exec('PRAGMA busy_timeout = 5000');
  db.exec('PRAGMA journal_mode = WAL');
  // A page and its paging token commit together; NORMAL keeps that atomic under WAL (a power
  // cut may lose the last commits, never half of one).
  db.exec('PRAGMA synchronous = NORMAL');
  // 16 MB of page cache (SQLite's default is 2 MB): the hot pages of the ten indexes a sync
  // inserts into. It was 64 MB, a quarter of the 256 MB a sync of 1,000,000 may take (docs/benchmarks.md).
  db.exec('PRAGMA cache_size = -16384');
  return db;
}
