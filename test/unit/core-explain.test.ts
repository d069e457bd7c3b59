// Every transaction result code and every result code of the supported operations has a
// plain-language explanation and a fix; results decoded from real XDR map to them.
import { xdr } from '@stellar/stellar-base';
import { describe, expect, it } from 'vitest';
import { allExplanations, canonicalCode, explainCode, explainResult } from '../../core/submission/explain';
import { decodeResult } from '../../core/submission/xdr';

const ENUMS: [string, string][] = [
  ['TransactionResultCode', 'tx'],
  ['OperationResultCode', 'op'],
  ['PaymentResultCode', 'payment'],
  ['CreateAccountResultCode', 'createAccount'],
  ['ChangeTrustResultCode', 'changeTrust'],
  ['CreateClaimableBalanceResultCode', 'createClaimableBalance'],
  ['ClaimClaimableBalanceResultCode', 'claimClaimableBalance'],
  ['LiquidityPoolDepositResultCode', 'liquidityPoolDeposit'],
  ['LiquidityPoolWithdrawResultCode', 'liquidityPoolWithdraw'],
  ['ManageDataResultCode', 'manageData'],
  ['AccountMergeResultCode', 'accountMerge'],
  ['BumpSequenceResultCode', 'bumpSequence'],
  ['SetOptionsResultCode', 'setOptions'],
];

function members(name: string): string[] {
  return (xdr as unknown as Record<string, { values(): { name: string }[] }>)[name]!.values().map((v) => v.name);
}

describe('result-code explanations', () => {
  for (const [name] of ENUMS) {
    it(`explains every member of ${name}`, () => {
      const codes = members(name);
      expect(codes.length).toBeGreaterThan(1);
      for (const code of codes) {
        const explanation = explainCode(code);
        expect(explanation.title, code).not.toBe('Unknown code');
        expect(explanation.explanation.length, code).toBeGreaterThan(15);
        expect(explanation.fix.length, code).toBeGreaterThan(5);
        expect(explanation.code).toBe(code);
      }
    });
  }

  it('reads every spelling of a code', () => {
    expect(canonicalCode('txBAD_SEQ')).toBe('tx_bad_seq');
    expect(canonicalCode('txBadSeq')).toBe('tx_bad_seq');
    expect(canonicalCode('tx_bad_seq')).toBe('tx_bad_seq');
    expect(canonicalCode('opNOT_SUPPORTED')).toBe('op_not_supported');
    expect(canonicalCode('PAYMENT_UNDERFUNDED')).toBe('payment_underfunded');
    expect(canonicalCode('paymentUnderfunded')).toBe('payment_underfunded');
    expect(explainCode('txBAD_AUTH').title).toBe('Bad signature or wrong network');
    expect(explainCode('op_underfunded').title).toBe('Not enough funds');
    expect(explainCode('op_already_exists').title).toBe('Account exists already');
    expect(explainCode('op_no_destination').explanation).toMatch(/does not exist/);
  });

  it('gives an unknown code a neutral answer rather than an error', () => {
    expect(explainCode('tx_from_the_future')).toMatchObject({ title: 'Unknown code', scope: 'transaction' });
    expect(explainCode('x'.repeat(80))).toMatchObject({ title: 'Unknown code' });
    expect(explainCode('__proto__')).toMatchObject({ title: 'Unknown code' });
    expect(explainCode('constructor')).toMatchObject({ title: 'Unknown code' });
  });

  it('lists every explanation once', () => {
    const all = allExplanations();
    expect(new Set(all.map((e) => e.code)).size).toBe(all.length);
    expect(all.length).toBeGreaterThan(100);
  });
});

describe('results decoded from XDR', () => {
  function failedPayment(): string {
    const inner = xdr.PaymentResult.paymentUnderfunded();
    const opResult = xdr.OperationResult.opInner(xdr.OperationResultTr.payment(inner));
    const ok = xdr.OperationResult.opInner(
      xdr.OperationResultTr.bumpSequence(xdr.BumpSequenceResult.bumpSequenceSuccess()),
    );
    const result = new xdr.TransactionResult({
      feeCharged: xdr.Int64.fromString('200'),
      result: xdr.TransactionResultResult.txFailed([ok, opResult]),
      ext: new xdr.TransactionResultExt(0),
    });
    return result.toXDR('hex');
  }

  it('maps a failed payment to Horizon codes and the payment-specific explanation', () => {
    const decoded = decodeResult(failedPayment());
    expect(decoded.codes).toEqual({ transaction: 'tx_failed', operations: ['op_success', 'op_underfunded'] });
    expect(decoded.qualified).toEqual(['bump_sequence_success', 'payment_underfunded']);
    expect(decoded.feeCharged).toBe('200');
    expect(decoded.json).toMatchObject({ fee_charged: '200' });
    const explanations = explainResult(decoded.codes, decoded.qualified);
    expect(explanations.map((e) => [e.code, e.operationIndex])).toEqual([
      ['tx_failed', undefined],
      ['op_underfunded', 1],
    ]);
    expect(explanations[1]!.fix).toMatch(/smaller amount|fund the sender/);
  });

  it('maps transaction-level failures and operation-level errors', () => {
    const badSeq = new xdr.TransactionResult({
      feeCharged: xdr.Int64.fromString('0'),
      result: xdr.TransactionResultResult.txBadSeq(),
      ext: new xdr.TransactionResultExt(0),
    });
    expect(decodeResult(badSeq.toXDR('base64')).codes).toEqual({ transaction: 'tx_bad_seq', operations: [] });
    const notSupported = new xdr.TransactionResult({
      feeCharged: xdr.Int64.fromString('100'),
      result: xdr.TransactionResultResult.txFailed([xdr.OperationResult.opNotSupported()]),
      ext: new xdr.TransactionResultExt(0),
    });
    const decoded = decodeResult(notSupported.toXDR('base64'));
    expect(decoded.codes.operations).toEqual(['op_not_supported']);
    expect(explainResult(decoded.codes)[1]!.explanation).toMatch(/does not support this operation type/);
  });

  it('refuses what is not a TransactionResult', () => {
    expect(() => decodeResult('!!')).toThrow(/neither hexadecimal nor base64/);
    expect(() => decodeResult('AAAA')).toThrow(/not a TransactionResult/);
  });
});
