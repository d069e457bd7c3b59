// The workbench's "Reconciliation" view (issue #27): whether the account's flows add up to the
// balances the network reports (the summary sentence, when and through which ledger it was
// checked, "Check again", the table per asset), and beneath it the balance history of the asset
// picked. The account page's one-line status links here (ReconcileStatus).
import { useState } from 'react';
import type { BalancePeriod } from '../../../../shared/balance-history';
import type { IndexCoverage } from '../../../../shared/index-coverage';
import type { Reconciliation } from '../../../../shared/reconcile';
import { ViewBoundary } from '../../components/view-boundary';
import { errorCode } from '../../lib/bridge';
import { absoluteTime } from '../../lib/format';
import { useReconciliation } from '../../lib/reconcile';
import { BalanceSection } from './balance-chart';
import { PartialNote } from './partial-note';
import { ReconcileTable } from './reconcile-table';

/** "checked at 2026-11-27 15:02:11 UTC, through ledger 1,234". */
export function checkedText(reconciliation: Reconciliation): string {
  const through =
    reconciliation.throughLedger === null
      ? ''
      : `, through ledger ${reconciliation.throughLedger.toLocaleString('en')}`;
  return `checked at ${absoluteTime(reconciliation.checkedAt)}${through}`;
}

/** The reconciliation as the workbench shows it; pure of queries, for tests. */
export function ReconcileCard({
  reconciliation,
  coverage,
  busy = false,
  onCheck,
  onChart,
}: {
  reconciliation: Reconciliation;
  coverage: IndexCoverage | null | undefined;
  busy?: boolean;
  onCheck?: (() => void) | undefined;
  onChart?: ((asset: string) => void) | undefined;
}) {
  return (
    <>
      <p
        className={`rc-summary ${reconciliation.reconciled ? 'rc-reconciled' : 'rc-differs'}`}
        data-testid="rc-summary"
      >
        {reconciliation.summary}
        <PartialNote coverage={coverage} />
      </p>
      <p className="small muted rc-checked">
        <span data-testid="rc-checked">{checkedText(reconciliation)}</span>
        {reconciliation.gone ? ' · the account does not exist now: every balance it reports is zero' : ''}{' '}
        {onCheck ? (
          <button type="button" disabled={busy} onClick={onCheck}>
            {busy ? 'Checking…' : 'Check again'}
          </button>
        ) : null}
      </p>
      <ReconcileTable reconciliation={reconciliation} onChart={onChart} />
    </>
  );
}

function ReconcileBody({ account, onChart }: { account: string; onChart(asset: string): void }) {
  const query = useReconciliation(account);
  if (query.isError && !query.data) {
    const missing = errorCode(query.error) === 'not_found';
    return (
      <p role="alert" className={`banner ${missing ? '' : 'bad'}`}>
        {missing
          ? 'This account is not indexed on this network yet: index it to reconcile its history.'
          : `Could not reconcile: ${query.error.message}`}{' '}
        <button type="button" onClick={() => void query.refetch()}>
          Check again
        </button>
      </p>
    );
  }
  if (!query.data)
    return (
      <p role="status" className="muted">
        {query.fetchStatus === 'fetching'
          ? 'Reconciling: reading the balances the network reports…'
          : 'Waiting for the index…'}
      </p>
    );
  return (
    <ReconcileCard
      reconciliation={query.data.reconciliation}
      coverage={query.data.coverage}
      busy={query.isFetching}
      onCheck={() => void query.refetch()}
      onChart={onChart}
    />
  );
}

export function ReconcileView({ account, period }: { account: string; period: BalancePeriod }) {
  const query = useReconciliation(account);
  const assets = query.data?.reconciliation.lines.map((l) => l.asset) ?? [];
  const [picked, setPicked] = useState<string | null>(null);
  const asset = picked && assets.includes(picked) ? picked : (assets[0] ?? null);
  return (
    <>
      <section className="card reconcile-card" aria-label="Reconciliation" id="reconciliation">
        <h3>Reconciliation</h3>
        <ViewBoundary name="The reconciliation">
          <ReconcileBody account={account} onChart={setPicked} />
        </ViewBoundary>
      </section>
      {asset ? (
        <ViewBoundary name="The balance history">
          <BalanceSection account={account} assets={assets} asset={asset} onAsset={setPicked} period={period} />
        </ViewBoundary>
      ) : null}
    </>
  );
}
