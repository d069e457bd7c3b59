// Shared building blocks of the domain model: exact strings for ids and amounts, currencies and
// the transaction summary an operation may carry. Ids, paging tokens and amounts are strings: ids
// exceed 2^53 and amounts are exact decimals.
import { z } from 'zod';

export const MAX_ID = 200;
export const DecimalString = z
  .string()
  .max(40)
  .regex(/^-?\d+(\.\d+)?$/, 'an exact decimal string');
export const IdString = z.string().min(1).max(MAX_ID);
export const DigitsString = z.string().regex(/^\d{1,20}$/, 'a string of digits');

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
  /** Who paid the fee (Horizon's `fee_account`: the fee-bump source where there is one); absent when the server omits it. */
  feeAccount: z.string().max(MAX_ID).optional(),
  maxFee: DigitsString,
  operationCount: z.number().int().nonnegative(),
  memoType: z.string(),
  memo: z.string().optional(),
  successful: z.boolean(),
  envelopeXdr: z.string().optional(),
  resultXdr: z.string().optional(),
});
export type TransactionSummary = z.infer<typeof TransactionSummary>;

export const Claimant = z.object({ destination: IdString, predicate: z.unknown() });
