// One SSE connection of one account's payments: every (re)connection is built from the last
// paging token seen, "from now" is pinned to a token before the first connection (`cursor=now`
// would skip what arrives during a reconnection: Solar issue #551), records are deduplicated by
// paging token, reconnects back off ×1.5 up to a cap after errors (at once after a clean `event:
// close`, never sooner than a 429's or 503's Retry-After), each is paid from the network's
// reconnect budget (reconnect-budget.ts), and a watchdog restarts a stream silent for longer than
// its window. Horizon sends no keepalives and closes idle streams itself after 55 s, so for the
// horizon dialect the window is longer than that (docs/app-core.md).
import { EventSource } from 'eventsource';
import { passesMinimum } from '../shared/minimums';
import type { NetworkProfile } from '../shared/ipc';
import { isJsonObject } from '../shared/json';
import type { Operation, StreamStatus, WatchedAccount } from '../shared/model';
import { decodeToid } from '../shared/toid';
import { exponentialDelay, sleep } from './backoff';
import { latestOf } from './health';
import { parseJsonFast } from './json-fast';
import { parseRetryAfter } from './rate-limit';
import { normalizeOperation } from './normalize';
import { budgetFor, type BudgetPolicy, type ReconnectBudget } from './reconnect-budget';

/** Silence after which a stream is restarted: the local service's keepalives come every 15 s; Horizon sends none and closes at 55 s. */
export const SILENCE_WINDOW_MS = { ledger: 40_000, horizon: 65_000 } as const;

/** The longest Retry-After a stream honours: Horizon's limits are per hour; a longer ask is a broken server's. */
const LONGEST_ASKED_WAIT_MS = 3_600_000;

export interface StreamOptions {
  /** Restart a stream that sent nothing for this long (default SILENCE_WINDOW_MS of the profile's dialect). */
  keepaliveWindowMs?: number;
  /** The network's reconnect budget, shared by all its streams (none = unlimited). */
  budget?: ReconnectBudget;
  /** The budget a network's streams get (default: Horizon's for the horizon dialect, none for the local service). */
  budgetPolicy?: BudgetPolicy;
  /** The server's hourly limit as last told (X-RateLimit-Limit): the budget follows it. */
  knownLimit?: () => number | null;
  /** First reconnect wait (default 1 s); each next one is ×1.5, up to backoffCapMs (default 30 s). */
  backoffBaseMs?: number;
  backoffCapMs?: number;
  /** Latest ledger of the network, to report "behind by n ledgers". */
  latestLedger?: () => number | null;
  /** What to stream (default: the account's payments); the history index streams operations. */
  listing?: { path: 'payments' | 'operations'; params?: Record<string, string> };
  /** Keep each record's exact text as `raw` (the history index stores it); rows shown live do not. */
  keepRaw?: boolean;
}

export interface Sink {
  status(status: StreamStatus): void;
  record(record: Operation, notify: boolean): void;
  /** The position moved without a record (the first start pinned "now"): persist it. */
  moved?(): void;
}

export class AccountStream {
  private current: StreamStatus;
  private source: EventSource | null = null;
  private attempt = 0;
  private lastByteAt = Date.now();
  private watchdog: NodeJS.Timeout | null = null;
  /** Aborts the pending reconnect wait (a newer reconnect or stop() replaces it). */
  private retryWait: AbortController | null = null;
  private caughtUpTimer: NodeJS.Timeout | null = null;
  private stopped = false;
  private generation = 0;
  /** The wait a 429 or 503 asked for (Retry-After), by the connection that got it. */
  private serverWait: { generation: number; ms: number } | null = null;

  constructor(
    private readonly profile: NetworkProfile,
    public watched: WatchedAccount,
    private readonly options: StreamOptions,
    private readonly sink: Sink,
  ) {
    this.current = { account: watched.account, networkId: profile.id, state: 'connecting' };
  }

  /** The state as last reported, with the paging token as it is now. */
  get status(): StreamStatus {
    const token = this.watched.lastPagingToken;
    return { ...this.current, ...(token ? { lastPagingToken: token } : {}) };
  }

  connect(): void {
    if (this.stopped) return;
    const generation = ++this.generation;
    this.setStatus({ state: this.attempt === 0 ? 'connecting' : 'reconnecting', ...(this.attempt > 0 ? { attempt: this.attempt } : {}) });
    if (this.watched.lastPagingToken) return this.open(generation, this.watched.lastPagingToken);
    // First start: "from now" is pinned to a token before connecting. A `cursor=now` would move
    // with every reconnection and lose what arrived in between (Solar issue #551).
    void this.pinNow().then(
      (token) => {
        if (generation !== this.generation) return;
        this.watched = { ...this.watched, lastPagingToken: token };
        this.sink.moved?.();
        this.open(generation, token);
      },
      (error: Error) => {
        if (generation === this.generation) this.reconnect(false, `Could not read the latest ledger: ${error.message.slice(0, 200)}`);
      },
    );
  }

  /** The last possible paging token of the latest ledger: everything after it is new. */
  private async pinNow(): Promise<string> {
    const response = await fetch(new URL('./', this.base()), { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`the server answered ${response.status}`);
    const body = parseJsonFast(await response.text());
    const latest = latestOf(isJsonObject(body) ? body : {});
    if (latest === null) throw new Error('the server reports no latest ledger');
    return (((BigInt(latest) + 1n) << 32n) - 1n).toString();
  }

  private base(): string {
    return this.profile.baseUrl.endsWith('/') ? this.profile.baseUrl : `${this.profile.baseUrl}/`;
  }

  private open(generation: number, cursor: string): void {
    const listing = this.options.listing ?? { path: 'payments' };
    const url = new URL(`accounts/${this.watched.account}/${listing.path}`, this.base());
    for (const [key, value] of Object.entries(listing.params ?? {})) url.searchParams.set(key, value);
    url.searchParams.set('cursor', cursor);
    const source = new EventSource(url, { fetch: (input, init) => this.fetchWatched(input, init, generation) });
    this.source = source;
    this.lastByteAt = Date.now();
    source.addEventListener('open', () => {
      if (generation !== this.generation) return;
      this.attempt = 0;
      this.setStatus({ state: 'live' });
    });
    source.addEventListener('message', (event) => {
      if (generation === this.generation) this.onRecord(event.data, event.lastEventId);
    });
    // The server ends an old stream with `event: close`; reconnect at once from the last token.
    source.addEventListener('close', () => {
      if (generation === this.generation) this.reconnect(true);
    });
    source.addEventListener('error', (event) => {
      if (generation !== this.generation) return;
      // The eventsource package adds the HTTP status and a message (a 404 for an unfunded account,
      // a 429 when streams are limited): shown with the reconnecting state.
      const { code, message } = event as unknown as { code?: number; message?: string };
      const asked = this.serverWait?.generation === generation ? this.serverWait.ms : 0;
      const answered = code ? `The server answered ${code}${message ? `: ${message.slice(0, 200)}` : ''}.` : message?.slice(0, 200);
      this.reconnect(false, asked > 0 ? `${answered ?? ''} Waiting ${Math.ceil(asked / 1000)} s, as it asked.`.trim() : answered, asked);
    });
    this.armWatchdog();
  }

  /** Counts every byte (records and keepalive comments alike) for the watchdog. */
  private async fetchWatched(input: string | URL, init: RequestInit, generation: number): Promise<Response> {
    const response = await fetch(input, init);
    // A stream refused for its rate says when to come back: the reconnect waits at least that long.
    if (response.status === 429 || response.status === 503) {
      this.serverWait = { generation, ms: Math.min(parseRetryAfter(response.headers.get('retry-after')) ?? 0, LONGEST_ASKED_WAIT_MS) };
    }
    if (!response.body) return response;
    const touch = new TransformStream<Uint8Array, Uint8Array>({
      transform: (chunk, controller) => {
        if (generation === this.generation) this.lastByteAt = Date.now();
        controller.enqueue(chunk);
      },
    });
    return new Response(response.body.pipeThrough(touch), { status: response.status, statusText: response.statusText, headers: response.headers });
  }

  private onRecord(data: string, lastEventId: string): void {
    let record: Operation;
    try {
      // Like listing rows, live rows carry no raw text (opening one asks operation:get), unless
      // the stream feeds the history index, which keeps every record's exact text.
      record = normalizeOperation(parseJsonFast(data), { viewer: this.watched.account, raw: this.options.keepRaw ? data : null });
    } catch {
      return; // "hello" frames and anything unreadable: nothing to deliver
    }
    const token = record.pagingToken || lastEventId;
    if (!isAfter(token, this.watched.lastPagingToken)) return; // replayed after a reconnect
    this.watched = { ...this.watched, lastPagingToken: token };
    this.sink.record(record, this.shouldNotify(record));
    this.reportLag(token);
  }

  private shouldNotify(record: Operation): boolean {
    // Path payments are payments: what the watched account received counts against the minimum.
    return record.direction === 'in' && passesMinimum(record, this.watched.minAmounts);
  }

  private reportLag(token: string): void {
    const latest = this.options.latestLedger?.() ?? null;
    let ledger: number | null;
    try {
      ledger = decodeToid(token).ledger;
    } catch {
      ledger = null;
    }
    const behindBy = latest !== null && ledger !== null ? latest - ledger : 0;
    if (behindBy > 1) {
      if (this.current.state !== 'behind' || this.current.behindBy !== behindBy) this.setStatus({ state: 'behind', behindBy });
    } else if (this.current.state !== 'live') {
      this.setStatus({ state: 'live' });
    }
    // Replayed records come in bursts; a pause means the replay has caught up.
    if (this.caughtUpTimer) clearTimeout(this.caughtUpTimer);
    this.caughtUpTimer = setTimeout(() => {
      if (!this.stopped && this.current.state === 'behind') this.setStatus({ state: 'live' });
    }, 2_000);
    this.caughtUpTimer.unref();
  }

  /** The first connection, paid from the network's budget like every reconnect. */
  start(): void {
    const wait = this.options.budget?.reserve() ?? 0;
    if (wait === 0) return this.connect();
    this.setStatus({ state: 'connecting', message: budgetMessage(wait) });
    this.connectAfter(wait);
  }

  /** Reconnects after the backoff, the budget's wait and `askedMs` (a Retry-After), whichever is longest. */
  private reconnect(immediately: boolean, reason?: string, askedMs = 0): void {
    if (this.stopped) return;
    this.source?.close();
    this.source = null;
    this.generation++;
    this.attempt += 1;
    const policy = { initialMs: this.options.backoffBaseMs ?? 1_000, factor: 1.5, capMs: this.options.backoffCapMs ?? 30_000 };
    // A clean close resumes at once; an error backs off. Either way the budget may space it out.
    const backoff = Math.max(immediately ? 0 : exponentialDelay(policy, this.attempt), askedMs);
    this.options.budget?.adoptLimit(this.options.knownLimit?.());
    const budgetWait = this.options.budget?.reserve() ?? 0;
    const message = budgetWait > backoff ? budgetMessage(budgetWait) : reason;
    this.setStatus({ state: 'reconnecting', attempt: this.attempt, ...(message ? { message } : {}) });
    this.connectAfter(Math.max(backoff, budgetWait));
  }

  private connectAfter(wait: number): void {
    this.retryWait?.abort();
    const retryWait = (this.retryWait = new AbortController());
    sleep(wait, retryWait.signal).then(
      () => this.connect(),
      () => undefined, // replaced by a newer reconnect, or stopped
    );
  }

  private armWatchdog(): void {
    if (this.watchdog) clearInterval(this.watchdog);
    const window = this.options.keepaliveWindowMs ?? SILENCE_WINDOW_MS[this.profile.dialect];
    this.watchdog = setInterval(() => {
      if (this.source && Date.now() - this.lastByteAt > window) this.reconnect(true);
    }, Math.max(50, Math.min(window / 4, 5_000)));
    this.watchdog.unref();
  }

  private setStatus(change: Partial<StreamStatus> & Pick<StreamStatus, 'state'>): void {
    const next: StreamStatus = { account: this.watched.account, networkId: this.profile.id, ...change };
    // The service's own `event: open` frame fires 'open' again: report a state once.
    const same = next.state === this.current.state && next.attempt === this.current.attempt && next.behindBy === this.current.behindBy;
    this.current = next;
    if (!same || next.state === 'connecting') this.sink.status(this.status);
  }

  stop(): void {
    this.stopped = true;
    this.generation++;
    this.source?.close();
    this.retryWait?.abort();
    for (const timer of [this.watchdog, this.caughtUpTimer]) if (timer) clearTimeout(timer);
    this.setStatus({ state: 'stopped' });
  }
}

function budgetMessage(wait: number): string {
  return `Waiting ${Math.ceil(wait / 1000)} s: the network's reconnect budget is spent (many watched accounts).`;
}

/** Paging tokens are TOIDs (digits): compare as integers; anything else differs = new. */
export function isAfter(token: string, last: string | undefined): boolean {
  if (!last) return true;
  if (/^\d+$/.test(token) && /^\d+$/.test(last)) return BigInt(token) > BigInt(last);
  return token !== last;
}

/**
 * One stream of an account's payments outside the watch list (the command line's `stream`):
 * the same reconnection, deduplication and watchdog, starting after `cursor` ("now" by default).
 */
export function streamPayments(
  profile: NetworkProfile,
  account: string,
  handlers: { record(record: Operation): void; status(status: StreamStatus): void },
  options: StreamOptions & { cursor?: string } = {},
): { stop(): void } {
  const start = options.cursor && options.cursor !== 'now' ? { lastPagingToken: options.cursor } : {};
  const budget = options.budget ?? budgetFor(profile, options.budgetPolicy);
  const stream = new AccountStream(profile, { account, networkId: profile.id, ...start }, { ...options, ...(budget ? { budget } : {}) }, {
    status: handlers.status,
    record: (record) => handlers.record(record),
  });
  stream.start();
  return { stop: () => stream.stop() };
}
