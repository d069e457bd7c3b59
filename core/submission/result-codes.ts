// Result codes as Horizon spells them, derived from @stellar/stellar-base's XDR enums. Horizon
// (stellar/go services/horizon/internal/codes) writes most codes as `tx_`/`op_` plus the snake
// case of the XDR member without its operation prefix (paymentUnderfunded -> op_underfunded), so
// several operation types share a code; the exceptions are listed here as Horizon writes them.
import { xdr } from '@stellar/stellar-base';

/** XDR member (js-xdr spelling) -> Horizon's string, where it is not the plain derivation. */
const HORIZON_SPELLING: Record<string, string> = {
  txNoAccount: 'tx_no_source_account',
  txBadMinSeqAgeOrGap: 'tx_bad_minseq_age_or_gap',
  opNoAccount: 'op_no_source_account',
  createAccountAlreadyExist: 'op_already_exists',
  pathPaymentStrictReceiveOfferCrossSelf: 'op_cross_self',
  pathPaymentStrictReceiveOverSendmax: 'op_over_source_max',
  pathPaymentStrictSendOfferCrossSelf: 'op_cross_self',
  pathPaymentStrictSendUnderDestmin: 'op_under_dest_min',
  manageSellOfferSellNotAuthorized: 'sell_not_authorized',
  manageSellOfferBuyNotAuthorized: 'buy_not_authorized',
  manageSellOfferBuyNoIssuer: 'buy_no_issuer',
  manageSellOfferNotFound: 'op_offer_not_found',
  manageBuyOfferSellNotAuthorized: 'sell_not_authorized',
  manageBuyOfferBuyNotAuthorized: 'buy_not_authorized',
  manageBuyOfferBuyNoIssuer: 'buy_no_issuer',
  manageBuyOfferNotFound: 'op_offer_not_found',
  changeTrustNotAuthMaintainLiabilities: 'op_not_aut_maintain_liabilities',
  allowTrustNoTrustLine: 'op_no_trust',
  allowTrustTrustNotRequired: 'op_not_required',
  accountMergeSeqnumTooFar: 'op_seq_num_too_far',
  manageDataNameNotFound: 'op_data_name_not_found',
  manageDataInvalidName: 'op_data_invalid_name',
  clawbackClaimableBalanceNotIssuer: 'op_no_issuer',
  setTrustLineFlagsNoTrustLine: 'op_no_trust',
  invokeHostFunctionTrapped: 'function_trapped',
  invokeHostFunctionResourceLimitExceeded: 'resource_limit_exceeded',
  invokeHostFunctionEntryArchived: 'entry_archived',
  invokeHostFunctionInsufficientRefundableFee: 'insufficient_refundable_fee',
  extendFootprintTtlResourceLimitExceeded: 'resource_limit_exceeded',
  extendFootprintTtlInsufficientRefundableFee: 'insufficient_refundable_fee',
  restoreFootprintResourceLimitExceeded: 'resource_limit_exceeded',
  restoreFootprintInsufficientRefundableFee: 'insufficient_refundable_fee',
};

/** Other spellings of the same codes: older Horizon releases and other Stellar tools. */
export const SPELLING_ALIASES: Record<string, string> = {
  tx_no_account: 'tx_no_source_account',
  tx_bad_min_seq_age_or_gap: 'tx_bad_minseq_age_or_gap',
  op_no_account_source: 'op_no_source_account',
  op_not_auth_maintain_liabilities: 'op_not_aut_maintain_liabilities',
  entry_expired: 'entry_archived',
  op_already_exist: 'op_already_exists',
};

export function snake(camel: string): string {
  return camel.replace(/([A-Z])/g, '_$1').toLowerCase();
}

export interface ResultCodeName {
  /** js-xdr's member name: paymentUnderfunded, txNoAccount, opBadAuth. */
  member: string;
  /** stellar-core's spelling: PAYMENT_UNDERFUNDED, txNO_ACCOUNT, opBAD_AUTH. */
  core: string;
  /** The snake case of the member, unique across enums: payment_underfunded, tx_no_account. */
  qualified: string;
  /** What Horizon writes: op_underfunded, tx_no_source_account. */
  horizon: string;
  scope: 'transaction' | 'operation';
  /** The operation type whose result this code is (manage_sell_offer also for passive offers). */
  operationType?: string;
}

type Enum = { values(): { name: string }[] };

/** Every result-code enum of the XDR: the transaction's, the operation's, one per operation type. */
function enums(): [string, Enum][] {
  return Object.entries(xdr as unknown as Record<string, unknown>)
    .filter(([name, value]) => /ResultCode$/.test(name) && typeof (value as Enum)?.values === 'function')
    .map(([name, value]) => [name, value as Enum]);
}

function nameOf(enumName: string, member: string): ResultCodeName {
  const qualified = snake(member);
  if (enumName === 'TransactionResultCode' || enumName === 'OperationResultCode') {
    const prefix = member.slice(0, 2);
    const rest = member.slice(2);
    return {
      member,
      core: `${prefix}${snake(rest).slice(1).toUpperCase()}`,
      qualified,
      horizon: HORIZON_SPELLING[member] ?? `${prefix}${snake(rest)}`,
      scope: enumName === 'TransactionResultCode' ? 'transaction' : 'operation',
    };
  }
  const typeCamel = enumName.replace(/ResultCode$/, '');
  const typePrefix = typeCamel.charAt(0).toLowerCase() + typeCamel.slice(1);
  const rest = member.startsWith(typePrefix) ? member.slice(typePrefix.length) : member;
  return {
    member,
    core: qualified.toUpperCase(),
    qualified,
    horizon: HORIZON_SPELLING[member] ?? `op${snake(rest)}`,
    scope: 'operation',
    operationType: snake(typePrefix),
  };
}

let cache: ResultCodeName[] | undefined;

/** Every transaction and operation result code the XDR defines, with its Horizon spelling. */
export function allResultCodes(): ResultCodeName[] {
  cache ??= enums().flatMap(([name, e]) => e.values().map((value) => nameOf(name, value.name)));
  return cache;
}

let byQualified: Map<string, ResultCodeName> | undefined;

/** A code by its snake-cased XDR member (payment_underfunded, tx_no_account, op_no_account). */
export function codeByQualified(qualified: string): ResultCodeName | undefined {
  byQualified ??= new Map(allResultCodes().map((code) => [code.qualified, code]));
  return byQualified.get(qualified);
}

/** Horizon's spelling of a js-xdr member name (txNoAccount -> tx_no_source_account). */
export function horizonSpelling(member: string): string | undefined {
  return codeByQualified(snake(member))?.horizon;
}

/** The XDR code an operation type answers with a Horizon code (payment + op_underfunded -> payment_underfunded). */
export function qualifiedFor(operationType: string, horizon: string): string | undefined {
  const type =
    operationType === 'create_passive_sell_offer' || operationType === 'manage_offer'
      ? 'manage_sell_offer'
      : operationType;
  return allResultCodes().find((code) => code.operationType === type && code.horizon === horizon)?.qualified;
}
