// Analyses of the filtered set, all read from the index: totals by asset, the top counterparties
// by volume, volume per day/week/month and the cumulative net flow of one asset; each labelled
// partial when the index is (PartialNote).
import { useState } from 'react';
import { FEES_RULE } from '../../../../shared/fees-rule';
import type { AssetFlow, HistoryFilter } from '../../../../shared/history';
import { showHidden } from '../../../../shared/visible-text';
import { codeSlotStyle, columnFit, fitOf } from '../../components/amount-fit';
import { IdLink } from '../../components/id-link';
import { Money } from '../../components/money';
import { Untrusted } from '../../components/untrusted';
import { ViewBoundary } from '../../components/view-boundary';
import {
  assetCode,
  assetCurrency,
  assetLabel,
  openingDepositFilter,
  useHistoryFlow,
  useHistoryTotals,
} from '../../lib/history';
import { href, setParams } from '../../lib/router';
import { AssetSelect, PeriodSelect } from './chart-pickers';
import { ChartCard } from './chart-shell';
import { FlowChart } from './flow-chart';
import { PartialNote } from './partial-note';
import { PeriodChart, type Period } from './period-chart';

/** The code slot of a table whose amounts are in these assets ("native" or CODE:ISSUER). */
function slotOf(assets: string[]) {
  return codeSlotStyle(columnFit(assets.map((asset) => fitOf([['0', assetCode(asset)]]))).slot);
}

interface Flow {
  in: string;
  out: string;
  /** What the account paid in fees (the native asset's only): net = in − out − fees. */
  fees: string;
  net: string;
}

/**
 * In, out and net of one asset: each with its code, in and out coloured as the charts are.
 * `stacked`: in above out in one cell (a narrower table).
 */
export function FlowCells({
  asset,
  flow,
  stacked = false,
  fees: withFees = true,
}: {
  asset: string;
  flow: Flow;
  stacked?: boolean;
  /** False where fees belong to no row (a counterparty's: a fee is paid to the network, not to a party). */
  fees?: boolean;
}) {
  const currency = assetCurrency(asset);
  // A pool's shares read "shares", not an asset called "pool".
  const unit = asset.startsWith('pool:') ? { shares: true } : { currency };
  const into = <Money amount={flow.in} {...unit} direction="in" />;
  const out = <Money amount={flow.out} {...unit} direction="out" />;
  // Fees are paid in the native asset: they read under its out, and another asset's row has none.
  const fees =
    withFees && (asset === 'native' || flow.fees !== '0') ? (
      <div className="small" title={FEES_RULE}>
        fees <Money amount={flow.fees} currency={currency} direction="out" />
      </div>
    ) : null;
  return (
    <>
      {stacked ? (
        <td className="end">
          <div>{into}</div>
          <div>{out}</div>
          {fees}
        </td>
      ) : (
        <>
          <td className="end">{into}</td>
          <td className="end">
            {out}
            {fees}
          </td>
        </>
      )}
      <td className="end">
        <Money amount={flow.net} {...unit} />
      </td>
    </>
  );
}

/** Totals per asset, every figure the index's exact string (grouped, seven decimals). */
export function TotalsTable({ totals, label = 'Totals by asset' }: { totals: AssetFlow[]; label?: string }) {
  if (totals.length === 0)
    return <p className="muted small">Nothing moved value in this set (failed operations are never summed).</p>;
  return (
    <table className="dense totals" aria-label={label} style={slotOf(totals.map((t) => t.asset))}>
      <thead>
        <tr>
          <th>Asset</th>
          <th className="end">In</th>
          <th className="end" title={`out, and under the native asset's the fees. ${FEES_RULE}`}>
            Out · fees
          </th>
          <th className="end" title="in − out − fees">
            Net
          </th>
          <th className="end" title="amounts summed: a conversion or a pool deposit moves more than one">
            Legs
          </th>
        </tr>
      </thead>
      <tbody>
        {totals.map((t) => (
          <tr key={t.asset} data-asset={t.asset}>
            <td title={showHidden(t.asset)}>
              <Untrusted text={assetLabel(t.asset)} />
            </td>
            <FlowCells asset={t.asset} flow={t} />
            <td className="end num">{t.count.toLocaleString('en')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Counterparties({ account, filter }: { account: string; filter: HistoryFilter }) {
  const [top, setTop] = useState(10);
  const totals = useHistoryTotals(account, filter, 'counterparty', top);
  return (
    <section className="card" aria-label="Counterparties">
      <h3>
        Top counterparties by volume{' '}
        <select aria-label="How many" value={top} onChange={(e) => setTop(Number(e.target.value))}>
          {[10, 25, 50, 100].map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
        <PartialNote coverage={totals.data?.coverage} />
      </h3>
      {totals.isError ? (
        <p role="alert" className="bad">
          {totals.error.message}
        </p>
      ) : null}
      {totals.data?.rows.length === 0 ? <p className="muted small">No counterparties in this set.</p> : null}
      {totals.data?.rows.length ? (
        <div className="table-scroll">
          <table className="dense" aria-label="Top counterparties" style={slotOf(totals.data.rows.map((r) => r.asset))}>
            <thead>
              <tr>
                <th>Counterparty</th>
                <th className="end">In / out</th>
                <th className="end">Net</th>
                <th className="end">Legs</th>
                <th>First / last</th>
              </tr>
            </thead>
            <tbody>
              {totals.data.rows.map((r) => (
                <tr key={`${r.key}|${r.asset}`}>
                  <td>
                    <IdLink kind="account" id={r.key} />
                    <br />
                    <a
                      className="small"
                      href={href('history', account, { cp: r.key })}
                      onClick={(e) => {
                        e.preventDefault();
                        setParams({ cp: r.key, view: undefined });
                      }}
                    >
                      Filter by it
                    </a>
                  </td>
                  <FlowCells asset={r.asset} flow={r} stacked fees={false} />
                  <td className="end num">{r.count.toLocaleString('en')}</td>
                  <td className="small nowrap">
                    {r.first?.slice(0, 10) ?? ''}
                    <br />
                    {r.last?.slice(0, 10) ?? ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

function Charts({
  account,
  filter,
  period,
  assets,
}: {
  account: string;
  filter: HistoryFilter;
  period: Period;
  assets: string[];
}) {
  const [picked, setPicked] = useState<string | null>(null);
  const asset = picked && assets.includes(picked) ? picked : (assets[0] ?? null);
  // `top` ranks counterparties only: every period is answered.
  const volume = useHistoryTotals(account, filter, period);
  const opening = useHistoryTotals(account, openingDepositFilter(filter), period);
  // The running total starts at the first indexed operation, so the date range does not cut it.
  const { from: _from, to: _to, ...whole } = filter;
  const flow = useHistoryFlow(account, whole, asset);
  if (asset === null) return <p className="muted small">No asset moved in this set: nothing to chart.</p>;
  return (
    <>
      <ChartCard
        label="Volume"
        heading={
          <>
            Volume of <AssetSelect label="Chart asset" assets={assets} value={asset} onChange={setPicked} /> per{' '}
            <PeriodSelect label="Period" period={period} />
          </>
        }
        query={volume}
      >
        {(data) => <PeriodChart rows={data.rows} opening={opening.data?.rows} period={period} asset={asset} />}
      </ChartCard>
      <ChartCard
        label="Net flow"
        heading={
          <>
            <Untrusted text={assetLabel(asset)} /> net flow since the first indexed operation
          </>
        }
        query={flow}
      >
        {(data) => <FlowChart points={data.points} code={assetCode(asset)} />}
      </ChartCard>
    </>
  );
}

export function AnalysePanel({
  account,
  filter,
  period,
  totals,
}: {
  account: string;
  filter: HistoryFilter;
  period: Period;
  totals: AssetFlow[];
}) {
  return (
    <div className="analyse">
      <div className="analyse-charts">
        <ViewBoundary name="The charts">
          <Charts account={account} filter={filter} period={period} assets={totals.map((t) => t.asset)} />
        </ViewBoundary>
      </div>
      <ViewBoundary name="The counterparties">
        <Counterparties account={account} filter={filter} />
      </ViewBoundary>
    </div>
  );
}
