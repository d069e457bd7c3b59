// Operation types only Horizon writes (the local network has none of them), field for field as
// stellar/go protocols/horizon/operations/main.go names them, read into the model's words.
import { z } from 'zod';
import { Currency, DecimalString, DigitsString, IdString } from './base';
import { common } from './operation-common';

const pathPayment = {
  ...common,
  from: IdString,
  to: IdString,
  /** What the receiver got. */
  currency: Currency,
  amount: DecimalString,
  /** What the sender paid. */
  sourceCurrency: Currency,
  sourceAmount: DecimalString,
  /** The currencies the payment crossed, in order (empty for a direct conversion). */
  path: z.array(Currency),
};
export const PathPaymentStrictReceiveOperation = z.object({
  ...pathPayment,
  type: z.literal('path_payment_strict_receive'),
  sourceMax: DecimalString.optional(),
});
export const PathPaymentStrictSendOperation = z.object({
  ...pathPayment,
  type: z.literal('path_payment_strict_send'),
  destinationMin: DecimalString.optional(),
});

/** A price as Horizon writes it: a decimal and the exact fraction `price_r`. */
export const PriceRatio = z.object({ n: DigitsString, d: DigitsString });
const offer = {
  ...common,
  selling: Currency,
  buying: Currency,
  /** Selling amount (manage_buy_offer: the amount bought). */
  amount: DecimalString,
  price: DecimalString,
  priceRatio: PriceRatio.optional(),
};
/** `offerId` "0" creates an offer; another id changes it, and amount 0 deletes it. */
export const ManageSellOfferOperation = z.object({
  ...offer,
  type: z.literal('manage_sell_offer'),
  offerId: DigitsString.optional(),
});
export const ManageBuyOfferOperation = z.object({
  ...offer,
  type: z.literal('manage_buy_offer'),
  offerId: DigitsString.optional(),
});
/** Horizon's name of manage_sell_offer before protocol 11. */
export const ManageOfferOperation = z.object({
  ...offer,
  type: z.literal('manage_offer'),
  offerId: DigitsString.optional(),
});
export const CreatePassiveSellOfferOperation = z.object({ ...offer, type: z.literal('create_passive_sell_offer') });

export const AllowTrustOperation = z.object({
  ...common,
  type: z.literal('allow_trust'),
  trustor: IdString,
  trustee: IdString,
  currency: Currency,
  authorize: z.boolean(),
  authorizeToMaintainLiabilities: z.boolean().optional(),
});
export const SetTrustLineFlagsOperation = z.object({
  ...common,
  type: z.literal('set_trust_line_flags'),
  trustor: IdString,
  currency: Currency,
  setFlags: z.array(z.string()).optional(),
  clearFlags: z.array(z.string()).optional(),
});
export const ClawbackOperation = z.object({
  ...common,
  type: z.literal('clawback'),
  from: IdString,
  currency: Currency,
  amount: DecimalString,
});
export const ClawbackClaimableBalanceOperation = z.object({
  ...common,
  type: z.literal('clawback_claimable_balance'),
  balanceId: IdString,
});

export const BeginSponsoringOperation = z.object({
  ...common,
  type: z.literal('begin_sponsoring_future_reserves'),
  sponsoredId: IdString,
});
export const EndSponsoringOperation = z.object({
  ...common,
  type: z.literal('end_sponsoring_future_reserves'),
  beginSponsor: IdString,
});
/** Exactly one kind of entry is named; its fields are Horizon's, in the model's words. */
export const RevokeSponsorshipOperation = z.object({
  ...common,
  type: z.literal('revoke_sponsorship'),
  accountId: IdString.optional(),
  claimableBalanceId: IdString.optional(),
  dataAccountId: IdString.optional(),
  dataName: z.string().optional(),
  offerId: DigitsString.optional(),
  trustlineAccountId: IdString.optional(),
  trustlineAsset: Currency.optional(),
  trustlineLiquidityPoolId: IdString.optional(),
  signerAccountId: IdString.optional(),
  signerKey: z.string().optional(),
});
export const InflationOperation = z.object({ ...common, type: z.literal('inflation') });

/** A balance change Horizon attaches to a contract call (a Stellar Asset Contract transfer, mint, …). */
export const AssetBalanceChange = z.object({
  currency: Currency,
  /** transfer, mint, clawback or burn. */
  kind: z.string(),
  from: z.string().optional(),
  to: z.string().optional(),
  amount: DecimalString,
  destinationMuxedId: z.string().optional(),
});
export type AssetBalanceChange = z.infer<typeof AssetBalanceChange>;
export const InvokeHostFunctionOperation = z.object({
  ...common,
  type: z.literal('invoke_host_function'),
  /** Horizon's `function`: HostFunctionTypeHostFunctionTypeInvokeContract, …CreateContract, …UploadContractWasm. */
  hostFunction: z.string(),
  /** The called contract (C…), read from the first parameter of a contract call. */
  contract: z.string().optional(),
  /** The called function's name, read from the second parameter of a contract call. */
  functionName: z.string().optional(),
  /** Every parameter as Horizon wrote it: its ScVal type and base64 XDR. */
  parameters: z.array(z.object({ type: z.string(), value: z.string() })),
  /** The deployer address and salt of a contract creation. */
  address: z.string().optional(),
  salt: z.string().optional(),
  assetBalanceChanges: z.array(AssetBalanceChange),
});
export const ExtendFootprintTtlOperation = z.object({
  ...common,
  type: z.literal('extend_footprint_ttl'),
  extendTo: z.number().int().nonnegative(),
});
export const RestoreFootprintOperation = z.object({ ...common, type: z.literal('restore_footprint') });
