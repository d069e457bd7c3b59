// The sync of one account's history index: its operations (failed ones too, each with its
// transaction) paged oldest first at limit 200 into the index, each page committed with its
// paging token (store.ts), then kept current by a stream resumed from that token. A 429 is waited
// out through the HTTP client's gate; a 410 before_history ends the walk into pruned history and
// the index records from which ledger it is complete (the server's history_elder_ledger). The
// walk itself is walk.ts.
import type { HistoryProgress } from '../../../shared/history';
import type { WaitReason } from '../../http/http';
import { CoreError } from '../../app/errors';
import { need } from '../../sources/source';
import { streamPayments } from '../../streams/streams';
import type { AccountMeta } from '../protocol';
import { SIDES_EVERY_MS, type SyncOptions } from './sync-options';
import { sideBound, walkOnWithSides, walkSidesTo } from './sync-sides';
import { walk, type WalkContext } from './walk';
import { completeFromAtStart } from '../walk-cursor';
import { damagedError } from '../damaged';
import { coverageOf } from './coverage';
import { SyncState } from './sync-state';

export type { IndexCall } from './walk';
export type { SyncOptions } from './sync-options';

type State = HistoryProgress['state'];

const SIDES_FAILED = 'Reading what others did to the account failed';
const iso = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : new Date(ms).toISOString());

export class AccountSync extends SyncState {
  private controller = new AbortController();
  private stream: { stop(): void } | null = null;
  private meta: AccountMeta | null = null;
  private completeFrom: number | null = null;
  private waitingMs: number | undefined;
  private waitingFor: WaitReason | undefined;
  private readonly samples: [number, number][] = [];
  private added = 0;
  private writes: Promise<unknown> = Promise.resolve();
  private buffer: string[] = [];
  private follows: boolean;
  private sidesTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: SyncOptions) {
    super(options.emit);
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
      // A wait is told only while syncing: a sync that ended waits for nothing (#37.8).
      ...(this.waitingMs !== undefined && this.state === 'syncing'
        ? {
            waitingMs: this.waitingMs,
            waitingFor: this.waitingFor ?? 'rate_limit',
            waitLimitMs: this.options.source.http.maxWaitMs,
          }
        : {}),
      ...(this.message ? { message: this.message } : {}),
      coverage: coverageOf(this.meta, this.state, this.options.latestLedger?.() ?? null),
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

  /**
   * Stops with the app: nothing is written, so the file still says `syncing` (or `current`) and the
   * next start resumes it (service.ts resumeInterrupted), as after a kill.
   */
  halt(): void {
    this.controller.abort();
    this.stopFollowing();
  }

  private stop(state: State): HistoryProgress {
    if (this.state === 'idle' || this.state === state) return this.progress;
    this.controller.abort();
    this.stopFollowing();
    this.waitingMs = undefined;
    this.setState(state);
    void this.options.call('setState', { account: this.options.account, state }).catch(() => undefined);
    return this.progress;
  }

  private async run(signal: AbortSignal): Promise<void> {
    const { call, account } = this.options;
    try {
      this.meta = await call('meta', { account });
      // A damaged index is never walked on, nor called current: only a rebuild goes on from here.
      if (this.meta?.damaged) throw damagedError(account, this.meta.damaged);
      // An index read from ledgers (a lake's, an RPC window's) is not walked on from a server's listings.
      if (this.meta?.ledgers)
        throw new CoreError(
          'invalid_input',
          `The index of ${account} was read from the ledgers of ${this.meta.ledgers.where} (${this.meta.ledgers.from}–${this.meta.ledgers.next - 1}): go on from there, or remove the index to sync it from the server.`,
        );
      const readRoot = this.options.root ?? ((s: AbortSignal) => this.options.source.history(s));
      const from = this.meta?.lastToken ?? undefined;
      // A first walk starts at the server's oldest ledger: the root says it. A walk on from a token
      // needs no root (issue #36): a server that pruned past the token answers 410, and the walk
      // reads the root then (walk.ts pastPrunedHistory).
      const root = from === undefined ? await readRoot(signal) : null;
      this.completeFrom =
        root === null ? (this.meta?.completeFrom ?? null) : completeFromAtStart(this.meta, from, root.elder);
      await call('setState', { account, state: 'syncing', completeFrom: this.completeFrom });
      // The server's latest ledger as the walk began: the first page's Latest-Ledger header.
      let latest: number | null = null;
      const context: WalkContext = {
        ...this.walkContext(),
        onLatestLedger: (ledger) => {
          latest ??= ledger;
        },
      };
      const { cursor, added } = await walk(context, from, signal);
      if (signal.aborted) return;
      // Without the header (a server that does not send it), the root read now: the operations walk
      // ended after, so it holds every operation through that ledger too.
      const bound = sideBound(cursor, root?.latest ?? latest ?? (await readRoot(signal)).latest);
      await walkSidesTo(context, this.options, this.meta, bound, signal);
      if (signal.aborted) return;
      if (added > 10_000) await call('optimize', {});
      await call('setState', { account, state: 'current' });
      if (signal.aborted) return;
      this.setState('current');
      if (this.follows) {
        this.follow(cursor ?? '0');
        this.scheduleSides(signal);
      }
    } catch (error) {
      if (signal.aborted) return;
      // What the index holds now: a page that failed took its open group with it (store.ts), so
      // the records counted on the way may be more than were kept (a full disk, #37.8).
      this.meta = (await call('meta', { account }).catch(() => null)) ?? this.meta;
      if (signal.aborted) return;
      this.setState('error', (error as Error).message);
      void call('setState', { account, state: 'error' }).catch(() => undefined);
    }
  }

  private stopFollowing(): void {
    this.stream?.stop();
    this.stream = null;
    clearTimeout(this.sidesTimer);
    this.sidesTimer = undefined;
  }

  /** While following, the side walks read on every sidesEveryMs, in the chain of the stream's writes (sync-sides.ts walkOnWithSides). */
  private scheduleSides(signal: AbortSignal): void {
    const every = this.options.sidesEveryMs ?? SIDES_EVERY_MS;
    this.sidesTimer = setTimeout(() => (this.writes = this.writes.then(() => this.sidesRound(signal, every))), every);
    this.sidesTimer.unref();
  }

  private async sidesRound(signal: AbortSignal, every: number): Promise<void> {
    if (signal.aborted || this.state !== 'current') return;
    const { call, account, ingest } = this.options;
    // The root read now, not a recent health reading's: the round bounds by the latest ledger as it runs.
    const readRoot = (s: AbortSignal) => this.options.source.history(s);
    try {
      this.meta = await walkOnWithSides({ call, account, ingest, readRoot, context: this.walkContext() }, signal);
      if (!signal.aborted) this.setState('current', this.message?.startsWith(SIDES_FAILED) ? '' : undefined);
    } catch (error) {
      const failed = `${SIDES_FAILED}: ${(error as Error).message}; tried again in ${Math.round(every / 1000)} s`;
      if (!signal.aborted && this.state === 'current') this.setState('current', failed);
    } finally {
      if (!signal.aborted && this.state === 'current') this.scheduleSides(signal);
    }
  }

  private walkContext(): WalkContext {
    const { source, account, profile, call, transport, ingest, release } = this.options;
    return {
      http: source.http,
      listings: need(source.index),
      root: (signal) => source.history(signal),
      account,
      network: profile.name,
      call,
      transport,
      ingest,
      release,
      onWait: (waitingMs, _attempt, reason) => {
        if (waitingMs === undefined && this.waitingMs === undefined) return;
        this.waitingMs = waitingMs;
        this.waitingFor = waitingMs === undefined ? undefined : (reason ?? 'rate_limit');
        this.emit(true);
      },
      onPage: (added, meta) => this.recordAdded(added, meta),
      onPruned: async (ledger) => {
        this.completeFrom = ledger;
        await call('setState', { account, completeFrom: ledger });
      },
    };
  }

  private recordAdded(added: number, meta: AccountMeta): void {
    this.added += added;
    this.meta = meta;
    this.samples.push([Date.now(), this.added]);
    this.emit();
  }

  /** Keeps the index current: the account's operations streamed from the stored token, written in batches. */
  private follow(cursor: string): void {
    const listing = { path: 'operations' as const, params: { ...need(this.options.source.index).operations.params } };
    this.stream = streamPayments(
      this.options.profile,
      this.options.account,
      {
        record: (record) => this.queue(record.raw!),
        status: (status) => {
          const message =
            status.state === 'reconnecting'
              ? `Stream reconnecting${status.message ? `: ${status.message}` : ''}`
              : undefined;
          if (message !== this.message && this.state === 'current') this.setState('current', message ?? '');
        },
      },
      { ...this.options.stream, cursor, listing, keepRaw: true, clientFor: () => this.options.source.http },
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
      .then(() => call('ingestTexts', { account, texts, format: need(this.options.source.index).format }))
      .then(
        (result) => this.recordAdded(result.added, result.meta),
        (error: Error) =>
          this.state === 'current' &&
          this.setState('current', `A streamed record could not be indexed: ${error.message}`),
      );
  }
}
