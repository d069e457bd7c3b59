// Volume in (up) and out (down) of one asset per day, week or month over the whole filtered
// history, on a time axis. Bars are placed by their period's date; hovering one shows its exact
// figures, read from the index's strings (floats only place pixels). A value axis at round values
// of the asset (up for in, down for out), a dated time axis and a legend naming in and out.
import { useMemo } from 'react';
import { displayMoney, formatAmount, parseSum } from '../../../../shared/amount';
import type { TotalsRow } from '../../../../shared/history';
import { Untrusted } from '../../components/untrusted';
import { assetCode } from '../../lib/history';
import { tickLabels, timeTicks, valueAxis } from './chart-axis';
import type { AxisTick } from './chart-frame';
import { ChartShell } from './chart-shell';

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
  /** The opening deposit within this period's in (stroops): drawn apart, not in `inPx`. */
  opening: bigint;
}

const PERIOD_LABEL: Record<Period, string> = { day: 'Day', week: 'Week of', month: 'Month of' };

export interface BarsLayout {
  bars: Bar[];
  from: number;
  to: number;
  /** Round values up (in) and down (out) from the middle line, each labelled by its size. */
  valueTicks: AxisTick[];
  timeTicks: AxisTick[];
}

/**
 * The bars of one asset, placed on a time axis from the first period to the end of the last. The
 * opening deposits (`opening`, the same periods' create_account legs in) are taken out of the bars
 * and the scale, so the flows after a large opening are not a flat line under one spike.
 */
export function layoutBars(rows: TotalsRow[], period: Period, opening: TotalsRow[] = []): BarsLayout {
  const own = rows.filter((r) => Number.isFinite(Date.parse(r.key))).sort((a, b) => a.key.localeCompare(b.key));
  if (own.length === 0) return { bars: [], from: 0, to: 0, valueTicks: [], timeTicks: [] };
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
  const openingOf = new Map(opening.filter((r) => r.asset === own[0]!.asset).map((r) => [r.key, parseSum(r.in)]));
  const flowIn = (row: TotalsRow) => {
    const all = parseSum(row.in);
    const apart = openingOf.get(row.key) ?? 0n;
    // An opening the totals do not hold (another answer's moment) is never subtracted below zero.
    return apart <= all ? all - apart : all;
  };
  const axis = valueAxis(
    own.flatMap((r) => [flowIn(r), parseSum(r.out)]),
    2,
  );
  const max = axis.hi > 0n ? axis.hi : 1n;
  const half = H / 2 - 4;
  const px = (text: string | bigint) => (Number(typeof text === 'bigint' ? text : parseSum(text)) / Number(max)) * half;
  const width = Math.max(1, (PERIOD_DAYS[period] * DAY_MS * W) / span - 1);
  const bars = own.map((row) => ({
    key: row.key,
    row,
    x: ((Date.parse(row.key) - from) / span) * W,
    width,
    inPx: px(flowIn(row)),
    outPx: px(row.out),
    opening: parseSum(row.in) - flowIn(row),
  }));
  const mid = H / 2;
  const labels = tickLabels(axis);
  const valueTicks = axis.ticks.flatMap((t, i) => {
    const label = labels[i]!;
    return t === 0n
      ? [{ at: mid, label }]
      : [
          { at: mid - px(t), label },
          { at: mid + px(t), label },
        ];
  });
  const x = (t: number) => ((t - from) / span) * W;
  return { bars, from, to, valueTicks, timeTicks: timeTicks(from, to, 4).map((t) => ({ at: x(t.t), label: t.label })) };
}

export function periodReadout(row: TotalsRow, period: Period, opening = 0n): string {
  const code = assetCode(row.asset);
  const apart =
    opening > 0n ? ` (of it, the opening deposit ${displayMoney(formatAmount(opening), code)}, drawn apart)` : '';
  return `${PERIOD_LABEL[period]} ${row.key}: in ${displayMoney(row.in, code)}${apart} · out ${displayMoney(row.out, code)} · net ${displayMoney(row.net, code)} · ${row.count} leg${row.count === 1 ? '' : 's'}`;
}

export function PeriodChart({
  rows,
  opening = [],
  period,
  asset,
}: {
  rows: TotalsRow[];
  /** The opening deposits' totals by the same periods (openingDepositFilter): drawn apart. */
  opening?: TotalsRow[] | undefined;
  period: Period;
  asset: string;
}) {
  const mine = useMemo(() => rows.filter((r) => r.asset === asset), [rows, asset]);
  const layout = useMemo(() => layoutBars(mine, period, opening), [mine, period, opening]);
  const hasOpening = layout.bars.some((bar) => bar.opening > 0n);
  const code = assetCode(asset);
  const mid = H / 2;
  return (
    <ChartShell
      className="period-chart"
      label="Volume chart: arrow keys move between periods"
      spots={layout.bars}
      empty={`No ${code} moved in this set.`}
      width={W}
      height={H}
      unit={code}
      axes={layout}
      legend={[
        {
          kind: 'in',
          label: (
            <>
              in (received, up), <Untrusted text={code} />
            </>
          ),
        },
        {
          kind: 'out',
          label: (
            <>
              out (sent, down), <Untrusted text={code} />
            </>
          ),
        },
        ...(hasOpening ? [{ kind: 'opening', label: 'opening deposit (in, drawn apart, not to scale)' }] : []),
      ]}
      plotLabel={`${code} volume per ${period}${hasOpening ? ', the opening deposit drawn apart' : ''}`}
      base={{ y: mid, className: 'axis' }}
      hit={(bar) => ({
        key: bar.key,
        name: 'data-period',
        x: bar.x,
        width: Math.max(bar.width, 3),
        title: periodReadout(bar.row, period, bar.opening),
      })}
      readoutId="period-readout"
      readout={(chosen) =>
        chosen ? periodReadout(chosen.row, period, chosen.opening) : 'Hover a bar for its exact figures.'
      }
    >
      {(chosen) =>
        layout.bars.map((bar) => (
          <g key={bar.key} className={bar === chosen ? 'hovered' : undefined}>
            {bar.inPx > 0 ? (
              <rect className="bar-in" x={bar.x} width={bar.width} y={mid - bar.inPx} height={bar.inPx} />
            ) : null}
            {bar.outPx > 0 ? <rect className="bar-out" x={bar.x} width={bar.width} y={mid} height={bar.outPx} /> : null}
            {bar.opening > 0n ? (
              <g className="opening-marker" data-testid="opening-marker">
                <line x1={bar.x + bar.width / 2} x2={bar.x + bar.width / 2} y1={4} y2={mid} />
                <circle cx={bar.x + bar.width / 2} cy={6} r={4} />
              </g>
            ) : null}
          </g>
        ))
      }
    </ChartShell>
  );
}
