// What every method of the local RPC shares: its context, the ledger window the retention keeps,
// the close times as stellar-rpc writes them, parameter checks, and one read transaction.
import type { Store } from '../service/queries';
import type { EventIndex } from './event-index';
import { INVALID_PARAMS, type Params, RpcError } from './json-rpc';

export const DEFAULT_RETENTION_LEDGERS = 120_960;

export interface RpcContext {
  store: Store;
  /** Ledgers the server answers for, newest first (`--rpc-retention-ledgers`). */
  retentionLedgers: number;
  coreUrl: string;
  coreTimeoutMs: number;
  version: string;
  /** The RPC's index of events (event-index.ts); an in-memory one is made when none is given. */
  events?: EventIndex;
  /** Ledgers one getEvents scans at most: stellar-rpc's LedgerScanLimit (10,000); smaller only in tests. */
  eventsScanLedgers?: number;
}

/** A ledger's close time as stellar-rpc writes it: unix seconds, a decimal string. */
export function closeTime(store: Store, sequence: number): string {
  const closedAt = store.ledger(BigInt(sequence))?.closed_at;
  return typeof closedAt === 'string' ? String(Math.floor(Date.parse(closedAt) / 1000)) : '0';
}

/** The ledgers the server keeps: the latest, and the oldest within the retention window. */
export function ledgerWindow(store: Store, retentionLedgers: number) {
  const latest = Number(store.latestLedger());
  const earliest = Number(store.earliestLedger() ?? latest);
  const oldest = Math.max(earliest, latest - retentionLedgers + 1);
  return {
    latestLedger: latest,
    latestLedgerCloseTime: closeTime(store, latest),
    oldestLedger: oldest,
    oldestLedgerCloseTime: closeTime(store, oldest),
  };
}

/** stellar-rpc's optional xdrFormat: true for `json`, false for `base64` (its default, also when absent). */
export function checkFormat(params: Params): boolean {
  const format = params.xdrFormat;
  if (format === undefined || format === '' || format === 'base64') return false;
  if (format === 'json') return true;
  throw new RpcError(
    INVALID_PARAMS,
    `expected 'base64' or 'json' for optional 'xdrFormat', got ${JSON.stringify(format)}`,
  );
}

export function stringParam(params: Params, name: string): string {
  const value = params[name];
  if (value === undefined) return '';
  if (typeof value !== 'string') throw new RpcError(INVALID_PARAMS, 'invalid parameters');
  return value;
}

/** Runs `read` in one SQLite read transaction: what it reads is one state of the store. */
export function oneRead<T>(store: Store, read: () => T): T {
  store.db.exec('BEGIN');
  try {
    return read();
  } finally {
    store.db.exec('COMMIT');
  }
}
