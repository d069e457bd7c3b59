// Payment volume in (up) and out (down) over the account's newest payments, per asset, on the
// workbench's chart shell (value axis at round values, dated time axis, legend, a readout of one
// period's exact figures). The account's opening deposit (the create_account that funded it) is
// not a flow: it is drawn apart, as a marker, and left out of the scale, so the flows after it are
// not a flat line under one spike. Sums are exact bigints; floats only place pixels.
import { useQuery } from '@tanstack/react-query';
import { memo, useMemo, useState } from 'react';
import { displayMoney, formatAmount, parseAmount } from '../../../../shared/amount';
import type { Currency, Operation } from '../../../../shared/model';
import { movesOf } from '../../../../shared/moves';
import { showHidden } from '../../../../shared/visible-text';
import { call } from '../../lib/bridge';
import { absoluteTime } from '../../lib/format';
import { useUi } from '../../lib/store';
import { tickLabels, timeTicks, valueAxis } from '../workbench/chart-axis';
import type { AxisTick } from '../workbench/chart-frame';
import { ChartShell } from '../workbench/chart-shell';

const BUCKETS = 24;
const W = 640;
const H = 130;

export interface Series {
  key: string;
  label: string;
  currency: Currency;
  inbound: bigint[];
  outbound: bigint[];
  /** The opening deposits in each period (the create_account legs that funded the account): not in `inbound`. */
  opening: bigint[];
  count: number;
}

/** An opening deposit: the successful create_account whose new account is the viewer. */
export function isOpeningDeposit(op: Operation, viewer: string): boolean {
  return op.type === 'create_account' && op.successful && op.account === viewer;
}

/**
 * Volume per asset over time: what reached the account (in) and what left it (out), per leg of the
 * one reading of each record (shared/moves.ts), so a conversion counts both ways and a failed
 * payment not at all; the opening deposit counted apart.
 */
export function buildSeries(rows: readonly Operation[], viewer: string) {
  const dated = rows.map((op) => ({ op, at: Date.parse(op.createdAt) })).filter(({ at }) => Number.isFinite(at));
  if (dated.length === 0) return { series: [] as Series[], from: 0, to: 0 };
  let from = dated[0]!.at;
  let to = from;
  for (const { at } of dated) {
    if (at < from) from = at;
    if (at > to) to = at;
  }
  // The last period ends just after the newest payment, so it falls inside it.
  to += 1;
  const span = to - from;
  const byAsset = new Map<string, Series>();
  for (const { op, at } of dated) {
    const bucket = Math.min(BUCKETS - 1, Math.floor(((at - from) / span) * BUCKETS));
    const opening = isOpeningDeposit(op, viewer);
    for (const leg of movesOf(op, viewer).legs) {
      if (leg.asset.kind !== 'asset' || leg.amount === undefined) continue;
      const series = seriesFor(byAsset, leg.asset.currency);
      const list = opening && leg.side === 'in' ? series.opening : leg.side === 'in' ? series.inbound : series.outbound;
      list[bucket] = list[bucket]! + parseAmount(leg.amount);
      series.count++;
    }
  }
  return { series: [...byAsset.values()].sort((a, b) => b.count - a.count), from, to };
}

function seriesFor(byAsset: Map<string, Series>, currency: Currency): Series {
  const key = `${currency.code}:${currency.issuer ?? ''}`;
  let series = byAsset.get(key);
  if (!series) {
    const zeros = () => Array<bigint>(BUCKETS).fill(0n);
    series = { key, label: currency.code, currency, inbound: zeros(), outbound: zeros(), opening: zeros(), count: 0 };
    byAsset.set(key, series);
  }
  return series;
}

/** The payments the chart covers: the newest WINDOW, fetched for the chart alone (never the table's rows). */
export const WINDOW = 200;

/**
 * The chart reads its own fixed window of payments, not the table's loaded rows: scrolling the
 * table cannot change a figure, and the chart says what it covers.
 */
export function VolumeChart({ account }: { account: string }) {
  const networkId = useUi((state) => state.networkId);
  const window = useQuery({
    queryKey: ['volume', networkId ?? '', account],
    queryFn: ({ signal }) =>
      call(
        'payments:list',
        { account, query: { limit: WINDOW, order: 'desc', includeFailed: false, includeTransactions: false } },
        signal,
      ),
  });
  return <ChartBody rows={window.data?.records} viewer={account} pending={window.isPending} />;
}

interface Period {
  key: string;
  index: number;
  start: number;
  end: number;
  inbound: bigint;
  outbound: bigint;
  opening: bigint;
  x: number;
  inPx: number;
  outPx: number;
}

/** The periods of one series placed on the plot, the value axis fitted to the flows alone (not the opening deposit). */
export function layoutVolume(series: Series, from: number, to: number) {
  const flows = [...series.inbound, ...series.outbound];
  // One round tick each way: the card is small, and the readout gives every exact figure.
  const axis = valueAxis(flows, 1);
  const max = axis.hi > 0n ? axis.hi : 1n;
  const half = H / 2 - 4;
  const px = (v: bigint) => (Number(v) / Number(max)) * half;
  const length = (to - from) / BUCKETS;
  const periods: Period[] = series.inbound.map((inbound, index) => ({
    key: String(index),
    index,
    start: from + index * length,
    end: from + (index + 1) * length,
    inbound,
    outbound: series.outbound[index]!,
    opening: series.opening[index]!,
    x: (index * W) / BUCKETS,
    inPx: px(inbound),
    outPx: px(series.outbound[index]!),
  }));
  const mid = H / 2;
  const labels = tickLabels(axis);
  const valueTicks: AxisTick[] = axis.ticks.flatMap((t, i) =>
    t === 0n
      ? [{ at: mid, label: labels[i]! }]
      : [
          { at: mid - px(t), label: labels[i]! },
          { at: mid + px(t), label: labels[i]! },
        ],
  );
  const x = (t: number) => ((t - from) / (to - from)) * W;
  return { periods, valueTicks, timeTicks: timeTicks(from, to, 4).map((t) => ({ at: x(t.t), label: t.label })) };
}

/** The readout when no period is chosen: the window's totals, the opening deposit apart. */
function totalsLine(totalIn: bigint, totalOut: bigint, opening: bigint, money: (v: bigint) => string): string {
  const apart = opening > 0n ? ` · opening deposit ${money(opening)} (drawn apart, not to scale)` : '';
  return `in ${money(totalIn)} · out ${money(totalOut)}${apart}`;
}

function periodReadout(period: Period, label: string): string {
  const span = `${absoluteTime(new Date(period.start).toISOString())} – ${absoluteTime(new Date(period.end).toISOString())}`;
  const opening =
    period.opening > 0n ? ` · opening deposit ${displayMoney(formatAmount(period.opening), label)}, drawn apart` : '';
  return `${span}: in ${displayMoney(formatAmount(period.inbound), label)} · out ${displayMoney(formatAmount(period.outbound), label)}${opening}`;
}

const ChartBody = memo(function ChartBody({
  rows = [],
  viewer,
  pending,
}: {
  rows: Operation[] | undefined;
  viewer: string;
  pending: boolean;
}) {
  const { series, from, to } = useMemo(() => buildSeries(rows, viewer), [rows, viewer]);
  const [picked, setPicked] = useState<string | null>(null);
  const current = series.find((s) => s.key === picked) ?? series[0];
  const layout = useMemo(() => (current ? layoutVolume(current, from, to) : null), [current, from, to]);
  if (!current || !layout) {
    return (
      <section className="card chart" aria-label="Payment volume">
        <h3>Payment volume</h3>
        <p className="muted small">{pending ? 'Loading…' : 'No incoming or outgoing payments.'}</p>
      </section>
    );
  }
  const opening = current.opening.reduce((a, b) => a + b, 0n);
  const money = (v: bigint) => displayMoney(formatAmount(v), current.label);
  return (
    <section className="card chart chart-card" aria-label="Payment volume">
      <h3>
        Payment volume{' '}
        <select value={current.key} onChange={(e) => setPicked(e.target.value)} aria-label="Currency">
          {series.map((s) => (
            <option key={s.key} value={s.key}>
              {showHidden(s.label)}
            </option>
          ))}
        </select>
      </h3>
      <p
        className="muted small"
        data-testid="volume-window"
        title={`${absoluteTime(new Date(from).toISOString())} – ${absoluteTime(new Date(to).toISOString())}`}
      >
        {rows.length < WINDOW ? `All ${rows.length.toLocaleString('en')} payments` : `The newest ${WINDOW} payments`}
      </p>
      <VolumePlot series={current} layout={layout} opening={opening} money={money} />
    </section>
  );
});

/** The plot of one series: its flows as bars on the chart shell, the opening deposit as a marker beside the scale. */
function VolumePlot({
  series: current,
  layout,
  opening,
  money,
}: {
  series: Series;
  layout: ReturnType<typeof layoutVolume>;
  opening: bigint;
  money: (v: bigint) => string;
}) {
  const mid = H / 2;
  const totalIn = current.inbound.reduce((a, b) => a + b, 0n);
  const totalOut = current.outbound.reduce((a, b) => a + b, 0n);
  return (
    <ChartShell
      className="volume-chart"
      label="Payment volume chart: arrow keys move between periods"
      spots={layout.periods}
      empty="No payments in this window."
      width={W}
      height={H}
      unit={current.label}
      axes={layout}
      legend={[
        {
          kind: 'in',
          label: <>in (up)</>,
        },
        {
          kind: 'out',
          label: <>out (down)</>,
        },
        ...(opening > 0n ? [{ kind: 'opening', label: 'opening deposit' }] : []),
      ]}
      plotLabel={`in ${money(totalIn)}, out ${money(totalOut)}${opening > 0n ? `, opening deposit ${money(opening)} apart` : ''}`}
      base={{ y: mid, className: 'axis' }}
      hit={(p) => ({
        key: p.key,
        name: 'data-period',
        x: p.x,
        width: W / BUCKETS,
        title: periodReadout(p, current.label),
      })}
      readoutId="volume-readout"
      readout={(chosen) =>
        chosen ? periodReadout(chosen, current.label) : totalsLine(totalIn, totalOut, opening, money)
      }
    >
      {(chosen) =>
        layout.periods.map((p) => (
          <g key={p.key} className={p === chosen ? 'hovered' : undefined}>
            {p.inPx > 0 ? (
              <rect className="bar-in" x={p.x + 1} width={W / BUCKETS - 2} y={mid - p.inPx} height={p.inPx} />
            ) : null}
            {p.outPx > 0 ? (
              <rect className="bar-out" x={p.x + 1} width={W / BUCKETS - 2} y={mid} height={p.outPx} />
            ) : null}
            {p.opening > 0n ? (
              <g className="opening-marker" data-testid="opening-marker">
                <line x1={p.x + W / BUCKETS / 2} x2={p.x + W / BUCKETS / 2} y1={4} y2={mid} />
                <circle cx={p.x + W / BUCKETS / 2} cy={6} r={4} />
              </g>
            ) : null}
          </g>
        ))
      }
    </ChartShell>
  );
}
