// The local network's ledger data lake (SEP-54, laid out as galexie writes it): `.config.json` at
// the lake's root, then one zstd-compressed `LedgerCloseMetaBatch` per batch of ledgers under the
// key core/sources/lake/layout.ts computes. Each ledger's close meta is the one the Stellar RPC
// serves (network/rpc/ledger-meta.ts: the header, the transaction set, each transaction's result,
// fee processing and TransactionMetaV4 with its CAP-67 events). A batch is written once it is
// complete (its last ledger closed), to a temporary name and renamed, so a reader never sees half
// an object; the writer resumes after the last batch present, once it has checked that batch holds
// this store's ledgers. A folder holding another lake (another layout, another network, another
// history) is refused by name, never written over: its manifest and its objects stay as they are.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { constants as zlibConstants, zstdCompressSync, zstdDecompressSync } from 'node:zlib';
import { batchOf, MAX_BATCH_BYTES, objectKey, readLakeConfig, type LakeConfig } from '../../shared/lake-layout';
import { ledgerBytes, type LedgerBytes } from '../rpc/ledger-meta';
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
/**
 * zstd's level: 1 writes the generator's dense ledgers within 2 % of the default level 3's size
 * (docs/benchmarks.md, "Ledger data lake"), in less time.
 */
const ZSTD_LEVEL = 1;

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
   * One batch, from its first ledger: its close metas in order (assembled from the stored XDR:
   * rpc/ledger-meta.ts), as a LedgerCloseMetaBatch, compressed, written whole.
   */
  private writeBatch(start: number): void {
    writeWhole(
      this.pathOf(start),
      zstdCompressSync(this.batchBytes(start), { params: { [zlibConstants.ZSTD_c_compressionLevel]: ZSTD_LEVEL } }),
      this.folders,
    );
  }

  /** A batch's LedgerCloseMetaBatch as the store gives it, uncompressed. */
  private batchBytes(start: number): Buffer {
    const { end } = batchOf(start, this.config);
    const parts: Buffer[] = [u32(start), u32(end), u32(end - start + 1)];
    for (let sequence = start; sequence <= end; sequence++) parts.push(this.closeMeta(sequence, end));
    return Buffer.concat(parts);
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
   * uncompressed: another zstd build may compress the same bytes differently).
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

/** An XDR unsigned int. */
function u32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
}
