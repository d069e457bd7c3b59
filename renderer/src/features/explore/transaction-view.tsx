import type { TransactionDetail } from '../../../../shared/model';
import { CopyButton, IdLink } from '../../components/id-link';
import { JsonTree } from '../../components/json-tree';
import { OperationTable } from '../../components/operation-table';
import { TimeCell } from '../../components/operation-cells';
import { RawJson } from '../../components/raw-json';
import { Fee } from '../../components/fee';
import { codeList } from '../../lib/format';
import { ViewBoundary } from '../../components/view-boundary';
import { SignatureList } from './signature-list';

export function TransactionView({ tx }: { tx: TransactionDetail }) {
  return (
    <>
      <div className="facts-row">
        <section className="card" aria-label="Transaction facts">
          <dl className="fields">
            <div className="field">
              <dt>Result</dt>
              <dd data-testid="tx-result">
                {tx.successful ? <span className="badge ok">success</span> : <span className="badge bad">failed</span>}{' '}
                {tx.resultCodes ? <span className="mono">{codeList([tx.resultCodes.transaction, ...tx.resultCodes.operations])}</span> : null}
              </dd>
            </div>
            <div className="field"><dt>Ledger</dt><dd><IdLink kind="ledger" id={String(tx.ledger)} full /></dd></div>
            <div className="field"><dt>Created</dt><dd><TimeCell iso={tx.createdAt} /></dd></div>
            <div className="field"><dt>Source</dt><dd><IdLink kind="account" id={tx.sourceAccount} full /></dd></div>
            {tx.feeAccount && tx.feeAccount !== tx.sourceAccount ? <div className="field"><dt>Fee account</dt><dd><IdLink kind="account" id={tx.feeAccount} full /></dd></div> : null}
            <div className="field"><dt>Fee charged</dt><dd data-testid="tx-fee"><Fee stroops={tx.feeCharged} /> <span className="muted">of max <Fee stroops={tx.maxFee} /></span></dd></div>
            <div className="field"><dt>Operations</dt><dd>{tx.operationCount}</dd></div>
            <div className="field"><dt>Memo</dt><dd className="mono">{tx.memoType === 'none' ? <span className="muted">none</span> : `${tx.memoType}: ${tx.memo ?? ''}`}</dd></div>
            {tx.envelopeXdr ? <div className="field"><dt>Envelope XDR</dt><dd className="mono clip">{tx.envelopeXdr.slice(0, 48)}… <CopyButton text={tx.envelopeXdr} label="Copy envelope XDR" /></dd></div> : null}
            {tx.resultXdr ? <div className="field"><dt>Result XDR</dt><dd className="mono clip">{tx.resultXdr.slice(0, 48)}… <CopyButton text={tx.resultXdr} label="Copy result XDR" /></dd></div> : null}
          </dl>
          <RawJson raw={tx.raw} />
        </section>
        {tx.resultJson !== undefined && tx.resultJson !== null ? (
          <section className="card" aria-label="Transaction result">
            <h3>TransactionResult</h3>
            <JsonTree value={tx.resultJson} label="result" open={false} />
          </section>
        ) : null}
      </div>
      <ViewBoundary name="The signatures">
        <SignatureList tx={tx} />
      </ViewBoundary>
      <OperationTable target={{ kind: 'operations', scope: 'transaction', id: tx.hash }} label="Operations" defaultOrder="asc" numbered />
    </>
  );
}
