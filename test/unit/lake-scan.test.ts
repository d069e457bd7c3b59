// Reading an account's ledgers from a ledger data lake (issue 39 points 2, 4, 5): by folder and by
// URL (a real node:http server serving the folder), every ledger of a range delivered once and in
// order, only those holding the account's key bytes read into records; every bad lake (a gap, a
// refusal, 429 after the client's waits, HTML, a file that does not decompress or whose ledgers
// disagree with its key, another network's manifest) said by ledger and key with nothing from the
// bad object or after it delivered; both edges of the bounds; the legacy `.zstd` extension, and a
// real pubnet object of that kind (conformance, from ../shared/fixtures).
import {
  copyFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StrKey, xdr } from '@stellar/stellar-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateHistory } from '../../network/demo-generator/generate';
import { LakeWriter } from '../../network/lake/writer';
import { Store } from '../../network/service/queries';
import { openStore, storePath } from '../../network/store/db';
import { CoreNode } from '../../network/validator/node';
import { decompressBatch, objectKey, readBatch, type LakeConfig } from '../../core/sources/lake/layout';
import { openLake, type OpenedLake } from '../../core/sources/lake/open';
import { estimateRange, ledgerAtTime, lakeBounds, scanLake, type ScannedLedger } from '../../core/sources/lake/scan';
import { ScanPool } from '../../core/sources/lake/scan-pool';
import { startLocalServer, type LocalServer } from '../support/local-server';
import { realFixtures } from '../support/real-fixtures';
import { waitFor } from '../support/wait';

const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-lakescan-'));
const lakeDir = join(dir, 'lake');
let store: Store;
let config: LakeConfig;
let first: number;
let last: number;
let account: string;
/** Ledgers whose close meta holds the account's key bytes, and those where it is a transaction's source. */
let holding: Set<number>;
let sourceOf: Set<number>;
let server: LocalServer;
/** What the server does with each request: default, serve the folder (GET and HEAD, 404 for none). */
let behave: ((req: IncomingMessage, res: ServerResponse, key: string) => boolean) | null = null;
let inFlight = 0;
let mostInFlight = 0;
let served = 0;
let root = lakeDir;

beforeAll(async () => {
  const db = openStore(storePath(dir));
  const core = new CoreNode(db, { startLedger: 70_000_000, maxQueue: 3, genesisTime: 1_790_000_000n });
  generateHistory(core, { historyOps: 200, accounts: 4, seed: 'lake-scan', dataDir: dir });
  const demo = JSON.parse(readFileSync(join(dir, 'demo-accounts.json'), 'utf8')) as { passphrase: string };
  store = new Store(storePath(dir));
  const writer = new LakeWriter(store, { dir: lakeDir, passphrase: demo.passphrase });
  writer.catchUp();
  config = writer.config;
  const range = store.db.prepare('SELECT MIN(sequence) AS first, MAX(sequence) AS last FROM ledgers').get() as {
    first: number;
    last: number;
  };
  first = Number(range.first);
  last = Number(range.last);
  // The account: the source of the generated history's last transaction, so it is in some ledgers and not others.
  const tx = store.db.prepare('SELECT envelope_xdr FROM transactions ORDER BY id DESC LIMIT 1').get() as {
    envelope_xdr: string;
  };
  const envelope = xdr.TransactionEnvelope.fromXDR(tx.envelope_xdr, 'base64');
  account = StrKey.encodeEd25519PublicKey(envelope.v1().tx().sourceAccount().ed25519());
  const key = Buffer.from(StrKey.decodeEd25519PublicKey(account));
  holding = new Set();
  sourceOf = new Set();
  for (let ledger = first; ledger <= last; ledger++) {
    const bytes = readFileSync(join(lakeDir, objectKey(ledger, config)));
    if (decompressBatch(bytes, 'k').includes(key)) holding.add(ledger);
    const envelopes = store.db
      .prepare('SELECT envelope_xdr FROM transactions WHERE id >= ? AND id < ?')
      .all(BigInt(ledger) << 32n, BigInt(ledger + 1) << 32n) as { envelope_xdr: string }[];
    for (const row of envelopes) {
      const env = xdr.TransactionEnvelope.fromXDR(row.envelope_xdr, 'base64');
      if (
        env.switch().name === 'envelopeTypeTx' &&
        StrKey.encodeEd25519PublicKey(env.v1().tx().sourceAccount().ed25519()) === account
      )
        sourceOf.add(ledger);
    }
  }
  server = await startLocalServer((req, res) => {
    const key = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname.replace(/^\/lake\//, ''));
    inFlight++;
    served++;
    mostInFlight = Math.max(mostInFlight, inFlight);
    res.on('close', () => inFlight--);
    if (behave?.(req, res, key)) return;
    // Answered on the next turn, so requests sent together are seen in flight together.
    setImmediate(() => {
      let bytes: Buffer;
      try {
        if (key.includes('..')) throw new Error('outside');
        bytes = readFileSync(join(root, key));
      } catch {
        res.writeHead(404, { 'content-type': 'application/xml' }).end('<Error><Code>NoSuchKey</Code></Error>');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': bytes.length });
      res.end(req.method === 'HEAD' ? undefined : bytes);
    });
  });
}, 120_000);

afterAll(async () => {
  await server?.close();
  store?.close();
  rmSync(dir, { recursive: true, force: true });
});

const url = () => `${server.base}/lake/`;

/** A scan of the lake, every run recorded; resolves with them or with the error it rejected with. */
async function scan(lake: OpenedLake, options: Partial<Parameters<typeof scanLake>[1]> = {}) {
  const runs: ScannedLedger[][] = [];
  let error: Error | null = null;
  try {
    await scanLake(lake, {
      account,
      from: first,
      to: last,
      workers: 1,
      ...options,
      onLedgers: async (run) => {
        runs.push(run);
      },
    });
  } catch (caught) {
    error = caught as Error;
  }
  return { runs, ledgers: runs.flat(), error };
}

/** A copy of the lake to damage. */
function copyLake(): string {
  const copy = mkdtempSync(join(dir, 'copy-'));
  cpSync(lakeDir, copy, { recursive: true });
  return copy;
}

describe('a lake scanned for an account', () => {
  it('delivers every ledger of the range once, in order, reading only those holding the account', async () => {
    expect(last - first).toBeGreaterThan(10);
    expect(holding.size).toBeGreaterThan(0);
    expect(holding.size).toBeLessThan(last - first + 1);
    for (const where of [lakeDir, url()]) {
      const lake = await openLake(where);
      const progress: number[] = [];
      const runs: ScannedLedger[][] = [];
      await scanLake(lake, {
        account,
        from: first,
        to: last,
        workers: 2,
        onLedgers: async (run) => {
          runs.push(run);
        },
        onProgress: (p) => progress.push(p.done),
      });
      const ledgers = runs.flat();
      expect(ledgers.map((l) => l.ledger)).toEqual(Array.from({ length: last - first + 1 }, (_, i) => first + i));
      for (const line of ledgers) expect(line.key).toBe(objectKey(line.ledger, config));
      const read = new Set(ledgers.filter((l) => l.records !== null).map((l) => l.ledger));
      for (const ledger of read) expect(holding.has(ledger)).toBe(true);
      for (const ledger of sourceOf) expect(read.has(ledger)).toBe(true);
      for (const line of ledgers.filter((l) => l.records))
        expect(line.records).toMatchObject({ ledger: line.ledger, closeTime: expect.any(Number) });
      expect(progress[progress.length - 1]).toBe(last - first + 1);
    }
  });

  it('stops when its signal aborts: rejects as cancelled, nothing delivered after', async () => {
    const lake = await openLake(url());
    const controller = new AbortController();
    const runs: ScannedLedger[][] = [];
    let afterAbort = 0;
    const scanning = scanLake(lake, {
      account,
      from: first,
      to: last,
      fetchesAtOnce: 1,
      workers: 1,
      signal: controller.signal,
      onLedgers: async (run) => {
        if (controller.signal.aborted) afterAbort++;
        runs.push(run);
        if (runs.length === 2) controller.abort();
      },
    });
    await expect(scanning).rejects.toMatchObject({ name: 'AbortError' });
    expect(afterAbort).toBe(0);
    expect(runs.flat().length).toBeLessThan(last - first + 1);
  });

  it('lets a request in flight go when it stops: the fetch thread closes its connection', async () => {
    const lake = await openLake(url());
    const controller = new AbortController();
    let held: ServerResponse | null = null;
    let closed = false;
    behave = (_req, res, key) => {
      if (key !== objectKey(first + 3, config)) return false;
      // The head and half the body, then nothing: the request stays in flight.
      const bytes = readFileSync(join(lakeDir, key));
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': bytes.length });
      res.write(bytes.subarray(0, bytes.length >> 1));
      res.on('close', () => (closed = true));
      held = res;
      return true;
    };
    try {
      const scanning = scanLake(lake, {
        account,
        from: first,
        to: last,
        fetchesAtOnce: 1,
        workers: 1,
        signal: controller.signal,
        onLedgers: async () => undefined,
      });
      await waitFor('the request held', () => held);
      controller.abort();
      await expect(scanning).rejects.toMatchObject({ name: 'AbortError' });
      await waitFor('the held connection closed by the fetch thread', () => closed);
    } finally {
      behave = null;
    }
  });

  it('says a server that refuses connections as the client does', async () => {
    const gone = await startLocalServer((_req, res) => res.end());
    await gone.close();
    await expect(openLake(`${gone.base}/lake/`)).rejects.toThrow(
      `.config.json: could not be fetched from ${gone.base}/lake/ (Could not reach ${gone.base} (ECONNREFUSED). Is the server running and the URL right?)`,
    );
  });

  it('reports progress: ledgers delivered, the bytes fetched, rates and the time left', async () => {
    const lake = await openLake(lakeDir);
    const reports: Parameters<NonNullable<Parameters<typeof scanLake>[1]['onProgress']>>[0][] = [];
    await scanLake(lake, {
      account,
      from: first,
      to: last,
      workers: 1,
      onLedgers: async () => undefined,
      onProgress: (progress) => reports.push(progress),
    });
    const total = Array.from(
      { length: last - first + 1 },
      (_, i) => statSync(join(lakeDir, objectKey(first + i, config))).size,
    ).reduce((a, b) => a + b, 0);
    const end = reports[reports.length - 1]!;
    expect(end).toMatchObject({ from: first, to: last, done: last - first + 1, bytes: total, msLeft: 0 });
    expect(end.ledgersPerSecond).toBeGreaterThan(0);
    expect(end.bytesPerSecond).toBeGreaterThan(0);
    for (const [i, report] of reports.entries()) if (i > 0) expect(report.done).toBeGreaterThan(reports[i - 1]!.done);
  });

  it('grows its pool to a second worker under a backlog, which hands objects holding the account to the decoder', async () => {
    const pool = new ScanPool(2);
    try {
      expect(pool.started).toBe(1);
      const accountKey = new Uint8Array(StrKey.decodeEd25519PublicKey(account));
      const task = (ledger: number, id: number) => ({
        id,
        bytes: new Uint8Array(readFileSync(join(lakeDir, objectKey(ledger, config)))),
        ledger,
        key: objectKey(ledger, config),
        config,
        account,
        accountKey,
        from: first,
        to: last,
      });
      // Once the first worker has answered, a backlog of objects starts the second.
      await pool.run(task(first, 0));
      const ledgers = Array.from({ length: 3 * (last - first + 1) }, (_, i) => first + (i % (last - first + 1)));
      const replies = await Promise.all(ledgers.map((ledger, i) => pool.run(task(ledger, i + 1))));
      expect(pool.started).toBe(2);
      for (const [i, reply] of replies.entries()) {
        expect(reply).toMatchObject({ id: i + 1, decoded: holding.has(ledgers[i]!) });
        if ('lines' in reply) expect(reply.lines.map((line) => line.ledger)).toEqual([ledgers[i]]);
      }
    } finally {
      await pool.close();
    }
  });

  it('delivers only the range asked, from a batch that reaches outside it', async () => {
    const batched = join(dir, 'lake-4');
    const writer = new LakeWriter(store, {
      dir: batched,
      passphrase: config.networkPassphrase,
      ledgersPerBatch: 4,
      batchesPerPartition: 2,
    });
    writer.catchUp();
    const lake = await openLake(batched);
    const to = first + 9 - ((first + 10) % 4 === 0 ? 1 : 0);
    const { ledgers, error } = await scan(lake, { from: first + 1, to });
    expect(error).toBeNull();
    expect(ledgers.map((l) => l.ledger)).toEqual(Array.from({ length: to - first }, (_, i) => first + 1 + i));
  });

  it('holds at most fetchesAtOnce requests in flight, both edges (1 and 64), and refuses 0 and 65', async () => {
    const lake = await openLake(url());
    for (const fetchesAtOnce of [1, 64]) {
      mostInFlight = 0;
      const { ledgers, error } = await scan(lake, { fetchesAtOnce });
      expect(error).toBeNull();
      expect(ledgers).toHaveLength(last - first + 1);
      expect(mostInFlight).toBeLessThanOrEqual(fetchesAtOnce);
      if (fetchesAtOnce === 1) expect(mostInFlight).toBe(1);
      else expect(mostInFlight).toBeGreaterThan(8);
    }
    for (const fetchesAtOnce of [0, 65]) {
      const { runs, error } = await scan(lake, { fetchesAtOnce });
      expect(error?.message).toMatch(/fetchesAtOnce must be a whole number from 1 to 64/);
      expect(runs).toEqual([]);
    }
  });

  it('holds no more than its window while the caller is slow to take a run (backpressure)', async () => {
    const lake = await openLake(url());
    let release: () => void = () => undefined;
    const before = served;
    const scanning = scanLake(lake, {
      account,
      from: first,
      to: last,
      fetchesAtOnce: 2,
      workers: 1,
      onLedgers: () => new Promise<void>((resolve) => (release = resolve)),
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The window is max(2 × 2, 2 + 2 × 1) = 4 objects, plus the first run's own being taken.
    expect(served - before).toBeLessThanOrEqual(5);
    const releasing = setInterval(() => release(), 1);
    await scanning;
    clearInterval(releasing);
  });

  it('refuses a batch larger than the bound decompressed, and takes one of exactly the bound', async () => {
    const lake = await openLake(lakeDir);
    const largest = Math.max(
      ...Array.from(
        { length: last - first + 1 },
        (_, i) => decompressBatch(readFileSync(join(lakeDir, objectKey(first + i, config))), 'k').length,
      ),
    );
    expect((await scan(lake, { maxBatchBytes: largest })).error).toBeNull();
    const { error } = await scan(lake, { maxBatchBytes: largest - 1 });
    expect(error?.message).toMatch(
      /^ledger [\d,]+ \([0-9A-F]{8}--\d+-\d+\/[0-9A-F]{8}--\d+\.xdr\.zst\): decompresses to more than \d+ bytes/,
    );
  });
});

describe('a bad lake is said by ledger and key, and nothing from the bad object or after it is delivered', () => {
  let bad = 0;
  const badKey = () => objectKey(bad, config);
  beforeAll(() => {
    bad = first + 5;
  });
  const expectStopped = (result: Awaited<ReturnType<typeof scan>>, detail: RegExp) => {
    const ledger = bad.toLocaleString('en-US');
    expect(result.error?.name).toBe('LakeError');
    expect(result.error?.message).toContain(`ledger ${ledger} (${badKey()}): `);
    expect(result.error?.message).toMatch(detail);
    expect(result.ledgers.every((l) => l.ledger < bad)).toBe(true);
  };

  it('a gap, in a folder and over HTTP', async () => {
    const copy = copyLake();
    rmSync(join(copy, badKey()));
    expectStopped(await scan(await openLake(copy), { workers: 2 }), /missing from the lake .*: a gap/);
    root = copy;
    try {
      expectStopped(await scan(await openLake(url())), /missing from the lake .*: a gap/);
    } finally {
      root = lakeDir;
    }
  });

  it('a file that does not decompress, or decompresses to no batch', async () => {
    const copy = copyLake();
    writeFileSync(join(copy, badKey()), 'not zstd at all');
    expectStopped(await scan(await openLake(copy)), /does not decompress as zstd/);
    const { zstdCompressSync } = await import('node:zlib');
    writeFileSync(join(copy, badKey()), zstdCompressSync(Buffer.from('twelve bytes')));
    expectStopped(await scan(await openLake(copy)), /holds ledgers \d+ to \d+, but its key names/);
  });

  it('a batch whose ledgers disagree with its key', async () => {
    const copy = copyLake();
    copyFileSync(join(lakeDir, objectKey(bad + 1, config)), join(copy, badKey()));
    expectStopped(
      await scan(await openLake(copy)),
      new RegExp(`holds ledgers ${bad + 1} to ${bad + 1}, but its key names ${bad} to ${bad}`),
    );
  });

  it('a file holding the account whose body does not decode whole', async () => {
    const copy = copyLake();
    const ledger = [...holding].find((l) => l > first + 2)!;
    const raw = decompressBatch(readFileSync(join(lakeDir, objectKey(ledger, config))), 'k');
    const { zstdCompressSync } = await import('node:zlib');
    writeFileSync(join(copy, objectKey(ledger, config)), zstdCompressSync(raw.subarray(0, raw.length - 7)));
    const result = await scan(await openLake(copy));
    expect(result.error?.message).toContain(
      `ledger ${ledger.toLocaleString('en-US')} (${objectKey(ledger, config)}): does not decode`,
    );
    expect(result.ledgers.every((l) => l.ledger < ledger)).toBe(true);
  });

  it.each([
    [403, 'text/html', '<html><body>Forbidden</body></html>', /answered 403 \(forbidden: the lake is not public/],
    [500, 'application/xml', '<Error>InternalError</Error>', /answered 500/],
    [200, 'text/html; charset=utf-8', '<!doctype html><html>a login page</html>', /answered 200 with an HTML page/],
    [429, 'text/plain', 'slow down', /answered 429 \(too many requests, still after the client's waits\)/],
  ])('a server that answers %i (%s)', async (status, type, body, detail) => {
    const lake = await openLake(url(), { http: { maxRetries: 1, maxWaitMs: 1_000 } });
    let asked = 0;
    behave = (_req, res, key) => {
      if (key !== badKey()) return false;
      asked++;
      res.writeHead(status, { 'content-type': type, 'retry-after': '0' }).end(body);
      return true;
    };
    try {
      expectStopped(await scan(lake), detail);
      // A 429 is waited out and asked again (maxRetries 1) before it is said; the others at once.
      expect(asked).toBe(status === 429 ? 2 : 1);
    } finally {
      behave = null;
    }
  });

  it('a body cut short over HTTP, with and without its Content-Length', async () => {
    const whole = readFileSync(join(lakeDir, badKey()));
    for (const declared of [true, false]) {
      behave = (_req, res, key) => {
        if (key !== badKey()) return false;
        res.writeHead(200, {
          'content-type': 'application/octet-stream',
          ...(declared ? { 'content-length': whole.length } : {}),
        });
        res.write(whole.subarray(0, whole.length >> 1), () => res.socket?.destroy());
        return true;
      };
      try {
        expectStopped(
          await scan(await openLake(url())),
          /could not be fetched from .* \(Could not reach .* \(the connection closed before the answer was complete\)/,
        );
      } finally {
        behave = null;
      }
    }
  });

  it('an object over the bound over HTTP is refused, one of exactly the bound taken, with and without its Content-Length', async () => {
    const size = statSync(join(lakeDir, badKey())).size;
    for (const declared of [true, false]) {
      behave = declared
        ? null
        : (_req, res, key) => {
            if (key === '.config.json' || key.includes('..')) return false;
            let bytes: Buffer;
            try {
              bytes = readFileSync(join(lakeDir, key));
            } catch {
              return false;
            }
            // Chunked: the length is known only as the body comes.
            res.writeHead(200, { 'content-type': 'application/octet-stream' });
            res.write(bytes.subarray(0, 1));
            res.end(bytes.subarray(1));
            return true;
          };
      try {
        const refused = await scan(await openLake(url(), { maxObjectBytes: size - 1 }), { from: bad, to: bad });
        expect(refused.error?.message).toContain(
          `ledger ${bad.toLocaleString('en-US')} (${badKey()}): could not be fetched from ${url()} (${badKey()}: ${url()} answered more than ${size - 1} bytes, more than a lake object may be)`,
        );
        const taken = await scan(await openLake(url(), { maxObjectBytes: size }), { from: bad, to: bad });
        expect(taken.error).toBeNull();
        expect(taken.ledgers.map((l) => l.ledger)).toEqual([bad]);
      } finally {
        behave = null;
      }
    }
  });

  it('a manifest of another network, by folder and by URL, naming both networks', async () => {
    await expect(
      openLake(lakeDir, { expectPassphrase: 'Public Global Stellar Network ; September 2015' }),
    ).rejects.toThrow(
      `is a lake of the network "${config.networkPassphrase}", not of "Public Global Stellar Network ; September 2015"`,
    );
    await expect(openLake(url(), { expectPassphrase: 'Test SDF Network ; September 2015' })).rejects.toThrow(
      /not of "Test SDF Network ; September 2015"/,
    );
    expect((await openLake(lakeDir, { expectPassphrase: config.networkPassphrase })).config).toEqual(config);
  });

  it('what is not a lake: no manifest, another scheme, an HTML manifest', async () => {
    await expect(openLake(join(dir, 'nowhere'))).rejects.toThrow(/has no \.config\.json: not a ledger data lake/);
    await expect(openLake('ftp://example.com/lake')).rejects.toThrow(/neither a folder nor an http\(s\) URL/);
    behave = (_req, res, key) => {
      if (key !== '.config.json') return false;
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
      return true;
    };
    try {
      await expect(openLake(url())).rejects.toThrow(/answered 200 with an HTML page/);
    } finally {
      behave = null;
    }
  });

  it('a key outside the lake is never read', async () => {
    const lake = await openLake(lakeDir);
    await expect(lake.get('../demo-accounts.json')).rejects.toThrow(/not a key of a lake object/);
  });
});

describe('the legacy .zstd extension', () => {
  it('is found by the first object asked, and used after', async () => {
    const legacy = copyLake();
    for (let ledger = first; ledger <= last; ledger++) {
      const key = objectKey(ledger, config);
      renameSync(join(legacy, key), join(legacy, key.replace(/\.zst$/, '.zstd')));
    }
    const lake = await openLake(legacy);
    expect(lake.extension).toBe('zst');
    const { ledgers, error } = await scan(lake, { workers: 2 });
    expect(error).toBeNull();
    expect(lake.extension).toBe('zstd');
    expect(ledgers).toHaveLength(last - first + 1);
    expect(ledgers[0]!.key).toBe(objectKey(first, config, 'zstd'));
  });

  it('reads the real pubnet object FCD285FF--53312000.xdr.zstd (conformance)', async () => {
    const fixtures = realFixtures('ledger-meta-real');
    if (!fixtures) return;
    const pubnet = mkdtempSync(join(dir, 'pubnet-'));
    const pubnetConfig: LakeConfig = {
      networkPassphrase: 'Public Global Stellar Network ; September 2015',
      version: '1.0',
      compression: 'zstd',
      ledgersPerBatch: 1,
      batchesPerPartition: 64_000,
    };
    writeFileSync(join(pubnet, '.config.json'), JSON.stringify(pubnetConfig));
    const key = objectKey(53_312_000, pubnetConfig, 'zstd');
    mkdirSync(dirname(join(pubnet, key)), { recursive: true });
    copyFileSync(join(fixtures, 'FCD285FF--53312000.xdr.zstd'), join(pubnet, key));
    const [meta] = readBatch(readFileSync(join(pubnet, key)), 53_312_000, pubnetConfig, key);
    // Protocol 21: a generalized transaction set; its first phase's first component's first transaction.
    const set = (meta!.value() as xdr.LedgerCloseMetaV1).txSet().v1TxSet();
    const envelope = set.phases()[0]!.v0Components()[0]!.txsMaybeDiscountedFee().txes()[0]!;
    const tx =
      envelope.switch().name === 'envelopeTypeTxFeeBump'
        ? envelope.feeBump().tx().innerTx().v1().tx()
        : envelope.v1().tx();
    const muxed = tx.sourceAccount();
    const source = StrKey.encodeEd25519PublicKey(
      muxed.switch().name === 'keyTypeEd25519' ? muxed.ed25519() : muxed.med25519().ed25519(),
    );
    for (const where of [pubnet, `file://${pubnet}`]) {
      const lake = await openLake(where, { expectPassphrase: pubnetConfig.networkPassphrase });
      const runs: ScannedLedger[][] = [];
      await scanLake(lake, {
        account: source,
        from: 53_312_000,
        to: 53_312_000,
        workers: 1,
        onLedgers: async (run) => void runs.push(run),
      });
      expect(lake.extension).toBe('zstd');
      expect(runs.flat()).toHaveLength(1);
      expect(runs.flat()[0]).toMatchObject({
        ledger: 53_312_000,
        key,
        records: { ledger: 53_312_000, closeTime: 1_725_274_219 },
      });
      expect(await lakeBounds(lake)).toEqual({ first: 53_312_000, last: 53_312_000 });
    }
  });
});

describe('a range before it is fetched: bounds, cost and the ledger of a moment', () => {
  it('finds the lake bounds by probes over HTTP (from a ledger it holds) and from a folder', async () => {
    expect(await lakeBounds(await openLake(lakeDir))).toEqual({ first, last });
    expect(await lakeBounds(await openLake(url()), undefined, first + 3)).toEqual({ first, last });
    await expect(lakeBounds(await openLake(url()))).rejects.toThrow(/no object for ledger 2 \(genesis\)/);
  });

  it('estimates a range: files, requests and bytes from sampled sizes', async () => {
    const sizes = Array.from(
      { length: last - first + 1 },
      (_, i) => statSync(join(lakeDir, objectKey(first + i, config))).size,
    );
    for (const where of [lakeDir, url()]) {
      const estimate = await estimateRange(await openLake(where), first, last);
      expect(estimate.files).toBe(last - first + 1);
      expect(estimate.requests).toBe(last - first + 1);
      expect(estimate.sampled).toBe(Math.min(8, last - first + 1));
      expect(estimate.bytes).toBeGreaterThanOrEqual(Math.min(...sizes) * estimate.files);
      expect(estimate.bytes).toBeLessThanOrEqual(Math.max(...sizes) * estimate.files);
    }
  });

  it('finds the first ledger closed at or after a time', async () => {
    const lake = await openLake(url());
    const closes = (
      store.db.prepare('SELECT sequence, closed_at FROM ledgers ORDER BY sequence').all() as {
        sequence: number;
        closed_at: string;
      }[]
    ).map((row) => ({ sequence: Number(row.sequence), close_time: Date.parse(row.closed_at) / 1000 }));
    const target = closes[Math.floor(closes.length / 2)]!;
    const bounds = { first, last };
    expect(await ledgerAtTime(lake, Number(target.close_time), bounds)).toBe(
      closes.find((c) => Number(c.close_time) >= Number(target.close_time))!.sequence,
    );
    expect(await ledgerAtTime(lake, 0, bounds)).toBe(first);
    expect(await ledgerAtTime(lake, 4_000_000_000, bounds)).toBe(last);
  });
});
