// Payment volume in (up) and out (down) over the loaded range, per currency: inline SVG.
// Sums are exact bigints; floats only place pixels.
import { memo, useMemo, useState } from 'react';
import { displayMoney, formatAmount, parseAmount } from '../../../../shared/amount';
import { isPaymentLike, type Currency } from '../../../../shared/model';
import { showHidden } from '../../../../shared/visible-text';
import { Money } from '../../components/money';
import { useFilters } from '../../components/operation-table';
import { absoluteTime } from '../../lib/format';
import { flattenPages, useListing, type LoadedPage } from '../../lib/listing';

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

export function buildSeries(rows: ReturnType<typeof flattenPages>['rows']) {
  // Path payments count: what arrived counts as in, what was sent as out.
  const payments = rows.filter(isPaymentLike);
  const times = payments.map((op) => Date.parse(op.createdAt)).filter(Number.isFinite);
  if (times.length === 0) return { series: [] as Series[], from: 0, to: 0 };
  const from = Math.min(...times);
  const to = Math.max(...times);
  const span = Math.max(1, to - from);
  const byCurrency = new Map<string, Series>();
  for (const op of payments) {
    const dir = op.direction;
    if (dir !== 'in' && dir !== 'out') continue;
    const sent = dir === 'out' && op.type !== 'payment';
    const currency: Currency = sent ? op.sourceCurrency : op.currency;
    const key = `${currency.code}:${currency.issuer ?? ''}`;
    let series = byCurrency.get(key);
    if (!series) {
      series = {
        key,
        label: currency.code,
        currency,
        inbound: Array(BUCKETS).fill(0n),
        outbound: Array(BUCKETS).fill(0n),
        count: 0,
      };
      byCurrency.set(key, series);
    }
    const bucket = Math.min(BUCKETS - 1, Math.floor(((Date.parse(op.createdAt) - from) / span) * BUCKETS));
    let units: bigint;
    try {
      units = parseAmount(sent ? op.sourceAmount : op.amount);
    } catch {
      continue;
    }
    const list = dir === 'in' ? series.inbound : series.outbound;
    list[bucket] = (list[bucket] ?? 0n) + units;
    series.count++;
  }
  return { series: [...byCurrency.values()].sort((a, b) => b.count - a.count), from, to };
}

export function VolumeChart({ account }: { account: string }) {
  const filters = useFilters();
  const listing = useListing({ kind: 'payments', account }, filters);
  const pages = listing.data?.pages;
  // Redrawn when the listing settles, not for every page streamed in during a fast scroll.
  const [snapshot, setSnapshot] = useState(pages);
  if (!listing.isFetching && snapshot !== pages) setSnapshot(pages);
  return <ChartBody pages={snapshot} pending={listing.isPending} />;
}

const ChartBody = memo(function ChartBody({ pages, pending }: { pages: LoadedPage[] | undefined; pending: boolean }) {
  const { rows } = useMemo(() => flattenPages(pages), [pages]);
  const { series, from, to } = useMemo(() => buildSeries(rows), [rows]);
  const [picked, setPicked] = useState<string | null>(null);
  const current = series.find((s) => s.key === picked) ?? series[0];
  if (!current) {
    return (
      <section className="card chart" aria-label="Payment volume">
        <h3>Payment volume</h3>
        <p className="muted small">{pending ? 'Loading…' : 'No incoming or outgoing payments loaded.'}</p>
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
        {absoluteTime(new Date(from).toISOString())} – {absoluteTime(new Date(to).toISOString())},{' '}
        {rows.length.toLocaleString('en')} loaded rows
      </p>
    </section>
  );
});
