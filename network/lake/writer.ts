// The local network's ledger data lake (SEP-54, laid out as galexie writes it): `.config.json` at
// the lake's root, then one zstd-compressed `LedgerCloseMetaBatch` per batch of ledgers under the
// key core/sources/lake/layout.ts computes. Each ledger's close meta is the one the Stellar RPC
// serves (the header, the transaction set, each transaction's result, fee processing and
// TransactionMetaV4 with its CAP-67 events), as the core kept it when it closed the ledger: one zstd
// frame of the one-ledger batch (the store's `ledger_close_meta`), written as is for one ledger a
// file (no recompression: issue 39.1's speed), decompressed and recompressed as one batch for
// several; a ledger the core kept none of (a store written before it did) is assembled from the
// stored transactions (network/rpc/ledger-meta.ts) and compressed here. A batch is written once it is
// complete (its last ledger closed), to a temporary name and renamed, so a reader never sees half
// an object; the writer resumes after the last batch present, once it has checked that batch holds
// this store's ledgers. A folder holding another lake (another layout, another network, another
// history) is refused by name, never written over: its manifest and its objects stay as they are.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { StatementSync } from 'node:sqlite';
import { zstdDecompressSync } from 'node:zlib';
import { batchOf, MAX_BATCH_BYTES, objectKey, readLakeConfig, type LakeConfig } from '../../shared/lake-layout';
import { ledgerBytes, type LedgerBytes } from '../rpc/ledger-meta';
import { BATCH_HEAD_BYTES, compressBatch } from '../validator/close-meta';
import type { Store } from '../service/queries';

/** The public lake's own layout: one ledger a file, 64,000 files a partition. */
export const LAKE_DEFAULTS = { ledgersPerBatch: 1, batchesPerPartition: 64_000 } as const;
/** The manifest's version, as galexie writes it. */
const LAKE_VERSION = '1.0';
/**
 * Ledgers read from the store at once (two statements for all of them), at most: fewer when they
 * hold more than rpc/ledger-meta.ts's OPERATIONS_A_READ operations together.
 */
const LEDGERS_A_READ = 16;
/** Kept close metas read at once, at most (about 30 kB each compressed for the generator's dense ledgers). */
const KEPT_A_READ = 32;

export interface LakeWriterOptions {
  dir: string;
  passphrase: string;
  ledgersPerBatch?: number;
  batchesPerPartition?: number;
}

/**
 * Writes a file whole or not at all: to a temporary name beside it, then renamed (no fsync: a
 * reader relies on the rename; after the machine itself stops, the next start checks the last
 * object present and refuses a damaged one by name). `folders`: the folders already made, so a
 * partition's is made once (a folder removed under a running writer stops it with the error).
 */
function writeWhole(path: string, bytes: Uint8Array | string, folders?: Set<string>): void {
  const folder = dirname(path);
  if (!folders?.has(folder)) {
    mkdirSync(folder, { recursive: true });
    folders?.add(folder);
  }
  const temporary = `${path}.${process.pid}.partial`;
  writeFileSync(temporary, bytes);
  renameSync(temporary, path);
}

export class LakeWriter {
  readonly config: LakeConfig;
  /** The first ledger of the next batch to write. */
  private next: number | undefined;
  /** Ledgers read ahead of the batch being written (LEDGERS_A_READ at a time), in order. */
  private readAhead: LedgerBytes[] = [];
  /** The partition folders made. */
  private readonly folders = new Set<string>();
  /** The kept close metas read ahead (sequence → zstd one-ledger batch), and the ledgers they cover. */
  private kept = new Map<number, Uint8Array>();
  private keptFrom = 0;
  private keptThrough = -1;
  /** The store's `ledger_close_meta` read, or null: a store written before the core kept it (no table). */
  private keptStatement: StatementSync | null | undefined;

  constructor(
    private readonly store: Store,
    private readonly options: LakeWriterOptions,
  ) {
    this.config = {
      networkPassphrase: options.passphrase,
      version: LAKE_VERSION,
      compression: 'zstd',
      ledgersPerBatch: options.ledgersPerBatch ?? LAKE_DEFAULTS.ledgersPerBatch,
      batchesPerPartition: options.batchesPerPartition ?? LAKE_DEFAULTS.batchesPerPartition,
    };
    const manifest = join(options.dir, '.config.json');
    if (existsSync(manifest)) this.checkManifest(manifest);
    else writeWhole(manifest, `${JSON.stringify(this.config, null, 2)}\n`);
  }

  /** A lake already in the folder must be this one: the same network and the same layout. */
  private checkManifest(path: string): void {
    let found: LakeConfig;
    try {
      found = readLakeConfig(readFileSync(path, 'utf8'), path);
    } catch (error) {
      throw new Error(`${(error as Error).message}; ${this.elsewhere()}`, { cause: error });
    }
    const differs = (['networkPassphrase', 'ledgersPerBatch', 'batchesPerPartition', 'version'] as const).filter(
      (field) => found[field] !== this.config[field],
    );
    if (differs.length > 0)
      throw new Error(
        `${path} is another lake's (${differs.map((field) => `${field} ${JSON.stringify(found[field])}, not ${JSON.stringify(this.config[field])}`).join('; ')}); ${this.elsewhere()}`,
      );
  }

  private elsewhere(): string {
    return `the writer leaves it as it is: move the folder aside, or write the lake elsewhere (--lake-dir)`;
  }

  /** The lake's path of the batch holding `ledger`. */
  pathOf(ledger: number): string {
    return join(this.options.dir, objectKey(ledger, this.config));
  }

  /**
   * Writes every complete batch not yet in the lake, up to the store's latest ledger (at most
   * `limit` batches a call, so a long history is written in steps between other work); the number
   * written.
   */
  catchUp(limit = Number.POSITIVE_INFINITY): number {
    const latest = Number(this.store.latestLedger());
    // A store without the kept close meta is looked at again each call: the core creates the table
    // when it next opens the store, and may have since this writer started.
    if (this.keptStatement === null) this.keptStatement = undefined;
    const earliest = this.store.earliestLedger();
    if (earliest === undefined) return 0;
    const per = this.config.ledgersPerBatch;
    // The first batch whose ledgers the store holds whole: a batch before the genesis is not written.
    if (this.next === undefined) {
      let start = batchOf(Number(earliest), this.config).start;
      if (start < Number(earliest)) start += per;
      // Resume: past every batch already present (written by this network before a restart)...
      const first = start;
      while (start + per - 1 <= latest && existsSync(this.pathOf(start))) start += per;
      // ...once the last of them is this store's: a lake of another history is not continued.
      if (start > first) this.checkPresent(start - per);
      this.next = start;
    }
    let written = 0;
    while (written < limit && this.next + per - 1 <= latest) {
      this.writeBatch(this.next);
      this.next += per;
      written++;
    }
    return written;
  }

  /**
   * One batch, from its first ledger, written whole: for one ledger a file, the close meta the core
   * kept, as is; else the batch's close metas in order as a LedgerCloseMetaBatch, compressed.
   */
  private writeBatch(start: number): void {
    const kept = this.config.ledgersPerBatch === 1 ? this.keptBatch(start, start) : undefined;
    writeWhole(this.pathOf(start), kept ?? compressBatch(this.batchBytes(start)), this.folders);
  }

  /** A batch's LedgerCloseMetaBatch as the store gives it, uncompressed. */
  private batchBytes(start: number): Buffer {
    const { end } = batchOf(start, this.config);
    const parts: Buffer[] = [u32(start), u32(end), u32(end - start + 1)];
    for (let sequence = start; sequence <= end; sequence++) {
      const kept = this.keptBatch(sequence, end);
      parts.push(kept ? keptCloseMeta(kept, sequence) : this.closeMeta(sequence, end));
    }
    return Buffer.concat(parts);
  }

  /**
   * The zstd one-ledger batch the core kept of `sequence`, read ahead with the ledgers after it up to
   * `last` (or the store's latest); undefined: none kept (a store written before the core kept it).
   */
  private keptBatch(sequence: number, last: number): Uint8Array | undefined {
    if (this.keptStatement === undefined) {
      const table = this.store.db
        .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'ledger_close_meta'")
        .get();
      this.keptStatement = table
        ? this.store.db.prepare(
            'SELECT sequence, batch_zstd FROM ledger_close_meta WHERE sequence >= ? AND sequence <= ? ORDER BY sequence',
          )
        : null;
      this.keptStatement?.setReturnArrays(true);
    }
    if (this.keptStatement === null) return undefined;
    if (sequence < this.keptFrom || sequence > this.keptThrough) {
      // Up to the latest ledger read now: the core writes a ledger's row and its close meta in one
      // SQLite transaction, so every ledger up to it that has none is a ledger of an older store.
      const through = Math.max(
        sequence,
        Math.min(sequence + KEPT_A_READ - 1, Math.max(last, Number(this.store.latestLedger()))),
      );
      this.kept = new Map();
      for (const [at, bytes] of this.keptStatement.all(sequence, through) as unknown as [bigint | number, Uint8Array][])
        this.kept.set(Number(at), bytes);
      this.keptFrom = sequence;
      this.keptThrough = through;
    }
    return this.kept.get(sequence);
  }

  /** A ledger's close meta, read ahead with the ledgers after it up to `last`. */
  private closeMeta(sequence: number, last: number): Buffer {
    while (this.readAhead.length > 0 && this.readAhead[0]!.sequence < sequence) this.readAhead.shift();
    if (this.readAhead[0]?.sequence !== sequence) {
      const latest = Math.max(last, Number(this.store.latestLedger()));
      this.readAhead = ledgerBytes(this.store, sequence, Math.min(sequence + LEDGERS_A_READ - 1, latest));
    }
    const found = this.readAhead[0]?.sequence === sequence ? this.readAhead.shift()!.closeMeta : undefined;
    if (!found)
      throw new Error(`ledger ${sequence} has no recorded close meta: the lake cannot hold it (docs/lake.md)`);
    return found;
  }

  /**
   * The batch present at `start` holds exactly what the store gives for its ledgers (compared
   * uncompressed: another zstd build, or the writer before the core kept compressed close metas,
   * may compress the same bytes differently).
   */
  private checkPresent(start: number): void {
    const path = this.pathOf(start);
    let held: Buffer | undefined;
    try {
      held = zstdDecompressSync(readFileSync(path), { maxOutputLength: MAX_BATCH_BYTES });
    } catch {
      held = undefined;
    }
    if (!held?.equals(this.batchBytes(start)))
      throw new Error(
        `${path} does not hold this network's ledgers from ${start} (a lake of another history, or a damaged object); ${this.elsewhere()}`,
      );
  }
}

/**
 * The LedgerCloseMeta of a kept one-ledger batch, once its head is checked to be that ledger's
 * alone: a kept row of another ledger is a damaged store, said, never written into the lake.
 */
function keptCloseMeta(kept: Uint8Array, sequence: number): Buffer {
  const batch = zstdDecompressSync(kept, { maxOutputLength: MAX_BATCH_BYTES });
  if (
    batch.length < BATCH_HEAD_BYTES ||
    batch.readUInt32BE(0) !== sequence ||
    batch.readUInt32BE(4) !== sequence ||
    batch.readUInt32BE(8) !== 1
  )
    throw new Error(
      `ledger ${sequence}'s kept close meta (ledger_close_meta) is not that ledger's one-ledger batch: the store is damaged`,
    );
  return batch.subarray(BATCH_HEAD_BYTES);
}

/** An XDR unsigned int. */
function u32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
}
