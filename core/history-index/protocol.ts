// The messages between the app core and the history index worker: each request names the index
// file, an operation and its arguments; each answer carries the request's id and a value or an
// error ({code, message}, a CoreError's code when the worker threw one). Values cross by
// structured clone, so bigints stay bigints. Every type both threads read is here, the worker's
// page requests' (worker-thread/worker-fetch.ts) too: the main thread imports nothing of worker-thread/.
import type {
  HistoryIndexInfo,
  FlowPoint,
  HistoryFilter,
  HistoryPage,
  HistorySort,
  TotalsBy,
  TotalsRow,
  TypeCount,
} from '../../shared/history';
import type { BalancePeriod, BalancePoint } from '../../shared/balance-history';
import type { PageSeen, PagingFault } from '../../shared/paging-guard';
import type { IndexSums } from '../../shared/reconcile';

import type { CoreError } from '../app/errors';
import type { AccountLedgerRecords } from '../sources/ledger-meta/account-records';
import type { IndexFormatName } from '../sources/index-format';

/**
 * An indexed account's row of `accounts` (worker-thread/schema.ts, account-meta.ts): where its sync
 * stands and what its index holds.
 */
export interface AccountMeta {
  acct: number;
  address: string;
  lastToken: string | null;
  completeFrom: number | null;
  state: HistoryIndexInfo['state'];
  rows: number;
  bytes: number;
  oldest: number | null;
  newest: number | null;
  /** Why the account's index was found damaged (worker-thread/damage.ts), or null. */
  damaged: string | null;
  /**
   * How far the walks beside the operations have read (worker-thread/side-records.ts): the token of the last
   * transaction and of the last trade written (null: none yet), and the listings the server does
   * not serve (its 404), whose balance changes the index cannot hold (null: not walked yet).
   */
  sides: { transactions: string | null; trades: string | null; missing: string[] | null };
  /** An index built from ledgers (a data lake's, issue 39): the range it covers and how far it has read; null for a server's walk. */
  ledgers: LedgerRange | null;
}

/** The ledgers an index was built from: `where` (a lake's folder or URL), `from` to `to`, read up to `next` − 1. */
export interface LedgerRange {
  where: string;
  from: number;
  to: number;
  next: number;
}

/** One asset's balance at both ends of the ledgers an index read (the ledgers' own entry changes): stroops. */
export interface LedgerBalance {
  asset: string;
  opening: string;
  openingLedger: number;
  closing: string;
  closingLedger: number;
}

/** What a ledger held of an account, as core/sources/ledger-meta/account-records.ts reads it. */
export type LedgerRecords = AccountLedgerRecords;

/** What a sync changes of an account's row besides its pages. */
export interface AccountChange {
  state?: AccountMeta['state'];
  completeFrom?: number | null;
  /** The listings beside the operations the server does not serve, as the last sync found them. */
  sidesMissing?: string[];
}

/** What an ingest added, and the account as it stands after it (its token included). */
export interface IngestResult {
  added: number;
  meta: AccountMeta;
}

/** A sync's page written: what it added, how many records it held and the tokens of its first and last. */
export interface PageResult extends IngestResult {
  count: number;
  firstToken: string | null;
  lastToken: string | null;
}

/**
 * What a sync's page is checked against before it is written (worker-thread/page-guard.ts): where
 * the walk stands before it, the cursor it asked with and the page before (the main thread sends it).
 */
export interface PageGuardArgs {
  cursor: string | undefined;
  previous: PageSeen | null;
}

/** The listings a sync walks beside the account's operations (worker-thread/side-records.ts). */
export type SideKind = 'transactions' | 'trades';

/** A page request the worker sends itself (worker-thread/worker-fetch.ts) for the main thread's walk. */
export interface FetchRequest {
  rid: number;
  url: string;
  headers: Record<string, string>;
  /** Report the cursor of the page's `next` link as soon as enough of it has come. */
  early: boolean;
}

/** What became of a request, in order: head, then early (at most once, before held), then held or text; or error. */
export type FetchEvent =
  | { rid: number; event: 'head'; status: number; headers: [string, string][] }
  | { rid: number; event: 'early'; cursor: string }
  | { rid: number; event: 'held'; length: number; guess: string | null }
  | { rid: number; event: 'text'; text: string }
  | { rid: number; event: 'error'; message: string; coreCode?: CoreError['code']; code?: string };

export interface ExportArgs {
  account: string;
  filter: HistoryFilter;
  sort: HistorySort;
  /** The one column set (csv), the accounting layout (one row per transaction), or the rows with their records. */
  format: 'csv' | 'accounting' | 'ndjson';
  /** The address book's names, [account, name] (bounded by its size): the counterparty_name column and descriptions. */
  names?: [string, string][];
  /** The most operations to read (all when absent). */
  maxRows?: number | undefined;
  /** The file to write: a temporary file the caller created, empty, in the export directory, and publishes when whole (core/exports/whole-file.ts). */
  path: string;
}

/** Operation name to [arguments, result]. */
export interface HistoryOps {
  /** A sync's page the worker fetched and holds (worker-fetch.ts), by its request id: parsed, compressed and written with its token. */
  ingestHeld: [
    {
      account: string;
      rid: number;
      guard?: PageGuardArgs;
      /** A page of a walk beside the operations (side-writer.ts), read up to `bound` (the operations walk's token). */
      side?: { kind: SideKind; bound: string };
      /** The format its source's index pages are in (core/sources/index-format.ts; default Horizon's). */
      format?: IndexFormatName;
    },
    PageResult,
  ];
  /**
   * A run of consecutive ledgers read from a lake (issue 39), in one transaction: each ledger's
   * operations, the fees the account paid and the fills of its offers (as a server's walks write
   * them), its balances at both ends, and the range read through the run's last ledger. The run
   * must start where the index stands (`ledgers.next`), or it is refused: no ledger is skipped or
   * read twice.
   */
  ingestLedgers: [
    {
      account: string;
      where: string;
      from: number;
      to: number;
      run: { ledger: number; records: LedgerRecords | null }[];
    },
    IngestResult,
  ];
  /** The balances at both ends of the ledgers the account's index read (none for a server's walk). */
  ledgerBalances: [{ account: string }, LedgerBalance[]];
  /** Records a stream delivered, written as one page, read in their source's format. */
  ingestTexts: [{ account: string; texts: string[]; format?: IndexFormatName }, IngestResult];
  meta: [{ account: string }, AccountMeta | null];
  setState: [{ account: string } & AccountChange, null];
  list: [Record<string, never>, AccountMeta[]];
  remove: [{ account: string }, boolean];
  /** Makes way for a sync afresh: a damaged file is deleted whole (`file: true`), else the account's index is removed. */
  rebuild: [{ account: string }, { file: boolean }];
  query: [
    {
      account: string;
      filter: HistoryFilter;
      sort: HistorySort;
      cursor?: string | undefined;
      limit: number;
      includeRaw?: boolean;
      summary?: boolean;
    },
    HistoryPage,
  ];
  totals: [{ account: string; filter: HistoryFilter; by: TotalsBy; top: number }, TotalsRow[]];
  /** The operation types the account's index holds, each with its count, the most frequent first. */
  types: [{ account: string }, TypeCount[]];
  flow: [{ account: string; filter: HistoryFilter; asset: string }, FlowPoint[]];
  export: [ExportArgs, { rows: number }];
  /** Per asset, every leg in and out and the fees the account paid (shared/reconcile.ts). */
  sums: [{ account: string }, IndexSums];
  /** What a reconciliation needs of the index, in one answer: the sums and the account's row (its coverage, where it is complete from). */
  reconcile: [{ account: string }, { sums: IndexSums; meta: AccountMeta; ledgerBalances: LedgerBalance[] }];
  /** One asset's flows per period and the balance after each, from `opening` (stroops). */
  balance: [{ account: string; asset: string; by: BalancePeriod; opening: bigint }, BalancePoint[]];
  /** Updates the planner's statistics (after a large ingest). */
  optimize: [Record<string, never>, null];
  /** Size of the file and its write-ahead log, bytes. */
  fileSize: [Record<string, never>, number];
}

export type HistoryOp = keyof HistoryOps;
export type OpArgs<K extends HistoryOp> = HistoryOps[K][0];
export type OpResult<K extends HistoryOp> = HistoryOps[K][1];

export interface WorkerRequest<K extends HistoryOp = HistoryOp> {
  id: number;
  /** Path of the network's index file. */
  file: string;
  op: K;
  args: OpArgs<K>;
}

export type WorkerReply =
  | { id: number; ok: true; value: unknown }
  | {
      id: number;
      ok: false;
      error: { code: string; message: string; paging?: { fault: PagingFault; cursor?: string } };
    };
