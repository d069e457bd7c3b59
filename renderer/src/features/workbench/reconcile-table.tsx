// Does the account's history add up (issue #27)? One row per asset of the core's reconciliation
// (shared/reconcile.ts): opening, in, out and fees, closing from the flows, and the balance the
// network reports, with the status as a word AND a colour, and beneath a line that does not
// reconcile, its cause. Amounts by the one amount rule (displayAmount) in the unit the row's first
// cell names; codes are untrusted text.
import { Fragment } from 'react';
import { displayAmount } from '../../../../shared/amount';
import { lineStatusText, type ReconcileLine, type Reconciliation } from '../../../../shared/reconcile';
import { showHidden } from '../../../../shared/visible-text';
import { IdLink } from '../../components/id-link';
import { Untrusted } from '../../components/untrusted';

const isPool = (asset: string) => asset.startsWith('pool:');

/**
 * An amount of the row's asset: the one amount rule (displayAmount), without the code, which the
 * row's first cell names once (seven columns of codes did not fit the page).
 */
export function Amount({ amount, direction }: { amount: string; direction?: 'in' | 'out' | undefined }) {
  return (
    <span className={direction ? `money money-${direction}` : 'money'}>
      <span className="num">{displayAmount(amount)}</span>
    </span>
  );
}

/** The asset as a cell: its code (untrusted) and, beneath, its abbreviated issuer or pool. */
export function AssetName({ asset }: { asset: string }) {
  if (asset === 'native')
    return (
      <>
        <strong>XLM</strong>
        <div className="muted small">native</div>
      </>
    );
  if (isPool(asset))
    return (
      <>
        <strong>pool shares</strong>
        <div className="muted small">
          pool <IdLink kind="pool" id={asset.slice('pool:'.length)} />
        </div>
      </>
    );
  const [code = asset, issuer] = asset.split(':');
  return (
    <>
      <strong title={showHidden(code)}>
        <Untrusted text={code} />
      </strong>
      {issuer ? (
        <div className="muted small">
          issuer <IdLink kind="account" id={issuer} />
        </div>
      ) : null}
    </>
  );
}

/** The status word, coloured by its class (rc-reconciled green, rc-differs red, …). */
export function StatusWord({ line }: { line: ReconcileLine }) {
  return (
    <span className={`rc-status rc-${line.status}`} data-status={line.status}>
      <span aria-hidden="true">{line.status === 'reconciled' ? '✓ ' : line.status === 'issued' ? '' : '⚠ '}</span>
      {line.status === 'opening_unknown' ? 'opening unknown' : showHidden(lineStatusText(line))}
    </span>
  );
}

function LineRow({ line, onChart }: { line: ReconcileLine; onChart?: ((asset: string) => void) | undefined }) {
  const unknown = <span className="muted">unknown</span>;
  return (
    <tr data-asset={line.asset} data-status={line.status}>
      <td className="rc-asset">
        <AssetName asset={line.asset} />
        {onChart ? (
          <button type="button" className="link-like small" onClick={() => onChart(line.asset)}>
            Balance history
          </button>
        ) : null}
      </td>
      <td className="end">{line.opening === null ? unknown : <Amount amount={line.opening} />}</td>
      <td className="end rc-flows">
        <div title="in">
          <span className="muted small">in +</span>
          <Amount amount={line.in} direction="in" />
        </div>
        <div title="out">
          <span className="muted small">out −</span>
          <Amount amount={line.out} direction="out" />
        </div>
        {line.asset === 'native' ? (
          <div title="fees the account paid">
            <span className="muted small">fees −</span>
            <Amount amount={line.fees} />
          </div>
        ) : null}
      </td>
      <td className="end">{line.closing === null ? unknown : <Amount amount={line.closing} />}</td>
      <td className="end">
        <Amount amount={line.reported} />
        {line.now !== null && line.now !== undefined && line.now !== line.reported ? (
          <div className="small muted" title="what the network reports now">
            now <Amount amount={line.now} />
          </div>
        ) : null}
      </td>
      <td className="rc-status-cell">
        <StatusWord line={line} />
      </td>
    </tr>
  );
}

export function ReconcileTable({
  reconciliation,
  onChart,
}: {
  reconciliation: Reconciliation;
  onChart?: ((asset: string) => void) | undefined;
}) {
  const { lines } = reconciliation;
  if (lines.length === 0) return null;
  return (
    <div className="table-scroll">
      <table className="dense reconcile" aria-label="Reconciliation by asset">
        <thead>
          <tr>
            <th>Asset</th>
            <th className="end">Opening</th>
            <th className="end">In, out, fees</th>
            <th className="end">Closing</th>
            <th className="end">
              {reconciliation.range
                ? `Ledgers’ balance after ${reconciliation.range.to.toLocaleString('en')}`
                : 'Reported now'}
            </th>
            <th>Status</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <Fragment key={line.asset}>
              <LineRow line={line} onChart={onChart} />
              {line.cause ? (
                <tr className={`rc-cause rc-${line.status}`} data-cause-of={line.asset}>
                  <td />
                  <td colSpan={5} className="small">
                    <Untrusted text={causeText(line)} />
                  </td>
                </tr>
              ) : null}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The cause beneath a line: for an unknown opening, what it held before the indexed history too. */
function causeText(line: ReconcileLine): string {
  const cause = line.cause ?? '';
  const head = cause.charAt(0).toUpperCase() + cause.slice(1);
  return line.status === 'opening_unknown' ? `${showHidden(lineStatusText(line))}: ${head}.` : `${head}.`;
}
