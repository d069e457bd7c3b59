import type { ClaimableBalance, LiquidityPool } from '../../../../shared/model';
import { FieldValue } from '../../components/fields';
import { IdLink } from '../../components/id-link';
import { Money } from '../../components/operation-cells';
import { OperationTable } from '../../components/operation-table';
import { RawJson } from '../../components/raw-json';

export function BalanceView({ balance, id }: { balance: ClaimableBalance; id: string }) {
  return (
    <>
      <section className="card" aria-label="Claimable balance facts">
        <dl className="fields">
          <div className="field">
            <dt>Amount</dt>
            <dd>
              <Money amount={balance.amount} currency={balance.currency} />
            </dd>
          </div>
          {balance.currency.issuer ? (
            <div className="field">
              <dt>Issuer</dt>
              <dd>
                <IdLink kind="account" id={balance.currency.issuer} full />
              </dd>
            </div>
          ) : null}
          {balance.sponsor ? (
            <div className="field">
              <dt>Sponsor</dt>
              <dd>
                <IdLink kind="account" id={balance.sponsor} full />
              </dd>
            </div>
          ) : null}
          <div className="field">
            <dt>Claimants</dt>
            <dd>
              {balance.claimants.map((claimant) => (
                <div key={claimant.destination}>
                  <IdLink kind="account" id={claimant.destination} full />{' '}
                  <span className="muted small mono">{JSON.stringify(claimant.predicate)}</span>
                </div>
              ))}
            </dd>
          </div>
          {balance.lastModifiedLedger ? (
            <div className="field">
              <dt>Last modified</dt>
              <dd>
                <FieldValue name="ledger" value={balance.lastModifiedLedger} />
              </dd>
            </div>
          ) : null}
        </dl>
        <RawJson raw={balance.raw} />
      </section>
      <OperationTable
        target={{ kind: 'operations', scope: 'claimable_balance', id: balance.id || id }}
        label="Operations"
      />
    </>
  );
}

export function PoolView({ pool, id }: { pool: LiquidityPool; id: string }) {
  return (
    <>
      <section className="card" aria-label="Liquidity pool facts">
        <dl className="fields">
          <div className="field">
            <dt>Reserves</dt>
            <dd>
              {pool.reserves.map((reserve, i) => (
                <div key={i}>
                  <Money amount={reserve.amount} currency={reserve.currency} />{' '}
                  {reserve.currency.issuer ? <IdLink kind="account" id={reserve.currency.issuer} /> : null}
                </div>
              ))}
            </dd>
          </div>
          <div className="field">
            <dt>Total shares</dt>
            <dd>
              <Money amount={pool.totalShares} shares />
            </dd>
          </div>
          {pool.totalTrustlines ? (
            <div className="field">
              <dt>Trustlines</dt>
              <dd>{pool.totalTrustlines}</dd>
            </div>
          ) : null}
          {pool.feeBp !== undefined ? (
            <div className="field">
              <dt>Fee</dt>
              <dd>{pool.feeBp} bp</dd>
            </div>
          ) : null}
          {pool.poolType ? (
            <div className="field">
              <dt>Type</dt>
              <dd>{pool.poolType}</dd>
            </div>
          ) : null}
        </dl>
        <RawJson raw={pool.raw} />
      </section>
      <OperationTable target={{ kind: 'operations', scope: 'liquidity_pool', id: pool.id || id }} label="Operations" />
    </>
  );
}
