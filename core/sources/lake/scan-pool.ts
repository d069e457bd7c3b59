// The lake scan's worker threads (scan-worker.ts): objects queued and handed to whichever worker is
// free, their bytes moved there without a copy. From TypeScript sources (tests, the command line
// under tsx) a worker runs scan-worker.ts through tsx; from the bundle, lake-worker.mjs beside the
// main script (scripts/build.mjs).
import { Worker } from 'node:worker_threads';
import type { ScanReply, ScanTask } from './scan-object';

/**
 * The workers' heaps, bounded. The decoder holds a decoded ledger's objects while it reads them (tens
 * of MB for a pubnet ledger of 1 MB of XDR); the others hold no more than the modules they run, and
 * a small young generation has their garbage collected soon.
 */
const DECODER_LIMITS = { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 4 };
const SCANNER_LIMITS = { maxOldGenerationSizeMb: 48, maxYoungGenerationSizeMb: 4 };
/** Objects waiting for a worker before another is started. */
const BACKLOG = 4;

function workerUrl(): { url: URL; execArgv: string[] } {
  return import.meta.url.endsWith('.ts')
    ? { url: new URL('./scan-worker.ts', import.meta.url), execArgv: ['--import', 'tsx'] }
    : { url: new URL('./lake-worker.mjs', import.meta.url), execArgv: [] };
}

interface Queued {
  task: ScanTask;
  settle: (reply: ScanReply) => void;
}

/**
 * The scan's worker threads: tasks queued and handed to whichever is free, bytes moved without a
 * copy. The first worker is the decoder: an object that holds the account, found by another, is
 * handed back and queued for it (first in its line), so only it loads stellar-base and holds the
 * heap of a decoded ledger.
 */
export class ScanPool {
  private readonly workers: Worker[] = [];
  private readonly idle: Worker[] = [];
  private readonly queue: Queued[] = [];
  /** Objects that hold the account, for the decoder. */
  private readonly toDecode: Queued[] = [];
  private readonly pending = new Map<number, { worker: Worker; task: ScanTask; settle: (reply: ScanReply) => void }>();
  private broken: string | null = null;

  /** Workers started that have not answered yet (starting one under tsx takes about half a second). */
  private starting = 0;

  /** How many workers have been started (a test's view of the pool's growth). */
  get started(): number {
    return this.workers.length;
  }

  /**
   * Up to `size` workers: one at once, another each time objects wait (more than BACKLOG queued)
   * while every worker started has answered, so a scan the link bounds runs on one worker and its
   * memory, and one the CPU bounds grows to all of them.
   */
  constructor(private readonly size: number) {
    this.start();
  }

  private start(): void {
    const { url, execArgv } = workerUrl();
    const decoder = this.workers.length === 0;
    const worker = new Worker(url, { execArgv, resourceLimits: decoder ? DECODER_LIMITS : SCANNER_LIMITS });
    let answered = false;
    this.starting++;
    worker.on('message', (reply: ScanReply) => {
      if (!answered) {
        answered = true;
        this.starting--;
      }
      const pending = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      this.idle.push(worker);
      if (pending && 'hit' in reply)
        this.toDecode.push({ task: { ...pending.task, bytes: reply.hit }, settle: pending.settle });
      else pending?.settle(reply);
      this.pump();
    });
    const stop = (why: string) => {
      this.broken ??= why;
      this.settleAll(why);
      for (const [id, pending] of this.pending)
        if (pending.worker === worker) {
          this.pending.delete(id);
          pending.settle({ id, error: why });
        }
    };
    worker.on('error', (error) => stop(`the scan's worker stopped (${error.message})`));
    worker.on('exit', () => stop("the scan's worker stopped"));
    this.workers.push(worker);
    this.idle.push(worker);
  }

  run(task: ScanTask): Promise<ScanReply> {
    if (this.broken) return Promise.resolve({ id: task.id, error: this.broken });
    return new Promise((settle) => {
      this.queue.push({ task, settle });
      this.pump();
    });
  }

  private pump(): void {
    if (this.queue.length > BACKLOG && this.starting === 0 && this.workers.length < this.size && !this.broken)
      this.start();
    const decoder = this.workers[0]!;
    if (this.toDecode.length > 0 && this.idle.includes(decoder)) {
      this.idle.splice(this.idle.indexOf(decoder), 1);
      this.send(decoder, this.toDecode.shift()!);
    }
    while (this.idle.length > 0 && this.queue.length > 0) {
      // The decoder takes plain objects only while nothing waits for it to decode.
      const at = this.toDecode.length > 0 ? this.idle.findIndex((worker) => worker !== decoder) : this.idle.length - 1;
      if (at < 0) break;
      const [worker] = this.idle.splice(at, 1);
      this.send(worker!, this.queue.shift()!);
    }
  }

  private send(worker: Worker, { task: asked, settle }: Queued): void {
    const task = { ...asked, decode: worker === this.workers[0] };
    this.pending.set(task.id, { worker, task, settle });
    const buffer = task.bytes.buffer;
    const whole = task.bytes.byteOffset === 0 && task.bytes.byteLength === buffer.byteLength;
    worker.postMessage(task, whole && buffer instanceof ArrayBuffer ? [buffer] : []);
  }

  /** Every task not yet answered, answered with `why`. */
  private settleAll(why: string): void {
    for (const { task, settle } of [...this.queue.splice(0), ...this.toDecode.splice(0)])
      settle({ id: task.id, error: why });
  }

  async close(): Promise<void> {
    this.settleAll('the scan stopped');
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}
