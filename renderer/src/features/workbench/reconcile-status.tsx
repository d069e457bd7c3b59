// The account page's one line on whether the indexed history adds up (issue #27): "Reconciled: 8
// assets add up to the balance, to the stroop" or "XLM differs by 1.0000000 XLM", a link to the
// workbench's Reconciliation view. It shares the workbench's reading (lib/reconcile.ts): one
// request to the network per index state, not one per view of the page.
import { assetCodeOf, lineStatusText, type Reconciliation } from '../../../../shared/reconcile';
import { showHidden } from '../../../../shared/visible-text';
import { Untrusted } from '../../components/untrusted';
import { useReconciliation } from '../../lib/reconcile';
import { href } from '../../lib/router';

/** The line's text: every asset reconciled, or the first that is not (and how many more), or a partial index's. */
export function statusLine(reconciliation: Reconciliation): { ok: boolean; text: string } {
  const { lines } = reconciliation;
  if (lines.length === 0) return { ok: true, text: 'Nothing to reconcile: no flow and no balance' };
  const off = lines.filter((l) => l.status !== 'reconciled' && l.status !== 'issued');
  const n = lines.length;
  if (off.length === 0 && !reconciliation.reconciled)
    return { ok: false, text: 'Not reconciled: the index is partial (its sync has not reached the end)' };
  const range = reconciliation.range;
  if (off.length === 0 && range)
    return {
      ok: true,
      text: `Reconciled over ledgers ${range.from.toLocaleString('en')}–${range.to.toLocaleString('en')}: ${n.toLocaleString('en')} asset${n === 1 ? '' : 's'} add${n === 1 ? 's' : ''} up to the balances the ledgers record, to the stroop`,
    };
  if (off.length === 0)
    return {
      ok: true,
      text: `Reconciled: ${n.toLocaleString('en')} asset${n === 1 ? '' : 's'} add${n === 1 ? 's' : ''} up to the balance, to the stroop`,
    };
  const first = off[0]!;
  const more = off.length > 1 ? ` (and ${(off.length - 1).toLocaleString('en')} more)` : '';
  return { ok: false, text: `${showHidden(assetCodeOf(first.asset))} ${lineStatusText(first)}${more}` };
}

export function ReconcileStatus({ account }: { account: string }) {
  const query = useReconciliation(account);
  if (query.isError) return <span className="small bad">Reconciliation unavailable: {query.error.message}</span>;
  if (!query.data) return query.isFetching ? <span className="small muted">Reconciling…</span> : null;
  const { ok, text } = statusLine(query.data.reconciliation);
  return (
    <a
      className={`small rc-line ${ok ? 'rc-reconciled' : 'rc-differs'}`}
      href={href('history', account, { view: 'reconcile' })}
      data-testid="rc-line"
    >
      <span aria-hidden="true">{ok ? '✓ ' : '⚠ '}</span>
      <Untrusted text={text} />
    </a>
  );
}
