// The reconnect budget shared by all streams of a network: a token bucket that lets a burst
// through, then spaces reconnects so that together they stay under Horizon's hourly limit.
import { describe, expect, it } from 'vitest';
import {
  HORIZON_STREAM_BUDGET,
  RECONNECTS_PER_STREAM_HOUR,
  ReconnectBudget,
} from '../../core/streams/reconnect-budget';

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

describe('reconnect budget', () => {
  it('lets a burst through at once, then spaces reconnects one refill interval apart', () => {
    const time = clock();
    const budget = new ReconnectBudget({ perHour: 3600, burst: 3 }, time.now);
    expect([budget.reserve(), budget.reserve(), budget.reserve()]).toEqual([0, 0, 0]);
    // 3600 an hour = one a second: the next ones queue 1 s, 2 s, 3 s out.
    expect([budget.reserve(), budget.reserve(), budget.reserve()]).toEqual([1_000, 2_000, 3_000]);
    time.advance(3_000);
    expect(budget.reserve()).toBe(1_000);
  });

  it('refills with time, never above the burst', () => {
    const time = clock();
    const budget = new ReconnectBudget({ perHour: 3600, burst: 2 }, time.now);
    budget.reserve();
    budget.reserve();
    time.advance(3_600_000);
    expect([budget.reserve(), budget.reserve(), budget.reserve()]).toEqual([0, 0, 1_000]);
  });

  it('keeps N streams reconnecting every 55 s under the limit: about 50 with Horizon defaults, more wait', () => {
    expect(RECONNECTS_PER_STREAM_HOUR).toBe(66);
    const budget = new ReconnectBudget(HORIZON_STREAM_BUDGET);
    expect(budget.sustainableStreams()).toBe(49);
    // Simulate an hour of 100 streams each asking every 55 s: granted reconnects never exceed the budget.
    const time = clock();
    const shared = new ReconnectBudget(HORIZON_STREAM_BUDGET, time.now);
    const dueAt = Array.from({ length: 100 }, (_, i) => i * 550);
    let granted = 0;
    const hour = 3_600_000;
    for (let t = 0; t < hour; t += 100) {
      time.advance(100);
      for (let i = 0; i < dueAt.length; i++) {
        if (dueAt[i]! > t) continue;
        const wait = shared.reserve();
        if (t + wait < hour) granted++;
        dueAt[i] = t + wait + 55_000;
      }
    }
    expect(granted).toBeLessThanOrEqual(HORIZON_STREAM_BUDGET.perHour + HORIZON_STREAM_BUDGET.burst);
    expect(granted).toBeGreaterThan(HORIZON_STREAM_BUDGET.perHour * 0.95);
  });

  it('refuses a budget that could never grant a reconnect', () => {
    for (const policy of [
      { perHour: 0, burst: 1 },
      { perHour: -1, burst: 1 },
      { perHour: NaN, burst: 1 },
      { perHour: 10, burst: 0 },
    ]) {
      expect(() => new ReconnectBudget(policy)).toThrow(RangeError);
    }
  });
});

describe('reconnect budget from the limit the server tells', () => {
  it('follows X-RateLimit-Limit (90% for streams) and ignores nonsense', () => {
    const time = clock();
    const budget = new ReconnectBudget({ perHour: 3240, burst: 1 }, time.now);
    budget.adoptLimit(400);
    expect(budget.policy.perHour).toBe(360);
    expect(budget.reserve()).toBe(0);
    expect(budget.reserve()).toBe(10_000); // 360 an hour: one every 10 s
    for (const nonsense of [null, undefined, 0, -5, NaN, Infinity]) {
      budget.adoptLimit(nonsense);
      expect(budget.policy.perHour, String(nonsense)).toBe(360);
    }
    expect(budget.sustainableStreams()).toBe(5);
  });
});
