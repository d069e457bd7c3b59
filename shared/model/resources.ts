// Single resources for the entity views and the page envelope. Each resource keeps `raw`, the
// exact JSON text the server wrote.
import { z } from 'zod';
import {
  Claimant,
  Currency,
  CurrencyAmount,
  DecimalString,
  DigitsString,
  IdString,
  MAX_ID,
  TransactionSummary,
} from './base';

export const Page = <T extends z.ZodType>(record: T) =>
  z.object({
    records: z.array(record),
    /** Cursor of the next page, or null at the end of the listing. */
    next: z.string().nullable(),
    /** Cursor for the page before this one, or null at the start. */
    prev: z.string().nullable(),
  });

/** The start of a server's history (shared/history-start.ts says it in words). */
export const HistoryStart = z.object({
  /** The oldest ledger the server keeps (null: it did not say which). */
  ledger: z.number().int().nonnegative().nullable(),
  /** When that ledger closed (ISO 8601), when the server told. */
  closedAt: z.string().max(40).optional(),
  /**
   * A server that keeps a window of recent ledgers (Stellar RPC): its latest ledger and when it
   * closed (seconds since 1970 for both close times), so the window is said whole.
   */
  window: z
    .object({
      latest: z.number().int().nonnegative(),
      /** The oldest ledger kept is the network's first: nothing is older. */
      fromGenesis: z.boolean().optional(),
      oldestCloseTime: z.number().int().nonnegative().optional(),
      latestCloseTime: z.number().int().nonnegative().optional(),
    })
    .optional(),
});
export type HistoryStart = z.infer<typeof HistoryStart>;

export const Balance = z.object({
  /** Absent for a liquidity-pool share balance (then liquidityPoolId is set). */
  currency: Currency.optional(),
  liquidityPoolId: IdString.optional(),
  amount: DecimalString,
  /** Trustlines only. */
  limit: DecimalString.optional(),
});
export type Balance = z.infer<typeof Balance>;

export const Signer = z.object({ key: z.string().max(MAX_ID), weight: z.number().int(), type: z.string().max(64) });
export type Signer = z.infer<typeof Signer>;

export const Thresholds = z.object({ low: z.number().int(), med: z.number().int(), high: z.number().int() });

/** A home domain is a string32 in the ledger. */
export const MAX_HOME_DOMAIN = 32;

export const Account = z.object({
  id: IdString,
  sequence: DigitsString,
  subentryCount: z.number().int().nonnegative(),
  balances: z.array(Balance),
  /**
   * What the balances cover when they may not be all of the account's (a Stellar RPC server
   * cannot list an account's trustlines): said beside them.
   */
  balancesNote: z.string().max(400).optional(),
  signers: z.array(Signer),
  thresholds: Thresholds,
  flags: z.record(z.string(), z.boolean()).optional(),
  lastModifiedLedger: z.number().int().optional(),
  /** The account's home domain (SEP-1 reads its stellar.toml), when set. */
  homeDomain: z.string().max(MAX_HOME_DOMAIN).optional(),
  /** Data entries: name to base64 value (at most 64 bytes, so 88 characters). */
  data: z.record(z.string().max(64), z.string().max(88)).optional(),
  raw: z.string(),
});
export type Account = z.infer<typeof Account>;

export const Ledger = z.object({
  sequence: z.number().int().nonnegative(),
  hash: z.string(),
  closedAt: z.string(),
  transactionCount: z.number().int().nonnegative(),
  failedTransactionCount: z.number().int().nonnegative().optional(),
  operationCount: z.number().int().nonnegative(),
  raw: z.string(),
});
export type Ledger = z.infer<typeof Ledger>;

/** Result codes of a transaction: `txSUCCESS`/`txFAILED`/… and one code per operation. */
export const ResultCodes = z.object({ transaction: z.string(), operations: z.array(z.string()) });
export type ResultCodes = z.infer<typeof ResultCodes>;

/**
 * A signature as the envelope carries it: the 4-byte hint (hex), the signature (base64), which
 * part of the envelope holds it, and the account whose key hint matches, when one of the
 * transaction's own accounts does (a hint match names a likely signer; it is not verification).
 */
export const EnvelopeSignature = z.object({
  hint: z.string(),
  signature: z.string(),
  part: z.enum(['transaction', 'fee_bump', 'inner']),
  hintMatches: z.string().nullable(),
});
export type EnvelopeSignature = z.infer<typeof EnvelopeSignature>;

/**
 * A movement of value a transaction's meta records as a CAP-67 event of an asset's contract (its
 * fee, each operation's transfers, mints, burns and clawbacks), read only from the asset's own
 * contract on the network. `amount` is negative for a fee refunded.
 */
export const AssetMovement = z.object({
  kind: z.enum(['transfer', 'mint', 'burn', 'clawback', 'fee']),
  currency: Currency,
  amount: DecimalString,
  from: z.string().max(MAX_ID).optional(),
  to: z.string().max(MAX_ID).optional(),
  /** CAP-67's `to_muxed_id`: the destination's muxed id, or the transaction's memo (text, id or hash). */
  toMuxedId: z.string().max(100).optional(),
  /** The operation's 1-based index; absent for the transaction's own (its fee). */
  operation: z.number().int().min(1).optional(),
});
export type AssetMovement = z.infer<typeof AssetMovement>;

export const TransactionDetail = TransactionSummary.extend({
  pagingToken: z.string(),
  feeAccount: z.string().optional(),
  signatures: z.array(z.string()).optional(),
  /** Decoded from envelope_xdr; absent when the server sent no envelope or it does not decode. */
  envelopeSignatures: z.array(EnvelopeSignature).optional(),
  /** Decoded from result_xdr; null when the server sent none or it does not decode. */
  resultCodes: ResultCodes.nullable(),
  /** The TransactionResult as @stellar/stellar-xdr-json's JSON tree (int64 values as strings). */
  resultJson: z.unknown(),
  /** What its meta's CAP-67 events moved, when the server gave the meta (absent: not known). */
  events: z.array(AssetMovement).max(10_000).optional(),
  raw: z.string(),
});
export type TransactionDetail = z.infer<typeof TransactionDetail>;

/** A row of a ledger's transaction list: the summary and its decoded result codes. */
export const LedgerTransaction = TransactionSummary.omit({ envelopeXdr: true, resultXdr: true }).extend({
  resultCodes: ResultCodes.nullable(),
});
export type LedgerTransaction = z.infer<typeof LedgerTransaction>;

export const ClaimableBalance = z.object({
  id: IdString,
  currency: Currency,
  amount: DecimalString,
  sponsor: z.string().optional(),
  claimants: z.array(Claimant),
  lastModifiedLedger: z.number().int().optional(),
  raw: z.string(),
});
export type ClaimableBalance = z.infer<typeof ClaimableBalance>;

export const LiquidityPool = z.object({
  id: IdString,
  feeBp: z.number().int().optional(),
  poolType: z.string().optional(),
  totalTrustlines: DigitsString.optional(),
  totalShares: DecimalString,
  reserves: z.array(CurrencyAmount),
  raw: z.string(),
});
export type LiquidityPool = z.infer<typeof LiquidityPool>;
