// The operation record: one zod schema per type, joined in a union on `type`, so the IPC layer
// checks at run time exactly what the types promise. A type no schema names is kept as `other`.
import { z } from 'zod';
import * as classic from './operation-classic';
import { common } from './operation-common';
import * as horizon from './operation-horizon';
import type { PaymentType } from './payment-types';
import { HistoryStart, Page } from './resources';
import { OPERATION_TYPES } from './type-codes';

export { LEDGER_TYPE_CODES, OPERATION_TYPES, type LedgerOperationType } from './type-codes';
export { PAYMENT_TYPES, isPaymentLike, type PaymentType } from './payment-types';

/** Types only Horizon writes, each with its own model (manage_offer: Horizon's pre-protocol-11 name). */
export const HORIZON_ONLY_TYPES = [
  'path_payment_strict_receive',
  'path_payment_strict_send',
  'manage_sell_offer',
  'manage_buy_offer',
  'manage_offer',
  'create_passive_sell_offer',
  'allow_trust',
  'set_trust_line_flags',
  'clawback',
  'clawback_claimable_balance',
  'begin_sponsoring_future_reserves',
  'end_sponsoring_future_reserves',
  'revoke_sponsorship',
  'inflation',
  'invoke_host_function',
  'extend_footprint_ttl',
  'restore_footprint',
] as const;

/** Every type the app models (anything else is an `other` record). */
export const MODELLED_TYPES = [...OPERATION_TYPES, ...HORIZON_ONLY_TYPES] as const;
export type OperationType = (typeof MODELLED_TYPES)[number];

export const OtherOperation = z.object({
  ...common,
  type: z.literal('other'),
  typeName: z.string(),
  fields: z.record(z.string(), z.string()),
});

export const Operation = z.discriminatedUnion('type', [
  classic.PaymentOperation,
  classic.CreateAccountOperation,
  classic.ChangeTrustOperation,
  classic.CreateClaimableBalanceOperation,
  classic.ClaimClaimableBalanceOperation,
  classic.LiquidityPoolDepositOperation,
  classic.LiquidityPoolWithdrawOperation,
  classic.ManageDataOperation,
  classic.AccountMergeOperation,
  classic.BumpSequenceOperation,
  classic.SetOptionsOperation,
  horizon.PathPaymentStrictReceiveOperation,
  horizon.PathPaymentStrictSendOperation,
  horizon.ManageSellOfferOperation,
  horizon.ManageBuyOfferOperation,
  horizon.ManageOfferOperation,
  horizon.CreatePassiveSellOfferOperation,
  horizon.AllowTrustOperation,
  horizon.SetTrustLineFlagsOperation,
  horizon.ClawbackOperation,
  horizon.ClawbackClaimableBalanceOperation,
  horizon.BeginSponsoringOperation,
  horizon.EndSponsoringOperation,
  horizon.RevokeSponsorshipOperation,
  horizon.InflationOperation,
  horizon.InvokeHostFunctionOperation,
  horizon.ExtendFootprintTtlOperation,
  horizon.RestoreFootprintOperation,
  /** Any operation type this version does not know: kept, never dropped. */
  OtherOperation,
]);
export type Operation = z.infer<typeof Operation>;
export type OperationOf<T extends Operation['type']> = Extract<Operation, { type: T }>;
export type PaymentLike = OperationOf<PaymentType>;

/** A page of operations; `historyStart` on the last page of a listing that reached the start of the server's history. */
export const OperationPage = Page(Operation).extend({ historyStart: HistoryStart.optional() });
export type OperationPage = z.infer<typeof OperationPage>;
