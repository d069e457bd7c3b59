// The messages between the app core and the history index worker: each request names the index
// file, an operation and its arguments; each answer carries the request's id and a value or an
// error ({code, message}, a CoreError's code when the worker threw one). Values cross by
// structured clone, so bigints stay bigints.
import type {
  FlowPoint,
  HistoryFilter,
  HistoryPage,
  HistorySort,
  TotalsBy,
  TotalsRow,
  TypeCount,
} from '../../shared/history';
import type { BalancePeriod, BalancePoint } from '../../shared/balance-history';
import type { PagingFault } from '../../shared/paging-guard';
import type { IndexSums } from '../../shared/reconcile';
import type { PageGuardArgs } from './worker-thread/page-guard';
import type { AccountMeta, IngestResult, PageResult } from './worker-thread/store';
import type { AccountChange } from './worker-thread/account-meta';
import type { SideKind } from './worker-thread/side-records';

/** What a sync's page is checked against before it is written (worker-thread/page-guard.ts). */
export type { PageGuardArgs };

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
  /** The file to write: claimed by the caller, empty, in the export directory (core/exports/export-files.ts claimFreshPath). */
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
    },
    PageResult,
  ];
  ingestTexts: [{ account: string; texts: string[] }, IngestResult];
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
  /** Per asset, every leg in and out and the fees the account paid, for the reconciliation (shared/reconcile.ts). */
  sums: [{ account: string }, IndexSums];
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
