// The service's bounded caches: oldest out first, by count and by weight, and eviction stays cheap.
import { describe, expect, it } from 'vitest';
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

  it('stays fast under constant churn (no scan over evicted entries)', () => {
    const cache = new FifoCache<number>(50_000);
    const started = performance.now();
    for (let i = 0; i < 500_000; i += 1) cache.set(`key-${i}`, i);
    expect(cache.size).toBe(50_000);
    expect(cache.get('key-499999')).toBe(499_999);
    expect(performance.now() - started).toBeLessThan(3000);
  });
});
