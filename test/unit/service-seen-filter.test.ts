// The page cache's admission filter: a key passes on its second request, and keys asked for once
// rarely pass (they would push pages nobody asks for again through the cache).
import { describe, expect, it } from 'vitest';
import { SeenFilter } from '../../network/service/seen-filter';

const pageKey = (i: number) =>
  `/accounts/GBUSY/payments|${((60_000_000n + BigInt(i >> 10)) << 32n) | (BigInt(i & 1023) << 12n)}|10|false|false|false`;

describe('SeenFilter', () => {
  it('answers false the first time and true the second', () => {
    const filter = new SeenFilter();
    expect(filter.seenBefore('a')).toBe(false);
    expect(filter.seenBefore('b')).toBe(false);
    expect(filter.seenBefore('a')).toBe(true);
    expect(filter.seenBefore('b')).toBe(true);
  });

  it('passes fewer than 1 in 100 keys never seen before, over a million distinct page keys', () => {
    const filter = new SeenFilter();
    let passed = 0;
    const count = 1_000_000;
    for (let i = 0; i < count; i += 1) if (filter.seenBefore(pageKey(i))) passed += 1;
    expect(passed / count).toBeLessThan(0.01);
  });

  it('forgets once full, so a key seen long ago must be asked for twice again', () => {
    const filter = new SeenFilter(1024); // cleared after 64 keys
    filter.seenBefore('old');
    for (let i = 0; i < 64; i += 1) filter.seenBefore(`filler-${i}`);
    expect(filter.seenBefore('old')).toBe(false);
    expect(filter.seenBefore('old')).toBe(true);
  });

  it('refuses a table size that is not a power of two', () => {
    expect(() => new SeenFilter(1000)).toThrow(/power of two/);
  });
});
