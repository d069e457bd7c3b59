// The app core's side of the history index worker: typed calls (protocol.ts) that resolve with
// the worker's answer, and the channel for the page requests the worker sends for a sync
// (worker-fetch.ts, worker-transport.ts). The worker starts on first use and is one per app
// core. From TypeScript sources (tests, the command line under tsx) it runs worker.ts through
// tsx; from the bundle it runs the bundled history-worker.mjs next to the main script
// (scripts/build.mjs).
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { IpcErrorCode } from '../../../shared/ipc';
import { CoreError } from '../../app/errors';
import { PagingError } from '../../../shared/paging-guard';
import type { HistoryOp, OpArgs, OpResult, WorkerReply, WorkerRequest } from '../protocol';
import type { FetchEvent, FetchRequest } from '../worker-thread/worker-fetch';
import type { FetchChannel } from './worker-transport';

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** The index file of a network: `<userData>/history/<network-id>.sqlite`. */
export function indexFile(userDataDir: string, network: { id: string; baseUrl: string }): string {
  // A URL given for one run (`--network https://…`) has the id "url": name its file by the URL.
  const id =
    network.id === 'url'
      ? `url-${createHash('sha256').update(network.baseUrl).digest('hex').slice(0, 16)}`
      : network.id;
  return join(userDataDir, 'history', `${id.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 80)}.sqlite`);
}

function workerUrl(script?: URL): { url: URL; execArgv: string[] } {
  if (script) return { url: script, execArgv: script.pathname.endsWith('.ts') ? ['--import', 'tsx'] : [] };
  const fromSource = import.meta.url.endsWith('.ts');
  return fromSource
    ? { url: new URL('../worker-thread/worker.ts', import.meta.url), execArgv: ['--import', 'tsx'] }
    : { url: new URL('./history-worker.mjs', import.meta.url), execArgv: [] };
}

/**
 * The worker's heap, bounded. What it keeps between messages is a few MB (prepared statements,
 * interned ids, at most MAX_HELD pages); what it makes per page is a page's text (up to 700 KB,
 * a large object) and the objects of its parse, garbage at once. Unbounded, V8 let the heap grow
 * to about 160 MB during a sync of 1,000,000 operations, collecting that garbage seldom; bounded,
 * a sync's process peaks under 256 MB (docs/benchmarks.md). A query or export holds far less.
 */
export const WORKER_LIMITS = { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16 };

export class HistoryWorker implements FetchChannel {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  /** Page requests the worker is sending (worker-fetch.ts), by request id, until their last event. */
  private readonly fetches = new Map<number, (event: FetchEvent) => void>();

  /** `script`: the worker's module (default: worker.ts from sources, history-worker.mjs beside the bundle). */
  constructor(private readonly script?: URL) {}

  private start(): Worker {
    if (this.worker) return this.worker;
    const { url, execArgv } = workerUrl(this.script);
    const worker = new Worker(url, { execArgv, resourceLimits: WORKER_LIMITS });
    worker.on('message', (reply: WorkerReply | FetchEvent) =>
      'rid' in reply ? this.route(reply) : this.settle(reply),
    );
    worker.on('error', (error) =>
      this.failAll(new CoreError('internal', `The history index stopped: ${error.message}`)),
    );
    worker.on('exit', () => {
      if (this.worker === worker) this.worker = null;
      this.failAll(new CoreError('internal', 'The history index stopped.'));
    });
    worker.unref();
    this.worker = worker;
    return worker;
  }

  /** Sends one request; resolves with the worker's answer. */
  call<K extends HistoryOp>(file: string, op: K, args: OpArgs<K>): Promise<OpResult<K>> {
    const worker = this.start();
    const id = this.nextId++;
    return new Promise<OpResult<K>>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      // The worker keeps the process alive only while an answer is awaited.
      worker.ref();
      const request: WorkerRequest<K> = { id, file, op, args };
      worker.postMessage(request);
    });
  }

  fetch(request: Omit<FetchRequest, 'rid'>, listener: (event: FetchEvent) => void): number {
    const worker = this.start();
    const rid = this.nextId++;
    this.fetches.set(rid, listener);
    worker.ref();
    worker.postMessage({ fetch: { ...request, rid } });
    return rid;
  }

  drop(rid: number): void {
    if (this.fetches.delete(rid)) this.unrefWhenIdle();
    this.worker?.postMessage({ drop: rid });
  }

  private route(event: FetchEvent): void {
    const listener = this.fetches.get(event.rid);
    if (!listener) return;
    if (event.event === 'held' || event.event === 'text' || event.event === 'error') {
      this.fetches.delete(event.rid);
      this.unrefWhenIdle();
    }
    listener(event);
  }

  /** The worker keeps the process alive only while an answer or a page request is awaited. */
  private unrefWhenIdle(): void {
    if (this.pending.size === 0 && this.fetches.size === 0) this.worker?.unref();
  }

  private settle(reply: WorkerReply): void {
    const pending = this.pending.get(reply.id);
    if (!pending) return;
    this.pending.delete(reply.id);
    this.unrefWhenIdle();
    if (reply.ok) pending.resolve(reply.value);
    else {
      // The worker sends a CoreError's own code, or internal.
      const { code, message, paging } = reply.error;
      pending.reject(
        paging ? new PagingError(paging.fault, paging.cursor) : new CoreError(code as IpcErrorCode, message),
      );
    }
  }

  private failAll(error: Error): void {
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
    for (const [rid, listener] of this.fetches)
      listener({ rid, event: 'error', message: error.message, coreCode: 'internal' });
    this.fetches.clear();
  }

  /** Closes the files and ends the worker once the answers in flight are sent. */
  async close(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.worker = null;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    // Referenced until it has exited: an unreferenced worker would let the process end first.
    worker.ref();
    worker.postMessage({ close: true });
    await exited;
  }
}
