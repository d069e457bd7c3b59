// What a reconciliation (reconcile.ts) reads: the index's sums per asset and what the core asked
// of the network. Apart so that reconcile-causes.ts reads it without an import cycle.
import { z } from 'zod';
import { DecimalString } from './model';

/** What the index summed for one asset (core: roll_day), as exact decimal strings. */
export const AssetSums = z.object({
  /** "native", "CODE:ISSUER" or "pool:ID" (shares). */
  asset: z.string(),
  in: DecimalString,
  out: DecimalString,
  fees: DecimalString,
  /** Legs whose amount the records do not carry (a claim's contents, an old merge). */
  unknown: z.number().int(),
  /** Operations whose records carry no transaction, so no word of who paid the fee (native only). */
  nofee: z.number().int(),
  legs: z.number().int(),
});
export type AssetSums = z.infer<typeof AssetSums>;

/** What the index holds of the account, for the reconciliation. */
export const IndexSums = z.object({
  assets: z.array(AssetSums),
  /** The index holds the operation that created the account: its balances were zero before. */
  created: z.boolean(),
  /** Claims whose records say neither the asset nor the amount (Horizon's claim records). */
  unknownClaims: z.number().int(),
  /** Offer operations of the account: their fills are trades, not in operation records. */
  offers: z.number().int(),
  /**
   * The listings beside the operations the index has not read (core/history-index sync-sides.ts):
   * "transactions" (fees paid for transactions none of whose operations is the account's) and
   * "trades" (fills of its offers), because the server does not serve them or no sync has walked them yet.
   */
  unread: z.array(z.enum(['transactions', 'trades'])),
  /** No sync has walked the listings beside the operations yet (they are `unread` for that reason). */
  sidesPending: z.boolean(),
  newestLedger: z.number().int().nullable(),
  oldestLedger: z.number().int().nullable(),
});
export type IndexSums = z.infer<typeof IndexSums>;

/** A balance the network reports: its asset key (as the index writes it) and amount. */
export interface ReportedBalance {
  asset: string;
  amount: string;
}

export interface ReconcileInput {
  account: string;
  sums: IndexSums;
  /** null: the account does not exist now. */
  balances: ReportedBalance[] | null;
  /** Why the index is partial (shared/index-coverage.ts), or null when its sync reached the end. */
  partial: string | null;
  /** The ledger from which the server keeps the account's history (null: all of it, or not known). */
  completeFromLedger: number | null;
  /** The ledger the account was last changed in, as the network reports it (null: not said). */
  lastModifiedLedger: number | null;
  /**
   * Whether the server lists operations, transactions or trades of the account after the index's
   * newest (core/app/reconcile.ts asks when the account changed after the index's newest record,
   * or does not say when it changed); null: not asked.
   */
  newerOnServer: boolean | null;
  /**
   * The account is the network's root and the server's history starts at genesis: the native
   * balance it held then (the genesis ledger's total coins); null otherwise.
   */
  genesisBalance: string | null;
  checkedAt: string;
  /** An index read from ledgers (a data lake's): the range and each asset's balance at both ends; absent for a server's history. */
  ledgers?: LedgerReconcileInput | null;
  /** Whether the network was asked for the account now (an index read from ledgers reconciles without it: `balances` null then means "not asked" unless this is true). */
  networkAsked?: boolean;
  /** The network lists only some of the account's balances (Stellar RPC): an asset it does not name is not known to be zero. */
  someBalances?: boolean;
}

/** The range an index read from ledgers, and each asset's balance (stroops) before its first change there and after its last. */
export interface LedgerReconcileInput {
  from: number;
  to: number;
  balances: { asset: string; opening: string; closing: string }[];
}
