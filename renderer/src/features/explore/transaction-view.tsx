import type { AssetMovement, TransactionDetail } from '../../../../shared/model';
import { Money } from '../../components/money';
import { Fact } from '../../components/fields';
import { CopyButton, IdLink } from '../../components/id-link';
import { JsonTree } from '../../components/json-tree';
import { OperationTable } from '../../components/operation-table';
import { TimeCell } from '../../components/operation-cells';
import { RawJson } from '../../components/raw-json';
import { Fee } from '../../components/fee';
import { codeList } from '../../lib/format';
import { ViewBoundary } from '../../components/view-boundary';
import { SignatureList } from './signature-list';
import { Untrusted } from '../../components/untrusted';

export function TransactionView({ tx }: { tx: TransactionDetail }) {
  return (
    <>
      <div className="facts-row">
        <TransactionFactsCard tx={tx} />
        {tx.resultJson !== undefined && tx.resultJson !== null ? (
          <section className="card" aria-label="Transaction result">
            <h3>TransactionResult</h3>
            <JsonTree value={tx.resultJson} label="result" open={false} />
          </section>
        ) : null}
      </div>
      {tx.events ? <MovementsCard events={tx.events} /> : null}
      <ViewBoundary name="The signatures">
        <SignatureList tx={tx} />
      </ViewBoundary>
      <OperationTable
        target={{ kind: 'operations', scope: 'transaction', id: tx.hash }}
        label="Operations"
        defaultOrder="asc"
        numbered
      />
    </>
  );
}

/** What the transaction did and cost: its result, ledger, time, source, fee, memo and XDR. */
function TransactionFactsCard({ tx }: { tx: TransactionDetail }) {
  return (
    <section className="card" aria-label="Transaction facts">
      <dl className="fields">
        <Fact term="Result" testId="tx-result">
          {tx.successful ? <span className="badge ok">success</span> : <span className="badge bad">failed</span>}{' '}
          {tx.resultCodes ? (
            <span className="mono">{codeList([tx.resultCodes.transaction, ...tx.resultCodes.operations])}</span>
          ) : null}
        </Fact>
        <Fact term="Ledger">
          <IdLink kind="ledger" id={String(tx.ledger)} full />
        </Fact>
        <Fact term="Created">
          <TimeCell iso={tx.createdAt} />
        </Fact>
        <Fact term="Source">
          <IdLink kind="account" id={tx.sourceAccount} full />
        </Fact>
        {tx.feeAccount && tx.feeAccount !== tx.sourceAccount ? (
          <Fact term="Fee account">
            <IdLink kind="account" id={tx.feeAccount} full />
          </Fact>
        ) : null}
        <Fact term="Fee charged" testId="tx-fee">
          <Fee stroops={tx.feeCharged} />{' '}
          <span className="muted">
            of max <Fee stroops={tx.maxFee} />
          </span>
        </Fact>
        <Fact term="Operations">{tx.operationCount}</Fact>
        <Fact term="Memo" className="mono">
          {tx.memoType === 'none' ? (
            <span className="muted">none</span>
          ) : (
            <>
              {tx.memoType}: <Untrusted text={tx.memo ?? ''} />
            </>
          )}
        </Fact>
        {tx.envelopeXdr ? <XdrFact term="Envelope XDR" xdr={tx.envelopeXdr} copyLabel="Copy envelope XDR" /> : null}
        {tx.resultXdr ? <XdrFact term="Result XDR" xdr={tx.resultXdr} copyLabel="Copy result XDR" /> : null}
      </dl>
      <RawJson raw={tx.raw} />
    </section>
  );
}

/** What the transaction's meta records as moved (CAP-67 events of the assets' own contracts): its fee, each operation's movements, a refund. */
function MovementsCard({ events }: { events: AssetMovement[] }) {
  return (
    <section className="card" aria-label="Events">
      <h3>Events (CAP-67)</h3>
      {events.length === 0 ? (
        <p className="muted">Its meta records no movement of value (a meta older than protocol 23 records none).</p>
      ) : (
        <table className="dense" aria-label="Asset events">
          <thead>
            <tr>
              <th>Operation</th>
              <th>Event</th>
              <th className="num">Amount</th>
              <th>From</th>
              <th>To</th>
            </tr>
          </thead>
          <tbody>
            {events.map((event, i) => (
              <tr key={i}>
                <td>{event.operation ?? <span className="muted">transaction</span>}</td>
                <td>{event.kind === 'fee' && event.amount.startsWith('-') ? 'fee refund' : event.kind}</td>
                <td className="num">
                  <Money amount={event.amount.replace(/^-/, '')} currency={event.currency} />
                </td>
                <td>{event.from ? <AddressCell address={event.from} /> : null}</td>
                <td>
                  {event.to ? <AddressCell address={event.to} /> : null}
                  {event.toMuxedId ? (
                    <span className="muted">
                      {' '}
                      memo or id <Untrusted text={event.toMuxedId} />
                    </span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** An event's address: an account links to its page; a contract, a balance or a pool is shown whole. */
function AddressCell({ address }: { address: string }) {
  return address.startsWith('G') ? <IdLink kind="account" id={address} /> : <span className="mono">{address}</span>;
}

/** An XDR blob: its first 48 characters and a button that copies all of it. */
function XdrFact({ term, xdr, copyLabel }: { term: string; xdr: string; copyLabel: string }) {
  return (
    <Fact term={term} className="mono clip">
      {xdr.slice(0, 48)}… <CopyButton text={xdr} label={copyLabel} />
    </Fact>
  );
}
