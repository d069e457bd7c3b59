// The axes of the workbench's charts (issue #27): a value axis at round values of an asset (1, 2
// or 5 × a power of ten, in stroops, as bigints: the labels are exact) and a time axis of dated
// ticks (days, months or years, UTC). Pure; the charts use floats only to place pixels.
import { formatAmount, groupDecimal, SCALE } from '../../../../shared/amount';

const DAY_MS = 86_400_000;
/** At most this many steps between ticks are tried (bounds every loop here). */
const MAX_TICKS = 12;

export interface ValueAxis {
  /** The axis' ends: round values at or beyond the data's lowest and highest. */
  lo: bigint;
  hi: bigint;
  step: bigint;
  ticks: bigint[];
}

/** The round step (1, 2 or 5 × 10^k stroops) at least `raw`. */
function roundStep(raw: bigint): bigint {
  let power = 1n;
  for (let i = 0; i < 40; i++, power *= 10n) {
    for (const m of [1n, 2n, 5n]) if (m * power >= raw) return m * power;
  }
  return power;
}

const floorTo = (v: bigint, step: bigint) => {
  const q = v / step;
  return (v < 0n && q * step !== v ? q - 1n : q) * step;
};
const ceilTo = (v: bigint, step: bigint) => {
  const q = v / step;
  return (v > 0n && q * step !== v ? q + 1n : q) * step;
};

/**
 * Whether an axis holds zero: `always` (flows and volumes, read against nothing), or `near` (a
 * balance, issue 36: zero only when the data come near it, i.e. their distance from zero is at most
 * their own span, so a balance near 1,000,000 moving by tens is not drawn as a flat line).
 */
export type AxisZero = 'always' | 'near';

/**
 * Round ticks over [lo, hi] (stroops), about `target` of them. With `zero = 'always'` the axis holds
 * zero; with `near` it starts at the round tick at or below the lowest value unless the data come
 * near zero (see AxisZero): its lowest tick is labelled, so the truncated axis is read as such. A
 * flat line (lo = hi) still gets an axis one step wide.
 */
export function valueAxis(values: bigint[], target = 4, zero: AxisZero = 'always'): ValueAxis {
  let lo = values.length ? values[0]! : 0n;
  let hi = lo;
  for (const v of values) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  const near = lo > 0n ? lo <= hi - lo : hi < 0n ? -hi <= hi - lo : true;
  if (zero === 'always' || near) {
    if (lo > 0n) lo = 0n;
    if (hi < 0n) hi = 0n;
  }
  const span = hi - lo;
  const parts = BigInt(Math.max(1, Math.min(target, MAX_TICKS - 2)));
  const step = roundStep(span === 0n ? SCALE : (span + parts - 1n) / parts);
  const from = floorTo(lo, step);
  let to = ceilTo(hi, step);
  if (to === from) to = from + step;
  const ticks: bigint[] = [];
  for (let t = from; t <= to && ticks.length < MAX_TICKS; t += step) ticks.push(t);
  return { lo: from, hi: to, step, ticks };
}

const SUFFIXES: [bigint, string][] = [
  [1_000_000_000n * SCALE, 'B'],
  [1_000_000n * SCALE, 'M'],
  [1_000n * SCALE, 'k'],
];

/**
 * A tick's label, exact: "2.5" (below one unit steps show their decimals), "1.5M", "750k". A
 * suffix is used when the axis reaches it and the step is at least a hundredth of it and a whole
 * number of its stroops, so no label is ever rounded (nor reads "1.234k").
 */
export function tickLabel(tick: bigint, step: bigint, top: bigint = tick): string {
  if (tick === 0n) return '0';
  const reach = top < 0n ? -top : top;
  for (const [size, suffix] of SUFFIXES)
    if (reach >= size && step * 100n >= size && (step * SCALE) % size === 0n)
      return `${groupDecimal(formatAmount((tick * SCALE) / size))}${suffix}`;
  return groupDecimal(formatAmount(tick));
}

/** The labels of an axis' ticks, all with one suffix (the one its largest tick reaches). */
export function tickLabels(axis: ValueAxis): string[] {
  const top = -axis.lo > axis.hi ? -axis.lo : axis.hi;
  return axis.ticks.map((t) => tickLabel(t, axis.step, top));
}

export interface TimeTick {
  t: number;
  label: string;
}

type Unit = 'day' | 'month' | 'year';
const CHOICES: [Unit, number][] = [
  ['day', 1],
  ['day', 2],
  ['day', 7],
  ['day', 14],
  ['month', 1],
  ['month', 2],
  ['month', 3],
  ['month', 6],
  ['year', 1],
  ['year', 2],
  ['year', 5],
  ['year', 10],
  ['year', 50],
  ['year', 100],
];

function ticksOf(from: number, to: number, unit: Unit, every: number, max: number): number[] | null {
  const start = new Date(from);
  let y = start.getUTCFullYear();
  let m = start.getUTCMonth();
  const out: number[] = [];
  if (unit === 'day') {
    const first = Math.ceil(from / DAY_MS) * DAY_MS;
    for (let t = first; t <= to; t += every * DAY_MS) if (out.push(t) > max) return null;
    return out;
  }
  if (unit === 'year') y = Math.ceil(y / every) * every;
  else m = Math.ceil(m / every) * every;
  for (let i = 0; i <= max + 1; i++) {
    const t = unit === 'year' ? Date.UTC(y + i * every, 0, 1) : Date.UTC(y, m + i * every, 1);
    if (t < from) continue;
    if (t > to) return out;
    if (out.push(t) > max) return null;
  }
  return null;
}

function dateLabel(t: number, unit: Unit): string {
  const iso = new Date(t).toISOString();
  return unit === 'day' ? iso.slice(0, 10) : unit === 'month' ? iso.slice(0, 7) : iso.slice(0, 4);
}

/**
 * Dated ticks within [from, to] (ms, UTC): at whole days, months or years, at most `max` of them
 * (the finest that fits): "2026-11-02", "2026-11", "2026".
 */
export function timeTicks(from: number, to: number, max = 6): TimeTick[] {
  if (!Number.isFinite(from) || !Number.isFinite(to) || to < from) return [];
  for (const [unit, every] of CHOICES) {
    const found = ticksOf(from, to, unit, every, max);
    if (found) return found.map((t) => ({ t, label: dateLabel(t, unit) }));
  }
  return [];
}

/** The first day after a period that starts on `start` (YYYY-MM-DD; weeks start on Monday), in ms. */
export function periodEnd(start: string, by: 'day' | 'week' | 'month'): number {
  const t = Date.parse(start);
  if (by === 'day') return t + DAY_MS;
  if (by === 'week') return t + 7 * DAY_MS;
  const d = new Date(t);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}
