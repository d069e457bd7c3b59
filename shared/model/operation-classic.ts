// The operation types both dialects write: the local network's eleven (docs/design.md), which
// Horizon writes too.
import { z } from 'zod';
import { Claimant, Currency, CurrencyAmount, DecimalString, DigitsString, IdString } from './base';
import { common } from './operation-common';

export const PaymentOperation = z.object({
  ...common,
  type: z.literal('payment'),
  from: IdString,
  to: IdString,
  currency: Currency,
  amount: DecimalString,
});
export const CreateAccountOperation = z.object({
  ...common,
  type: z.literal('create_account'),
  funder: IdString,
  account: IdString,
  startingBalance: DecimalString,
});
export const ChangeTrustOperation = z.object({
  ...common,
  type: z.literal('change_trust'),
  trustor: IdString,
  /** The issuer, as Horizon writes it for an asset trustline. */
  trustee: IdString.optional(),
  currency: Currency.optional(),
  liquidityPoolId: IdString.optional(),
  limit: DecimalString,
});
export const CreateClaimableBalanceOperation = z.object({
  ...common,
  type: z.literal('create_claimable_balance'),
  currency: Currency,
  amount: DecimalString,
  claimants: z.array(Claimant),
  balanceId: IdString.optional(),
});
export const ClaimClaimableBalanceOperation = z.object({
  ...common,
  type: z.literal('claim_claimable_balance'),
  balanceId: IdString,
  claimant: IdString,
});
export const LiquidityPoolDepositOperation = z.object({
  ...common,
  type: z.literal('liquidity_pool_deposit'),
  liquidityPoolId: IdString,
  reservesMax: z.array(CurrencyAmount),
  minPrice: z.string(),
  maxPrice: z.string(),
  reservesDeposited: z.array(CurrencyAmount),
  sharesReceived: DecimalString,
});
export const LiquidityPoolWithdrawOperation = z.object({
  ...common,
  type: z.literal('liquidity_pool_withdraw'),
  liquidityPoolId: IdString,
  shares: DecimalString,
  reservesMin: z.array(CurrencyAmount),
  reservesReceived: z.array(CurrencyAmount),
});
export const ManageDataOperation = z.object({
  ...common,
  type: z.literal('manage_data'),
  name: z.string(),
  value: z.string().nullable(),
});
export const AccountMergeOperation = z.object({
  ...common,
  type: z.literal('account_merge'),
  account: IdString,
  into: IdString,
  amount: DecimalString.optional(),
});
export const BumpSequenceOperation = z.object({ ...common, type: z.literal('bump_sequence'), bumpTo: DigitsString });
export const SetOptionsOperation = z.object({
  ...common,
  type: z.literal('set_options'),
  homeDomain: z.string().optional(),
  inflationDest: IdString.optional(),
  masterKeyWeight: z.number().int().optional(),
  lowThreshold: z.number().int().optional(),
  medThreshold: z.number().int().optional(),
  highThreshold: z.number().int().optional(),
  signerKey: z.string().optional(),
  signerWeight: z.number().int().optional(),
  setFlags: z.array(z.string()).optional(),
  clearFlags: z.array(z.string()).optional(),
});
