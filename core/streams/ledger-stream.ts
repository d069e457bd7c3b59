// The network's ledgers as they close, for the explore home: one SSE connection to `/ledgers`
// (from now) on the selected network, each ledger relayed as a `ledger:closed` event. It runs
// only once someone asked for the latest ledgers, follows the network selection, and reconnects
// with backoff from the last ledger it saw; while it is down the renderer's poll still works. The
// stream goes through the network's HTTP client (sse.ts), so a 429 holds it like any request.
import type { NetworkProfile } from '../../shared/ipc';
import { parseJson } from '../../shared/json';
import { exponentialDelay, sleep } from '../http/backoff';
import type { Emit } from '../app/dispatch';
import type { HttpClient } from '../http/http';
import { normalizeLedger } from '../sources/horizon/resources';
import { readSse, type SseEvent } from '../sources/horizon/sse';

export class LedgerStream {
  /** Aborts the current connection (null while none runs). */
  private connection: AbortController | null = null;
  private profile: NetworkProfile | null = null;
  private lastToken = 'now';
  /** The last ledger pushed: a repeated or older one is not pushed again. */
  private lastSequence = 0;
  private attempt = 0;
  private wait: AbortController | null = null;
  private closed = false;

  constructor(
    private readonly emit: Emit,
    /** The HTTP client of a profile's server (the core's, one per base URL). */
    private readonly clientFor: (profile: NetworkProfile) => HttpClient,
    private readonly options: { backoffBaseMs?: number; backoffCapMs?: number } = {},
  ) {}

  /** Follows this network's ledgers (a no-op when it already does). */
  follow(profile: NetworkProfile): void {
    if (this.closed || (this.profile?.id === profile.id && this.profile.baseUrl === profile.baseUrl)) return;
    this.disconnect();
    this.profile = profile;
    this.lastToken = 'now';
    this.lastSequence = 0;
    this.attempt = 0;
    this.connect();
  }

  private connect(): void {
    const profile = this.profile;
    if (!profile || this.closed) return;
    const http = this.clientFor(profile);
    const connection = (this.connection = new AbortController());
    const retry = () => connection === this.connection && this.reconnect();
    const event = (event: SseEvent) => {
      // An aborted connection's late event is not this stream's.
      if (connection !== this.connection) return;
      if (event.type === 'close') return retry();
      this.attempt = 0; // the preamble or a ledger: the connection works
      if (event.type !== 'message') return;
      try {
        const { raw: _raw, hash: _hash, ...ledger } = normalizeLedger(parseJson(event.data));
        if (event.lastEventId) this.lastToken = event.lastEventId;
        // Ledgers only go forward: one the stream repeats (a resumed connection, a server that
        // sends it twice) is not pushed again.
        if (ledger.sequence <= this.lastSequence) return;
        this.lastSequence = ledger.sequence;
        this.emit('ledger:closed', { networkId: profile.id, ledger });
      } catch {
        // "hello" frames and anything that is not a ledger
      }
    };
    void readSse(http, http.resolve('ledgers', { cursor: this.lastToken }), { event, end: retry }, connection.signal);
  }

  private reconnect(): void {
    this.connection?.abort();
    this.connection = null;
    this.wait?.abort();
    const wait = (this.wait = new AbortController());
    this.attempt += 1;
    const delay = exponentialDelay(
      { initialMs: this.options.backoffBaseMs ?? 1_000, factor: 1.5, capMs: this.options.backoffCapMs ?? 30_000 },
      this.attempt,
    );
    sleep(delay, wait.signal).then(
      () => this.connect(),
      () => undefined, // replaced or closed
    );
  }

  private disconnect(): void {
    this.wait?.abort();
    this.connection?.abort();
    this.connection = null;
  }

  close(): void {
    this.closed = true;
    this.disconnect();
  }
}
