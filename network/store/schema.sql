-- Store of the local network: one SQLite file (node:sqlite, WAL) written by the core node and
-- read by the service. Every listing of docs/design.md is a range scan of one index (see README.md).
-- Integers that can exceed 2^53 (TOIDs, amounts, sequences) are read with setReadBigInts(true).

PRAGMA journal_mode = WAL;

CREATE TABLE IF NOT EXISTS meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;
-- keys: schema_version, network_passphrase, start_ledger, genesis_account, base_fee, base_reserve,
--       transaction_scopes, history_generated, history_seed (see README.md)

-- ---------------------------------------------------------------- history (append only)

CREATE TABLE IF NOT EXISTS ledgers (
  sequence           INTEGER PRIMARY KEY,
  hash               TEXT NOT NULL,          -- 64 hex
  prev_hash          TEXT NOT NULL,
  closed_at          TEXT NOT NULL,          -- RFC 3339 UTC, second precision: 2026-11-22T01:52:08Z
  transaction_count  INTEGER NOT NULL,       -- successful and failed
  failed_transaction_count INTEGER NOT NULL,
  operation_count    INTEGER NOT NULL,       -- operations of successful and failed transactions
  fee_pool           INTEGER NOT NULL,       -- all fees collected up to and including this ledger
  base_fee           INTEGER NOT NULL,
  base_reserve       INTEGER NOT NULL
);

CREATE TABLE IF NOT EXISTS transactions (
  id                 INTEGER PRIMARY KEY,    -- TOID with op_index 0: ledger << 32 | application_order << 12
  hash               TEXT NOT NULL UNIQUE,   -- 64 hex, under this network's passphrase
  ledger             INTEGER NOT NULL,
  application_order  INTEGER NOT NULL,       -- 1-based within the ledger
  source_account     TEXT NOT NULL,          -- G… (inner transaction's source for a fee bump)
  fee_account        TEXT NOT NULL,          -- who paid the fee (fee-bump source, else source)
  sequence           TEXT NOT NULL,          -- decimal digits
  fee_charged        INTEGER NOT NULL,
  max_fee            INTEGER NOT NULL,
  operation_count    INTEGER NOT NULL,
  memo_type          TEXT NOT NULL,          -- none | text | id | hash | return
  memo               TEXT,                   -- text as is, id as digits, hash/return as base64
  successful         INTEGER NOT NULL,       -- 0 | 1
  envelope_xdr       TEXT NOT NULL,          -- base64 TransactionEnvelope (the service writes hex)
  result_xdr         TEXT NOT NULL,          -- base64 TransactionResult
  created_at         TEXT NOT NULL           -- the ledger's closed_at
);

-- The inner transaction of each fee bump, so that a fee bump is found by either hash (as Horizon
-- finds it). Written in the same SQLite transaction as its fee bump's row.
CREATE TABLE IF NOT EXISTS inner_transactions (
  transaction_id     INTEGER PRIMARY KEY,    -- transactions.id of the fee bump
  hash               TEXT NOT NULL UNIQUE,   -- 64 hex, the inner transaction's hash
  max_fee            INTEGER NOT NULL        -- the inner transaction's own fee
);

-- What the core recorded of each transaction it applied, as a real core's meta (validator/meta.ts):
-- the entry changes of its fee (Horizon's fee_meta_xdr: LedgerEntryChanges) and its
-- TransactionMetaV4 (result_meta_xdr: entry changes of its sequence and each operation, CAP-67
-- asset events), XDR bytes. Transactions of a store written before it have none.
CREATE TABLE IF NOT EXISTS transaction_meta (
  transaction_id     INTEGER PRIMARY KEY,    -- transactions.id
  fee_meta           BLOB NOT NULL,
  result_meta        BLOB NOT NULL
);

-- Each ledger's close meta, kept once, compressed, as the core closes the ledger (generated history
-- and live closes alike, in the ledger's SQLite transaction): one zstd frame of the one-ledger
-- LedgerCloseMetaBatch (start = end = sequence, its LedgerCloseMeta v2, validator/close-meta.ts),
-- which is the lake's object of the public layout as is (docs/lake.md). Ledgers of a store written
-- before it have none (the lake writer then assembles theirs from transaction_meta).
CREATE TABLE IF NOT EXISTS ledger_close_meta (
  sequence           INTEGER PRIMARY KEY,    -- ledgers.sequence
  batch_zstd         BLOB NOT NULL
);

CREATE TABLE IF NOT EXISTS operations (
  id                 INTEGER PRIMARY KEY,    -- TOID: ledger << 32 | application_order << 12 | index (1-based)
  transaction_id     INTEGER NOT NULL,       -- transactions.id
  type               INTEGER NOT NULL,       -- 0..10, docs/design.md's numbering
  source_account     TEXT NOT NULL,          -- the operation's source, else the transaction's
  successful         INTEGER NOT NULL,       -- the transaction's outcome
  details            TEXT NOT NULL           -- JSON object text of the type's wire fields (README.md)
);
-- ledger and transaction listings without failed operations: (successful, id) range
CREATE INDEX IF NOT EXISTS operations_by_outcome ON operations (successful, id);

-- Which listing each operation appears in. scope is one of:
--   'account'            key = G… of every participant (source, sender, receiver, funder, …)
--   'payment'            key = G… of sender and receiver, payments (type 0) only
--   'claimable_balance'  key = 72-hex balance id
--   'liquidity_pool'     key = 64-hex pool id
--   'transaction'        key = G… of the transaction's source, fee account and every operation's
--                        'account' keys; operation_id = the transaction's TOID (op index 0)
CREATE TABLE IF NOT EXISTS operation_scopes (
  scope              TEXT NOT NULL,
  key                TEXT NOT NULL,
  operation_id       INTEGER NOT NULL,
  successful         INTEGER NOT NULL,
  PRIMARY KEY (scope, key, operation_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS operation_scopes_by_outcome ON operation_scopes (scope, key, successful, operation_id);

-- ---------------------------------------------------------------- current state

CREATE TABLE IF NOT EXISTS accounts (
  id                 TEXT PRIMARY KEY,       -- G…
  balance            INTEGER NOT NULL,       -- native units (1/10^7)
  sequence           INTEGER NOT NULL,
  subentry_count     INTEGER NOT NULL,
  master_weight      INTEGER NOT NULL,
  low_threshold      INTEGER NOT NULL,
  med_threshold      INTEGER NOT NULL,
  high_threshold     INTEGER NOT NULL,
  home_domain        TEXT NOT NULL DEFAULT '',
  flags              INTEGER NOT NULL DEFAULT 0,
  last_modified_ledger INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS signers (
  account            TEXT NOT NULL,
  key                TEXT NOT NULL,          -- G… ed25519, T… pre-authorised tx, X… sha256 hash-x
  weight             INTEGER NOT NULL,
  PRIMARY KEY (account, key)
) WITHOUT ROWID;

-- A credit trustline has asset_code/asset_issuer; a pool-share trustline has pool_id.
CREATE TABLE IF NOT EXISTS trustlines (
  account            TEXT NOT NULL,
  asset              TEXT NOT NULL,          -- "CODE:ISSUER" or "pool:<64 hex>"
  asset_code         TEXT,
  asset_issuer       TEXT,
  pool_id            TEXT,
  balance            INTEGER NOT NULL,
  trust_limit        INTEGER NOT NULL,
  last_modified_ledger INTEGER NOT NULL,
  PRIMARY KEY (account, asset)
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS claimable_balances (
  id                 TEXT PRIMARY KEY,       -- 72 hex (00000000 + sha256 hash)
  asset              TEXT NOT NULL,          -- "native" or "CODE:ISSUER"
  amount             INTEGER NOT NULL,
  sponsor            TEXT NOT NULL,          -- creator, who holds the reserve
  claimants          TEXT NOT NULL,          -- JSON [{destination, predicate}] in wire form
  last_modified_ledger INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS liquidity_pools (
  id                 TEXT PRIMARY KEY,       -- 64 hex, Stellar's getLiquidityPoolId
  asset_a            TEXT NOT NULL,          -- "native" or "CODE:ISSUER", a < b in Stellar's order
  asset_b            TEXT NOT NULL,
  reserve_a          INTEGER NOT NULL,
  reserve_b          INTEGER NOT NULL,
  total_shares       INTEGER NOT NULL,
  trustline_count    INTEGER NOT NULL,
  fee_bp             INTEGER NOT NULL,       -- 30
  last_modified_ledger INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS data_entries (
  account            TEXT NOT NULL,
  name               TEXT NOT NULL,
  value              TEXT NOT NULL,          -- base64
  PRIMARY KEY (account, name)
) WITHOUT ROWID;
