// The demo history's calendar (network/demo-generator/calendar.ts): ledgers spread over the
// HISTORY_DAYS before now, about one a day (more for a big history), close times strictly rising
// inside the span, operation targets rising to exactly the history's size; seeded.
import { describe, expect, it } from 'vitest';
import {
  HISTORY_DAYS,
  historyGenesisTime,
  planLedgers,
  plannedLedgerCount,
} from '../../network/demo-generator/calendar';
import { seededRandom } from '../../network/demo-generator/generate';

const DAY = 86_400;
const GENESIS = 1_700_000_000n;

describe('demo history calendar', () => {
  it('starts HISTORY_DAYS (over eighteen months) before now', () => {
    const now = Date.UTC(2026, 10, 27);
    expect(HISTORY_DAYS * DAY).toBeGreaterThanOrEqual(548 * DAY);
    expect(historyGenesisTime(now)).toBe(BigInt(now / 1000 - HISTORY_DAYS * DAY));
  });

  it.each([
    [1, 1],
    [2, 1],
    [3, 2],
    [1_199, 600],
    [1_200, 600],
    [1_201, 600],
    [144_000, 600],
    [144_001, 601],
    [1_000_000, 4_167],
  ])('%i operations take %i ledgers', (ops, ledgers) => {
    expect(plannedLedgerCount(ops)).toBe(ledgers);
  });

  it.each([1, 7, 5_000, 1_000_000])(
    '%i operations: rising close times inside the span, targets ending exactly',
    (ops) => {
      const plan = planLedgers(ops, GENESIS, seededRandom('t'));
      expect(plan).toHaveLength(plannedLedgerCount(ops));
      const first = Number(plan[0]!.closeTime);
      const last = Number(plan.at(-1)!.closeTime);
      expect(first).toBeGreaterThan(Number(GENESIS));
      expect(last).toBeLessThan(Number(GENESIS) + HISTORY_DAYS * DAY);
      for (let i = 1; i < plan.length; i++) {
        expect(plan[i]!.closeTime).toBeGreaterThan(plan[i - 1]!.closeTime);
        expect(plan[i]!.opsAfter).toBeGreaterThanOrEqual(plan[i - 1]!.opsAfter);
      }
      expect(plan.at(-1)!.opsAfter).toBe(ops);
      if (ops >= 1_200) expect(last - first).toBeGreaterThan(540 * DAY);
    },
  );

  it('has shape: more activity at the end than the start, and on weekdays than at weekends', () => {
    const plan = planLedgers(1_000_000, GENESIS, seededRandom('shape'));
    const sizes = plan.map((p, i) => p.opsAfter - (plan[i - 1]?.opsAfter ?? 0));
    const third = Math.floor(plan.length / 3);
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    expect(sum(sizes.slice(-third))).toBeGreaterThan(1.5 * sum(sizes.slice(0, third)));
    const weekend = (p: { closeTime: bigint }) => [0, 6].includes(new Date(Number(p.closeTime) * 1000).getUTCDay());
    const mean = (xs: number[]) => sum(xs) / xs.length;
    const weekdaySizes = sizes.filter((_, i) => !weekend(plan[i]!));
    const weekendSizes = sizes.filter((_, i) => weekend(plan[i]!));
    expect(mean(weekendSizes)).toBeLessThan(0.7 * mean(weekdaySizes));
  });

  it('is the same for the same seed, and differs for another', () => {
    const a = planLedgers(5_000, GENESIS, seededRandom('s'));
    expect(planLedgers(5_000, GENESIS, seededRandom('s'))).toEqual(a);
    expect(planLedgers(5_000, GENESIS, seededRandom('other'))).not.toEqual(a);
  });
});
