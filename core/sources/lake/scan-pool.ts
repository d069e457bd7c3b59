// The lake scan's worker threads (scan-worker.ts): objects queued and handed to whichever worker is
// free, their bytes moved there without a copy. From TypeScript sources (tests, the command line
// under tsx) a worker runs scan-worker.ts through tsx; from the bundle, lake-worker.mjs beside the
// main script (scripts/build.mjs).
import { Worker } from 'node:worker_threads';
import type { ScanReply, ScanTask } from './scan-object';

/** A worker's heap, bounded: it keeps nothing between objects; a decoded pubnet ledger is a few MB of objects. */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16 };

function workerUrl(): { url: URL; execArgv: string[] } {
  return import.meta.url.endsWith('.ts')
    ? { url: new URL('./scan-worker.ts', import.meta.url), execArgv: ['--import', 'tsx'] }
    : { url: new URL('./lake-worker.mjs', import.meta.url), execArgv: [] };
}

/** The scan's worker threads: tasks queued and handed to whichever is free, bytes moved without a copy. */
export class ScanPool {
  private readonly workers: Worker[] = [];
  private readonly idle: Worker[] = [];
  private readonly queue: { task: ScanTask; settle: (reply: ScanReply) => void }[] = [];
  private readonly pending = new Map<number, { worker: Worker; settle: (reply: ScanReply) => void }>();
  private broken: string | null = null;

  constructor(size: number) {
    const { url, execArgv } = workerUrl();
    for (let i = 0; i < size; i++) {
      const worker = new Worker(url, {
        execArgv,
        resourceLimits: WORKER_LIMITS,
      });
      worker.on('message', (reply: ScanReply) => {
        const pending = this.pending.get(reply.id);
        this.pending.delete(reply.id);
        this.idle.push(worker);
        pending?.settle(reply);
        this.pump();
      });
      const stop = (why: string) => {
        this.broken ??= why;
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
  }

  run(task: ScanTask): Promise<ScanReply> {
    if (this.broken) return Promise.resolve({ id: task.id, error: this.broken });
    return new Promise((settle) => {
      this.queue.push({ task, settle });
      this.pump();
    });
  }

  private pump(): void {
    while (this.idle.length > 0 && this.queue.length > 0) {
      const worker = this.idle.pop()!;
      const { task, settle } = this.queue.shift()!;
      this.pending.set(task.id, { worker, settle });
      const buffer = task.bytes.buffer;
      const whole = task.bytes.byteOffset === 0 && task.bytes.byteLength === buffer.byteLength;
      worker.postMessage(task, whole && buffer instanceof ArrayBuffer ? [buffer] : []);
    }
  }

  async close(): Promise<void> {
    for (const { task, settle } of this.queue.splice(0)) settle({ id: task.id, error: 'the scan stopped' });
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}
