// The service's one watcher for new ledgers (docs/service.md "Streams"): however many streams are
// open, the store is asked for its latest ledger once per poll interval, and a new ledger reaches
// every open stream by the next tick. The hub runs on a fake store that counts its reads and fake
// timers, so the counts and the bound are exact, whatever the machine's load.
import type { ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ListingTarget, WholeRecord } from '../../network/service/listing';
import type { ListingParams } from '../../network/service/params';
import type { Store } from '../../network/service/queries';
import { StreamHub } from '../../network/service/stream';

const POLL_MS = 20;

/** A store of ledgers 1..latest, one record each (its id the ledger's sequence); counts latestLedger(). */
class CountingStore {
  latest = 3n;
  latestReads = 0;
  recordReads = 0;
  latestLedger(): bigint {
    this.latestReads += 1;
    return this.latest;
  }
}

/** A listing whose records are the store's ledgers, read whole (the /ledgers path of the hub). */
function ledgersTarget(store: CountingStore): ListingTarget {
  return {
    path: '/ledgers',
    source: undefined as unknown as ListingTarget['source'],
    alwaysFailed: false,
    read: (_store, after, limit): WholeRecord[] => {
      store.recordReads += 1;
      const records: WholeRecord[] = [];
      for (let id = after + 1n; id <= store.latest && records.length < limit; id += 1n)
        records.push({ id, bytes: Buffer.from(`{"sequence":${id}}`) });
      return records;
    },
  };
}

/** A response that keeps what is written to it (every write accepted). */
function fakeResponse() {
  const written: string[] = [];
  const res = {
    write(chunk: string | Buffer) {
      written.push(chunk.toString());
      return true;
    },
    end() {},
    destroy() {},
    on() {
      return res;
    },
    once() {
      return res;
    },
  };
  const ids = () => [...written.join('').matchAll(/^id: (\d+)$/gm)].map((m) => m[1]);
  return { res: res as unknown as ServerResponse, ids };
}

const params: ListingParams = { cursor: undefined, limit: 10, desc: false, includeFailed: false, join: false };

let store: CountingStore;
let hub: StreamHub;

beforeEach(() => {
  vi.useFakeTimers();
  store = new CountingStore();
  hub = new StreamHub(store as unknown as Store, { pollMs: POLL_MS, keepaliveMs: 60_000, maxAgeMs: 0 });
});

afterEach(() => {
  hub.closeAll();
  vi.useRealTimers();
});

/** Opens n streams after ledger 3, each a client of its own and half of them under another base URL. */
function openStreams(n: number) {
  const target = ledgersTarget(store);
  return Array.from({ length: n }, (_, i) => {
    const stream = fakeResponse();
    hub.open(stream.res, target, params, 3n, `client-${i}`, i % 2 ? 'http://a' : 'http://b');
    return stream;
  });
}

describe('one watcher for every open stream', () => {
  it.each([1, 50, 500])('%i open streams read the latest ledger once per interval', (n) => {
    openStreams(n);
    const before = store.latestReads;
    expect(before).toBe(1); // the watcher's first read, when the first stream opened
    vi.advanceTimersByTime(POLL_MS * 10);
    expect(store.latestReads - before).toBe(10);
    vi.advanceTimersByTime(POLL_MS - 1);
    expect(store.latestReads - before).toBe(10);
    vi.advanceTimersByTime(1);
    expect(store.latestReads - before).toBe(11);
  });

  it('reads nothing while no stream is open, and stops when the last closes', () => {
    vi.advanceTimersByTime(POLL_MS * 10);
    expect(store.latestReads).toBe(0);
    openStreams(3);
    hub.closeAll();
    const reads = store.latestReads;
    vi.advanceTimersByTime(POLL_MS * 10);
    expect(store.latestReads).toBe(reads);
  });

  it('a new ledger reaches every open stream by the next tick, each record once, with one read per listing', () => {
    const streams = openStreams(200);
    vi.advanceTimersByTime(POLL_MS); // a tick: nothing new
    store.recordReads = 0;
    store.latest = 4n; // committed just after that tick
    vi.advanceTimersByTime(POLL_MS - 1);
    expect(streams.filter((s) => s.ids().length > 0)).toHaveLength(0);
    vi.advanceTimersByTime(1);
    for (const stream of streams) expect(stream.ids()).toEqual(['4']);
    // Two listings (two base URLs) at one position: two reads for 200 streams, not 200.
    expect(store.recordReads).toBe(2);
    store.latest = 6n;
    vi.advanceTimersByTime(POLL_MS);
    for (const stream of streams) expect(stream.ids()).toEqual(['4', '5', '6']);
  });
});
