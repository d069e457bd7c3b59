import type { Ledger } from '../../../../shared/model';
import { CopyButton, IdLink } from '../../components/id-link';
import { OperationTable } from '../../components/operation-table';
import { RawJson } from '../../components/raw-json';
import { TimeCell } from '../../components/operation-cells';
import { ViewBoundary } from '../../components/view-boundary';
import { LedgerTransactions } from './ledger-transactions';
import { PreviousLedger } from './ledger-walk';

export function LedgerView({ ledger }: { ledger: Ledger }) {
  const seq = String(ledger.sequence);
  return (
    <>
      <section className="card" aria-label="Ledger facts">
        <dl className="fields">
          <div className="field">
            <dt>Sequence</dt>
            <dd>
              <IdLink kind="ledger" id={seq} full />
            </dd>
          </div>
          <div className="field">
            <dt>Hash</dt>
            <dd className="mono wrap">
              {ledger.hash} <CopyButton text={ledger.hash} />
            </dd>
          </div>
          <div className="field">
            <dt>Closed</dt>
            <dd>
              <TimeCell iso={ledger.closedAt} />
            </dd>
          </div>
          <div className="field">
            <dt>Transactions</dt>
            <dd>
              {ledger.transactionCount}
              {ledger.failedTransactionCount ? ` (${ledger.failedTransactionCount} failed)` : ''}
            </dd>
          </div>
          <div className="field">
            <dt>Operations</dt>
            <dd>{ledger.operationCount}</dd>
          </div>
          <div className="field">
            <dt>Neighbours</dt>
            <dd>
              <PreviousLedger sequence={ledger.sequence} />{' '}
              <IdLink kind="ledger" id={String(ledger.sequence + 1)} label="next →" />
            </dd>
          </div>
        </dl>
        <RawJson raw={ledger.raw} />
      </section>
      <ViewBoundary name="The ledger's transactions">
        <LedgerTransactions sequence={ledger.sequence} expected={ledger.transactionCount} />
      </ViewBoundary>
      <OperationTable target={{ kind: 'operations', scope: 'ledger', id: seq }} label="Operations" />
    </>
  );
}
