// The workbench charts' layout (issue #27), pure: round value ticks with exact labels, dated time
// ticks, and the balance history's step line at both edges (one point, a negative balance, values
// beyond 2^53 stroops whose readouts stay exact).
import { describe, expect, it } from 'vitest';
import type { BalancePoint } from '../../shared/balance-history';
import { balanceReadout, BALANCE_W, layoutBalance } from '../../renderer/src/features/workbench/balance-layout';
import {
  periodEnd,
  tickLabel,
  tickLabels,
  timeTicks,
  valueAxis,
} from '../../renderer/src/features/workbench/chart-axis';
import { openingDepositFilter } from '../../renderer/src/lib/history';
import { layoutBars, periodReadout } from '../../renderer/src/features/workbench/period-chart';

const UNIT = 10_000_000n;
const point = (period: string, balance: string, extra: Partial<BalancePoint> = {}): BalancePoint => ({
  period,
  in: '0',
  out: '0',
  fees: '0',
  balance,
  ...extra,
});

describe('the value axis', () => {
  it('ticks at 1, 2 or 5 × a power of ten, from zero to at least the highest value', () => {
    const axis = valueAxis([9_998_672n * UNIT + 6_541_128n]);
    expect(axis.step).toBe(5_000_000n * UNIT);
    expect(axis.ticks).toEqual([0n, 5_000_000n * UNIT, 10_000_000n * UNIT]);
    expect(tickLabels(axis)).toEqual(['0', '5M', '10M']);
    // Just above a round value: one more step; exactly on it: none.
    expect(valueAxis([10n * UNIT + 1n]).hi).toBe(15n * UNIT);
    expect(valueAxis([10n * UNIT]).hi).toBe(10n * UNIT);
  });

  it('holds zero and reaches below it for a negative value', () => {
    const axis = valueAxis([-3n * UNIT, 7n * UNIT]);
    expect(axis.lo).toBeLessThanOrEqual(-3n * UNIT);
    expect(axis.ticks[0]).toBe(axis.lo);
    expect(axis.ticks).toContain(0n);
    expect(axis.hi).toBeGreaterThanOrEqual(7n * UNIT);
    expect(tickLabels(axis)).toEqual(['-5', '0', '5', '10']);
  });

  it('gives a flat line (every value zero, or one value) an axis one step wide', () => {
    expect(valueAxis([]).ticks).toEqual([0n, UNIT]);
    expect(valueAxis([0n, 0n]).ticks).toEqual([0n, UNIT]);
    expect(valueAxis([1n]).ticks).toEqual([0n, 1n]);
    expect(tickLabels(valueAxis([1n]))).toEqual(['0', '0.0000001']);
  });

  it('labels ticks exactly, with a suffix only when no label is rounded by it', () => {
    expect(tickLabel(15_000_000n * UNIT, 5_000_000n * UNIT)).toBe('15M');
    expect(tickLabels(valueAxis([1_400_000n * UNIT]))).toEqual(['0', '0.5M', '1M', '1.5M']);
    expect(tickLabel(2_500n * UNIT, 500n * UNIT)).toBe('2.5k');
    expect(tickLabel(25n, 5n)).toBe('0.0000025');
    expect(tickLabel(1234n * UNIT, 1n * UNIT)).toBe('1,234');
    // int64's largest amount: about 922 billion; the step is round, the label exact.
    const axis = valueAxis([922_337_203_685n * UNIT + 4_775_807n]);
    expect(tickLabels(axis).at(-1)).toBe('1,000B');
    expect(axis.ticks.length).toBeLessThanOrEqual(12);
  });
});

describe('the balance axis, near its data (issue 36)', () => {
  it('starts at a round tick just below a balance near 1,000,000 with small moves', () => {
    const axis = valueAxis([999_950n * UNIT, 1_000_020n * UNIT, 1_000_005n * UNIT + 3n], 4, 'near');
    expect(axis.lo).toBe(999_940n * UNIT);
    expect(axis.lo).toBeLessThanOrEqual(999_950n * UNIT);
    expect(axis.hi).toBeGreaterThanOrEqual(1_000_020n * UNIT);
    expect(axis.hi - axis.lo).toBeLessThanOrEqual(100n * UNIT);
    // The lowest tick is printed, so the truncated axis reads for what it is.
    expect(tickLabels(axis)[0]).toBe('999.94k');
  });

  it('keeps zero as the baseline when the data come near it, and for a balance at exactly 0', () => {
    expect(valueAxis([3n * UNIT, 10n * UNIT], 4, 'near').lo).toBe(0n);
    expect(valueAxis([0n, 5n * UNIT], 4, 'near').lo).toBe(0n);
    expect(valueAxis([0n], 4, 'near').ticks).toEqual([0n, UNIT]);
    // Just beyond "near": the lowest balance farther from zero than the data's own span.
    expect(valueAxis([11n * UNIT, 20n * UNIT], 4, 'near').lo).toBeGreaterThan(0n);
    expect(valueAxis([10n * UNIT, 20n * UNIT], 4, 'near').lo).toBe(0n);
  });

  it('gives a flat balance an axis one step wide at the balance, not from zero', () => {
    const axis = valueAxis([1_000_000n * UNIT, 1_000_000n * UNIT], 4, 'near');
    expect(axis.lo).toBe(1_000_000n * UNIT);
    expect(axis.hi).toBe(1_000_000n * UNIT + axis.step);
  });

  it('reaches zero from below for negative data the same way', () => {
    expect(valueAxis([-20n * UNIT, -11n * UNIT], 4, 'near').hi).toBeLessThan(0n);
    expect(valueAxis([-3n * UNIT, 7n * UNIT], 4, 'near').ticks).toContain(0n);
  });
});

describe('the time axis', () => {
  const day = (iso: string) => Date.parse(iso);

  it('ticks whole days over a short span, months over a year, years over decades', () => {
    expect(timeTicks(day('2026-11-01'), day('2026-11-04')).map((t) => t.label)).toEqual([
      '2026-11-01',
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
    ]);
    expect(timeTicks(day('2025-05-10'), day('2026-11-20')).map((t) => t.label)).toEqual([
      // Quarters: months 1, 4, 7 and 10.
      '2025-07',
      '2025-10',
      '2026-01',
      '2026-04',
      '2026-07',
      '2026-10',
    ]);
    expect(timeTicks(day('1990-01-01'), day('2026-01-01'), 6).map((t) => t.label)).toEqual([
      '1990',
      '2000',
      '2010',
      '2020',
    ]);
  });

  it('never gives more ticks than asked, and none for an empty or reversed span', () => {
    for (const max of [2, 4, 6])
      expect(timeTicks(day('2020-01-01'), day('2026-11-20'), max).length).toBeLessThanOrEqual(max);
    expect(timeTicks(day('2026-11-02'), day('2026-11-01'))).toEqual([]);
    expect(timeTicks(Number.NaN, day('2026-11-01'))).toEqual([]);
    expect(timeTicks(day('2026-11-01'), day('2026-11-01')).map((t) => t.label)).toEqual(['2026-11-01']);
  });

  it('ends a day, a week and a month where the next begins', () => {
    expect(new Date(periodEnd('2026-11-30', 'day')).toISOString().slice(0, 10)).toBe('2026-12-01');
    expect(new Date(periodEnd('2026-11-30', 'week')).toISOString().slice(0, 10)).toBe('2026-12-07');
    expect(new Date(periodEnd('2026-12-01', 'month')).toISOString().slice(0, 10)).toBe('2027-01-01');
    expect(new Date(periodEnd('2024-02-01', 'month')).toISOString().slice(0, 10)).toBe('2024-03-01');
  });
});

describe('the balance history step line', () => {
  it('holds each balance until the next change: flat, then a vertical step', () => {
    const layout = layoutBalance(
      [point('2026-11-03', '5'), point('2026-11-01', '10'), point('2026-11-02', '10')],
      'day',
    );
    expect(layout.spots.map((s) => s.point.period)).toEqual(['2026-11-01', '2026-11-02', '2026-11-03']);
    const [a, b, c] = layout.spots;
    expect(a!.x).toBe(0);
    expect(a!.x2).toBe(b!.x);
    expect(b!.x2).toBe(c!.x);
    expect(c!.x2).toBe(BALANCE_W);
    expect(b!.y).toBe(a!.y);
    expect(c!.y).toBeGreaterThan(b!.y);
    expect(layout.path).toBe(
      `M0.0,${a!.y.toFixed(1)} H${b!.x.toFixed(1)} V${b!.y.toFixed(1)} H${c!.x.toFixed(1)} V${c!.y.toFixed(1)} H640.0`,
    );
  });

  it("rises from zero at the first period when the history starts at the account's creation", () => {
    const points = [point('2026-11-01', '10'), point('2026-11-02', '4')];
    const drawn = layoutBalance(points, 'day', true);
    const plain = layoutBalance(points, 'day');
    expect(drawn.path).toBe(`M0.0,${drawn.zero.toFixed(1)} V${drawn.spots[0]!.y.toFixed(1)} ${plain.path}`);
    expect(layoutBalance([], 'day', true).path).toBe('');
  });

  it('draws a balance near 1,000,000 with small moves across the plot, not as a flat line', () => {
    const layout = layoutBalance([point('2026-11-01', '999950'), point('2026-11-02', '1000020')], 'day', true);
    expect(layout.spots[0]!.y - layout.spots[1]!.y).toBeGreaterThan(100);
    // The rise from the account's creation starts at the axis' foot, inside the plot.
    expect(layout.path.startsWith(`M0.0,${layout.zero.toFixed(1)} `)).toBe(true);
    expect(layout.zero).toBeLessThanOrEqual(180);
    expect(layout.valueTicks[0]!.label).toBe('999.94k');
  });

  it('draws one point across the whole axis, and no point as nothing', () => {
    const one = layoutBalance([point('2026-11-02', '1')], 'week');
    expect(one.spots).toHaveLength(1);
    expect(one.spots[0]!.x).toBe(0);
    expect(one.spots[0]!.x2).toBe(BALANCE_W);
    expect(one.timeTicks.length).toBeGreaterThan(0);
    const none = layoutBalance([], 'day');
    expect(none.spots).toEqual([]);
    expect(none.path).toBe('');
    expect(none.timeTicks).toEqual([]);
  });

  it('places a negative balance below the zero line', () => {
    const layout = layoutBalance([point('2026-11-01', '3'), point('2026-11-02', '-2.5')], 'day');
    expect(layout.spots[0]!.y).toBeLessThan(layout.zero);
    expect(layout.spots[1]!.y).toBeGreaterThan(layout.zero);
    expect(layout.axis.lo).toBeLessThan(0n);
    expect(balanceReadout(layout.spots[1]!.point, 'day', 'XLM')).toBe(
      'Day 2026-11-02: balance -2.5000000 XLM · in 0.0000000 XLM · out 0.0000000 XLM · fees 0.0000000 XLM',
    );
  });

  it('keeps readouts exact beyond 2^53 stroops, where floats only place pixels', () => {
    // 2^53 + 1 stroops and int64's largest: a float would round both.
    const big = point('2026-11-01', '900719925.4740993', { in: '922337203685.4775807', out: '0.0000001' });
    const bigger = point('2026-12-01', '922337203685.4775807', { fees: '0.00001' });
    const layout = layoutBalance([bigger, big], 'month');
    expect(layout.spots.map((s) => s.point)).toEqual([big, bigger]);
    expect(balanceReadout(layout.spots[0]!.point, 'month', 'USD')).toBe(
      'Month of 2026-11-01: balance 900,719,925.4740993 USD · in 922,337,203,685.4775807 USD · out 0.0000001 USD · fees 0.0000000 USD',
    );
    expect(balanceReadout(layout.spots[1]!.point, 'month', 'XLM')).toBe(
      'Month of 2026-12-01: balance 922,337,203,685.4775807 XLM · in 0.0000000 XLM · out 0.0000000 XLM · fees 0.0000100 XLM',
    );
    expect(layout.spots[1]!.y).toBeLessThan(layout.spots[0]!.y);
    for (const s of layout.spots) expect(Number.isFinite(s.y) && Number.isFinite(s.x)).toBe(true);
  });

  it('skips a point whose period is not a date rather than drawing it at NaN', () => {
    const layout = layoutBalance([point('soon', '1'), point('2026-11-01', '2')], 'day');
    expect(layout.spots.map((s) => s.point.period)).toEqual(['2026-11-01']);
  });
});

describe('the volume chart', () => {
  it('labels in and out from the middle line at the same round values', () => {
    const row = { asset: 'native', fees: '0', net: '0', count: 1, volume: '0', first: null, last: null };
    const layout = layoutBars([{ ...row, key: '2026-11-02', in: '9', out: '4' }], 'day');
    const labels = layout.valueTicks.map((t) => t.label);
    expect(labels).toEqual(['0', '5', '5', '10', '10']);
    const [zero, up, down] = layout.valueTicks;
    expect(up!.at).toBeLessThan(zero!.at);
    expect(down!.at - zero!.at).toBeCloseTo(zero!.at - up!.at);
    expect(layout.timeTicks.length).toBeGreaterThan(0);
    expect(layout.timeTicks.length).toBeLessThanOrEqual(4);
  });

  it('draws the opening deposit apart: out of its bar and the scale, said in the readout (issue 36)', () => {
    const row = { asset: 'native', fees: '0', net: '0', volume: '0', first: null, last: null };
    const rows = [
      { ...row, key: '2026-11-02', in: '1000012', out: '0', count: 2 },
      { ...row, key: '2026-11-03', in: '7', out: '9', count: 2 },
    ];
    const opening = [{ ...row, key: '2026-11-02', in: '1000000', out: '0', count: 1 }];
    const apart = layoutBars(rows, 'day', opening);
    expect(apart.bars.map((b) => b.opening)).toEqual([1_000_000n * UNIT, 0n]);
    // The axis fits the flows (12 at most), not the million.
    expect(apart.valueTicks.map((t) => t.label)).toEqual(['0', '10', '10', '20', '20']);
    expect(apart.bars[0]!.inPx).toBeGreaterThan(apart.bars[1]!.inPx);
    expect(periodReadout(rows[0]!, 'day', apart.bars[0]!.opening)).toBe(
      'Day 2026-11-02: in 1,000,012.0000000 XLM (of it, the opening deposit 1,000,000.0000000 XLM, drawn apart) · out 0.0000000 XLM · net 0.0000000 XLM · 2 legs',
    );
    // Without it, the million sets the scale and the later day is a sliver.
    const together = layoutBars(rows, 'day');
    expect(together.bars.every((b) => b.opening === 0n)).toBe(true);
    expect(together.bars[1]!.inPx).toBeLessThan(0.01);
    // Another asset's opening, or one larger than the period's in, is never taken out.
    expect(layoutBars(rows, 'day', [{ ...opening[0]!, asset: 'USD:' + 'G'.repeat(56) }]).bars[0]!.opening).toBe(0n);
    expect(layoutBars(rows, 'day', [{ ...opening[0]!, in: '2000000' }]).bars[0]!.opening).toBe(0n);
  });

  it('asks for the opening deposits within the filter, and not at all when it leaves none', () => {
    expect(openingDepositFilter({})).toEqual({ types: ['create_account'], direction: 'in' });
    expect(openingDepositFilter({ asset: 'native', types: ['payment', 'create_account'] })).toEqual({
      asset: 'native',
      types: ['create_account'],
      direction: 'in',
    });
    expect(openingDepositFilter({ types: ['payment'] })).toBeNull();
    expect(openingDepositFilter({ direction: 'out' })).toBeNull();
    expect(openingDepositFilter({ direction: 'in' })).toEqual({ types: ['create_account'], direction: 'in' });
  });
});
