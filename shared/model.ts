// The one domain model both dialects normalise into, as zod schemas so the IPC layer checks at
// run time exactly what the types promise. Ids, paging tokens and amounts are strings: ids
// exceed 2^53 and amounts are exact decimals.
import { z } from 'zod';
import { Minimums } from './minimums';

const MAX_ID = 200;
export const DecimalString = z.string().max(40).regex(/^-?\d+(\.\d+)?$/, 'an exact decimal string');
export const IdString = z.string().min(1).max(MAX_ID);
export const DigitsString = z.string().regex(/^\d{1,20}$/, 'a string of digits');

export const OPERATION_TYPES = [
  'payment',
  'create_account',
  'change_trust',
  'create_claimable_balance',
  'claim_claimable_balance',
  'liquidity_pool_deposit',
  'liquidity_pool_withdraw',
  'manage_data',
  'account_merge',
  'bump_sequence',
  'set_options',
] as const;
export type OperationType = (typeof OPERATION_TYPES)[number];

/** Type numbers of the ledger dialect (docs/design.md); Horizon's numbers differ. */
export const LEDGER_TYPE_CODES: Record<OperationType, number> = {
  payment: 0,
  create_account: 1,
  change_trust: 2,
  create_claimable_balance: 3,
  claim_claimable_balance: 4,
  liquidity_pool_deposit: 5,
  liquidity_pool_withdraw: 6,
  manage_data: 7,
  account_merge: 8,
  bump_sequence: 9,
  set_options: 10,
};

/** Native currency: no issuer. Credit currencies: code and issuer. */
export const Currency = z.object({
  code: z.string().min(1).max(12),
  issuer: z.string().max(MAX_ID).optional(),
});
export type Currency = z.infer<typeof Currency>;

export const CurrencyAmount = z.object({ currency: Currency, amount: DecimalString });
export type CurrencyAmount = z.infer<typeof CurrencyAmount>;

export const TransactionSummary = z.object({
  hash: IdString,
  ledger: z.number().int().nonnegative(),
  createdAt: z.string(),
  sourceAccount: IdString,
  feeCharged: DigitsString,
  maxFee: DigitsString,
  operationCount: z.number().int().nonnegative(),
  memoType: z.string(),
  memo: z.string().optional(),
  successful: z.boolean(),
  envelopeXdr: z.string().optional(),
  resultXdr: z.string().optional(),
});
export type TransactionSummary = z.infer<typeof TransactionSummary>;

const common = {
  id: DigitsString,
  pagingToken: z.string().max(MAX_ID),
  sourceAccount: IdString,
  transactionHash: IdString,
  /** false for an operation of a failed transaction. */
  successful: z.boolean(),
  createdAt: z.string(),
  /** Direction relative to the viewed account, when one is viewed. */
  direction: z.enum(['in', 'out', 'self', 'none']).optional(),
  transaction: TransactionSummary.optional(),
  /** The record exactly as the server wrote it (lossless JSON text), for the detail view. */
  raw: z.string(),
};

export const Claimant = z.object({ destination: IdString, predicate: z.unknown() });

export const Operation = z.discriminatedUnion('type', [
  z.object({ ...common, type: z.literal('payment'), from: IdString, to: IdString, currency: Currency, amount: DecimalString }),
  z.object({ ...common, type: z.literal('create_account'), funder: IdString, account: IdString, startingBalance: DecimalString }),
  z.object({
    ...common,
    type: z.literal('change_trust'),
    trustor: IdString,
    currency: Currency.optional(),
    liquidityPoolId: IdString.optional(),
    limit: DecimalString,
  }),
  z.object({
    ...common,
    type: z.literal('create_claimable_balance'),
    currency: Currency,
    amount: DecimalString,
    claimants: z.array(Claimant),
    balanceId: IdString.optional(),
  }),
  z.object({ ...common, type: z.literal('claim_claimable_balance'), balanceId: IdString, claimant: IdString }),
  z.object({
    ...common,
    type: z.literal('liquidity_pool_deposit'),
    liquidityPoolId: IdString,
    reservesMax: z.array(CurrencyAmount),
    minPrice: z.string(),
    maxPrice: z.string(),
    reservesDeposited: z.array(CurrencyAmount),
    sharesReceived: DecimalString,
  }),
  z.object({
    ...common,
    type: z.literal('liquidity_pool_withdraw'),
    liquidityPoolId: IdString,
    shares: DecimalString,
    reservesMin: z.array(CurrencyAmount),
    reservesReceived: z.array(CurrencyAmount),
  }),
  z.object({ ...common, type: z.literal('manage_data'), name: z.string(), value: z.string().nullable() }),
  z.object({ ...common, type: z.literal('account_merge'), account: IdString, into: IdString, amount: DecimalString.optional() }),
  z.object({ ...common, type: z.literal('bump_sequence'), bumpTo: DigitsString }),
  z.object({
    ...common,
    type: z.literal('set_options'),
    homeDomain: z.string().optional(),
    masterKeyWeight: z.number().int().optional(),
    lowThreshold: z.number().int().optional(),
    medThreshold: z.number().int().optional(),
    highThreshold: z.number().int().optional(),
    signerKey: z.string().optional(),
    signerWeight: z.number().int().optional(),
    setFlags: z.array(z.string()).optional(),
    clearFlags: z.array(z.string()).optional(),
  }),
  /** Any operation type this version does not know: kept, never dropped. */
  z.object({ ...common, type: z.literal('other'), typeName: z.string(), fields: z.record(z.string(), z.string()) }),
]);
export type Operation = z.infer<typeof Operation>;
export type OperationOf<T extends Operation['type']> = Extract<Operation, { type: T }>;

export const Page = <T extends z.ZodType>(record: T) =>
  z.object({
    records: z.array(record),
    /** Cursor of the next page, or null at the end of the listing. */
    next: z.string().nullable(),
    /** Cursor for the page before this one, or null at the start. */
    prev: z.string().nullable(),
  });
export const OperationPage = Page(Operation);
export type OperationPage = z.infer<typeof OperationPage>;

export const SUBMISSION_RESULTS = [
  'received',
  'success',
  'already_finished',
  'failed',
  'malformed',
  'connection_failed',
  'timeout',
] as const;
export const SubmissionOutcome = z.object({
  result: z.enum(SUBMISSION_RESULTS),
  hash: z.string(),
  /** Base64 or hex TransactionResult XDR as received, "" when there is none. */
  resultXdr: z.string(),
  transactionCode: z.string().optional(),
  operationCodes: z.array(z.string()).optional(),
  ledger: z.number().int().optional(),
  message: z.string().optional(),
});
export type SubmissionOutcome = z.infer<typeof SubmissionOutcome>;

// ---------------------------------------------------------------------------------------------
// Single resources for the entity views. Each keeps `raw`, the exact JSON text the server wrote.

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

export const Account = z.object({
  id: IdString,
  sequence: DigitsString,
  subentryCount: z.number().int().nonnegative(),
  balances: z.array(Balance),
  signers: z.array(Signer),
  thresholds: Thresholds,
  flags: z.record(z.string(), z.boolean()).optional(),
  lastModifiedLedger: z.number().int().optional(),
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

export const TransactionDetail = TransactionSummary.extend({
  pagingToken: z.string(),
  feeAccount: z.string().optional(),
  signatures: z.array(z.string()).optional(),
  /** Decoded from result_xdr; null when the server sent none or it does not decode. */
  resultCodes: ResultCodes.nullable(),
  /** The TransactionResult as @stellar/stellar-xdr-json's JSON tree (int64 values as strings). */
  resultJson: z.unknown(),
  raw: z.string(),
});
export type TransactionDetail = z.infer<typeof TransactionDetail>;

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

// ---------------------------------------------------------------------------------------------
// Result-code explanations, inspection, submission.

export const Explanation = z.object({
  code: z.string(),
  /** Where the code applies: the transaction as a whole or one operation (0-based index). */
  scope: z.enum(['transaction', 'operation']),
  operationIndex: z.number().int().nonnegative().optional(),
  title: z.string(),
  explanation: z.string(),
  fix: z.string(),
});
export type Explanation = z.infer<typeof Explanation>;

export const InspectedOperation = z.object({
  index: z.number().int().nonnegative(),
  type: z.string(),
  /** The operation's own source, when it overrides the transaction's. */
  source: z.string().optional(),
  /** One line a person can read: "pay 12.5 USD (G…) to G…". */
  summary: z.string(),
  /** Field name to display text. */
  details: z.record(z.string(), z.string()),
});
export type InspectedOperation = z.infer<typeof InspectedOperation>;

export const NetworkMatch = z.object({
  networkId: z.string(),
  name: z.string(),
  passphrase: z.string(),
  /** Hash of the (inner) transaction under this network's passphrase, hex. */
  hash: z.string(),
  /** How many of the envelope's signatures verify against a known signer under this hash. */
  verifiedSignatures: z.number().int().nonnegative(),
});
export type NetworkMatch = z.infer<typeof NetworkMatch>;

export const SequenceCheck = z.object({
  status: z.enum(['ok', 'too_low', 'ahead', 'no_account', 'unknown']),
  /** The account's current sequence on the selected network, when it could be read. */
  current: DigitsString.optional(),
  message: z.string(),
});

export const Inspection = z.object({
  envelopeType: z.enum(['v0', 'v1', 'fee_bump']),
  /** The encoding that was detected in the input. */
  encoding: z.enum(['hex', 'base64']),
  /** Canonical base64 of the envelope, for submission. */
  envelopeXdr: z.string(),
  /** Hash under the selected network's passphrase (what the server will call it). */
  hash: z.string(),
  networks: z.array(NetworkMatch),
  /** Ids of the networks whose hash the signatures verify for. */
  signedFor: z.array(z.string()),
  warnings: z.array(z.string()),
  source: z.string(),
  feeSource: z.string().optional(),
  sequence: DigitsString,
  sequenceCheck: SequenceCheck,
  /** Max fee in stroops (the outer fee for a fee-bump). */
  fee: DigitsString,
  innerFee: DigitsString.optional(),
  timeBounds: z.object({ minTime: DigitsString, maxTime: DigitsString }).nullable(),
  memo: z.object({ type: z.enum(['none', 'text', 'id', 'hash', 'return']), value: z.string().optional() }),
  operations: z.array(InspectedOperation),
  signatures: z.array(z.object({ hint: z.string(), signer: z.string().nullable() })),
  /** The envelope as @stellar/stellar-xdr-json's JSON tree. */
  json: z.unknown(),
});
export type Inspection = z.infer<typeof Inspection>;

// SubmissionOutcome above is extended here (fields optional, so existing producers keep working).
export const SubmissionReport = SubmissionOutcome.extend({
  networkId: z.string(),
  /** Plain-language meaning and fix of every code in the result. */
  explanations: z.array(Explanation),
  /** The TransactionResult as a JSON tree, when there is one. */
  resultJson: z.unknown().optional(),
  /** Journal entry recorded for this submission. */
  journalId: z.string(),
  /** true while the core is following a `received` transaction to its ledger (see tx:status). */
  following: z.boolean(),
});
export type SubmissionReport = z.infer<typeof SubmissionReport>;

export const TX_STATES = ['pending', 'success', 'failed', 'not_found', 'timeout', 'error'] as const;
export const TxStatus = z.object({
  hash: z.string(),
  networkId: z.string(),
  state: z.enum(TX_STATES),
  ledger: z.number().int().optional(),
  resultCodes: ResultCodes.optional(),
  explanations: z.array(Explanation).optional(),
  message: z.string().optional(),
  checkedAt: z.string(),
});
export type TxStatus = z.infer<typeof TxStatus>;

export const JournalEntry = z.object({
  id: z.string(),
  hash: z.string(),
  networkId: z.string(),
  submittedAt: z.string(),
  result: z.enum(SUBMISSION_RESULTS),
  /** Final state once known (after following a `received` transaction). */
  finalState: z.enum(TX_STATES).optional(),
  ledger: z.number().int().optional(),
  transactionCode: z.string().optional(),
  operationCodes: z.array(z.string()).optional(),
  message: z.string().optional(),
});
export type JournalEntry = z.infer<typeof JournalEntry>;

// ---------------------------------------------------------------------------------------------
// Streams and export.

export const STREAM_STATES = ['connecting', 'live', 'reconnecting', 'behind', 'stopped'] as const;
export const StreamStatus = z.object({
  account: IdString,
  networkId: z.string(),
  state: z.enum(STREAM_STATES),
  /** Reconnection attempt (1-based) while reconnecting. */
  attempt: z.number().int().optional(),
  /** Ledgers between the last record seen and the network's latest, while catching up. */
  behindBy: z.number().int().optional(),
  lastPagingToken: z.string().optional(),
  message: z.string().optional(),
});
export type StreamStatus = z.infer<typeof StreamStatus>;

export const WatchedAccount = z.object({
  account: IdString,
  networkId: z.string(),
  /**
   * Notify only for incoming payments reaching the minimum of their asset (`native`, `CODE:ISSUER`)
   * or, failing that, of any asset (`*`); absent = all (shared/minimums.ts).
   */
  minAmounts: Minimums.optional(),
  lastPagingToken: z.string().optional(),
});
export type WatchedAccount = z.infer<typeof WatchedAccount>;

export const EXPORT_STATES = ['running', 'done', 'cancelled', 'failed'] as const;
export const ExportProgress = z.object({
  exportId: z.string(),
  path: z.string(),
  state: z.enum(EXPORT_STATES),
  rows: z.number().int().nonnegative(),
  pages: z.number().int().nonnegative(),
  /** Set while waiting out a 429 (milliseconds until the next request). */
  waitingMs: z.number().optional(),
  /** How many rows the export will have, when the server tells (a ledger's or transaction's operations). */
  total: z.number().int().nonnegative().optional(),
  message: z.string().optional(),
});
export type ExportProgress = z.infer<typeof ExportProgress>;
