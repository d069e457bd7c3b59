// The local network's ledger data lake (SEP-54, laid out as galexie writes it): `.config.json` at
// the lake's root, then one zstd-compressed `LedgerCloseMetaBatch` per batch of ledgers under the
// key core/sources/lake/layout.ts computes. Each ledger's close meta is the one the Stellar RPC
// serves (network/rpc/ledger-meta.ts: the header, the transaction set, each transaction's result,
// fee processing and TransactionMetaV4 with its CAP-67 events). A batch is written once it is
// complete (its last ledger closed), to a temporary name and renamed, so a reader never sees half
// an object; the writer resumes after the last batch present.
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { zstdCompressSync } from 'node:zlib';
import { batchOf, objectKey, type LakeConfig } from '../../shared/lake-layout';
import { ledgerXdr } from '../rpc/ledger-meta';
import type { Store } from '../service/queries';

/** The public lake's own layout: one ledger a file, 64,000 files a partition. */
export const LAKE_DEFAULTS = { ledgersPerBatch: 1, batchesPerPartition: 64_000 } as const;
/** The manifest's version, as galexie writes it. */
const LAKE_VERSION = '1.0';

export interface LakeWriterOptions {
  dir: string;
  passphrase: string;
  ledgersPerBatch?: number;
  batchesPerPartition?: number;
}

/** Writes a file whole or not at all: to a temporary name beside it, then renamed. */
function writeWhole(path: string, bytes: Uint8Array | string): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.partial`;
  writeFileSync(temporary, bytes);
  renameSync(temporary, path);
}

export class LakeWriter {
  readonly config: LakeConfig;
  /** The first ledger of the next batch to write. */
  private next: number | undefined;

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
    writeWhole(join(options.dir, '.config.json'), `${JSON.stringify(this.config, null, 2)}\n`);
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
      // Resume: past every batch already present (written by this network before a restart).
      while (start + per - 1 <= latest && existsSync(this.pathOf(start))) start += per;
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
    const { end } = batchOf(start, this.config);
    const parts: Buffer[] = [u32(start), u32(end), u32(end - start + 1)];
    for (let sequence = start; sequence <= end; sequence++) {
      const meta = ledgerXdr(this.store, sequence)?.closeMeta;
      if (!meta)
        throw new Error(`ledger ${sequence} has no recorded close meta: the lake cannot hold it (docs/lake.md)`);
      parts.push(meta);
    }
    writeWhole(this.pathOf(start), zstdCompressSync(Buffer.concat(parts)));
  }
}

/** An XDR unsigned int. */
function u32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
}
