// The service's bounded caches: oldest out first, by count and by weight, and eviction stays cheap.
import { describe, expect, it, vi } from 'vitest';
import { FifoCache } from '../../network/service/fifo-cache';

describe('FifoCache', () => {
  it('evicts the oldest entries past its entry bound', () => {
    const cache = new FifoCache<number>(3);
    for (const [i, key] of ['a', 'b', 'c', 'd'].entries()) cache.set(key, i);
    expect(cache.get('a')).toBeUndefined();
    expect([cache.get('b'), cache.get('c'), cache.get('d')]).toEqual([1, 2, 3]);
    expect(cache.size).toBe(3);
  });

  it('evicts by weight', () => {
    const cache = new FifoCache<string>(Infinity, 10, (value) => value.length);
    cache.set('a', 'xxxx');
    cache.set('b', 'xxxx');
    cache.set('c', 'xxxx');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toBe('xxxx');
  });

  it('stays cheap under constant churn: no walk over the Map, and its queue stays compact', () => {
    // Counted, not timed: evicting through a Map iterator is what walks V8's tombstones (see
    // fifo-cache.ts), so no iteration of any Map may happen while the cache churns.
    const cache = new FifoCache<number>(50_000);
    const walks = (['keys', 'values', 'entries', 'forEach', Symbol.iterator] as const).map((name) =>
      vi.spyOn(Map.prototype, name),
    );
    let longestQueue = 0;
    let iterations: number[];
    try {
      for (let i = 0; i < 500_000; i += 1) {
        cache.set(`key-${i}`, i);
        if (i % 1000 === 0)
          longestQueue = Math.max(longestQueue, (cache as unknown as { queue: string[] }).queue.length);
      }
    } finally {
      iterations = walks.map((walk) => walk.mock.calls.length);
      for (const walk of walks) walk.mockRestore();
    }
    expect(iterations).toEqual([0, 0, 0, 0, 0]);
    expect(cache.size).toBe(50_000);
    expect(cache.get('key-499999')).toBe(499_999);
    // Evicted keys are dropped from the queue's front, so it never grows past twice the bound.
    expect(longestQueue).toBeLessThanOrEqual(2 * 50_000 + 1024);
  });
});
