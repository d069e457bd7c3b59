// Rows cut from the shared model, the same whatever source read the record.
import type { LedgerTransaction, TransactionDetail } from '../../shared/model';

/** A transaction as a ledger page lists it: the detail without its XDR, signatures and raw text. */
export function transactionRow(detail: TransactionDetail): LedgerTransaction {
  const {
    envelopeXdr: _e,
    resultXdr: _r,
    pagingToken: _p,
    feeAccount: _f,
    signatures: _s,
    envelopeSignatures: _d,
    resultJson: _j,
    raw: _raw,
    ...row
  } = detail;
  return row;
}
