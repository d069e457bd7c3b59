// The one domain model both dialects normalise into, as zod schemas so the IPC layer checks at
// run time exactly what the types promise. Ids, paging tokens and amounts are strings: ids
// exceed 2^53 and amounts are exact decimals.
import { z } from 'zod';

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

/** Type numbers of the ledger dialect (DESIGN.md); Horizon's numbers differ. */
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
export const NATIVE: Currency = { code: 'XLM' };

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
