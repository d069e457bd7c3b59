// The live feed's merge (shared/feed.ts): newest first by paging token compared as integers (ids
// above 2^53), each record of each account once, history and replays placed by time, bounded.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allSeen, compareTokensDesc, mergeFeed } from '../../shared/feed';

const item = (account: string, token: bigint | string) => ({ account, record: { pagingToken: String(token) } });
const tokens = (feed: { record: { pagingToken: string } }[]) => feed.map((i) => i.record.pagingToken);
const BASE = 60_000_000n << 32n;

describe('feed order', () => {
  it('compares tokens as integers, not as text or floats', () => {
    expect(compareTokensDesc('10', '9')).toBe(-1);
    expect(compareTokensDesc(String(BASE + 1n), String(BASE))).toBe(-1);
    // Two tokens a float cannot tell apart (above 2^53).
    expect(compareTokensDesc(String(2n ** 60n + 1n), String(2n ** 60n))).toBe(-1);
    expect(compareTokensDesc('5', '5')).toBe(0);
    expect(compareTokensDesc('abc', '5')).toBe(1);
  });

  it('places fetched history and a replay after a reconnection by time, once each', () => {
    const live = [item('A', BASE + 30n), item('A', BASE + 20n)];
    const history = [item('A', BASE + 20n), item('A', BASE + 10n), item('B', BASE + 15n)];
    const merged = mergeFeed(live, history, 100);
    expect(tokens(merged)).toEqual([BASE + 30n, BASE + 20n, BASE + 15n, BASE + 10n].map(String));
    // A reconnection replays what was already shown, and one record that was missed.
    const replay = [item('A', BASE + 20n), item('A', BASE + 25n), item('A', BASE + 30n)];
    expect(tokens(mergeFeed(merged, replay, 100))).toEqual(
      [BASE + 30n, BASE + 25n, BASE + 20n, BASE + 15n, BASE + 10n].map(String),
    );
    expect(allSeen(merged, [item('A', BASE + 20n)])).toBe(true);
    expect(allSeen(merged, replay)).toBe(false);
  });

  it('keeps the same payment once per watched account (a payment between two watched accounts shows twice)', () => {
    const merged = mergeFeed([item('A', BASE)], [item('B', BASE), item('A', BASE)], 10);
    expect(merged.map((i) => i.account)).toEqual(['A', 'B']);
  });

  it('keeps the existing item when a duplicate arrives, and drops the oldest beyond the limit', () => {
    const first = { ...item('A', BASE), marker: 'first' };
    const merged = mergeFeed(
      [first],
      [{ ...item('A', BASE), marker: 'second' }, item('A', BASE - 1n), item('A', BASE + 1n)],
      2,
    );
    expect(tokens(merged)).toEqual([String(BASE + 1n), String(BASE)]);
    expect(merged[1]).toBe(first);
  });

  it('is ordered, without duplicates, whatever order records arrive in', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('A', 'B'), fc.bigInt({ min: 0n, max: 2n ** 63n - 1n })), { maxLength: 60 }),
        fc.integer({ min: 0, max: 60 }),
        (entries, cut) => {
          const all = entries.map(([account, token]) => item(account, token));
          const merged = mergeFeed(mergeFeed([], all.slice(0, cut), 1000), all.slice(cut), 1000);
          const keys = merged.map((i) => `${i.account}:${i.record.pagingToken}`);
          expect(new Set(keys).size).toBe(keys.length);
          expect(new Set(keys)).toEqual(new Set(all.map((i) => `${i.account}:${i.record.pagingToken}`)));
          for (let i = 1; i < merged.length; i++)
            expect(BigInt(merged[i - 1]!.record.pagingToken) >= BigInt(merged[i]!.record.pagingToken)).toBe(true);
        },
      ),
    );
  });
});
