// Turns to read ledgers (core/history-index/main-thread/read-turns.ts): at most N lake scans read at
// once whatever the number of syncs, the rest wait in order and are told how many are ahead; and the
// lake producer takes a turn before its scan starts (a small lake the local core wrote, on a folder).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lakeProducer } from '../../core/history-index/main-thread/ledger-sync';
import { ReadTurns } from '../../core/history-index/main-thread/read-turns';
import type { LedgerReadProgress } from '../../core/sources/source';
import { lakeProgressText, type LakeProgress } from '../../shared/lake-progress';
import { generateHistory } from '../../network/demo-generator/generate';
import { LakeWriter } from '../../network/lake/writer';
import { Store } from '../../network/service/queries';
import { openStore, storePath } from '../../network/store/db';
import { CoreNode } from '../../network/validator/node';
import { waitFor } from '../support/wait';

/** Settles the promise queue: what can run without a timer has run. */
const settled = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('ReadTurns', () => {
  it('gives turns at once up to its capacity, and the next one only when one is released', async () => {
    const turns = new ReadTurns(2);
    const signal = new AbortController().signal;
    const first = await turns.take(signal);
    await turns.take(signal);
    expect(turns.counts).toEqual({ reading: 2, waiting: 0 });
    let third = false;
    const waited = turns.take(signal).then((release) => ((third = true), release));
    await settled();
    expect(third).toBe(false);
    expect(turns.counts).toEqual({ reading: 2, waiting: 1 });
    first();
    await waited;
    expect(third).toBe(true);
    expect(turns.counts).toEqual({ reading: 2, waiting: 0 });
  });

  it('serves waiters in the order they asked, telling each how many are ahead as that changes', async () => {
    const turns = new ReadTurns(1);
    const signal = new AbortController().signal;
    const release = await turns.take(signal);
    const heard: Record<string, number[]> = { a: [], b: [], c: [] };
    const order: string[] = [];
    const asks = ['a', 'b', 'c'].map((name) =>
      turns.take(signal, (ahead) => heard[name]!.push(ahead)).then((done) => (order.push(name), done)),
    );
    await settled();
    expect(heard).toEqual({ a: [0], b: [1], c: [2] });
    release();
    (await asks[0]!)();
    (await asks[1]!)();
    (await asks[2]!)();
    expect(order).toEqual(['a', 'b', 'c']);
    expect(heard).toEqual({ a: [0], b: [1, 0], c: [2, 1, 0] });
    expect(turns.counts).toEqual({ reading: 0, waiting: 0 });
  });

  it('ends a wait when its signal aborts, taking no turn, and moves those behind it up', async () => {
    const turns = new ReadTurns(1);
    const release = await turns.take(new AbortController().signal);
    const stop = new AbortController();
    const stopped = turns.take(stop.signal);
    const behind: number[] = [];
    const next = turns.take(new AbortController().signal, (ahead) => behind.push(ahead));
    await settled();
    stop.abort();
    await expect(stopped).rejects.toThrow('The sync was stopped before its turn to read.');
    expect(behind).toEqual([1, 0]);
    expect(turns.counts).toEqual({ reading: 1, waiting: 1 });
    release();
    (await next)();
    expect(turns.counts).toEqual({ reading: 0, waiting: 0 });
  });

  it('refuses an aborted signal at once, and a release called twice gives back one turn', async () => {
    const turns = new ReadTurns(1);
    const stop = new AbortController();
    stop.abort();
    await expect(turns.take(stop.signal)).rejects.toThrow('stopped');
    expect(turns.counts).toEqual({ reading: 0, waiting: 0 });
    const release = await turns.take(new AbortController().signal);
    release();
    release();
    expect(turns.counts).toEqual({ reading: 0, waiting: 0 });
    expect(() => new ReadTurns(0)).toThrow('at least 1 turn');
  });
});

describe('lakeProgressText', () => {
  const lake: LakeProgress = {
    where: '/lake',
    from: 1,
    to: 5_000,
    done: 1_234,
    bytes: 12_897_485,
    ledgersPerSecond: 812,
    bytesPerSecond: 1e6,
    msLeft: 4_200,
  };
  it('says the reach, the speed, the bytes and the time left while syncing; the reach alone after', () => {
    expect(lakeProgressText(lake, true)).toBe('1,234 of 5,000 ledgers (1–5,000) · 812 ledgers/s · 12.3 MiB · 5 s left');
    expect(lakeProgressText(lake, false)).toBe('1,234 of 5,000 ledgers (1–5,000)');
  });
  it('says a wait for a turn instead of a speed of nothing', () => {
    expect(lakeProgressText({ ...lake, waiting: 0 }, true)).toBe(
      '1,234 of 5,000 ledgers (1–5,000) · waiting for a turn to read: next',
    );
    expect(lakeProgressText({ ...lake, waiting: 1 }, true)).toContain('1 other sync ahead');
    expect(lakeProgressText({ ...lake, waiting: 3 }, true)).toContain('3 other syncs ahead');
  });
});

describe('a lake scan takes a turn before it reads', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-turns-'));
  const lakeDir = join(dir, 'lake');
  let range: { first: number; last: number };
  let account: string;

  beforeAll(() => {
    const db = openStore(storePath(dir));
    const core = new CoreNode(db, { startLedger: 70_000_000, maxQueue: 3, genesisTime: 1_790_000_000n });
    generateHistory(core, { historyOps: 40, accounts: 2, seed: 'read-turns', dataDir: dir });
    const demo = JSON.parse(readFileSync(join(dir, 'demo-accounts.json'), 'utf8')) as {
      passphrase: string;
      accounts: { publicKey: string }[];
    };
    account = demo.accounts[0]!.publicKey;
    const store = new Store(storePath(dir));
    new LakeWriter(store, { dir: lakeDir, passphrase: demo.passphrase }).catchUp();
    const row = store.db.prepare('SELECT MIN(sequence) AS first, MAX(sequence) AS last FROM ledgers').get() as {
      first: number;
      last: number;
    };
    range = { first: Number(row.first), last: Number(row.last) };
    store.close();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a third scan of two turns waits, told it is next, and reads nothing until a turn is released', async () => {
    const turns = new ReadTurns(2);
    // Each scan's first run is held until the test lets it go: two scans hold their turns so.
    const holders: (() => void)[] = [];
    const starts = [0, 1, 2].map(async (n) => {
      const producer = lakeProducer(lakeDir, { from: range.first, to: range.last }, null, [], { workers: 1 }, turns);
      const signal = new AbortController().signal;
      await producer.open(null, signal);
      const progress: LedgerReadProgress[] = [];
      let delivered = 0;
      let held = false;
      const read = producer.read(
        account,
        range.first,
        range.last,
        signal,
        async (run) => {
          delivered += run.length;
          if (!held) {
            held = true;
            await new Promise<void>((resolve) => holders.push(resolve));
          }
        },
        (p) => progress.push(p),
      );
      return { n, read, progress, delivered: () => delivered };
    });
    const scans = await Promise.all(starts);
    await waitFor('two scans to hold their first run', () => holders.length === 2);
    // Which one waits is whichever asked last.
    const waiting = scans.filter((scan) => scan.progress.some((p) => p.waiting !== undefined));
    expect(waiting).toHaveLength(1);
    const third = waiting[0]!;
    expect(third.progress.map((p) => p.waiting)).toEqual([0]);
    expect(third.progress[0]).toMatchObject({ done: 0, bytes: 0, msLeft: null });
    expect(third.delivered()).toBe(0);
    expect(turns.counts).toEqual({ reading: 2, waiting: 1 });
    holders[0]!();
    await waitFor('the third scan to read', () => third.delivered() > 0);
    // Its turn come, its progress no longer says it waits.
    expect(third.progress[1]).toEqual({ ...third.progress[0], waiting: undefined });
    expect(third.progress[1]).not.toHaveProperty('waiting');
    await waitFor('the third scan to hold its first run', () => holders.length === 3);
    holders[1]!();
    holders[2]!();
    await Promise.all(scans.map((s) => s.read));
    for (const scan of scans) expect(scan.delivered(), `scan ${scan.n}`).toBe(range.last - range.first + 1);
    expect(turns.counts).toEqual({ reading: 0, waiting: 0 });
  });
});
