// Where the balance history's step line goes (issue #27): pure. Each point is a period's first day
// and the balance at its end; the balance holds from one change to the next, so the line steps:
// flat across a period, then up or down to the next point's balance. Values stay exact strings
// and bigints; floats only place pixels.
import { displayMoney, parseSum } from '../../../../shared/amount';
import type { BalancePeriod, BalancePoint } from '../../../../shared/balance-history';
import { periodEnd, tickLabels, timeTicks, valueAxis, type ValueAxis } from './chart-axis';
import type { AxisTick } from './chart-frame';

export const BALANCE_W = 640;
export const BALANCE_H = 180;
const PAD = 6;

export interface BalanceSpot {
  point: BalancePoint;
  /** Where the period starts and ends on the x axis. */
  x: number;
  x2: number;
  y: number;
}

export interface BalanceLayout {
  spots: BalanceSpot[];
  /** The SVG path of the step line ("" without points). */
  path: string;
  axis: ValueAxis;
  valueTicks: AxisTick[];
  timeTicks: AxisTick[];
  /** y of the axis' base: zero, or the axis' lowest tick when the data are far from zero. */
  zero: number;
}

/**
 * The line of `points` (in any order; sorted by period here), on a time axis from the first
 * period's start to the last one's end. `fromZero`: the history starts at the account's creation,
 * so the line rises from zero at the first period.
 */
export function layoutBalance(points: BalancePoint[], by: BalancePeriod, fromZero = false): BalanceLayout {
  const sorted = points
    .filter((p) => Number.isFinite(Date.parse(p.period)))
    .sort((a, b) => (a.period < b.period ? -1 : a.period > b.period ? 1 : 0));
  const values = sorted.map((p) => parseSum(p.balance));
  const axis = valueAxis(values, 4, 'near');
  const from = sorted.length ? Date.parse(sorted[0]!.period) : 0;
  const to = sorted.length ? periodEnd(sorted.at(-1)!.period, by) : 1;
  const span = Math.max(1, to - from);
  const x = (t: number) => ((t - from) / span) * BALANCE_W;
  const range = Number(axis.hi - axis.lo) || 1;
  const y = (v: bigint) => PAD + (1 - Number(v - axis.lo) / range) * (BALANCE_H - 2 * PAD);
  const spots = sorted.map((point, i) => ({
    point,
    x: x(Date.parse(point.period)),
    x2: x(i + 1 < sorted.length ? Date.parse(sorted[i + 1]!.period) : to),
    y: y(values[i]!),
  }));
  const path = spots
    .map((s, i) => `${i === 0 ? `M${s.x.toFixed(1)},` : 'V'}${s.y.toFixed(1)} H${s.x2.toFixed(1)}`)
    .join(' ');
  // The base: zero when the axis holds it, else the axis' foot (or top, for negative data).
  const base = axis.lo > 0n ? axis.lo : axis.hi < 0n ? axis.hi : 0n;
  const rise =
    fromZero && spots.length ? `M${spots[0]!.x.toFixed(1)},${y(base).toFixed(1)} V${spots[0]!.y.toFixed(1)} ` : '';
  return {
    spots,
    path: rise + path,
    axis,
    valueTicks: tickLabels(axis).map((label, i) => ({ at: y(axis.ticks[i]!), label })),
    timeTicks: sorted.length ? timeTicks(from, to).map((t) => ({ at: x(t.t), label: t.label })) : [],
    zero: y(base),
  };
}

const PERIOD_LABEL: Record<BalancePeriod, string> = { day: 'Day', week: 'Week of', month: 'Month of' };

/** "Week of 2026-11-02: balance 1,000.0000000 XLM · in … · out … · fees …", the core's exact strings. */
export function balanceReadout(point: BalancePoint, by: BalancePeriod, code: string): string {
  const parts = [
    `balance ${displayMoney(point.balance, code)}`,
    `in ${displayMoney(point.in, code)}`,
    `out ${displayMoney(point.out, code)}`,
    `fees ${displayMoney(point.fees, code)}`,
  ];
  return `${PERIOD_LABEL[by]} ${point.period}: ${parts.join(' · ')}`;
}
