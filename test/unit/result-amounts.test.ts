// A merge's amount from its joined transaction's result (issue 36: on real Horizon a merge read
// "amount not given"): the record carries none, the result's AccountMergeResult does.
import { Keypair, xdr } from '@stellar/stellar-base';
import { describe, expect, it } from 'vitest';
import { normalizeOperation } from '../../core/sources/horizon/normalize';
import { mergedAmountOf, operationIndexOf } from '../../core/sources/horizon/operation-readers/result-amounts';
import { operationSummary } from '../../shared/operation-summary';
import type { JsonObject } from '../../core/http/values';

const ACCOUNT = Keypair.random().publicKey();
const INTO = Keypair.random().publicKey();
// Ledger 35,080,001's transaction 7: operations 1, 2 and 3 have these TOIDs.
const TX_TOID = (35_080_001n << 32n) | (7n << 12n);
const opId = (index: number) => String(TX_TOID + BigInt(index + 1));

type OpResult = xdr.OperationResult;
const mergeOk = (stroops: bigint): OpResult =>
  xdr.OperationResult.opInner(
    xdr.OperationResultTr.accountMerge(
      xdr.AccountMergeResult.accountMergeSuccess(xdr.Int64.fromString(String(stroops))),
    ),
  );
const paymentOk = (): OpResult =>
  xdr.OperationResult.opInner(xdr.OperationResultTr.payment(xdr.PaymentResult.paymentSuccess()));
const mergeFailed = (): OpResult =>
  xdr.OperationResult.opInner(xdr.OperationResultTr.accountMerge(xdr.AccountMergeResult.accountMergeHasSubEntries()));

function resultXdr(code: 'txSuccess' | 'txFailed', results: OpResult[]): string {
  const result = new xdr.TransactionResult({
    feeCharged: xdr.Int64.fromString('300'),
    result:
      code === 'txSuccess'
        ? xdr.TransactionResultResult.txSuccess(results)
        : xdr.TransactionResultResult.txFailed(results),
    ext: new xdr.TransactionResultExt(0),
  });
  return result.toXDR('base64');
}

function feeBumped(inner: OpResult[]): string {
  const innerResult = new xdr.InnerTransactionResult({
    feeCharged: xdr.Int64.fromString('200'),
    result: xdr.InnerTransactionResultResult.txSuccess(inner),
    ext: new xdr.InnerTransactionResultExt(0),
  });
  const pair = new xdr.InnerTransactionResultPair({ transactionHash: Buffer.alloc(32, 7), result: innerResult });
  return new xdr.TransactionResult({
    feeCharged: xdr.Int64.fromString('400'),
    result: xdr.TransactionResultResult.txFeeBumpInnerSuccess(pair),
    ext: new xdr.TransactionResultExt(0),
  }).toXDR('base64');
}

function mergeRecord(index: number, transaction?: { result_xdr: string }): JsonObject {
  return {
    id: opId(index),
    paging_token: opId(index),
    transaction_successful: true,
    source_account: ACCOUNT,
    type: 'account_merge',
    type_i: 8,
    created_at: '2021-04-24T06:18:26Z',
    transaction_hash: 'f86aaf456dc000e565ac89bd0b21abcedad4d3ab497bdb9fefa782c9e6ce8c98',
    account: ACCOUNT,
    into: INTO,
    ...(transaction ? { transaction } : {}),
  };
}

describe('a merge amount from the transaction result', () => {
  it("reads the operation's place from its TOID's low 12 bits, 1-based", () => {
    expect(operationIndexOf(opId(0))).toBe(0);
    expect(operationIndexOf(opId(2))).toBe(2);
    expect(operationIndexOf(String(TX_TOID))).toBeUndefined(); // a transaction's id, no operation
    expect(operationIndexOf('12a')).toBeUndefined();
  });

  it('reads AccountMergeResult.sourceAccountBalance at the operation’s own place, exactly', () => {
    const xdrText = resultXdr('txSuccess', [paymentOk(), mergeOk(999_999_800n), mergeOk(1n)]);
    expect(mergedAmountOf({ result_xdr: xdrText }, opId(1))).toBe('99.99998');
    expect(mergedAmountOf({ result_xdr: xdrText }, opId(2))).toBe('0.0000001');
    // The payment before it is not a merge: nothing read from it.
    expect(mergedAmountOf({ result_xdr: xdrText }, opId(0))).toBeUndefined();
    // Past the results: no place.
    expect(mergedAmountOf({ result_xdr: xdrText }, opId(3))).toBeUndefined();
    // Beyond int64's float range, still exact.
    const big = resultXdr('txSuccess', [mergeOk(9_223_372_036_854_775_807n)]);
    expect(mergedAmountOf({ result_xdr: big }, opId(0))).toBe('922337203685.4775807');
  });

  it('reads the inner result of a fee bump', () => {
    expect(mergedAmountOf({ result_xdr: feeBumped([mergeOk(50_000_000n)]) }, opId(0))).toBe('5');
  });

  it('leaves it unknown for a failed transaction, a failed merge, no result or one that does not decode', () => {
    expect(mergedAmountOf({ result_xdr: resultXdr('txFailed', [mergeOk(5n)]) }, opId(0))).toBeUndefined();
    expect(mergedAmountOf({ result_xdr: resultXdr('txSuccess', [mergeFailed()]) }, opId(0))).toBeUndefined();
    expect(mergedAmountOf(undefined, opId(0))).toBeUndefined();
    expect(mergedAmountOf({}, opId(0))).toBeUndefined();
    expect(mergedAmountOf({ result_xdr: 'not xdr at all' }, opId(0))).toBeUndefined();
  });

  it('gives a listing row joined with its transaction its amount, and one not joined says it is unknown', () => {
    const joined = normalizeOperation(
      mergeRecord(1, { result_xdr: resultXdr('txSuccess', [paymentOk(), mergeOk(999_999_800n)]) }),
    );
    expect(joined.type === 'account_merge' && joined.amount).toBe('99.99998');
    expect(operationSummary(joined)).toMatch(/\(99\.9999800 XLM\)$/);
    const alone = normalizeOperation(mergeRecord(1));
    expect(alone.type === 'account_merge' && alone.amount).toBeUndefined();
    expect(operationSummary(alone)).toMatch(/\(amount unknown\)$/);
    // A record that carries its amount keeps it; the result is not read over it.
    const carried = normalizeOperation({
      ...mergeRecord(0, { result_xdr: resultXdr('txSuccess', [mergeOk(1n)]) }),
      amount: '5.0000000',
    });
    expect(carried.type === 'account_merge' && carried.amount).toBe('5');
  });
});
