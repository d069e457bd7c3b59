import type { Operation } from '../../../../shared/model';
import { operationSummary } from '../../../../shared/operation-summary';
import { decodeToid } from '../../../../shared/toid';
import { Fields } from '../../components/fields';
import { IdLink } from '../../components/id-link';
import { amountCell, detailsCell, TimeCell, typeLabel } from '../../components/operation-cells';
import { factFields, OperationFacts } from '../../components/operation-facts';
import { RawJson } from '../../components/raw-json';
import { Untrusted } from '../../components/untrusted';
import { useNameOf } from '../../lib/labels';

export function OperationView({ op }: { op: Operation }) {
  const position = positionOf(op.id);
  const nameOf = useNameOf();
  return (
    <section className="card" aria-label="Operation facts">
      <p className="op-summary">
        <strong>{typeLabel(op)}</strong> {op.successful ? null : <span className="badge bad">failed</span>}{' '}
        {amountCell(op, false)} {detailsCell(op, false)}
      </p>
      <p className="muted" data-testid="op-summary">
        <Untrusted text={operationSummary(op, nameOf)} />
      </p>
      <dl className="fields">
        <div className="field">
          <dt>Transaction</dt>
          <dd>
            <IdLink kind="tx" id={op.transactionHash} full />
          </dd>
        </div>
        <div className="field">
          <dt>Position</dt>
          <dd>
            {position}{' '}
            {position ? <IdLink kind="ledger" id={String(decodeToid(op.id).ledger)} label="open ledger" /> : null}
          </dd>
        </div>
        <div className="field">
          <dt>Time</dt>
          <dd>
            <TimeCell iso={op.createdAt} />
          </dd>
        </div>
      </dl>
      <OperationFacts op={op} />
      <h3>Record</h3>
      <Fields record={op as unknown as Record<string, unknown>} omit={['raw', ...factFields(op)]} />
      {op.raw !== undefined ? <RawJson raw={op.raw} /> : null}
    </section>
  );
}

function positionOf(id: string): string {
  try {
    const toid = decodeToid(id);
    return `ledger ${toid.ledger}, transaction ${toid.txOrder}, operation ${toid.opIndex}`;
  } catch {
    return '';
  }
}
