// Payment volume in (up) and out (down) over the account's newest payments, per asset: inline SVG.
// Sums are exact bigints; floats only place pixels.
import { useQuery } from '@tanstack/react-query';
import { memo, useMemo, useState } from 'react';
import { displayMoney, formatAmount, parseAmount } from '../../../../shared/amount';
import type { Currency, Operation } from '../../../../shared/model';
import { movesOf } from '../../../../shared/moves';
import { showHidden } from '../../../../shared/visible-text';
import { call } from '../../lib/bridge';
import { Money } from '../../components/money';
import { absoluteTime } from '../../lib/format';
import { useUi } from '../../lib/store';

const BUCKETS = 24;
const W = 300;
const H = 110;

interface Series {
  key: string;
  label: string;
  currency: Currency;
  inbound: bigint[];
  outbound: bigint[];
  count: number;
}

/**
 * Volume per asset over time: what reached the account (in) and what left it (out), per leg of the
 * one reading of each record (shared/moves.ts), so a conversion counts both ways and a failed
 * payment not at all.
 */
export function buildSeries(rows: readonly Operation[], viewer: string) {
  const dated = rows.map((op) => ({ op, at: Date.parse(op.createdAt) })).filter(({ at }) => Number.isFinite(at));
  if (dated.length === 0) return { series: [] as Series[], from: 0, to: 0 };
  const from = Math.min(...dated.map(({ at }) => at));
  const to = Math.max(...dated.map(({ at }) => at));
  const span = Math.max(1, to - from);
  const byAsset = new Map<string, Series>();
  for (const { op, at } of dated) {
    const bucket = Math.min(BUCKETS - 1, Math.floor(((at - from) / span) * BUCKETS));
    for (const leg of movesOf(op, viewer).legs) {
      if (leg.asset.kind !== 'asset' || leg.amount === undefined) continue;
      const series = seriesFor(byAsset, leg.asset.currency);
      const list = leg.side === 'in' ? series.inbound : series.outbound;
      list[bucket] = (list[bucket] ?? 0n) + parseAmount(leg.amount);
      series.count++;
    }
  }
  return { series: [...byAsset.values()].sort((a, b) => b.count - a.count), from, to };
}

function seriesFor(byAsset: Map<string, Series>, currency: Currency): Series {
  const key = `${currency.code}:${currency.issuer ?? ''}`;
  let series = byAsset.get(key);
  if (!series) {
    series = {
      key,
      label: currency.code,
      currency,
      inbound: Array(BUCKETS).fill(0n),
      outbound: Array(BUCKETS).fill(0n),
      count: 0,
    };
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
  if (!current) {
    return (
      <section className="card chart" aria-label="Payment volume">
        <h3>Payment volume</h3>
        <p className="muted small">{pending ? 'Loading…' : 'No incoming or outgoing payments.'}</p>
      </section>
    );
  }
  const max = [...current.inbound, ...current.outbound].reduce((m, v) => (v > m ? v : m), 1n);
  const mid = H / 2;
  const bar = W / BUCKETS;
  const scale = (v: bigint) => (Number(v) / Number(max)) * (mid - 4);
  const totalIn = current.inbound.reduce((a, b) => a + b, 0n);
  const totalOut = current.outbound.reduce((a, b) => a + b, 0n);
  return (
    <section className="card chart" aria-label="Payment volume">
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
      <svg
        viewBox={`0 0 ${W} ${H}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={`in ${displayMoney(formatAmount(totalIn), current.label)}, out ${displayMoney(formatAmount(totalOut), current.label)}`}
      >
        <line x1={0} x2={W} y1={mid} y2={mid} className="axis" />
        {current.inbound.map((v, i) =>
          v > 0n ? (
            <rect key={`i${i}`} className="bar-in" x={i * bar + 1} width={bar - 2} y={mid - scale(v)} height={scale(v)}>
              <title>in {displayMoney(formatAmount(v), current.label)}</title>
            </rect>
          ) : null,
        )}
        {current.outbound.map((v, i) =>
          v > 0n ? (
            <rect key={`o${i}`} className="bar-out" x={i * bar + 1} width={bar - 2} y={mid} height={scale(v)}>
              <title>out {displayMoney(formatAmount(v), current.label)}</title>
            </rect>
          ) : null,
        )}
      </svg>
      <p className="small">
        in <Money amount={formatAmount(totalIn)} currency={current.currency} direction="in" /> · out{' '}
        <Money amount={formatAmount(totalOut)} currency={current.currency} direction="out" />
      </p>
      <p className="muted small">
        {rows.length < WINDOW ? `All ${rows.length.toLocaleString('en')} payments` : `The newest ${WINDOW} payments`},{' '}
        {absoluteTime(new Date(from).toISOString())} – {absoluteTime(new Date(to).toISOString())}
      </p>
    </section>
  );
});
