// The local network's ledger data lake (issue 39.1): the manifest and SEP-54's keys, each batch a
// zstd LedgerCloseMetaBatch that @stellar/stellar-base decodes and the lake reader accepts,
// holding exactly the store's transactions ledger by ledger; batches written only once complete,
// whole (temporary name, then renamed), and resumed after the last one present.
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateHistory } from '../../network/demo-generator/generate';
import { LakeWriter } from '../../network/lake/writer';
import { Store } from '../../network/service/queries';
import { openStore, storePath } from '../../network/store/db';
import { CoreNode } from '../../network/validator/node';
import { objectKey, readBatch, readLakeConfig } from '../../core/sources/lake/layout';
import { ledgerBytes, ledgerXdr } from '../../network/rpc/ledger-meta';
import { TOTAL_SUPPLY } from '../../network/validator/model';
import { createHash } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import { zstdDecompressSync } from 'node:zlib';
import { xdr } from '@stellar/stellar-base';

const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-lake-'));
let core: CoreNode;
let store: Store;
let passphrase: string;

beforeAll(() => {
  const db = openStore(storePath(dir));
  core = new CoreNode(db, { startLedger: 60_000_000, maxQueue: 3, genesisTime: 1_790_000_000n });
  generateHistory(core, { historyOps: 300, accounts: 5, seed: 'lake-unit', dataDir: dir });
  passphrase = (JSON.parse(readFileSync(join(dir, 'demo-accounts.json'), 'utf8')) as { passphrase: string }).passphrase;
  store = new Store(storePath(dir));
});

afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Every file under `root`, as keys relative to it. */
function keysUnder(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .sort();
}

const hashesOf = (ledger: number) =>
  (
    store.db
      .prepare('SELECT hash FROM transactions WHERE id >= ? AND id < ? ORDER BY id')
      .all(BigInt(ledger) << 32n, BigInt(ledger + 1) << 32n) as { hash: string }[]
  ).map((r) => r.hash);

describe('a ledger close meta assembled from the stored XDR (issue 39.1)', () => {
  const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest();
  const stored = (ledger: number) =>
    store.db
      .prepare(
        `SELECT t.hash, t.envelope_xdr, t.result_xdr, m.fee_meta, m.result_meta FROM transactions t
         JOIN transaction_meta m ON m.transaction_id = t.id WHERE t.id >= ? AND t.id < ? ORDER BY t.id`,
      )
      .all(BigInt(ledger) << 32n, BigInt(ledger + 1) << 32n) as {
      hash: string;
      envelope_xdr: string;
      result_xdr: string;
      fee_meta: Uint8Array;
      result_meta: Uint8Array;
    }[];

  /** A LedgerEntryChanges' XDR: its count, then each change. */
  const changesHex = (changes: xdr.LedgerEntryChange[]) => {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(changes.length);
    return Buffer.concat([count, ...changes.map((c) => c.toXDR())]).toString('hex');
  };

  it('decodes with @stellar/stellar-base to the same bytes and holds each stored transaction, for every ledger', () => {
    const first = Number(store.earliestLedger());
    const latest = Number(store.latestLedger());
    let withTransactions = 0;
    for (let sequence = first; sequence <= latest; sequence++) {
      const { header, closeMeta } = ledgerXdr(store, sequence)!;
      const meta = xdr.LedgerCloseMeta.fromXDR(closeMeta!);
      // Canonical: stellar-base writes back exactly what was assembled.
      expect(meta.toXDR().equals(closeMeta!), `ledger ${sequence}`).toBe(true);
      const v2 = meta.v2();
      expect(v2.ledgerHeader().header().toXDR().equals(header.toXDR())).toBe(true);
      expect(v2.ledgerHeader().header().ledgerSeq()).toBe(sequence);
      // What the local network does not have is empty, not made up.
      expect([v2.upgradesProcessing(), v2.scpInfo(), v2.evictedKeys()]).toEqual([[], [], []]);
      expect(v2.totalByteSizeOfLiveSorobanState().toString()).toBe('0');
      // The header's hashes are those of the set and the results as written.
      expect(header.scpValue().txSetHash().equals(sha256(v2.txSet().toXDR()))).toBe(true);
      const results = new xdr.TransactionResultSet({ results: v2.txProcessing().map((p) => p.result()) });
      expect(header.txSetResultHash().equals(sha256(results.toXDR()))).toBe(true);
      // Every stored transaction, in order: its envelope in the set, its result, fee changes and meta.
      const rows = stored(sequence);
      const phases = v2.txSet().v1TxSet().phases();
      const envelopes = rows.length ? phases[0]!.v0Components()[0]!.txsMaybeDiscountedFee().txes() : [];
      expect(phases[0]!.v0Components()).toHaveLength(rows.length ? 1 : 0);
      expect(phases[1]!.v0Components()).toEqual([]);
      expect(envelopes.map((e) => e.toXDR('base64'))).toEqual(rows.map((r) => r.envelope_xdr));
      expect(
        v2
          .txProcessing()
          .map((p) => [
            p.result().transactionHash().toString('hex'),
            p.result().result().toXDR('base64'),
            changesHex(p.feeProcessing()),
            p.txApplyProcessing().toXDR('hex'),
          ]),
      ).toEqual(
        rows.map((r) => [
          r.hash,
          r.result_xdr,
          Buffer.from(r.fee_meta).toString('hex'),
          Buffer.from(r.result_meta).toString('hex'),
        ]),
      );
      if (rows.length > 0) withTransactions++;
    }
    // Both kinds were read: ledgers with transactions and ledgers without.
    expect(withTransactions).toBeGreaterThan(10);
    expect(latest - first + 1).toBeGreaterThan(withTransactions);
    expect(ledgerXdr(store, latest + 1)).toBeUndefined();
  });
});

/**
 * The reference: a ledger's header and LedgerCloseMeta v2 built from @stellar/stellar-base objects,
 * every stored piece decoded (as the writer did before it assembled bytes by hand).
 */
function builtWithStellarBase(sequence: number): { header: Buffer; closeMeta: Buffer } {
  const ledger = store.ledger(BigInt(sequence))!;
  const rows = store.db
    .prepare(
      `SELECT t.hash, t.envelope_xdr, t.result_xdr, m.fee_meta, m.result_meta FROM transactions t
       JOIN transaction_meta m ON m.transaction_id = t.id WHERE t.id >= ? AND t.id < ? ORDER BY t.id`,
    )
    .all(BigInt(sequence) << 32n, BigInt(sequence + 1) << 32n) as {
    hash: string;
    envelope_xdr: string;
    result_xdr: string;
    fee_meta: Uint8Array;
    result_meta: Uint8Array;
  }[];
  const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest();
  const int64 = (value: unknown) => xdr.Int64.fromString(String(value));
  const zero = Buffer.alloc(32);
  const previousLedgerHash = Buffer.from(String(ledger.prev_hash), 'hex');
  const component = xdr.TxSetComponent.txsetCompTxsMaybeDiscountedFee(
    new xdr.TxSetComponentTxsMaybeDiscountedFee({
      baseFee: int64(ledger.base_fee),
      txes: rows.map((r) => xdr.TransactionEnvelope.fromXDR(r.envelope_xdr, 'base64')),
    }),
  );
  const txSet = new xdr.GeneralizedTransactionSet(
    1,
    new xdr.TransactionSetV1({
      previousLedgerHash,
      phases: [new xdr.TransactionPhase(0, rows.length > 0 ? [component] : []), new xdr.TransactionPhase(0, [])],
    }),
  );
  const pairs = rows.map(
    (r) =>
      new xdr.TransactionResultPair({
        transactionHash: Buffer.from(r.hash, 'hex'),
        result: xdr.TransactionResult.fromXDR(r.result_xdr, 'base64'),
      }),
  );
  const header = new xdr.LedgerHeader({
    ledgerVersion: 23,
    previousLedgerHash,
    scpValue: new xdr.StellarValue({
      txSetHash: sha256(txSet.toXDR()),
      closeTime: xdr.Uint64.fromString(String(Date.parse(String(ledger.closed_at)) / 1000)),
      upgrades: [],
      ext: xdr.StellarValueExt.stellarValueBasic(),
    }),
    txSetResultHash: sha256(new xdr.TransactionResultSet({ results: pairs }).toXDR()),
    bucketListHash: zero,
    ledgerSeq: sequence,
    totalCoins: int64(TOTAL_SUPPLY),
    feePool: int64(ledger.fee_pool),
    inflationSeq: 0,
    idPool: xdr.Uint64.fromString('0'),
    baseFee: Number(ledger.base_fee),
    baseReserve: Number(ledger.base_reserve),
    maxTxSetSize: 1000,
    skipList: [zero, zero, zero, zero],
    ext: new xdr.LedgerHeaderExt(0),
  });
  const closeMeta = new xdr.LedgerCloseMeta(
    2,
    new xdr.LedgerCloseMetaV2({
      ext: new xdr.LedgerCloseMetaExt(0),
      ledgerHeader: new xdr.LedgerHeaderHistoryEntry({
        hash: Buffer.from(String(ledger.hash), 'hex'),
        header,
        ext: new xdr.LedgerHeaderHistoryEntryExt(0),
      }),
      txSet,
      txProcessing: rows.map(
        (r, i) =>
          new xdr.TransactionResultMetaV1({
            ext: new xdr.ExtensionPoint(0),
            result: pairs[i]!,
            feeProcessing: xdr.LedgerEntryChanges.fromXDR(Buffer.from(r.fee_meta)),
            txApplyProcessing: xdr.TransactionMeta.fromXDR(Buffer.from(r.result_meta)),
            postTxApplyFeeProcessing: [],
          }),
      ),
      upgradesProcessing: [],
      scpInfo: [],
      totalByteSizeOfLiveSorobanState: xdr.Uint64.fromString('0'),
      evictedKeys: [],
    }),
  );
  return { header: header.toXDR(), closeMeta: closeMeta.toXDR() };
}

describe('the hand-written XDR of a ledger range (issue 39.1: the lake writer reads ledgers by range)', () => {
  it('equals, byte for byte, the header and close meta built from stellar-base objects, for every ledger of the store', () => {
    const first = Number(store.earliestLedger());
    const latest = Number(store.latestLedger());
    // Read in ranges of up to 7 (as the writer reads ahead), on from the last ledger given.
    const read: number[] = [];
    for (let from = first; from <= latest; from = read.at(-1)! + 1) {
      const ledgers = ledgerBytes(store, from, from + 6);
      expect(ledgers.length).toBeGreaterThan(0);
      for (const ledger of ledgers) {
        const reference = builtWithStellarBase(ledger.sequence);
        expect(ledger.header.equals(reference.header), `ledger ${ledger.sequence}'s header`).toBe(true);
        expect(ledger.closeMeta!.equals(reference.closeMeta), `ledger ${ledger.sequence}'s close meta`).toBe(true);
        read.push(ledger.sequence);
      }
    }
    // Each ledger once, in order, none past the store's last.
    expect(read).toEqual(Array.from({ length: latest - first + 1 }, (_, i) => first + i));
    expect(ledgerBytes(store, latest + 1, latest + 5)).toEqual([]);
  });

  it('reads at most the operations it is given, and always the first ledger however many it holds', () => {
    const first = Number(store.earliestLedger());
    const latest = Number(store.latestLedger());
    const operations = (sequence: number) => Number(store.ledger(BigInt(sequence))!.operation_count);
    const busiest = Math.max(...Array.from({ length: latest - first + 1 }, (_, i) => operations(first + i)));
    expect(busiest).toBeGreaterThan(1);
    // A bound of none: a ledger with operations a read, or a run of empty ledgers; the same bytes.
    let reads = 0;
    for (let sequence = first; sequence <= latest; reads++) {
      const ledgers = ledgerBytes(store, sequence, latest, 0);
      expect(ledgers[0]!.sequence).toBe(sequence);
      const counts = ledgers.map((l) => operations(l.sequence));
      if (counts[0]! > 0) expect(counts).toHaveLength(1);
      else expect(counts).toEqual(counts.map(() => 0));
      const next = ledgers.at(-1)!.sequence + 1;
      if (counts[0] === 0 && next <= latest) expect(operations(next)).toBeGreaterThan(0);
      for (const ledger of ledgers)
        expect(ledger.closeMeta!.equals(builtWithStellarBase(ledger.sequence).closeMeta)).toBe(true);
      sequence = next;
    }
    const busy = Array.from({ length: latest - first + 1 }, (_, i) => first + i).filter((l) => operations(l) > 0);
    expect(reads).toBeGreaterThanOrEqual(busy.length);
    // Both edges of the bound: the whole store's operations read it in one go, one fewer does not.
    const total = Array.from({ length: latest - first + 1 }, (_, i) => operations(first + i)).reduce((a, b) => a + b);
    expect(ledgerBytes(store, first, latest, total)).toHaveLength(latest - first + 1);
    const short = ledgerBytes(store, first, latest, total - 1);
    expect(short.length).toBeLessThan(latest - first + 1);
    expect(short.map((l) => operations(l.sequence)).reduce((a, b) => a + b)).toBeLessThanOrEqual(total - 1);
  });
});

/** A LedgerCloseMetaBatch of one ledger: start = end = the sequence, one close meta. */
function oneLedgerBatchOf(sequence: number, closeMeta: Buffer): Buffer {
  const head = Buffer.alloc(12);
  head.writeUInt32BE(sequence, 0);
  head.writeUInt32BE(sequence, 4);
  head.writeUInt32BE(1, 8);
  return Buffer.concat([head, closeMeta]);
}

/**
 * The length of the zstd frame at the start of `bytes` (RFC 8878, section 3.1.1), read from its
 * header and block headers: equal to the whole length when the bytes are that one frame alone.
 */
function zstdFrameLength(bytes: Buffer): number {
  expect(bytes.readUInt32LE(0)).toBe(0xfd2fb528);
  const descriptor = bytes[4]!;
  const singleSegment = (descriptor >> 5) & 1;
  const contentSize = [singleSegment ? 1 : 0, 2, 4, 8][descriptor >> 6]!;
  let at = 5 + (singleSegment ? 0 : 1) + [0, 1, 2, 4][descriptor & 3]! + contentSize;
  for (let last = 0; !last;) {
    const header = bytes.readUIntLE(at, 3);
    last = header & 1;
    const type = (header >> 1) & 3;
    expect(type).not.toBe(3);
    at += 3 + (type === 1 ? 1 : header >> 3);
  }
  return at + ((descriptor >> 2) & 1 ? 4 : 0);
}

/** The compressed close meta the core kept of each ledger (ledger_close_meta), by sequence. */
function keptOf(db: { prepare: DatabaseSync['prepare'] }): Map<number, Buffer> {
  const rows = db.prepare('SELECT sequence, batch_zstd FROM ledger_close_meta ORDER BY sequence').all() as {
    sequence: bigint;
    batch_zstd: Uint8Array;
  }[];
  return new Map(rows.map((r) => [Number(r.sequence), Buffer.from(r.batch_zstd)]));
}

/** A copy of the store (VACUUM INTO), `change` run on it: an older store, say. */
function storeCopy(name: string, change: (db: DatabaseSync) => void): Store {
  const copy = join(dir, name);
  rmSync(copy, { recursive: true, force: true });
  const path = storePath(copy);
  const source = new DatabaseSync(storePath(dir));
  mkdirSync(copy, { recursive: true });
  source.exec(`VACUUM INTO '${path}'`);
  source.close();
  const db = new DatabaseSync(path);
  change(db);
  db.close();
  return new Store(path);
}

describe('the close meta the core keeps of each ledger, compressed (issue 39.1)', () => {
  it('is, for every ledger, one zstd frame of the one-ledger batch of the close meta built with stellar-base', () => {
    // A ledger closed live too, not only the generated history's.
    core.closeLedger();
    const first = Number(store.earliestLedger());
    const latest = Number(store.latestLedger());
    const kept = keptOf(store.db);
    expect([...kept.keys()]).toEqual(Array.from({ length: latest - first + 1 }, (_, i) => first + i));
    for (let sequence = first; sequence <= latest; sequence++) {
      const bytes = kept.get(sequence)!;
      // One zstd frame and nothing after it (a reader of the first frame only reads it whole),
      // decompressing to the batch of that ledger alone.
      expect(zstdFrameLength(bytes), `ledger ${sequence}`).toBe(bytes.length);
      const batch = zstdDecompressSync(bytes);
      expect(
        batch.equals(oneLedgerBatchOf(sequence, builtWithStellarBase(sequence).closeMeta)),
        `ledger ${sequence}`,
      ).toBe(true);
    }
  });

  it('is the lake object of one ledger a file as is, and the batches of several hold it decompressed', () => {
    const kept = keptOf(store.db);
    const one = new LakeWriter(store, { dir: join(dir, 'lake-kept-1'), passphrase });
    const four = new LakeWriter(store, { dir: join(dir, 'lake-kept-4'), passphrase, ledgersPerBatch: 4 });
    one.catchUp();
    four.catchUp();
    const first = Number(store.earliestLedger());
    let batches = 0;
    for (const [sequence, bytes] of kept) {
      if (existsSync(one.pathOf(sequence))) expect(readFileSync(one.pathOf(sequence)).equals(bytes)).toBe(true);
      if (sequence % 4 === 0 && sequence > first && existsSync(four.pathOf(sequence + 3))) {
        const batch = zstdDecompressSync(readFileSync(four.pathOf(sequence)));
        const metas = [0, 1, 2, 3].map((i) => zstdDecompressSync(kept.get(sequence + i)!).subarray(12));
        const head = Buffer.alloc(12);
        head.writeUInt32BE(sequence, 0);
        head.writeUInt32BE(sequence + 3, 4);
        head.writeUInt32BE(4, 8);
        expect(batch.equals(Buffer.concat([head, ...metas])), `batch ${sequence}`).toBe(true);
        batches++;
      }
    }
    expect(batches).toBeGreaterThan(5);
  });

  it('a store written before it was kept (no table, or ledgers without a row) exports the same ledgers, assembled', () => {
    const reference = join(dir, 'lake-kept-ref');
    new LakeWriter(store, { dir: reference, passphrase }).catchUp();
    const first = Number(store.earliestLedger());
    const latest = Number(store.latestLedger());
    const older = storeCopy('older', (db) => db.exec('DROP TABLE ledger_close_meta'));
    // Half its ledgers kept: an older store the core has closed ledgers on since.
    const mixed = storeCopy('mixed', (db) => db.exec(`DELETE FROM ledger_close_meta WHERE sequence % 2 = 0`));
    try {
      for (const [name, copy] of [
        ['older', older],
        ['mixed', mixed],
      ] as const) {
        for (const per of [1, 4]) {
          const lake = join(dir, `lake-${name}-${per}`);
          const writer = new LakeWriter(copy, { dir: lake, passphrase, ledgersPerBatch: per });
          expect(writer.catchUp(), `${name} ${per}`).toBe(Math.floor((latest + 1) / per) - Math.ceil(first / per));
          for (let sequence = Math.ceil(first / per) * per; sequence + per - 1 <= latest; sequence += per) {
            const held = zstdDecompressSync(readFileSync(writer.pathOf(sequence)));
            const want =
              per === 1
                ? zstdDecompressSync(readFileSync(join(reference, objectKey(sequence, writer.config))))
                : Buffer.concat([
                    Buffer.from([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
                    ...[0, 1, 2, 3].map((i) =>
                      oneLedgerBatchOf(sequence + i, builtWithStellarBase(sequence + i).closeMeta).subarray(12),
                    ),
                  ]);
            if (per !== 1) {
              want.writeUInt32BE(sequence, 0);
              want.writeUInt32BE(sequence + 3, 4);
              want.writeUInt32BE(4, 8);
            }
            expect(held.equals(want), `${name}, ${per} a file, ledger ${sequence}`).toBe(true);
          }
          // Resumed over its own objects, as any lake.
          expect(new LakeWriter(copy, { dir: lake, passphrase, ledgersPerBatch: per }).catchUp()).toBe(0);
        }
      }
    } finally {
      older.close();
      mixed.close();
    }
  });

  it('a kept row of another ledger (a damaged store) stops the writer with a sentence, writing nothing of it', () => {
    const first = Number(store.earliestLedger());
    const damaged = storeCopy('damaged', (db) =>
      db
        .prepare(
          'UPDATE ledger_close_meta SET batch_zstd = (SELECT batch_zstd FROM ledger_close_meta WHERE sequence = ?) WHERE sequence = ?',
        )
        .run(first, first + 8),
    );
    try {
      const writer = new LakeWriter(damaged, { dir: join(dir, 'lake-damaged'), passphrase, ledgersPerBatch: 4 });
      expect(() => writer.catchUp()).toThrow(
        new RegExp(
          `ledger ${first + 8}'s kept close meta \\(ledger_close_meta\\) is not that ledger's one-ledger batch: the store is damaged`,
        ),
      );
      expect(existsSync(writer.pathOf(first + 8))).toBe(false);
    } finally {
      damaged.close();
    }
  });
});

describe('the lake the local network writes', () => {
  it('holds every ledger of the store, one per file, exactly its transactions, under SEP-54 keys', () => {
    const lake = join(dir, 'lake-1');
    const writer = new LakeWriter(store, { dir: lake, passphrase });
    const first = Number(store.earliestLedger());
    const latest = Number(store.latestLedger());
    expect(writer.catchUp()).toBe(latest - first + 1);
    const config = readLakeConfig(readFileSync(join(lake, '.config.json'), 'utf8'));
    expect(config).toEqual({
      networkPassphrase: passphrase,
      version: '1.0',
      compression: 'zstd',
      ledgersPerBatch: 1,
      batchesPerPartition: 64_000,
    });
    const keys = keysUnder(lake).filter((key) => key !== '.config.json');
    expect(keys).toHaveLength(latest - first + 1);
    // 60,000,000 is in the partition 59,968,000 – 60,031,999: 0xFFFFFFFF − 59,968,000 = FC6CF5FF.
    expect(keys).toContain(
      `FC6CF5FF--59968000-60031999/${(0xffffffff - first).toString(16).toUpperCase()}--${first}.xdr.zst`,
    );
    let transactions = 0;
    for (let ledger = first; ledger <= latest; ledger++) {
      const [meta] = readBatch(readFileSync(join(lake, objectKey(ledger, config))), ledger, config);
      const v2 = meta!.v2();
      expect(v2.ledgerHeader().header().ledgerSeq()).toBe(ledger);
      const hashes = v2.txProcessing().map((p) => p.result().transactionHash().toString('hex'));
      expect(hashes).toEqual(hashesOf(ledger));
      transactions += hashes.length;
    }
    expect(transactions).toBe(
      Number((store.db.prepare('SELECT count(*) AS n FROM transactions').get() as { n: number }).n),
    );
    // Nothing half-written is left beside the objects.
    expect(keysUnder(lake).filter((key) => key.endsWith('.partial'))).toEqual([]);
  });

  it('writes a batch of several ledgers only once its last has closed, and resumes after the last present', () => {
    const lake = join(dir, 'lake-4');
    const options = { dir: lake, passphrase, ledgersPerBatch: 4, batchesPerPartition: 2 };
    const writer = new LakeWriter(store, options);
    const config = writer.config;
    const latest = Number(store.latestLedger());
    writer.catchUp();
    const complete = (last: number) => Math.floor((last + 1) / 4) * 4 - 1;
    // Every batch through the last complete one, none past it.
    expect(existsSync(writer.pathOf(complete(latest)))).toBe(true);
    expect(existsSync(writer.pathOf(complete(latest) + 1))).toBe(false);
    const key = objectKey(complete(latest), config);
    expect(key).toMatch(/^[0-9A-F]{8}--\d+-\d+\/[0-9A-F]{8}--\d+-\d+\.xdr\.zst$/);
    const written = statSync(writer.pathOf(complete(latest))).mtimeMs;
    // Close ledgers until the open batch completes: the next call writes it, and only it.
    const open = complete(latest) + 1;
    while (Number(store.latestLedger()) < open + 3) core.closeLedger();
    const again = new LakeWriter(store, options);
    expect(again.catchUp()).toBe(1);
    const ledgers = readBatch(readFileSync(again.pathOf(open)), open, config);
    expect(ledgers.map((m) => m.v2().ledgerHeader().header().ledgerSeq())).toEqual([
      open,
      open + 1,
      open + 2,
      open + 3,
    ]);
    expect(statSync(writer.pathOf(complete(latest))).mtimeMs).toBe(written);
    expect(again.catchUp()).toBe(0);
  });

  it('refuses a folder holding another lake (layout, network, a manifest that is none), naming it and leaving it as it is', () => {
    const lake = join(dir, 'lake-other');
    new LakeWriter(store, { dir: lake, passphrase, ledgersPerBatch: 4 });
    const manifest = readFileSync(join(lake, '.config.json'), 'utf8');
    expect(() => new LakeWriter(store, { dir: lake, passphrase })).toThrow(
      /\.config\.json is another lake's \(ledgersPerBatch 4, not 1\); the writer leaves it as it is: move the folder aside, or write the lake elsewhere \(--lake-dir\)/,
    );
    expect(() => new LakeWriter(store, { dir: lake, passphrase: 'Another ; net', ledgersPerBatch: 4 })).toThrow(
      /networkPassphrase "Ledgerscope Local Network ; 2026", not "Another ; net"/,
    );
    expect(readFileSync(join(lake, '.config.json'), 'utf8')).toBe(manifest);
    // The same lake again is taken up as it is.
    expect(new LakeWriter(store, { dir: lake, passphrase, ledgersPerBatch: 4 }).config.ledgersPerBatch).toBe(4);
    writeFileSync(join(lake, '.config.json'), '<html>');
    expect(() => new LakeWriter(store, { dir: lake, passphrase })).toThrow(
      /is not JSON: not a lake manifest; the writer leaves it/,
    );
  });

  it('resumes only over its own ledgers: a last object of another history or damaged is refused, not continued', () => {
    const lake = join(dir, 'lake-resume');
    const writer = new LakeWriter(store, { dir: lake, passphrase });
    writer.catchUp(10);
    const first = Number(store.earliestLedger());
    // Resumed over its own ten: goes on from the eleventh.
    const again = new LakeWriter(store, { dir: lake, passphrase });
    expect(again.catchUp(1)).toBe(1);
    expect(existsSync(again.pathOf(first + 10))).toBe(true);
    // The last object present holds another ledger's meta (a lake of another history at that key).
    copyFileSync(again.pathOf(first), again.pathOf(first + 10));
    expect(() => new LakeWriter(store, { dir: lake, passphrase }).catchUp()).toThrow(
      new RegExp(
        `does not hold this network's ledgers from ${first + 10} \\(a lake of another history, or a damaged object\\)`,
      ),
    );
    writeFileSync(again.pathOf(first + 10), 'not zstd');
    expect(() => new LakeWriter(store, { dir: lake, passphrase }).catchUp()).toThrow(
      /does not hold this network's ledgers/,
    );
    // Nothing was written past it.
    expect(existsSync(again.pathOf(first + 11))).toBe(false);
  });
});
