// The sync of one account's history index: its operations (failed ones too, each with its
// transaction) paged oldest first at limit 200 into the index, each page committed with its
// paging token (store.ts), then kept current by a stream resumed from that token. A 429 is waited
// out through the HTTP client's gate; a 410 before_history ends the walk into pruned history and
// the index records from which ledger it is complete (the server's history_elder_ledger).
import type { HistoryProgress } from '../../../shared/history';
import type { NetworkProfile } from '../../../shared/ipc';
import { isJsonObject } from '../../../shared/json';
import { sleep } from '../backoff';
import { CoreError } from '../errors';
import { HttpError, type HttpClient, type Transport } from '../http';
import { streamPayments, type StreamOptions } from '../stream-connection';
import { int } from '../values';
import { PageFetch, type PageSource } from './page-fetch';
import type { HistoryOp, OpArgs, OpResult } from './protocol';
import type { AccountMeta, PageResult } from './store';
import { completeFromAtStart, PAGE_LIMIT } from './walk-cursor';
import { readHeld, type HeldAnswer, type HeldPage } from './worker-transport';

const LISTING_PARAMS = { join: 'transactions', include_failed: 'true' } as const;

export type IndexCall = <K extends HistoryOp>(op: K, args: OpArgs<K>) => Promise<OpResult<K>>;

export interface SyncOptions {
  http: HttpClient;
  profile: NetworkProfile;
  account: string;
  call: IndexCall;
  /** How a page is fetched: by the index worker, which keeps it (worker-transport.ts); `onEarly` is told the next page's cursor early. */
  transport(onEarly: (cursor: string) => void): Transport<HeldAnswer>;
  /** Writes a page the index worker holds. */
  ingest(page: HeldPage): Promise<PageResult>;
  /** Lets a page the worker holds go unwritten. */
  release(page: HeldPage): void;
  emit(progress: HistoryProgress): void;
  /** Keep the index current from a stream once the pages are in (default true). */
  follow?: boolean;
  stream?: StreamOptions;
}

type State = HistoryProgress['state'];
const iso = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : new Date(ms).toISOString());

export class AccountSync {
  private state: State = 'idle';
  private controller = new AbortController();
  private stream: { stop(): void } | null = null;
  private meta: AccountMeta | null = null;
  private completeFrom: number | null = null;
  private message: string | undefined;
  private waitingMs: number | undefined;
  private readonly samples: [number, number][] = [];
  private added = 0;
  private lastEmit = 0;
  private writes: Promise<unknown> = Promise.resolve();
  private buffer: string[] = [];
  private readonly settledWaiters: (() => void)[] = [];
  private follows: boolean;

  constructor(private readonly options: SyncOptions) {
    this.follows = options.follow !== false;
  }

  get progress(): HistoryProgress {
    const now = Date.now();
    while (this.samples.length > 1 && now - this.samples[0]![0] > 5_000) this.samples.shift();
    const first = this.samples[0];
    const seconds = first ? (now - first[0]) / 1000 : 0;
    const rate = first && seconds > 0.2 ? (this.added - first[1]) / seconds : 0;
    return {
      account: this.options.account,
      networkId: this.options.profile.id,
      state: this.state,
      records: this.meta?.rows ?? 0,
      ratePerSecond: Math.max(0, Math.round(rate)),
      oldest: iso(this.meta?.oldest),
      newest: iso(this.meta?.newest),
      completeFromLedger: this.completeFrom,
      ...(this.waitingMs !== undefined ? { waitingMs: this.waitingMs } : {}),
      ...(this.message ? { message: this.message } : {}),
    };
  }

  /** Starts or resumes; a current sync without a stream (follow off) pages again from its token. */
  start(follow = this.follows): HistoryProgress {
    if (this.state === 'syncing' || (this.state === 'current' && this.stream)) return this.progress;
    this.follows = follow;
    this.controller = new AbortController();
    this.message = undefined;
    this.setState('syncing');
    void this.run(this.controller.signal);
    return this.progress;
  }

  pause(): HistoryProgress {
    return this.stop('paused');
  }

  cancel(): HistoryProgress {
    return this.stop('cancelled');
  }

  /** Resolves once the sync is current, paused, cancelled or failed (the command line waits for it). */
  settled(): Promise<HistoryProgress> {
    if (this.state !== 'syncing') return Promise.resolve(this.progress);
    return new Promise((resolve) => this.settledWaiters.push(() => resolve(this.progress)));
  }

  private stop(state: State): HistoryProgress {
    if (this.state === 'idle' || this.state === state) return this.progress;
    this.controller.abort();
    this.stream?.stop();
    this.stream = null;
    this.waitingMs = undefined;
    this.setState(state);
    void this.options.call('setState', { account: this.options.account, state }).catch(() => undefined);
    return this.progress;
  }

  private setState(state: State, message?: string): void {
    this.state = state;
    if (message !== undefined) this.message = message;
    this.emit(true);
    if (state !== 'syncing') this.settledWaiters.splice(0).forEach((wake) => wake());
  }

  private emit(force = false): void {
    const now = Date.now();
    if (!force && now - this.lastEmit < 250) return;
    this.lastEmit = now;
    this.options.emit(this.progress);
  }

  private async run(signal: AbortSignal): Promise<void> {
    const { call, account } = this.options;
    try {
      this.meta = await call('meta', { account });
      const elder = await this.readElder(signal);
      this.completeFrom = completeFromAtStart(this.meta, this.meta?.lastToken ?? undefined, elder);
      await call('setState', { account, state: 'syncing', completeFrom: this.completeFrom });
      const { cursor, added } = await this.walk(this.meta?.lastToken ?? undefined, signal);
      if (signal.aborted) return;
      if (added > 10_000) await call('optimize', {});
      await call('setState', { account, state: 'current' });
      if (signal.aborted) return;
      this.setState('current');
      if (this.follows) this.follow(cursor ?? '0');
    } catch (error) {
      if (signal.aborted) return;
      this.setState('error', (error as Error).message);
      void call('setState', { account, state: 'error' }).catch(() => undefined);
    }
  }

  /**
   * Pages from `cursor` to the end. While the index worker parses and writes a page, the next is
   * already on its way: asked for from the cursor of the page's `next` link as soon as the start
   * of the page has arrived (page-fetch.ts), or else once it is whole, if it is full. It is used
   * only if that is the token the worker found last in the page.
   */
  private async walk(from: string | undefined, signal: AbortSignal): Promise<{ cursor: string | undefined; added: number }> {
    let cursor = from;
    let added = 0;
    const source: PageSource<HeldPage> = { fetch: (at, pageSignal, onEarly) => this.fetchPage(at, pageSignal, onEarly), release: this.options.release };
    let current = new PageFetch(cursor, source, signal);
    try {
      for (;;) {
        const held = await current.lead().page;
        if (held === null) {
          current.abandon();
          cursor = await this.pastPrunedHistory(cursor, signal);
          current = new PageFetch(cursor, source, signal);
          continue;
        }
        if (signal.aborted) break;
        // The cursor the whole page names (the worker reads it once the page is whole): a short
        // page names none, which stops a request asked for early from its first bytes (the walk's
        // request count depends on it).
        const written = this.options.ingest(held);
        const next = current.next(held.guess);
        const page = await written;
        added += page.added;
        if (!signal.aborted) this.recordAdded(page.added, page.meta);
        if (page.lastToken) cursor = page.lastToken;
        if (page.count < PAGE_LIMIT) break;
        if (next && next.cursor === cursor) current = next;
        else {
          next?.abandon();
          current = new PageFetch(cursor, source, signal);
        }
      }
    } finally {
      // A request asked for early after the last page: not needed.
      current.abandon();
    }
    return { cursor, added };
  }

  /** After a 410 before_history: the cursor to walk on from, the server's oldest ledger (recorded as where the index is complete from). */
  private async pastPrunedHistory(cursor: string | undefined, signal: AbortSignal): Promise<string> {
    const from = await this.readElder(signal);
    if (from === null || (cursor !== undefined && BigInt(cursor) >= BigInt(from) << 32n)) throw new CoreError('bad_response', 'The server answered 410 before_history but reports no older boundary to continue from.');
    this.completeFrom = from;
    await this.options.call('setState', { account: this.options.account, completeFrom: from });
    return String(BigInt(from) << 32n);
  }

  private recordAdded(added: number, meta: AccountMeta): void {
    this.added += added;
    this.meta = meta;
    this.samples.push([Date.now(), this.added]);
    this.emit();
  }

  /** The server's oldest ledger with history, when its root says (Horizon's history_elder_ledger). */
  private async readElder(signal: AbortSignal): Promise<number | null> {
    const response = await this.options.http.getJson('/', { signal });
    const body = isJsonObject(response.body) ? response.body : {};
    return int(body['history_elder_ledger']) ?? null;
  }

  /** One page, held by the index worker; null for a 410 before_history. A 429 that outlasts the client's retries is waited out here. */
  private async fetchPage(cursor: string | undefined, signal: AbortSignal, onEarly: (cursor: string) => void): Promise<HeldPage | null> {
    const params = { cursor, limit: PAGE_LIMIT, order: 'asc', ...LISTING_PARAMS };
    const onWait = (waitingMs: number) => {
      this.waitingMs = waitingMs;
      this.emit(true);
    };
    for (;;) {
      try {
        const response = await this.options.http.getWith(`/accounts/${this.options.account}/operations`, this.options.transport(onEarly), readHeld, { params, signal, onWait });
        this.waitingMs = undefined;
        return response.value;
      } catch (error) {
        if (signal.aborted || !(error instanceof HttpError)) throw error;
        if (error.status === 410) return null;
        if (error.status === 404) throw new CoreError('not_found', `Account ${this.options.account} was not found on ${this.options.profile.name}.`, { status: 404 });
        if (error.status !== 429) throw error;
        onWait(error.extra.retryAfterMs ?? 1_000);
        await sleep(error.extra.retryAfterMs ?? 1_000, signal);
      }
    }
  }

  /** Keeps the index current: the account's operations streamed from the stored token, written in batches. */
  private follow(cursor: string): void {
    const listing = { path: 'operations' as const, params: { ...LISTING_PARAMS } };
    this.stream = streamPayments(
      this.options.profile,
      this.options.account,
      {
        record: (record) => this.queue(record.raw!),
        status: (status) => {
          const message = status.state === 'reconnecting' ? `Stream reconnecting${status.message ? `: ${status.message}` : ''}` : undefined;
          if (message !== this.message && this.state === 'current') this.setState('current', message ?? '');
        },
      },
      { ...this.options.stream, cursor, listing, keepRaw: true },
    );
  }

  private queue(text: string): void {
    this.buffer.push(text);
    if (this.buffer.length > 1) return; // a flush is already scheduled
    setTimeout(() => this.flush(), 50).unref();
  }

  private flush(): void {
    const texts = this.buffer.splice(0);
    // Stopped meanwhile (paused, cancelled, removed): the next stream starts from the stored token.
    if (texts.length === 0 || this.state !== 'current') return;
    const { account, call } = this.options;
    this.writes = this.writes
      .then(() => call('ingestTexts', { account, texts }))
      .then(
        (result) => this.recordAdded(result.added, result.meta),
        (error: Error) => this.state === 'current' && this.setState('current', `A streamed record could not be indexed: ${error.message}`),
      );
  }
}
