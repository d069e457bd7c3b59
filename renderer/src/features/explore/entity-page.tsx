// The view of one entity, by kind: loads the resource and hands it to its view.
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import type {
  Account,
  ClaimableBalance,
  Ledger,
  LiquidityPool,
  Operation,
  TransactionDetail,
} from '../../../../shared/model';
import { withArticle } from '../../../../shared/english';
import { clipMiddle } from '../../../../shared/ids';
import { CopyButton } from '../../components/id-link';
import { IdText } from '../../components/id-text';
import { Untrusted } from '../../components/untrusted';
import { OperationTable } from '../../components/operation-table';
import { ViewBoundary } from '../../components/view-boundary';
import { errorCode } from '../../lib/bridge';
import { entityQuery, routeIdProblem } from '../../lib/entities';
import { rememberRecent } from '../../lib/recent';
import { useUi } from '../../lib/store';
import { ENTITY_LABEL, href, type EntityKind } from '../../lib/router';
import { AccountView } from './account-view';
import { BalanceView, PoolView } from './balance-pool-views';
import { LedgerView } from './ledger-view';
import { OperationView } from './operation-view';
import { TransactionView } from './transaction-view';

export function EntityPage({ kind, id }: { kind: EntityKind; id: string }) {
  const problem = routeIdProblem(kind, id);
  return problem ? <BadRoute kind={kind} id={id} problem={problem} /> : <Entity kind={kind} id={id} />;
}

/** An address whose id cannot name its kind of entity: a sentence, the id shortened, and ways back. */
function BadRoute({ kind, id, problem }: { kind: EntityKind; id: string; problem: string }) {
  const label = ENTITY_LABEL[kind];
  const shown = clipMiddle(id, 64);
  return (
    <article className="entity" aria-label={label} data-entity={kind}>
      <header className="entity-head">
        <h2>{label}</h2>
      </header>
      <section className="card route-problem" role="alert" data-testid="bad-route">
        <p>
          This address does not name {withArticle(label.toLowerCase())}: “<Untrusted text={shown} className="mono" />”
          is not one ({problem}).
        </p>
        <p>
          <button type="button" onClick={() => window.history.back()}>
            Back
          </button>{' '}
          <a href={href('explore')}>Go to Explore</a> <span className="muted">or press Ctrl K to look an id up.</span>
        </p>
      </section>
    </article>
  );
}

function Entity({ kind, id }: { kind: EntityKind; id: string }) {
  const networkId = useUi((state) => state.networkId);
  const query = useQuery(entityQuery(kind, id, networkId));
  const label = ENTITY_LABEL[kind];
  const found = query.isSuccess;
  useEffect(() => {
    if (found && networkId) rememberRecent({ kind, id, networkId });
  }, [found, kind, id, networkId]);
  let body: ReactNode;
  if (query.isPending) body = <p role="status">Loading {label.toLowerCase()}…</p>;
  else if (query.isError) {
    const code = errorCode(query.error);
    const scope = kind === 'cb' ? 'claimable_balance' : kind === 'pool' ? 'liquidity_pool' : null;
    body =
      code === 'not_found' && scope ? (
        <>
          <p className="banner" role="status" data-testid="gone">
            No {label.toLowerCase()} {id} exists now{kind === 'cb' ? ' (claimed or clawed back)' : ''}; its history is
            below.
          </p>
          <OperationTable target={{ kind: 'operations', scope, id }} label="Operations" />
        </>
      ) : (
        <div className="vt-state vt-error" role="alert">
          <span>
            {code === 'not_found'
              ? `No ${label.toLowerCase()} ${id} on this network.`
              : `Could not load the ${label.toLowerCase()}: ${query.error.message}`}
          </span>
          <button type="button" onClick={() => void query.refetch()}>
            Retry
          </button>
        </div>
      );
  } else body = <ViewBoundary name={`The ${label.toLowerCase()} details`}>{view(kind, id, query.data)}</ViewBoundary>;
  return (
    <article className="entity" aria-label={`${label} ${id}`} data-entity={kind}>
      <header className="entity-head">
        <h2>
          {label}{' '}
          <span className="mono entity-id">
            <IdText id={id} form="full" />
          </span>{' '}
          <CopyButton text={id} />
        </h2>
      </header>
      {body}
    </article>
  );
}

function view(kind: EntityKind, id: string, data: unknown): ReactNode {
  switch (kind) {
    case 'account':
      return <AccountView account={data as Account} />;
    case 'ledger':
      return <LedgerView ledger={data as Ledger} />;
    case 'tx':
      return <TransactionView tx={data as TransactionDetail} />;
    case 'op':
      return <OperationView op={data as Operation} />;
    case 'cb':
      return <BalanceView balance={data as ClaimableBalance} id={id} />;
    case 'pool':
      return <PoolView pool={data as LiquidityPool} id={id} />;
  }
}
