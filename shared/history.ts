// The local history index of an account (issue #13): the filters, rows, totals and progress the
// app core answers on the `history:*` channels (docs/history-index.md). Amounts cross the
// boundary as exact decimal strings; the index holds them as integer stroops.
import { z } from 'zod';
import { DecimalString, IdString } from './model';

import { INDEX_PARTIAL } from './index-coverage';

/** What an index covers (shared/index-coverage.ts): partial, and why, with its own numbers. */
export const IndexCoverage = z.object({
  partial: z.enum(INDEX_PARTIAL).nullable(),
  records: z.number().int(),
  throughLedger: z.number().int().nullable(),
  latestLedger: z.number().int().nullable(),
  /** An index built from ledgers (a data lake's): the range asked, read through `through` (null: none yet). */
  ledgers: z
    .object({ where: z.string(), from: z.number().int(), to: z.number().int(), through: z.number().int().nullable() })
    .optional(),
});

export const HISTORY_DIRECTIONS = ['in', 'out', 'both', 'none'] as const;
export type HistoryDirection = (typeof HISTORY_DIRECTIONS)[number];

/** A non-negative amount with at most 7 decimals ("10000", "0.0000001"). */
export const AmountText = z
  .string()
  .max(40)
  .regex(/^\d{1,19}(\.\d{1,7})?$/, 'a non-negative amount with at most 7 decimals');
/** "native", "XLM", "CODE" or "CODE:ISSUER" (issuer a G… key). */
export const AssetFilter = z
  .string()
  .max(70)
  .regex(/^(native|[A-Za-z0-9]{1,12}(:G[A-Z2-7]{55})?)$/, 'an asset: native, CODE or CODE:ISSUER');
const TypeName = z.string().regex(/^[a-z_]{1,40}$/, 'an operation type name');
/** Epoch milliseconds. */
const Millis = z.number().int().min(0).max(8_640_000_000_000_000);

export const HistoryFilter = z
  .object({
    types: z.array(TypeName).max(40).optional(),
    asset: AssetFilter.optional(),
    counterparty: IdString.optional(),
    direction: z.enum(['in', 'out']).optional(),
    minAmount: AmountText.optional(),
    maxAmount: AmountText.optional(),
    /** Inclusive lower and exclusive upper bound of created_at, epoch ms. */
    from: Millis.optional(),
    to: Millis.optional(),
    memo: z.string().min(1).max(200).optional(),
    /** all (default), successful only, failed only. */
    status: z.enum(['all', 'successful', 'failed']).optional(),
  })
  .strict();
export type HistoryFilter = z.infer<typeof HistoryFilter>;

export const HistorySort = z.enum(['time', '-time', 'amount', '-amount']);
export type HistorySort = z.infer<typeof HistorySort>;

/** Keyset cursor: the sort key and id of the last row of the previous page, opaque to the renderer. */
export const HistoryCursor = z
  .string()
  .max(48)
  .regex(/^(n|\d{1,19}):\d{1,19}$/, 'a history cursor (sort key:id)');

export const HistoryRow = z.object({
  id: z.string(),
  pagingToken: z.string(),
  ledger: z.number().int(),
  createdAt: z.string(),
  type: z.string(),
  transactionHash: z.string(),
  successful: z.boolean(),
  source: z.string(),
  counterparty: z.string().nullable(),
  direction: z.enum(HISTORY_DIRECTIONS),
  asset: z.string().nullable(),
  amount: DecimalString.nullable(),
  sourceAsset: z.string().nullable(),
  sourceAmount: DecimalString.nullable(),
  memo: z.string().nullable(),
  memoType: z.string().nullable(),
  fee: z.string().nullable(),
  /**
   * The transaction's fee in stroops on the first row of each transaction whose fee this account
   * paid (its fee account: the fee-bump source where there is one); null on every other row.
   */
  feePaid: z.string().nullable(),
  /** The record as the server wrote it (only when asked for: it is large). */
  raw: z.string().optional(),
  /**
   * What the operation did, one sentence (shared/operation-summary.ts), on a row whose columns hold
   * no amount (a trust line, a sequence bump, options, an offer): a page's rows only.
   */
  summary: z.string().max(4000).optional(),
  /**
   * The row's legs beyond the two its columns hold (a pool deposit's second reserve, a contract
   * call's further changes), as the exports write them; absent or empty when it has none.
   */
  legs: z
    .array(
      z.object({
        side: z.enum(['in', 'out']),
        asset: z.string(),
        amount: DecimalString.nullable(),
        counterparty: z.string().nullable(),
      }),
    )
    .max(1000)
    .optional(),
});
export type HistoryRow = z.infer<typeof HistoryRow>;

export const AssetFlow = z.object({
  asset: z.string(),
  in: DecimalString,
  out: DecimalString,
  /** Fees the account paid, once per transaction (the native asset's only; "0" for every other). */
  fees: DecimalString,
  /** in − out − fees: what the flows changed the balance by. */
  net: DecimalString,
  count: z.number().int(),
});
export type AssetFlow = z.infer<typeof AssetFlow>;

export const HistorySummary = z.object({ count: z.number().int(), totals: z.array(AssetFlow) });
export type HistorySummary = z.infer<typeof HistorySummary>;

export const HistoryPage = z.object({
  rows: z.array(HistoryRow),
  /** Cursor after the last row, null at the end. */
  next: z.string().nullable(),
  /** Count and per-asset totals of the whole filtered set (when asked for). */
  summary: HistorySummary.nullable(),
  /** What the index covers, with the summary: a partial index's count and totals are partial. */
  coverage: IndexCoverage.optional(),
});
export type HistoryPage = z.infer<typeof HistoryPage>;

export const TotalsBy = z.enum(['asset', 'counterparty', 'day', 'week', 'month']);
export type TotalsBy = z.infer<typeof TotalsBy>;

export const TotalsRow = z.object({
  /** The asset, the counterparty, or the period's first day (YYYY-MM-DD, UTC; weeks start on Monday). */
  key: z.string(),
  asset: z.string(),
  in: DecimalString,
  out: DecimalString,
  /** Fees the account paid, once per transaction (the native asset's only; "0" for every other). */
  fees: DecimalString,
  /** in − out − fees. */
  net: DecimalString,
  count: z.number().int(),
  /** Volume = in + out, the order of "top N" counterparties. */
  volume: DecimalString,
  first: z.string().nullable(),
  last: z.string().nullable(),
});
export type TotalsRow = z.infer<typeof TotalsRow>;

/** An operation type the index holds for an account, and how many of its operations have it. */
export const TypeCount = z.object({ type: z.string(), count: z.number().int() });
export type TypeCount = z.infer<typeof TypeCount>;

/** A day's net flow of one asset (in − out − fees) and the running total since the first indexed operation. */
export const FlowPoint = z.object({ day: z.string(), net: DecimalString, cumulative: DecimalString });
export type FlowPoint = z.infer<typeof FlowPoint>;

export const HISTORY_STATES = ['idle', 'syncing', 'paused', 'current', 'error', 'cancelled'] as const;
export const HistoryProgress = z.object({
  account: z.string(),
  networkId: z.string(),
  state: z.enum(HISTORY_STATES),
  /** Rows in the index now. */
  records: z.number().int(),
  /** Records added per second over the last few seconds. */
  ratePerSecond: z.number().nonnegative(),
  oldest: z.string().nullable(),
  newest: z.string().nullable(),
  /** The index holds every operation of the account from this ledger on (null: not known yet). */
  completeFromLedger: z.number().int().nullable(),
  /** Waiting before the next request (ms), when a wait is being waited out. */
  waitingMs: z.number().nonnegative().optional(),
  /** Why: the server's rate limit (429) or the server unavailable (503). */
  waitingFor: z.enum(['rate_limit', 'unavailable']).optional(),
  /** The longest wait the sync accepts (the client's max-wait): a server asking for more ends it. */
  waitLimitMs: z.number().int().nonnegative().optional(),
  message: z.string().optional(),
  /** What the index covers now. */
  coverage: IndexCoverage.optional(),
  /** A sync from a ledger data lake: where it stands in its range, at what speed, and what is left. */
  lake: z
    .object({
      where: z.string(),
      from: z.number().int(),
      to: z.number().int(),
      /** Ledgers of the range read into the index. */
      done: z.number().int().nonnegative(),
      /** Bytes fetched by this sync (compressed, as the lake stores them). */
      bytes: z.number().nonnegative(),
      ledgersPerSecond: z.number().nonnegative(),
      bytesPerSecond: z.number().nonnegative(),
      /** Time left at the speed so far (null: not known yet). */
      msLeft: z.number().nonnegative().nullable(),
      /** Waiting for a turn to read (a few lake syncs read at once): how many other syncs are ahead. */
      waiting: z.number().int().nonnegative().optional(),
    })
    .optional(),
});
export type HistoryProgress = z.infer<typeof HistoryProgress>;

export const HistoryIndexInfo = z.object({
  account: z.string(),
  networkId: z.string(),
  rows: z.number().int(),
  /** Bytes the account's rows take (estimated share of the network's file). */
  bytes: z.number().int(),
  oldest: z.string().nullable(),
  newest: z.string().nullable(),
  completeFromLedger: z.number().int().nullable(),
  lastPagingToken: z.string().nullable(),
  state: z.enum(HISTORY_STATES),
  coverage: IndexCoverage.optional(),
});
export type HistoryIndexInfo = z.infer<typeof HistoryIndexInfo>;
