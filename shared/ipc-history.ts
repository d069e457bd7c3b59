// The history index's channels (a local SQLite index of one account's operations;
// docs/history-index.md), spread into the one channel map of shared/ipc.ts.
import { z } from 'zod';
import { ExportFileName } from './file-name';
import {
  AssetFilter,
  FlowPoint,
  HistoryCursor,
  HistoryFilter,
  HistoryIndexInfo,
  HistoryPage,
  HistoryProgress,
  HistorySort,
  TotalsBy,
  TotalsRow,
  TypeCount,
  IndexCoverage,
} from './history';
import { none, request } from './ipc-values';
import { IdString } from './model';
import { BALANCE_PERIODS, BalanceAsset, BalanceHistory } from './balance-history';
import { Reconciliation } from './reconcile';

const HistoryAccount = z.object({ account: IdString }).strict();

/** A lake's folder (absolute path or file:// URL) or http(s) base URL. */
const LakeWhere = z.string().min(1).max(2048);
const LedgerNumber = z.number().int().min(1).max(0xffff_ffff);

/** A lake as the core read it, and what a range of it costs (channel history:lake-info). */
export const LakeInfo = z.object({
  /** The folder or URL, for a sentence (no credentials). */
  where: z.string(),
  networkPassphrase: z.string(),
  /** Whether the lake's network is the selected one's. */
  sameNetwork: z.boolean(),
  ledgersPerFile: z.number().int(),
  first: z.number().int(),
  last: z.number().int(),
  firstClosedAt: z.string().nullable(),
  lastClosedAt: z.string().nullable(),
  from: z.number().int(),
  to: z.number().int(),
  files: z.number().int(),
  requests: z.number().int(),
  /** Estimated from `sampled` objects' sizes (0 sampled: not known). */
  bytes: z.number().nonnegative(),
  sampled: z.number().int(),
});
export type LakeInfo = z.infer<typeof LakeInfo>;

export const historyChannels = {
  /** Starts (or resumes) the sync of an account on the selected network; progress on `history:progress`. */
  'history:sync': request(z.object({ account: IdString, follow: z.boolean().default(true) }).strict(), HistoryProgress),
  /**
   * Starts (or goes on with) an index of the account read from a ledger data lake (issue 39): a
   * folder or an http(s) base URL, over ledgers `from` to `to` (default: the lake's first and last).
   * Progress on `history:progress`, with `lake`.
   */
  'history:sync-lake': request(
    z
      .object({
        account: IdString,
        lake: LakeWhere,
        from: LedgerNumber.optional(),
        to: LedgerNumber.optional(),
      })
      .strict(),
    HistoryProgress,
  ),
  /** What a lake holds and what a range of it costs before it is fetched: its network, its first and last ledger and their times, and the range's files, requests and bytes (estimated from sampled objects, and said so). */
  'history:lake-info': request(
    z.object({ lake: LakeWhere, from: LedgerNumber.optional(), to: LedgerNumber.optional() }).strict(),
    LakeInfo,
  ),
  /** The lake's ledger closed at (or first after) a time, for a range picked by dates. */
  'history:lake-ledger-at': request(
    z.object({ lake: LakeWhere, time: z.iso.datetime({ offset: true }) }).strict(),
    z.object({ ledger: z.number().int(), closedAt: z.string() }),
  ),
  'history:pause': request(HistoryAccount, HistoryProgress),
  /** Resumes a paused, cancelled or failed sync of this session as it was started (else starts one that follows). */
  'history:resume': request(HistoryAccount, HistoryProgress),
  'history:cancel': request(HistoryAccount, HistoryProgress),
  /** The sync's progress now (state idle when none runs in this session). */
  'history:status': request(HistoryAccount, HistoryProgress),
  /** Indexed accounts of the selected network, with their size. */
  'history:list': request(
    none,
    z.object({ networkId: z.string(), indexes: z.array(HistoryIndexInfo), fileBytes: z.number().int() }),
  ),
  'history:remove': request(HistoryAccount, z.object({ removed: z.boolean() })),
  /** A damaged index (docs/history-index.md): deleted (the whole file when the file is damaged) and synced again. */
  'history:rebuild': request(HistoryAccount, HistoryProgress),
  /** One keyset page of the filtered set; `summary` (count, per-asset totals) when asked for. */
  'history:query': request(
    z
      .object({
        account: IdString,
        filter: HistoryFilter.default({}),
        sort: HistorySort.default('-time'),
        cursor: HistoryCursor.optional(),
        limit: z.number().int().min(1).max(1000).default(100),
        includeRaw: z.boolean().default(false),
        summary: z.boolean().default(false),
      })
      .strict(),
    HistoryPage,
  ),
  /** Totals of the filtered set by asset, counterparty (top N by volume), day, week or month. */
  'history:totals': request(
    z
      .object({
        account: IdString,
        filter: HistoryFilter.default({}),
        by: TotalsBy,
        top: z.number().int().min(1).max(10_000).default(50),
      })
      .strict(),
    z.object({ rows: z.array(TotalsRow), coverage: IndexCoverage.optional() }),
  ),
  /** The operation types the account's index holds, with their counts (the workbench's type filter lists these). */
  'history:types': request(HistoryAccount, z.object({ types: z.array(TypeCount), coverage: IndexCoverage.optional() })),
  /** Net flow of one asset per day and its running total over the filtered set. */
  'history:flow': request(
    z.object({ account: IdString, filter: HistoryFilter.default({}), asset: AssetFilter }).strict(),
    z.object({ points: z.array(FlowPoint), coverage: IndexCoverage.optional() }),
  ),
  /**
   * Whether the account's flows add up: per asset, opening, in, out, fees and closing from the
   * index beside the balance the network reports now (shared/reconcile.ts).
   */
  'history:reconcile': request(
    HistoryAccount,
    z.object({ reconciliation: Reconciliation, coverage: IndexCoverage.optional() }),
  ),
  /** One asset's balance per day, week or month from the index (shared/balance-history.ts). */
  'history:balance': request(
    z.object({ account: IdString, asset: BalanceAsset, by: z.enum(BALANCE_PERIODS).default('day') }).strict(),
    z.object({ history: BalanceHistory, coverage: IndexCoverage.optional() }),
  ),
  /**
   * Writes the filtered set to a file in the export directory: the one column set (csv), the
   * accounting layout (one row per transaction, shared/accounting.ts) or NDJSON. `maxRows` bounds
   * the operations read. `exportId` names the finished file for a download (the web host's
   * /exports/<id>), as the listing exports' do.
   */
  'history:export': request(
    z
      .object({
        account: IdString,
        filter: HistoryFilter.default({}),
        sort: HistorySort.default('time'),
        format: z.enum(['csv', 'accounting', 'ndjson']),
        fileName: ExportFileName.optional(),
        maxRows: z.number().int().positive().max(10_000_000).optional(),
      })
      .strict(),
    z.object({ path: z.string(), rows: z.number().int(), exportId: z.string().optional() }),
  ),
} as const;

export const historyEvents = {
  /** A history sync's state, records, rate and reach (throttled to a few per second). */
  'history:progress': HistoryProgress,
} as const;
