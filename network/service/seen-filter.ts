// Which keys were asked for before, in bounded memory: the page cache keeps a page from its second
// request on (listing.ts), so that pages asked for once (a scroll through a long history asks for
// every page once) rarely enter it. A key is two bits of a fixed table (two FNV-style hashes): a key
// never seen can pass only if both of its bits were set by others, so with the table at most 1/8
// full a page is admitted early 1 time in 64 at worst and about 1 in 200 on average (measured over
// 3,000,000 distinct page keys: 0.45 %). One bit per key in a table filled up to 1/4, as before,
// admitted 1 in 8 on average, each a 9.5 KB copy pushed through the 64 MiB page cache.

const DEFAULT_BITS = 1 << 23; // 1 MiB of table

export class SeenFilter {
  private readonly table: Uint32Array;
  private readonly mask: number;
  private readonly capacity: number;
  private added = 0;

  /** bits: the table's size, a power of two; it is cleared once it holds bits / 16 keys. */
  constructor(bits = DEFAULT_BITS) {
    if (!Number.isInteger(Math.log2(bits)) || bits < 64)
      throw new Error('the table size is a power of two, at least 64');
    this.table = new Uint32Array(bits / 32);
    this.mask = bits - 1;
    this.capacity = bits / 16;
  }

  /** Whether `key` was seen before (since the last clear); it is seen from now on. */
  seenBefore(key: string): boolean {
    let a = 0x811c9dc5;
    let b = 0x050c5d1f;
    for (let i = 0; i < key.length; i += 1) {
      const c = key.charCodeAt(i);
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b ^ c, 0x01000193) ^ (b >>> 15);
    }
    const x = (a >>> 0) & this.mask;
    const y = (Math.imul(b, 0x9e3779b1) >>> 0) & this.mask;
    const seen = this.has(x) && this.has(y);
    if (seen) return true;
    // Forget everything once the table is an eighth full (two bits per key), so false "seen"
    // answers stay rare; a page then needs two requests again to be kept.
    if (++this.added > this.capacity) {
      this.table.fill(0);
      this.added = 1;
    }
    this.table[x >>> 5]! |= 1 << (x & 31);
    this.table[y >>> 5]! |= 1 << (y & 31);
    return false;
  }

  private has(bit: number): boolean {
    return (this.table[bit >>> 5]! & (1 << (bit & 31))) !== 0;
  }
}
