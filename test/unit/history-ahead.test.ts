// Where a sync's second walk starts (walk-cursor.ts aheadStart): only on a server that announces
// requests to spare, only when the walk has many pages left at the pace of its last page, and
// then from the first operation id of the middle ledger of what is left.
import { describe, expect, it } from 'vitest';
import { AHEAD_MIN_BUDGET, AHEAD_MIN_PAGES, aheadStart } from '../../core/history-index/walk-cursor';

const at = (ledger: number, rest = 0n) => String((BigInt(ledger) << 32n) + rest);

describe('aheadStart', () => {
  it('starts a walk ahead from the middle ledger of a long rest, on a server with requests to spare', () => {
    // The last page spanned ledgers 100 to 102; 1,000 ledgers are left: about 500 pages.
    expect(aheadStart(at(100, 4096n), at(102, 8193n), 1_102, 100_000_000)).toBe(at(602));
    expect(aheadStart(at(100), at(101), 1_101, AHEAD_MIN_BUDGET)).toBe(at(601));
  });

  it('keeps one walk when its rest is short at the pace of its last page', () => {
    // Ten ledgers a page, AHEAD_MIN_PAGES pages left exactly, then one fewer.
    expect(aheadStart(at(0), at(10), 10 + 10 * AHEAD_MIN_PAGES, 100_000_000)).toBe(at(10 + 5 * AHEAD_MIN_PAGES));
    expect(aheadStart(at(0), at(10), 10 + 10 * AHEAD_MIN_PAGES - 1, 100_000_000)).toBeNull();
    // The newest ledger behind the walk (a server that answered an older root).
    expect(aheadStart(at(100), at(101), 50, 100_000_000)).toBeNull();
  });

  it('keeps one walk on a server that counts its requests, or does not say', () => {
    expect(aheadStart(at(100), at(101), 100_000, 3_600)).toBeNull();
    expect(aheadStart(at(100), at(101), 100_000, AHEAD_MIN_BUDGET - 1)).toBeNull();
    expect(aheadStart(at(100), at(101), 100_000, null)).toBeNull();
    expect(aheadStart(at(100), at(101), null, 100_000_000)).toBeNull();
  });

  it('decides only from two operation ids, in order', () => {
    // The first page of a walk from the start has no cursor before it.
    expect(aheadStart(undefined, at(101), 100_000, 100_000_000)).toBeNull();
    for (const bad of ['', 'now', '-1', '12a', '1'.repeat(20), '1e9', ' 42']) {
      expect(aheadStart(bad, at(101), 100_000, 100_000_000)).toBeNull();
      expect(aheadStart(at(100), bad, 100_000, 100_000_000)).toBeNull();
    }
    expect(aheadStart(at(102), at(101), 100_000, 100_000_000)).toBeNull();
  });
});
