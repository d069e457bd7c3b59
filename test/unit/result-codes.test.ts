// Every result code Horizon can return is explained, in Horizon's spelling and under its XDR
// names; codes Horizon shares between operation types read right for each type; what a failed
// transaction cost follows whether it reached a ledger; decoded results use Horizon's spelling.
import { xdr } from '@stellar/stellar-base';
import { describe, expect, it } from 'vitest';
import { explainCode, explainResult } from '../../core/submission/explain';
import { allResultCodes } from '../../core/submission/result-codes';
import { decodeResult } from '../../core/submission/xdr';

/** Horizon's own spellings where they are not the plain derivation (stellar/go services/horizon/internal/codes). */
const HORIZON_EXCEPTIONS: [string, string][] = [
  ['txNoAccount', 'tx_no_source_account'],
  ['txBadMinSeqAgeOrGap', 'tx_bad_minseq_age_or_gap'],
  ['opNoAccount', 'op_no_source_account'],
  ['createAccountAlreadyExist', 'op_already_exists'],
  ['pathPaymentStrictReceiveTooFewOffers', 'op_too_few_offers'],
  ['pathPaymentStrictReceiveOverSendmax', 'op_over_source_max'],
  ['pathPaymentStrictSendUnderDestmin', 'op_under_dest_min'],
  ['pathPaymentStrictSendOfferCrossSelf', 'op_cross_self'],
  ['manageBuyOfferSellNotAuthorized', 'sell_not_authorized'],
  ['manageSellOfferBuyNoIssuer', 'buy_no_issuer'],
  ['manageSellOfferNotFound', 'op_offer_not_found'],
  ['changeTrustNotAuthMaintainLiabilities', 'op_not_aut_maintain_liabilities'],
  ['allowTrustNoTrustLine', 'op_no_trust'],
  ['allowTrustTrustNotRequired', 'op_not_required'],
  ['accountMergeSeqnumTooFar', 'op_seq_num_too_far'],
  ['manageDataNameNotFound', 'op_data_name_not_found'],
  ['clawbackClaimableBalanceNotIssuer', 'op_no_issuer'],
  ['setTrustLineFlagsNoTrustLine', 'op_no_trust'],
  ['invokeHostFunctionTrapped', 'function_trapped'],
  ['invokeHostFunctionResourceLimitExceeded', 'resource_limit_exceeded'],
  ['extendFootprintTtlInsufficientRefundableFee', 'insufficient_refundable_fee'],
  ['restoreFootprintMalformed', 'op_malformed'],
];

describe('every result code is explained', () => {
  const codes = allResultCodes();

  it('derives the codes of every result enum, Soroban ones included', () => {
    const types = new Set(codes.map((code) => code.operationType).filter(Boolean));
    expect(types).toEqual(
      new Set([
        'create_account',
        'payment',
        'path_payment_strict_receive',
        'manage_sell_offer',
        'set_options',
        'change_trust',
        'allow_trust',
        'account_merge',
        'inflation',
        'manage_data',
        'bump_sequence',
        'manage_buy_offer',
        'path_payment_strict_send',
        'create_claimable_balance',
        'claim_claimable_balance',
        'begin_sponsoring_future_reserves',
        'end_sponsoring_future_reserves',
        'revoke_sponsorship',
        'clawback',
        'clawback_claimable_balance',
        'set_trust_line_flags',
        'liquidity_pool_deposit',
        'liquidity_pool_withdraw',
        'invoke_host_function',
        'extend_footprint_ttl',
        'restore_footprint',
      ]),
    );
    expect(codes.filter((code) => code.scope === 'transaction')).toHaveLength(20);
  });

  it.each(HORIZON_EXCEPTIONS)('spells %s as Horizon does: %s', (member, horizon) => {
    expect(codes.find((code) => code.member === member)?.horizon).toBe(horizon);
  });

  it('explains every code in Horizon spelling, stellar-core spelling and js-xdr spelling', () => {
    for (const code of codes) {
      for (const spelling of [code.horizon, code.core, code.member]) {
        const explanation = explainCode(spelling);
        expect(explanation.title, spelling).not.toBe('Unknown code');
        expect(explanation.scope, spelling).toBe(code.scope);
        expect(explanation.explanation.length, spelling).toBeGreaterThan(15);
        expect(explanation.fix.length, spelling).toBeGreaterThan(5);
      }
    }
  });

  it('reads older spellings as aliases', () => {
    for (const [alias, horizon] of [
      ['tx_no_account', 'tx_no_source_account'],
      ['tx_bad_min_seq_age_or_gap', 'tx_bad_minseq_age_or_gap'],
      ['op_not_auth_maintain_liabilities', 'op_not_aut_maintain_liabilities'],
      ['entry_expired', 'entry_archived'],
    ] as const) {
      expect(explainCode(alias).title, alias).toBe(explainCode(horizon).title);
    }
  });

  it('explains a shared code for the operation type at hand, and in words that fit every type without one', () => {
    expect(explainCode('op_underfunded').explanation).toMatch(/sends, sells, deposits or claws back/);
    expect(explainCode('op_underfunded', { operationType: 'path_payment_strict_send' }).explanation).toMatch(
      /source currency it sends/,
    );
    expect(explainCode('op_underfunded', { operationType: 'manage_buy_offer' }).explanation).toMatch(
      /pay for what it buys/,
    );
    expect(explainCode('op_underfunded', { operationType: 'create_passive_sell_offer' }).explanation).toMatch(
      /offers to sell/,
    );
    expect(explainCode('op_no_trust', { operationType: 'allow_trust' }).title).toBe('Trustor has no trustline');
    expect(explainCode('op_no_trust', { operationType: 'payment' }).title).toBe('Receiver has no trustline');
    expect(explainCode('op_no_trust').explanation).toMatch(/receiver, the trustor or the depositor/);
  });

  it('states what a failed transaction cost: charged in a ledger, nothing when refused at submission', () => {
    expect(explainCode('tx_failed', { applied: true }).explanation).toMatch(
      /applied in a ledger, so the fee was charged and its sequence number was used/,
    );
    expect(explainCode('tx_failed', { applied: false }).explanation).toMatch(
      /no fee was charged and the sequence number was not used/,
    );
    expect(explainCode('tx_failed').explanation).toMatch(
      /If it was applied in a ledger.*refused at submission.*nothing was charged/,
    );
    expect(explainCode('tx_bad_seq', { applied: false }).explanation).toMatch(/no fee was charged/);
    expect(explainCode('tx_success', { applied: true }).explanation).not.toMatch(/charged/);
    const [tx] = explainResult(
      { transaction: 'tx_failed', operations: ['op_underfunded'] },
      { applied: true, operationTypes: ['path_payment_strict_receive'] },
    );
    expect(tx!.explanation).toMatch(/fee was charged/);
  });
});

describe('decoded results use Horizon spelling', () => {
  const result = (body: xdr.TransactionResultResult) =>
    new xdr.TransactionResult({
      feeCharged: xdr.Int64.fromString('100'),
      result: body,
      ext: new xdr.TransactionResultExt(0),
    }).toXDR('base64');

  it('decodes txNO_ACCOUNT as tx_no_source_account and opNO_ACCOUNT as op_no_source_account', () => {
    expect(decodeResult(result(xdr.TransactionResultResult.txNoAccount())).codes).toEqual({
      transaction: 'tx_no_source_account',
      operations: [],
    });
    expect(decodeResult(result(xdr.TransactionResultResult.txBadMinSeqAgeOrGap())).codes.transaction).toBe(
      'tx_bad_minseq_age_or_gap',
    );
    const decoded = decodeResult(result(xdr.TransactionResultResult.txFailed([xdr.OperationResult.opNoAccount()])));
    expect(decoded.codes).toEqual({ transaction: 'tx_failed', operations: ['op_no_source_account'] });
  });

  it('decodes path payment, passive offer and contract codes as Horizon writes them', () => {
    const ops = [
      xdr.OperationResult.opInner(
        xdr.OperationResultTr.pathPaymentStrictReceive(
          xdr.PathPaymentStrictReceiveResult.pathPaymentStrictReceiveOverSendmax(),
        ),
      ),
      xdr.OperationResult.opInner(
        xdr.OperationResultTr.createPassiveSellOffer(xdr.ManageSellOfferResult.manageSellOfferUnderfunded()),
      ),
      xdr.OperationResult.opInner(
        xdr.OperationResultTr.invokeHostFunction(xdr.InvokeHostFunctionResult.invokeHostFunctionTrapped()),
      ),
    ];
    const decoded = decodeResult(result(xdr.TransactionResultResult.txFailed(ops)));
    expect(decoded.codes.operations).toEqual(['op_over_source_max', 'op_underfunded', 'function_trapped']);
    expect(decoded.qualified).toEqual([
      'path_payment_strict_receive_over_sendmax',
      'manage_sell_offer_underfunded',
      'invoke_host_function_trapped',
    ]);
    const explanations = explainResult(decoded.codes, { qualified: decoded.qualified, applied: true });
    expect(explanations.map((e) => e.title)).toEqual([
      'An operation failed',
      'Costs more than the maximum',
      'Not enough to sell',
      'Contract call failed',
    ]);
  });
});
