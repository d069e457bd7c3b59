// Opens the local network's store (docs/design.md "The local network", store/README.md). The core is
// the only writer; the service opens the same file read-only. Both share these pragmas so that a
// reader never blocks the writer (WAL) and a briefly locked file is waited for, not failed.
import { readFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';

export const SCHEMA_VERSION = '1';
const SCHEMA_URL = new URL('./schema.sql', import.meta.url);

export interface OpenStoreOptions {
  /** Open read-only (the service). Default false: the core, which applies schema.sql. */
  readonly?: boolean;
  /** Milliseconds to wait for a lock before SQLITE_BUSY. Default 5000. */
  busyTimeoutMs?: number;
  /** Return INTEGER columns as bigint (TOIDs, amounts and sequences exceed 2^53). Default true. */
  readBigInts?: boolean;
}

export function openStore(path: string, options: OpenStoreOptions = {}): DatabaseSync {
  const readonly = options.readonly ?? false;
  const db = new DatabaseSync(path, {
    readOnly: readonly,
    timeout: options.busyTimeoutMs ?? 5000,
    readBigInts: options.readBigInts ?? true,
  });
  if (readonly) {
    // query_only guards against a stray write even if the file was opened through a writable path.
    db.exec('PRAGMA query_only = ON;');
    return db;
  }
  db.exec('PRAGMA journal_mode = WAL;');
  // NORMAL in WAL mode: a commit is atomic and survives a process crash (kill -9); only a power
  // loss can drop the last commits, never corrupt the file or split a ledger.
  db.exec('PRAGMA synchronous = NORMAL;');
  db.exec('PRAGMA cache_size = -65536;');
  db.exec('PRAGMA temp_store = MEMORY;');
  applySchema(db);
  db.prepare("INSERT OR IGNORE INTO meta (key, value) VALUES ('schema_version', ?)").run(SCHEMA_VERSION);
  return db;
}

/** Runs schema.sql (idempotent: CREATE … IF NOT EXISTS, and WAL mode). */
export function applySchema(db: DatabaseSync): void {
  db.exec(readFileSync(SCHEMA_URL, 'utf8'));
}

/** Path of the store inside a data directory. */
export function storePath(dataDir: string): string {
  return `${dataDir.replace(/\/+$/, '')}/ledger.db`;
}
