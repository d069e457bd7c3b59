// Does the account's history add up (issue #27)? One row per asset of the core's reconciliation
// (shared/reconcile.ts): opening, in, out and fees, closing from the flows, and the balance the
// network reports, with the status as a word AND a colour, and beneath a line that does not
// reconcile, its cause. Amounts through Money (the one amount rule); codes are untrusted text.
import { Fragment } from 'react';
import { assetCodeOf, lineStatusText, type ReconcileLine, type Reconciliation } from '../../../../shared/reconcile';
import { showHidden } from '../../../../shared/visible-text';
import { codeSlotStyle, columnFit, fitOf } from '../../components/amount-fit';
import { IdLink } from '../../components/id-link';
import { Money } from '../../components/money';
import { Untrusted } from '../../components/untrusted';
import { assetCurrency } from '../../lib/history';

const isPool = (asset: string) => asset.startsWith('pool:');

/** An amount of the line's asset: pool shares read "shares". */
export function AssetMoney({ asset, amount, direction }: { asset: string; amount: string; direction?: 'in' | 'out' }) {
  return isPool(asset) ? (
    <Money amount={amount} shares direction={direction} />
  ) : (
    <Money amount={amount} currency={assetCurrency(asset)} direction={direction} />
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

function slotOf(lines: ReconcileLine[]) {
  return codeSlotStyle(
    columnFit(lines.map((l) => fitOf([[l.reported, isPool(l.asset) ? 'shares' : assetCodeOf(l.asset)]]))).slot,
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
      <td className="end">
        {line.opening === null ? unknown : <AssetMoney asset={line.asset} amount={line.opening} />}
      </td>
      <td className="end">
        <AssetMoney asset={line.asset} amount={line.in} direction="in" />
      </td>
      <td className="end">
        <AssetMoney asset={line.asset} amount={line.out} direction="out" />
      </td>
      <td className="end">{line.asset === 'native' ? <AssetMoney asset={line.asset} amount={line.fees} /> : '—'}</td>
      <td className="end">
        {line.closing === null ? unknown : <AssetMoney asset={line.asset} amount={line.closing} />}
      </td>
      <td className="end">
        <AssetMoney asset={line.asset} amount={line.reported} />
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
      <table className="dense reconcile" aria-label="Reconciliation by asset" style={slotOf(lines)}>
        <thead>
          <tr>
            <th>Asset</th>
            <th className="end">Opening</th>
            <th className="end">In</th>
            <th className="end">Out</th>
            <th className="end">Fees</th>
            <th className="end">Closing</th>
            <th className="end">Reported</th>
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
                  <td colSpan={7} className="small">
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
