// Account: balances and sequence, the payment-volume chart, then Payments | Operations.
import { displayLimit } from '../../../../shared/amount';
import type { Account } from '../../../../shared/model';
import { codeSlotStyle, columnFit, fitOf } from '../../components/amount-fit';
import { IdLink } from '../../components/id-link';
import { Money } from '../../components/operation-cells';
import { OperationTable } from '../../components/operation-table';
import { RawJson } from '../../components/raw-json';
import { TomlClaim } from '../../components/toml-claim';
import { Untrusted } from '../../components/untrusted';
import { useReachedBy } from '../../lib/federation';
import { setParams, useRoute } from '../../lib/router';
import { useUi } from '../../lib/store';
import { useEffect } from 'react';
import { ViewBoundary } from '../../components/view-boundary';
import { AccountLabel } from './account-label';
import { IndexPanel } from '../workbench/index-panel';
import { VolumeChart } from './volume-chart';
import { WatchButton } from './watch-button';

/** The federation address (SEP-2) the account was reached by on this network, and the memo it asks for. */
function ReachedBy({ account }: { account: string }) {
  const networkId = useUi((state) => state.networkId);
  const reached = useReachedBy(networkId, account);
  if (!reached) return null;
  return (
    <p className="reached-by small" data-testid="reached-by">
      Reached as <Untrusted text={reached.address} /> (a federation address, SEP-2, as its domain answers it)
      {reached.memo ? (
        <>
          {' '}
          · it asks payments to carry the {reached.memo.type} memo <Untrusted text={reached.memo.value} />: without it,
          the receiver may not credit them
        </>
      ) : null}
    </p>
  );
}

export function AccountView({ account }: { account: Account }) {
  const { params } = useRoute();
  const markRead = useUi((state) => state.markRead);
  // Opening a watched account's page reads its new payments.
  useEffect(() => {
    markRead(account.id);
  }, [markRead, account.id]);
  const tab = params.get('tab') === 'operations' ? 'operations' : 'payments';
  return (
    <>
      <ReachedBy account={account.id} />
      <div className="facts-row">
        <BalancesCard account={account} />
        <AccountFactsCard account={account} />
        <ViewBoundary name="The payment volume chart">
          <VolumeChart account={account.id} />
        </ViewBoundary>
      </div>
      <ViewBoundary name="The local index">
        <IndexPanel account={account.id} />
      </ViewBoundary>
      <div className="tabs" role="tablist" aria-label="Account listings">
        {(['payments', 'operations'] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            onClick={() => setParams({ tab: name === 'payments' ? undefined : name })}
          >
            {name === 'payments' ? 'Payments' : 'Operations'}
          </button>
        ))}
      </div>
      {tab === 'payments' ? (
        <OperationTable
          key="payments"
          target={{ kind: 'payments', account: account.id }}
          label="Payments"
          viewed={account.id}
        />
      ) : (
        <OperationTable
          key="operations"
          target={{ kind: 'operations', scope: 'account', id: account.id }}
          label="Operations"
          viewed={account.id}
        />
      )}
    </>
  );
}

/** Who the account is: its name, sequence, subentries, thresholds and signers, and its raw JSON. */
function AccountFactsCard({ account }: { account: Account }) {
  return (
    <section className="card" aria-label="Account facts">
      <h3>
        Account <WatchButton account={account.id} />
      </h3>
      <AccountLabel account={account.id} />
      {account.homeDomain !== undefined ? <TomlClaim subject={{ account: account.id }} /> : null}
      <dl className="fields">
        <div className="field">
          <dt>Sequence</dt>
          <dd className="mono" data-testid="sequence">
            {account.sequence}
          </dd>
        </div>
        <div className="field">
          <dt>Subentries</dt>
          <dd>{account.subentryCount}</dd>
        </div>
        <div className="field">
          <dt>Thresholds</dt>
          <dd>
            {account.thresholds.low} / {account.thresholds.med} / {account.thresholds.high}
          </dd>
        </div>
        <div className="field">
          <dt>Signers</dt>
          <dd>
            {account.signers.map((signer) => (
              <div key={signer.key}>
                {/^G/.test(signer.key) ? (
                  <IdLink kind="account" id={signer.key} grouped />
                ) : (
                  <span className="mono wrap">{signer.key}</span>
                )}{' '}
                <span className="muted">weight {signer.weight}</span>
              </div>
            ))}
          </dd>
        </div>
      </dl>
      <RawJson raw={account.raw} />
    </section>
  );
}

/** The account's balances: one cell each, the amount and beneath it whose asset and its limit. */
function BalancesCard({ account }: { account: Account }) {
  const fit = columnFit(
    account.balances.map((b) => fitOf([[b.amount, b.liquidityPoolId ? 'shares' : (b.currency?.code ?? 'XLM')]])),
  );
  return (
    <section className="card" aria-label="Balances">
      <h3>Balances</h3>
      <table className="dense balances" style={codeSlotStyle(fit.slot)}>
        <tbody>
          {account.balances.map((balance, i) => (
            // One cell: the amount, and beneath it whose asset and its limit (three columns
            // did not fit the card, and the limit column was cut off).
            <tr key={i}>
              <td className="balance">
                <Money amount={balance.amount} currency={balance.currency} shares={!!balance.liquidityPoolId} />
                <div className="muted small balance-of">
                  {balance.liquidityPoolId ? (
                    <>
                      pool <IdLink kind="pool" id={balance.liquidityPoolId} />
                    </>
                  ) : balance.currency?.issuer ? (
                    <>
                      issuer <IdLink kind="account" id={balance.currency.issuer} />
                    </>
                  ) : (
                    'native'
                  )}
                  {balance.limit ? (
                    <span title={`limit ${balance.limit}`}> · limit {displayLimit(balance.limit)}</span>
                  ) : null}
                </div>
                {balance.currency?.issuer && !balance.liquidityPoolId ? (
                  <TomlClaim
                    compact
                    subject={{ asset: { code: balance.currency.code, issuer: balance.currency.issuer } }}
                  />
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {account.balancesNote ? (
        <p className="muted small" data-testid="balances-note">
          {account.balancesNote}
        </p>
      ) : null}
    </section>
  );
}
