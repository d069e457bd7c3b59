// Volume in (up) and out (down) of one asset per day, week or month over the whole filtered
// history, on a time axis. Bars are placed by their period's date; hovering one shows its exact
// figures, read from the index's strings (floats only place pixels).
import { useMemo } from 'react';
import { displayMoney, parseAmount } from '../../../../shared/amount';
import type { TotalsRow } from '../../../../shared/history';
import { assetCode } from '../../lib/history';
import { useChartCursor } from './chart-keys';

const W = 640;
const H = 150;
const DAY_MS = 86_400_000;
const MIN_PERIODS = 15;
const PERIOD_DAYS = { day: 1, week: 7, month: 30 } as const;

export type Period = keyof typeof PERIOD_DAYS;

export interface Bar {
  key: string;
  row: TotalsRow;
  x: number;
  width: number;
  inPx: number;
  outPx: number;
}

const PERIOD_LABEL: Record<Period, string> = { day: 'Day', week: 'Week of', month: 'Month of' };

/** The bars of one asset, placed on a time axis from the first period to the end of the last. */
export function layoutBars(rows: TotalsRow[], period: Period): { bars: Bar[]; from: number; to: number } {
  const own = rows.filter((r) => Number.isFinite(Date.parse(r.key))).sort((a, b) => a.key.localeCompare(b.key));
  if (own.length === 0) return { bars: [], from: 0, to: 0 };
  const length = PERIOD_DAYS[period] * DAY_MS;
  let from = Date.parse(own[0]!.key);
  let to = Date.parse(own.at(-1)!.key) + length;
  // A short history still gets an axis of at least MIN_PERIODS periods, centred, so one period is
  // one bar among empty ones rather than a block across the whole chart.
  const missing = MIN_PERIODS * length - (to - from);
  if (missing > 0) {
    const before = Math.floor(missing / 2 / length) * length;
    from -= before;
    to += missing - before;
  }
  const span = to - from;
  const max = own.reduce((m, r) => {
    const a = parseAmount(r.in);
    const b = parseAmount(r.out);
    return a > m ? (b > a ? b : a) : b > m ? b : m;
  }, 1n);
  const half = H / 2 - 4;
  const px = (text: string) => (Number(parseAmount(text)) / Number(max)) * half;
  const width = Math.max(1, (PERIOD_DAYS[period] * DAY_MS * W) / span - 1);
  const bars = own.map((row) => ({
    key: row.key,
    row,
    x: ((Date.parse(row.key) - from) / span) * W,
    width,
    inPx: px(row.in),
    outPx: px(row.out),
  }));
  return { bars, from, to };
}

export function periodReadout(row: TotalsRow, period: Period): string {
  const code = assetCode(row.asset);
  return `${PERIOD_LABEL[period]} ${row.key}: in ${displayMoney(row.in, code)} · out ${displayMoney(row.out, code)} · net ${displayMoney(row.net, code)} · ${row.count} leg${row.count === 1 ? '' : 's'}`;
}

export function PeriodChart({ rows, period, asset }: { rows: TotalsRow[]; period: Period; asset: string }) {
  const mine = useMemo(() => rows.filter((r) => r.asset === asset), [rows, asset]);
  const { bars, from, to } = useMemo(() => layoutBars(mine, period), [mine, period]);
  const cursor = useChartCursor(bars.length);
  const hovered = cursor.index === null ? undefined : bars[cursor.index];
  const hover = hovered?.key ?? null;
  if (bars.length === 0) return <p className="muted small">No {assetCode(asset)} moved in this set.</p>;
  const mid = H / 2;
  const ticks = [from, from + (to - from) / 2, to];
  return (
    <div
      className="period-chart"
      tabIndex={0}
      aria-label="Volume chart: arrow keys move between periods"
      onKeyDown={cursor.onKeyDown}
      onMouseLeave={() => cursor.setIndex(null)}
    >
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`${assetCode(asset)} volume per ${period}`}>
        <line x1={0} x2={W} y1={mid} y2={mid} className="axis" />
        {bars.map((bar, i) => (
          <g key={bar.key} className={bar.key === hover ? 'hovered' : undefined}>
            {bar.inPx > 0 ? (
              <rect className="bar-in" x={bar.x} width={bar.width} y={mid - bar.inPx} height={bar.inPx} />
            ) : null}
            {bar.outPx > 0 ? <rect className="bar-out" x={bar.x} width={bar.width} y={mid} height={bar.outPx} /> : null}
            <rect
              className="hit"
              data-period={bar.key}
              x={bar.x}
              width={Math.max(bar.width, 3)}
              y={0}
              height={H}
              onMouseEnter={() => cursor.setIndex(i)}
            >
              <title>{periodReadout(bar.row, period)}</title>
            </rect>
          </g>
        ))}
      </svg>
      <div className="ticks small muted" aria-hidden="true">
        {ticks.map((t, i) => (
          <span key={i}>{new Date(t).toISOString().slice(0, 10)}</span>
        ))}
      </div>
      <p className="small num readout" data-testid="period-readout" aria-live="polite">
        {hovered ? periodReadout(hovered.row, period) : 'Hover a bar for its exact figures.'}
      </p>
    </div>
  );
}
