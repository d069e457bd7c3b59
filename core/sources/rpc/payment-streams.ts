// Live payments on a Stellar RPC server, which pushes nothing: polled, once for every watched
// account of the server. Each tick asks the latest ledger (one request); when a ledger closed,
// one getEvents per five watched accounts (stellar-rpc's five filters a request) reads their
// events from the ledger each stands at, the transactions they name are read once, and each
// account is given its payments after its position, in order, each once. A position is an
// operation id (a paging token, persisted as Horizon's are), so a restart goes on where it stood,
// and a hiccup is retried from it. Requests per ledger: the ticks (POLL_MS apart) plus one
// getEvents per five accounts plus one getTransaction per transaction naming them.
import type { NetworkProfile } from '../../../shared/ipc';
import { passesMinimum } from '../../../shared/minimums';
import type { Operation, StreamStatus, WatchedAccount } from '../../../shared/model';
import { decodeToid, encodeToid, OP_INDEX_MAX, TX_ORDER_MAX } from '../../../shared/toid';
import { CoreError } from '../../app/errors';
import type { HttpClient } from '../../http/http';
import { normalizeOperation } from '../horizon/normalize';
import { AssetContracts } from '../ledger-meta/asset-events';
import type { PaymentStreamSink, PaymentStreams } from '../source';
import { accountTopics } from './account';
import { belongs } from './account-listing';
import type { RpcCalls } from './calls';
import { eventToid, readEventId } from './event-records';
import { RpcCallError } from './json-rpc';
import { rpcOperations } from './operations';
import { readTransactions } from './read-transactions';
import type { Passphrase } from './resources';
import { windowOfRefusal } from './window';
import { EVENTS_PAGE, SCAN_LEDGERS } from './window-events';

/** How often the latest ledger is asked, whatever the number of watched accounts. */
export const POLL_MS = 500;
/** Accounts per getEvents request (stellar-rpc takes five filters). */
export const ACCOUNTS_PER_REQUEST = 5;
/** Pages of events one tick reads for a group at most; the rest waits for the next tick. */
const EVENT_PAGES_PER_TICK = 5;
const BACKOFF_CAP_MS = 30_000;

/** The last possible operation id of a ledger: everything after it is new. */
export const endOfLedger = (ledger: number) =>
  encodeToid({ ledger, txOrder: TX_ORDER_MAX, opIndex: OP_INDEX_MAX }).toString();

class Subscription {
  status: StreamStatus;
  constructor(
    readonly profile: NetworkProfile,
    public watched: WatchedAccount,
    private readonly sink: PaymentStreamSink,
  ) {
    this.status = { account: watched.account, networkId: profile.id, state: 'connecting' };
  }
  /** The first ledger not yet read for this account. */
  get nextLedger(): number | null {
    const token = this.watched.lastPagingToken;
    return token && /^\d{1,19}$/.test(token)
      ? decodeToid(token).ledger + (token === endOfLedger(decodeToid(token).ledger) ? 1 : 0)
      : null;
  }
  setStatus(status: Omit<StreamStatus, 'account' | 'networkId'>): void {
    const next = { account: this.watched.account, networkId: this.profile.id, ...status };
    if (JSON.stringify(next) === JSON.stringify(this.status)) return;
    this.status = next;
    this.sink.status(this.withToken());
  }
  withToken(): StreamStatus {
    const token = this.watched.lastPagingToken;
    return { ...this.status, ...(token ? { lastPagingToken: token } : {}) };
  }
  deliver(record: Operation): void {
    const token = this.watched.lastPagingToken;
    if (token && BigInt(record.pagingToken) <= BigInt(token)) return; // already given
    this.watched = { ...this.watched, lastPagingToken: record.pagingToken };
    this.sink.record(record, passesMinimum(record, this.watched.minAmounts, this.watched.account));
  }
  /** Everything up to the end of `ledger` was read for this account. */
  reached(ledger: number): void {
    const end = endOfLedger(ledger);
    const token = this.watched.lastPagingToken;
    if (token && BigInt(token) >= BigInt(end)) return;
    this.watched = { ...this.watched, lastPagingToken: end };
    this.sink.moved?.();
  }
}

/** One poller per server (per HTTP client): every watched account of it, one loop. */
class Poller {
  readonly subscriptions = new Set<Subscription>();
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private lastLatest = 0;
  private failures = 0;
  private contracts: AssetContracts | null = null;

  constructor(
    private readonly calls: RpcCalls,
    private readonly passphrase: Passphrase,
    /** How often it asks the latest ledger (POLL_MS; a test's own, shorter). */
    private readonly pollMs = POLL_MS,
  ) {}

  add(subscription: Subscription): void {
    this.subscriptions.add(subscription);
    this.lastLatest = 0; // a new account reads from where it stands at once
    this.schedule(0);
  }

  remove(subscription: Subscription): void {
    this.subscriptions.delete(subscription);
    if (this.subscriptions.size === 0 && this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
  }

  private schedule(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), ms);
    this.timer.unref?.();
  }

  private async tick(): Promise<void> {
    this.timer = null;
    if (this.running || this.subscriptions.size === 0) return;
    this.running = true;
    try {
      await this.poll();
      this.failures = 0;
    } catch (error) {
      this.failures++;
      const message = `Stellar RPC did not answer: ${(error as Error).message.slice(0, 200)}`;
      for (const subscription of this.subscriptions)
        subscription.setStatus({ state: 'reconnecting', attempt: this.failures, message });
    } finally {
      this.running = false;
    }
    if (this.subscriptions.size > 0)
      this.schedule(
        this.failures === 0 ? this.pollMs : Math.min(BACKOFF_CAP_MS, 2 * this.pollMs * 1.5 ** (this.failures - 1)),
      );
  }

  private async poll(): Promise<void> {
    const latest = (await this.calls.latestLedger({ timeoutMs: 10_000 })).sequence;
    const subscriptions = [...this.subscriptions];
    // A first start stands at the end of the latest ledger: what closes after it is new.
    for (const subscription of subscriptions) if (subscription.nextLedger === null) subscription.reached(latest);
    if (latest === this.lastLatest) {
      for (const subscription of subscriptions)
        if (subscription.status.state !== 'live') subscription.setStatus({ state: 'live' });
      return;
    }
    for (let i = 0; i < subscriptions.length; i += ACCOUNTS_PER_REQUEST)
      await this.readGroup(subscriptions.slice(i, i + ACCOUNTS_PER_REQUEST), latest);
    // Until every account has read to the latest ledger, the next tick reads on.
    if (subscriptions.every((s) => (s.nextLedger ?? latest + 1) > latest)) this.lastLatest = latest;
  }

  /** Reads a group's events from the earliest ledger any of them stands at, to `latest`. */
  private async readGroup(group: Subscription[], latest: number): Promise<void> {
    const waiting = group.filter((s) => (s.nextLedger ?? latest + 1) <= latest);
    if (waiting.length === 0) {
      for (const subscription of group) subscription.setStatus({ state: 'live' });
      return;
    }
    let from = Math.min(...waiting.map((s) => s.nextLedger!));
    const filters = waiting.map((s) => ({ type: 'contract', topics: accountTopics(s.watched.account) }));
    const hashes: string[] = [];
    let lastId = '';
    let cursor: string | undefined;
    // One getEvents page scans at most SCAN_LEDGERS ledgers: a group far behind catches up a range
    // a tick, never marking as read what was not scanned.
    let to = Math.min(latest, from + SCAN_LEDGERS - 1);
    let reachedTo = to;
    for (let page = 0; ; page++) {
      let answer;
      try {
        answer = await this.calls.events(
          {
            ...(cursor ? {} : { startLedger: from, endLedger: to + 1 }),
            filters,
            pagination: { limit: EVENTS_PAGE, ...(cursor ? { cursor } : {}) },
          },
          { timeoutMs: 15_000 },
        );
      } catch (error) {
        const window = error instanceof RpcCallError ? windowOfRefusal(error.rpcMessage) : null;
        if (!window || cursor || from >= window.oldest) throw error;
        // Stood before the window (stopped for longer than the server keeps): the ledgers between
        // are gone from it. Said, and read on from the oldest it keeps.
        for (const s of waiting)
          if ((s.nextLedger ?? 0) < window.oldest)
            s.setStatus({
              state: 'behind',
              message: `This server no longer keeps ledgers ${(s.nextLedger ?? 0).toLocaleString('en')} to ${(window.oldest - 1).toLocaleString('en')}: payments in them are not shown here.`,
            });
        from = window.oldest;
        to = Math.min(latest, from + SCAN_LEDGERS - 1);
        reachedTo = to;
        continue;
      }
      for (const record of answer.events) {
        if (record.id <= lastId)
          throw new CoreError(
            'bad_response',
            `the server repeated or reordered its events (at ${record.id.slice(0, 30)})`,
          );
        eventToid(record);
        lastId = record.id;
        if (!hashes.includes(record.txHash)) hashes.push(record.txHash);
      }
      if (answer.events.length < EVENTS_PAGE) break;
      if (page + 1 === EVENT_PAGES_PER_TICK) {
        // Bounded per tick: read on from here at the next one.
        reachedTo = readEventId(lastId).toid.ledger - 1;
        break;
      }
      if (!answer.cursor || answer.cursor === cursor)
        throw new CoreError('bad_response', 'the events cursor did not advance');
      cursor = answer.cursor;
    }
    const contracts = (this.contracts ??= new AssetContracts(await this.passphrase()));
    const transactions = (await readTransactions(this.calls, hashes)).sort(
      (a, b) => a.ledger - b.ledger || a.applicationOrder - b.applicationOrder,
    );
    for (const subscription of waiting) {
      const account = subscription.watched.account;
      for (const tx of transactions) {
        for (const record of rpcOperations(tx, contracts)) {
          const operation = normalizeOperation(record, { viewer: account, raw: null });
          if (!operation.successful || decodeToid(operation.id).ledger > reachedTo) continue;
          if (belongs({ kind: 'payments', account }, account, operation, record)) subscription.deliver(operation);
        }
      }
      subscription.reached(reachedTo);
      if (subscription.status.state !== 'behind' || reachedTo === latest) subscription.setStatus({ state: 'live' });
    }
  }
}

const pollers = new WeakMap<HttpClient, Poller>();

/** An account's payments on an RPC server, polled by the server's one poller. */
export function rpcPaymentStreams(
  profile: NetworkProfile,
  http: HttpClient,
  calls: RpcCalls,
  passphrase: Passphrase,
  pollMs = POLL_MS,
): PaymentStreams {
  return {
    mode: 'poll',
    open(watched, _options, sink) {
      let poller = pollers.get(http);
      if (!poller) pollers.set(http, (poller = new Poller(calls, passphrase, pollMs)));
      const subscription = new Subscription(profile, watched, sink);
      const owner = poller;
      return {
        start: () => {
          sink.status(subscription.withToken());
          owner.add(subscription);
        },
        stop: () => {
          owner.remove(subscription);
          subscription.setStatus({ state: 'stopped' });
        },
        get watched() {
          return subscription.watched;
        },
        set watched(next: WatchedAccount) {
          subscription.watched = next;
        },
        get status() {
          return subscription.withToken();
        },
      };
    },
  };
}
