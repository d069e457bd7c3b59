// Volume in (up) and out (down) of one asset per day, week or month over the whole filtered
// history, on a time axis. Bars are placed by their period's date; hovering one shows its exact
// figures, read from the index's strings (floats only place pixels).
import { useMemo, useState } from 'react';
import { parseAmount } from '../../../../shared/amount';
import type { TotalsRow } from '../../../../shared/history';
import { formatAmount } from '../../lib/format';
import { assetCode } from '../../lib/history';

const W = 640;
const H = 170;
const AXIS = 18;
const DAY_MS = 86_400_000;
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
  const from = Date.parse(own[0]!.key);
  const to = Date.parse(own.at(-1)!.key) + PERIOD_DAYS[period] * DAY_MS;
  const span = Math.max(DAY_MS, to - from);
  const max = own.reduce((m, r) => {
    const a = parseAmount(r.in);
    const b = parseAmount(r.out);
    return a > m ? (b > a ? b : a) : b > m ? b : m;
  }, 1n);
  const half = (H - AXIS) / 2 - 4;
  const px = (text: string) => (Number(parseAmount(text)) / Number(max)) * half;
  const width = Math.max(1, (PERIOD_DAYS[period] * DAY_MS * W) / span - 1);
  const bars = own.map((row) => ({ key: row.key, row, x: ((Date.parse(row.key) - from) / span) * W, width, inPx: px(row.in), outPx: px(row.out) }));
  return { bars, from, to };
}

export function periodReadout(row: TotalsRow, period: Period): string {
  const code = assetCode(row.asset);
  return `${PERIOD_LABEL[period]} ${row.key}: in ${formatAmount(row.in)} ${code} · out ${formatAmount(row.out)} ${code} · net ${formatAmount(row.net)} ${code} · ${row.count} leg${row.count === 1 ? '' : 's'}`;
}

export function PeriodChart({ rows, period, asset }: { rows: TotalsRow[]; period: Period; asset: string }) {
  const mine = useMemo(() => rows.filter((r) => r.asset === asset), [rows, asset]);
  const { bars, from, to } = useMemo(() => layoutBars(mine, period), [mine, period]);
  const [hover, setHover] = useState<string | null>(null);
  const hovered = bars.find((b) => b.key === hover);
  if (bars.length === 0) return <p className="muted small">No {assetCode(asset)} moved in this set.</p>;
  const mid = (H - AXIS) / 2;
  const ticks = [from, from + (to - from) / 2, to];
  return (
    <div className="period-chart" onMouseLeave={() => setHover(null)}>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`${assetCode(asset)} volume per ${period}`}>
        <line x1={0} x2={W} y1={mid} y2={mid} className="axis" />
        <line x1={0} x2={W} y1={H - AXIS} y2={H - AXIS} className="axis" />
        {bars.map((bar) => (
          <g key={bar.key} className={bar.key === hover ? 'hovered' : undefined}>
            {bar.inPx > 0 ? <rect className="bar-in" x={bar.x} width={bar.width} y={mid - bar.inPx} height={bar.inPx} /> : null}
            {bar.outPx > 0 ? <rect className="bar-out" x={bar.x} width={bar.width} y={mid} height={bar.outPx} /> : null}
            <rect className="hit" data-period={bar.key} x={bar.x} width={Math.max(bar.width, 3)} y={0} height={H - AXIS} onMouseEnter={() => setHover(bar.key)}>
              <title>{periodReadout(bar.row, period)}</title>
            </rect>
          </g>
        ))}
        {ticks.map((t, i) => (
          <text key={i} x={i === 0 ? 2 : i === 2 ? W - 2 : W / 2} y={H - 4} className="tick" textAnchor={i === 0 ? 'start' : i === 2 ? 'end' : 'middle'}>
            {new Date(t).toISOString().slice(0, 10)}
          </text>
        ))}
      </svg>
      <p className="small num readout" data-testid="period-readout" aria-live="polite">
        {hovered ? periodReadout(hovered.row, period) : 'Hover a bar for its exact figures.'}
      </p>
    </div>
  );
}
