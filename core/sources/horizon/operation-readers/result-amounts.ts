// Amounts an operation record leaves out but its transaction's result holds (issue 36: on real
// Horizon a merge read "amount not given"). Where a listing is joined with its transactions
// (join=transactions: the history index's pages, `--join transactions`), the embedded
// `result_xdr` is decoded once per record and the operation's own result read: an account merge's
// `AccountMergeResult.sourceAccountBalance` is the XLM it moved. A claim's result holds no amount
// (its effects do: effect-amounts.ts), so it is not read here. A result that does not decode, is
// not a success, or holds no result at the operation's place leaves the amount absent: unknown,
// never guessed.
import { xdr } from '@stellar/stellar-base';
import { formatAmount } from '../../../../shared/amount';
import { text, type JsonObject } from '../../../http/values';

/** A result longer than this is not decoded (a classic transaction's result is a few hundred bytes). */
const MAX_RESULT_BASE64 = 200_000;

/** The operation's place in its transaction: Horizon's operation id is a TOID whose low 12 bits are the 1-based index. */
export function operationIndexOf(operationId: string): number | undefined {
  if (!/^\d{1,20}$/.test(operationId)) return undefined;
  const index = Number(BigInt(operationId) & 0xfffn);
  return index === 0 ? undefined : index - 1;
}

/** The operation results of a transaction result, the inner transaction's for a fee bump. */
function operationResults(result: xdr.TransactionResult): xdr.OperationResult[] | undefined {
  const inner = result.result();
  switch (inner.switch().name) {
    case 'txSuccess':
      return inner.results();
    case 'txFeeBumpInnerSuccess':
      return inner.innerResultPair().result().result().results();
    default:
      return undefined;
  }
}

/** The XLM an account merge moved, from its joined transaction's result; undefined where it cannot be read. */
export function mergedAmountOf(transaction: JsonObject | undefined, operationId: string): string | undefined {
  const resultXdr = transaction ? text(transaction['result_xdr']) : undefined;
  const index = operationIndexOf(operationId);
  if (!resultXdr || resultXdr.length > MAX_RESULT_BASE64 || index === undefined) return undefined;
  try {
    const result = operationResults(xdr.TransactionResult.fromXDR(resultXdr, 'base64'))?.[index];
    if (!result || result.switch().name !== 'opInner') return undefined;
    const tr = result.tr();
    if (tr.switch().name !== 'accountMerge') return undefined;
    const merge = tr.accountMergeResult();
    if (merge.switch().name !== 'accountMergeSuccess') return undefined;
    return formatAmount(BigInt(merge.sourceAccountBalance().toString()));
  } catch {
    return undefined;
  }
}
