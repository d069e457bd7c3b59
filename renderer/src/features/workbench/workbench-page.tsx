// The analyst workbench (issue #13): one indexed account's history, filtered (the filters live in
// the address: `#/history/<G…>?asset=USD&min=10&sort=-amount`), counted and summed exactly,
// listed in the virtual table and analysed; a partial index's count and totals say so (PartialNote).
// `#/history` alone lists the indexes.
import { FEES_RULE } from '../../../../shared/fees-rule';
import type { HistoryFilter, HistorySort } from '../../../../shared/history';
import { isAccountKey } from '../../../../shared/strkey';
import { clipMiddle } from '../../../../shared/ids';
import { HistoryExportButtons } from '../../components/history-export';
import { IdLink } from '../../components/id-link';
import { Untrusted } from '../../components/untrusted';
import { ViewBoundary } from '../../components/view-boundary';
import { errorCode } from '../../lib/bridge';
import { useHistoryStatus, useHistorySummary } from '../../lib/history';
import { FILTER_PARAMS, readWorkbench } from '../../lib/history-filters';
import { setParams, useRoute } from '../../lib/router';
import { AnalysePanel, TotalsTable } from './analyse-panel';
import { FilterForm } from './filter-form';
import { HistoryTable, SortPicker } from './history-table';
import { IndexPanel } from './index-panel';
import { LakePanel } from './lake-panel';
import { IndexesSection } from './indexes-section';
import { PartialNote } from './partial-note';
import { ReconcileView } from './reconcile-section';

export function WorkbenchPage({ account }: { account?: string | undefined }) {
  if (!account) {
    return (
      <section className="workbench-home" aria-label="Workbench">
        <h2>Workbench</h2>
        <IndexesSection />
      </section>
    );
  }
  if (!isAccountKey(account)) {
    return (
      <section aria-label="Workbench">
        <h2>Workbench</h2>
        <p role="alert" className="banner bad">
          “<Untrusted text={clipMiddle(account, 60)} />” is not an account id (G…): the workbench opens one account's
          local index.
        </p>
        <IndexesSection />
      </section>
    );
  }
  return <Workbench account={account} />;
}

function Workbench({ account }: { account: string }) {
  const { params } = useRoute();
  const state = readWorkbench(params);
  const formKey = FILTER_PARAMS.map((name) => params.get(name) ?? '').join('\u0001');
  return (
    <section className="workbench" aria-label="Workbench">
      <header className="entity-head">
        <h2>
          Workbench <IdLink kind="account" id={account} full />
        </h2>
      </header>
      <ViewBoundary name="The index status">
        <IndexPanel account={account} linked={false} />
      </ViewBoundary>
      <ViewBoundary name="The lake form">
        <LakePanel account={account} />
      </ViewBoundary>
      {state.problems.length ? (
        <div className="banner warn" role="alert" aria-label="Address problems">
          {state.problems.map((line) => (
            <div key={line}>{line}</div>
          ))}
        </div>
      ) : null}
      <ViewBoundary name="The filters">
        <FilterForm key={formKey} account={account} params={params} />
      </ViewBoundary>
      <ViewBoundary name="The filtered set">
        <Results account={account} filter={state.filter} sort={state.sort} period={state.period} view={state.view} />
      </ViewBoundary>
    </section>
  );
}

interface ResultsProps {
  account: string;
  filter: HistoryFilter;
  sort: HistorySort;
  period: 'day' | 'week' | 'month';
  view: 'rows' | 'analyse' | 'reconcile';
}

function Results({ account, filter, sort, period, view }: ResultsProps) {
  const query = useHistorySummary(account, filter);
  const status = useHistoryStatus(account);
  const summary = query.data ?? null;
  if (query.isError && !query.data) {
    const missing = errorCode(query.error) === 'not_found';
    // A sync started (waiting for its turn, or before its first rows are written) is said, not asked for again.
    const syncing = status.data?.state === 'syncing';
    return (
      <p role="alert" className={`banner ${missing ? '' : 'bad'}`} data-testid="workbench-error">
        {missing && syncing
          ? 'This account is being indexed: its rows appear here as they are read.'
          : missing
            ? 'This account is not indexed on this network yet: choose "Index this account" above.'
            : `Could not read the index: ${query.error.message}`}
      </p>
    );
  }
  return (
    <>
      <section className="card summary" aria-label="Summary">
        <div className="summary-head">
          <strong data-testid="match-count">
            {summary
              ? // Records: operations, and the fees paid and offer fills read from the account's transactions and trades.
                `${summary.count.toLocaleString('en')} record${summary.count === 1 ? '' : 's'} match`
              : 'Counting…'}
          </strong>
          <PartialNote coverage={summary?.coverage} />
          <span className="spacer" />
          <HistoryExportButtons account={account} filter={filter} sort={sort} />
        </div>
        {summary ? <TotalsTable totals={summary.totals} /> : null}
        {summary && summary.totals.length > 0 ? (
          <p className="muted small" data-testid="legs-note">
            Records are counted (operations, and the fees paid and offer fills read from the account&apos;s transactions
            and trades); legs are the amounts summed: a conversion or a pool deposit moves more than one, a failed
            operation or one that moves no value none. Net is in − out − fees. {FEES_RULE}
          </p>
        ) : null}
      </section>
      <div className="tabs" role="tablist" aria-label="Workbench views">
        <button type="button" role="tab" aria-selected={view === 'rows'} onClick={() => setParams({ view: undefined })}>
          Operations
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={view === 'analyse'}
          onClick={() => setParams({ view: 'analyse' })}
        >
          Analyse
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={view === 'reconcile'}
          onClick={() => setParams({ view: 'reconcile' })}
        >
          Reconciliation
        </button>
        <span className="spacer" />
        {view === 'rows' ? <SortPicker sort={sort} /> : null}
      </div>
      {view === 'rows' ? (
        <section className="listing" aria-label="Indexed operations">
          <ViewBoundary name="The indexed operations table">
            <HistoryTable account={account} filter={filter} sort={sort} />
          </ViewBoundary>
        </section>
      ) : view === 'analyse' ? (
        <AnalysePanel account={account} filter={filter} period={period} totals={summary?.totals ?? []} />
      ) : (
        <ReconcileView account={account} period={period} />
      )}
    </>
  );
}
