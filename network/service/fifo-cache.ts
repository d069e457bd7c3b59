// A bounded cache that forgets its oldest entries first. The order is kept in an array with a head
// index: evicting with `map.keys().next()` instead would walk V8's deleted-entry tombstones at the
// front of the Map on every eviction, which turns a full cache quadratic.

export class FifoCache<V> {
  private readonly map = new Map<string, V>();
  private queue: string[] = [];
  private head = 0;
  private weight = 0;

  /** maxEntries and maxWeight bound the cache; weigh gives an entry's weight (default 1). */
  constructor(
    private readonly maxEntries: number,
    private readonly maxWeight = Infinity,
    private readonly weigh: (value: V) => number = () => 1,
  ) {}

  get(key: string): V | undefined {
    return this.map.get(key);
  }

  set(key: string, value: V): void {
    if (this.map.has(key)) return;
    const weight = this.weigh(value);
    while (this.map.size > 0 && (this.map.size >= this.maxEntries || this.weight + weight > this.maxWeight))
      this.evict();
    this.map.set(key, value);
    this.queue.push(key);
    this.weight += weight;
  }

  get size(): number {
    return this.map.size;
  }

  private evict(): void {
    const key = this.queue[this.head]!;
    this.head += 1;
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.weight -= this.weigh(value);
    }
    if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
  }
}
