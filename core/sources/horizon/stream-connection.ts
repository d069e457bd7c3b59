// One SSE connection of one account's payments: every (re)connection is built from the last
// paging token seen (the URL's cursor), "from now" is pinned to a token before the first
// connection (stream-position.ts), records are deduplicated by paging token, reconnects back off
// ×1.5 up to a cap after errors (at once after a clean `event: close`, never sooner than a 429's
// or 503's Retry-After), each is paid from the network's reconnect budget (reconnect-budget.ts),
// and a watchdog restarts a stream silent for longer than its window. Horizon sends no keepalives
// and closes idle streams itself after 55 s, so for the horizon dialect the window is longer than
// that (docs/app-core.md). Every request, the pin and the stream alike, goes through the server's
// HttpClient (sse.ts): it waits while a 429 holds that server.
import { passesMinimum } from '../../../shared/minimums';
import type { NetworkProfile } from '../../../shared/ipc';
import type { Operation, StreamStatus, WatchedAccount } from '../../../shared/model';
import { exponentialDelay, sleep } from '../../http/backoff';
import { HttpClient } from '../../http/http';
import { parseJsonFast } from '../../http/json-fast';
import { normalizeOperation } from './normalize';
import type { StreamOptions } from '../../streams/stream-options';
import { readSse, type SseEnd, type SseEvent } from './sse';
import { isAfter, ledgersBehind, pinNow } from './stream-position';

/** Silence after which a stream is restarted: the local service's keepalives come every 15 s; Horizon sends none and closes at 55 s. */
export const SILENCE_WINDOW_MS = { ledger: 40_000, horizon: 65_000, rpc: 65_000 } as const;

/** The longest Retry-After a stream honours: Horizon's limits are per hour; a longer ask is a broken server's. */
const LONGEST_ASKED_WAIT_MS = 3_600_000;

export type { StreamOptions } from '../../streams/stream-options';

export interface Sink {
  status(status: StreamStatus): void;
  record(record: Operation, notify: boolean): void;
  /** The position moved without a record (the first start pinned "now"): persist it. */
  moved?(): void;
}

export class AccountStream {
  private current: StreamStatus;
  private readonly http: HttpClient;
  /** Aborts the current connection: its pin, its wait behind a 429, its stream. */
  private connection: AbortController | null = null;
  /** The current connection's request is out: the watchdog watches it. */
  private streaming = false;
  /** The current connection sent its preamble or an event: it is live, and the next reconnect starts the backoff over. */
  private healthy = false;
  private attempt = 0;
  private lastByteAt = Date.now();
  private watchdog: NodeJS.Timeout | null = null;
  /** Aborts the pending reconnect wait (a newer reconnect or stop() replaces it). */
  private retryWait: AbortController | null = null;
  private caughtUpTimer: NodeJS.Timeout | null = null;
  private stopped = false;
  private generation = 0;

  constructor(
    private readonly profile: NetworkProfile,
    public watched: WatchedAccount,
    private readonly options: StreamOptions,
    private readonly sink: Sink,
  ) {
    this.current = { account: watched.account, networkId: profile.id, state: 'connecting' };
    this.http = (options.clientFor ?? ((p: NetworkProfile) => new HttpClient(p.baseUrl)))(profile);
  }

  /** The state as last reported, with the paging token as it is now. */
  get status(): StreamStatus {
    const token = this.watched.lastPagingToken;
    return { ...this.current, ...(token ? { lastPagingToken: token } : {}) };
  }

  connect(): void {
    if (this.stopped) return;
    const generation = ++this.generation;
    this.connection?.abort();
    const connection = (this.connection = new AbortController());
    const gatedMs = this.http.gatedUntil - Date.now();
    const message =
      gatedMs > 0
        ? { message: `Waiting ${Math.ceil(gatedMs / 1000)} s: ${this.http.baseUrl.host} is limiting the request rate.` }
        : {};
    this.setStatus({
      state: this.attempt === 0 ? 'connecting' : 'reconnecting',
      ...(this.attempt > 0 ? { attempt: this.attempt } : {}),
      ...message,
    });
    void this.run(generation, connection.signal);
  }

  /** One connection: the pin on a first start, the wait behind a 429, then the stream from the last token. */
  private async run(generation: number, signal: AbortSignal): Promise<void> {
    let cursor = this.watched.lastPagingToken;
    if (!cursor) {
      try {
        cursor = await pinNow(this.http, signal);
      } catch (error) {
        if (generation === this.generation)
          this.reconnect(false, `Could not read the latest ledger: ${(error as Error).message.slice(0, 200)}`);
        return;
      }
      if (generation !== this.generation) return;
      this.watched = { ...this.watched, lastPagingToken: cursor };
      this.sink.moved?.();
    }
    const open = await this.http.waitForGate(signal).then(
      () => generation === this.generation,
      () => false,
    );
    if (!open) return;
    this.streaming = true;
    this.lastByteAt = Date.now();
    this.armWatchdog();
    const listing = this.options.listing ?? { path: 'payments' };
    const url = this.http.resolve(`accounts/${this.watched.account}/${listing.path}`, { ...listing.params, cursor });
    // Every byte (records and keepalive comments alike) counts for the watchdog.
    const handlers = {
      bytes: () => void (this.lastByteAt = Date.now()),
      event: (e: SseEvent) => this.onEvent(e),
      end: (e: SseEnd) => this.onEnd(e),
    };
    await readSse(this.http, url, handlers, signal);
  }

  private onEvent(event: SseEvent): void {
    // The server ends an old stream with `event: close`; reconnect at once from the last token.
    if (event.type === 'close') return this.reconnect(true);
    // The preamble (`event: open`) or any first event: the stream is live (an open answer is not yet).
    if (!this.healthy) {
      this.healthy = true;
      if (this.current.state !== 'live') this.setStatus({ state: 'live' });
    }
    if (event.type === 'message') this.onRecord(event.data, event.lastEventId);
  }

  private onEnd(end: SseEnd): void {
    if (end.kind !== 'refused') return this.reconnect(false, end.message, 0, end.kind === 'too_large');
    // A stream refused for its rate says when to come back: the reconnect waits at least that long.
    // A 404 is an unfunded account, a 429 too many streams: shown with the reconnecting state.
    const asked = end.status === 429 || end.status === 503 ? Math.min(end.retryAfterMs ?? 0, LONGEST_ASKED_WAIT_MS) : 0;
    this.reconnect(
      false,
      asked > 0 ? `${end.message} Waiting ${Math.ceil(asked / 1000)} s, as it asked.` : end.message,
      asked,
    );
  }

  private onRecord(data: string, lastEventId: string): void {
    let record: Operation;
    try {
      // Like listing rows, live rows carry no raw text (opening one asks operation:get), unless
      // the stream feeds the history index, which keeps every record's exact text.
      record = normalizeOperation(parseJsonFast(data), {
        viewer: this.watched.account,
        raw: this.options.keepRaw ? data : null,
      });
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
    // What reached the watched account (shared/moves.ts) counts against the minimum of its asset.
    return passesMinimum(record, this.watched.minAmounts, this.watched.account);
  }

  private reportLag(token: string): void {
    const behindBy = ledgersBehind(token, this.options.latestLedger?.() ?? null);
    if (behindBy > 1) {
      if (this.current.state !== 'behind' || this.current.behindBy !== behindBy)
        this.setStatus({ state: 'behind', behindBy });
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

  /**
   * Reconnects after the backoff, the budget's wait and `askedMs` (a Retry-After), whichever is
   * longest. A connection that went live starts the backoff over, unless it ended by the server's
   * `fault` (a line or an event past the caps): then each next wait is longer, live or not.
   */
  private reconnect(immediately: boolean, reason?: string, askedMs = 0, fault = false): void {
    if (this.stopped) return;
    this.connection?.abort();
    this.connection = null;
    this.streaming = false;
    this.generation++;
    if (this.healthy && !fault) this.attempt = 0;
    this.healthy = false;
    this.attempt += 1;
    const policy = {
      initialMs: this.options.backoffBaseMs ?? 1_000,
      factor: 1.5,
      capMs: this.options.backoffCapMs ?? 30_000,
    };
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
    this.watchdog = setInterval(
      () => {
        if (this.streaming && Date.now() - this.lastByteAt > window) this.reconnect(true);
      },
      Math.max(50, Math.min(window / 4, 5_000)),
    );
    this.watchdog.unref();
  }

  private setStatus(change: Partial<StreamStatus> & Pick<StreamStatus, 'state'>): void {
    const next: StreamStatus = { account: this.watched.account, networkId: this.profile.id, ...change };
    // Report a state once: a reconnect through the same attempt, or `live` again, is no news.
    const same =
      next.state === this.current.state &&
      next.attempt === this.current.attempt &&
      next.behindBy === this.current.behindBy;
    this.current = next;
    if (!same || next.state === 'connecting') this.sink.status(this.status);
  }

  stop(): void {
    this.stopped = true;
    this.generation++;
    this.connection?.abort();
    this.retryWait?.abort();
    for (const timer of [this.watchdog, this.caughtUpTimer]) if (timer) clearTimeout(timer);
    this.setStatus({ state: 'stopped' });
  }
}

function budgetMessage(wait: number): string {
  return `Waiting ${Math.ceil(wait / 1000)} s: the network's reconnect budget is spent (many watched accounts).`;
}
