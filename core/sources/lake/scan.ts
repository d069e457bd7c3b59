// An account's ledgers read from a ledger data lake (issue 39 points 2, 4 and 5): the objects of a
// range fetched with bounded parallelism, scanned off the main thread by a small pool of workers
// (scan-worker.ts: decompress, look for the account's key bytes, decode only where found), and
// delivered to the caller in ledger order, in runs it awaits (its index writes each run with its
// cursor). Also what a range will cost before it is fetched (estimateRange), where a lake begins
// and ends (lakeBounds) and the ledger of a moment (ledgerAtTime), all by GETs of computed keys.
import { availableParallelism } from 'node:os';
import { StrKey } from '@stellar/stellar-base';
import { parseJson } from '../../../shared/json';
import { abortError } from '../../app/errors';
import type { AccountLedgerRecords } from '../ledger-meta/account-records';
import { LakeError, objectKey } from './layout';
import { folderOf, LakeObjectError, type OpenedLake } from './open';
import { badLedger, batchStarts, checkRange } from './range';
import { ScanPool } from './scan-pool';

export { estimateRange, lakeBounds, ledgerAtTime } from './range';

export interface ScannedLedger {
  ledger: number;
  key: string;
  records: AccountLedgerRecords | null;
}

export interface ScanProgress {
  from: number;
  to: number;
  /** Ledgers delivered. */
  done: number;
  /** Bytes fetched (compressed), delivered or not. */
  bytes: number;
  ledgersPerSecond: number;
  bytesPerSecond: number;
  msLeft: number | null;
}

export interface ScanOptions {
  account: string;
  /** Inclusive range of ledgers. */
  from: number;
  to: number;
  /** Objects fetched at once: default 16 for URLs, 4 for folders (1 to MAX_FETCHES). */
  fetchesAtOnce?: number;
  /** Worker threads (default: os.availableParallelism(), 1 to MAX_WORKERS). */
  workers?: number;
  signal?: AbortSignal;
  /** Runs of consecutive ledgers in order (no gap, none twice), records null where nothing concerns the account; awaited before more is delivered. */
  onLedgers(run: ScannedLedger[]): Promise<void>;
  onProgress?(progress: ScanProgress): void;
  /** The largest batch decompressed (default MAX_BATCH_BYTES; a test's smaller bound). */
  maxBatchBytes?: number;
}

export const MAX_FETCHES = 64;
export const MAX_WORKERS = 8;
/** The most ledgers in one delivered run. */
export const MAX_RUN = 512;

/**
 * Scans ledgers `from` to `to` of the lake for `account`, delivering every ledger once, in order
 * (onLedgers, awaited). At most `fetchesAtOnce` objects are fetched at once and at most a window
 * of twice that (or that plus two per worker) is held between fetch and delivery. The first bad
 * object (a gap, a refusal, a file that does not decompress or decode, or whose ledgers disagree
 * with its key) rejects with a LakeError naming its ledger and key; no run holding it, or after
 * it, is delivered.
 */
export async function scanLake(lake: OpenedLake, options: ScanOptions): Promise<void> {
  checkRange(lake, options.from, options.to);
  accountKeyBytes(options.account);
  if (options.signal?.aborted) throw abortError();
  await new Scan(lake, options).run();
}

/** The 32 bytes every mention of an account holds (its ed25519 key; a muxed id holds them too). */
export function accountKeyBytes(account: string): Uint8Array {
  if (!StrKey.isValidEd25519PublicKey(account))
    throw new LakeError(`"${account.slice(0, 80)}" is not an account (G…): a lake is scanned for an account`);
  return new Uint8Array(StrKey.decodeEd25519PublicKey(account));
}

function bounded(name: string, value: number, most: number): number {
  if (!Number.isInteger(value) || value < 1 || value > most)
    throw new LakeError(`${name} must be a whole number from 1 to ${most}, not ${value}`);
  return value;
}

/** One scan's state: objects fetched ahead within the window, scanned by the pool, delivered in order. */
class Scan {
  private readonly fetches: number;
  private readonly window: number;
  private readonly first: number;
  private readonly files: number;
  private readonly pool: ScanPool;
  private readonly stop = new AbortController();
  private readonly ready = new Map<number, ScannedLedger[]>();
  private failure: Error | null = null;
  private wake: (() => void) | null = null;
  private next = 0;
  private fetching = 0;
  private delivered = 0;
  /** The first object has come back (it settles the lake's extension): until then it is fetched alone. */
  private settled = false;
  private bytes = 0;
  private done = 0;
  private readonly started = performance.now();
  private readonly accountKey: Uint8Array;

  constructor(
    private readonly lake: OpenedLake,
    private readonly options: ScanOptions,
  ) {
    this.fetches = bounded('fetchesAtOnce', options.fetchesAtOnce ?? (folderOf(lake) ? 4 : 16), MAX_FETCHES);
    const workers = bounded('workers', options.workers ?? Math.min(availableParallelism(), MAX_WORKERS), MAX_WORKERS);
    this.window = Math.max(this.fetches * 2, this.fetches + 2 * workers);
    ({ first: this.first, files: this.files } = batchStarts(lake, options.from, options.to));
    this.pool = new ScanPool(workers);
    this.accountKey = accountKeyBytes(options.account);
  }

  async run(): Promise<void> {
    const abort = () => this.stop.abort();
    this.options.signal?.addEventListener('abort', abort, { once: true });
    try {
      for (;;) {
        if (this.options.signal?.aborted) throw abortError();
        if (this.failure) throw this.failure;
        while (this.canFetch()) {
          this.fetching++;
          void this.one(this.next++);
        }
        if (this.delivered === this.files) return;
        if (this.ready.has(this.delivered)) await this.deliver();
        else await new Promise<void>((resolve) => (this.wake = resolve));
      }
    } finally {
      this.options.signal?.removeEventListener('abort', abort);
      this.stop.abort();
      await this.pool.close();
    }
  }

  private canFetch(): boolean {
    return (
      this.failure === null &&
      this.next < this.files &&
      this.fetching < this.fetches &&
      this.next - this.delivered < this.window &&
      (this.settled || this.next === 0)
    );
  }

  private poke(): void {
    this.wake?.();
    this.wake = null;
  }

  /** The ready runs from the next undelivered object on, at most MAX_RUN ledgers, to the caller. */
  private async deliver(): Promise<void> {
    const run: ScannedLedger[] = [];
    while (this.ready.has(this.delivered) && run.length < MAX_RUN) {
      run.push(...this.ready.get(this.delivered)!);
      this.ready.delete(this.delivered++);
    }
    await this.options.onLedgers(run);
    this.done += run.length;
    const { from, to } = this.options;
    const seconds = Math.max((performance.now() - this.started) / 1000, 1e-3);
    const ledgersPerSecond = this.done / seconds;
    this.options.onProgress?.({
      from,
      to,
      done: this.done,
      bytes: this.bytes,
      ledgersPerSecond,
      bytesPerSecond: this.bytes / seconds,
      msLeft: this.done > 0 ? ((to - from + 1 - this.done) / ledgersPerSecond) * 1000 : null,
    });
  }

  /** Object `index` of the range fetched and scanned into `ready`, or the scan's failure. */
  private async one(index: number): Promise<void> {
    const { lake, options } = this;
    const start = this.first + index * lake.config.ledgersPerBatch;
    const ledger = Math.max(start, options.from);
    let key = objectKey(start, lake.config, lake.extension);
    try {
      let object: Uint8Array | null;
      try {
        object = await lake.get(key, this.stop.signal);
      } finally {
        this.fetching--;
        this.settled = true;
        key = objectKey(start, lake.config, lake.extension);
      }
      if (object === null)
        throw badLedger(ledger, key, `missing from the lake (${lake.where} has no such object): a gap`);
      this.bytes += object.byteLength;
      this.poke();
      const reply = await this.pool.run({
        id: index,
        bytes: object,
        ledger: start,
        key,
        config: lake.config,
        account: options.account,
        accountKey: this.accountKey,
        from: options.from,
        to: options.to,
        ...(options.maxBatchBytes === undefined ? {} : { maxBatchBytes: options.maxBatchBytes }),
      });
      if ('error' in reply) throw badLedger(ledger, key, reply.error);
      if (!('lines' in reply)) throw badLedger(ledger, key, "the scan's decoder did not read it");
      const read = (records: string | null) =>
        records === null ? null : (parseJson(records) as unknown as AccountLedgerRecords);
      this.ready.set(
        index,
        reply.lines.map((line) => ({ ledger: line.ledger, key, records: read(line.records) })),
      );
    } catch (error) {
      this.fail(error as Error, ledger, key);
    } finally {
      this.poke();
    }
  }

  private fail(error: Error, ledger: number, key: string): void {
    if (this.stop.signal.aborted && !this.failure) this.failure = this.options.signal?.aborted ? abortError() : error;
    else if (error instanceof LakeObjectError) this.failure ??= badLedger(ledger, key, error.detail);
    else if (error instanceof LakeError && error.message.startsWith('ledger ')) this.failure ??= error;
    else this.failure ??= badLedger(ledger, key, error.message);
    this.stop.abort();
  }
}
