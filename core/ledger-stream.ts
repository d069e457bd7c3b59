// The network's ledgers as they close, for the explore home: one SSE connection to `/ledgers`
// (from now) on the selected network, each ledger relayed as a `ledger:closed` event. It runs
// only once someone asked for the latest ledgers, follows the network selection, and reconnects
// with backoff from the last ledger it saw; while it is down the renderer's poll still works.
import { EventSource } from 'eventsource';
import type { NetworkProfile } from '../shared/ipc';
import { parseJson } from '../shared/json';
import { exponentialDelay, sleep } from './backoff';
import type { Emit } from './dispatch';
import { normalizeLedger } from './resources';

export class LedgerStream {
  private source: EventSource | null = null;
  private profile: NetworkProfile | null = null;
  private lastToken = 'now';
  private attempt = 0;
  private wait: AbortController | null = null;
  private closed = false;

  constructor(
    private readonly emit: Emit,
    private readonly options: { backoffBaseMs?: number; backoffCapMs?: number } = {},
  ) {}

  /** Follows this network's ledgers (a no-op when it already does). */
  follow(profile: NetworkProfile): void {
    if (this.closed || (this.profile?.id === profile.id && this.profile.baseUrl === profile.baseUrl)) return;
    this.disconnect();
    this.profile = profile;
    this.lastToken = 'now';
    this.attempt = 0;
    this.connect();
  }

  private connect(): void {
    const profile = this.profile;
    if (!profile || this.closed) return;
    const base = profile.baseUrl.endsWith('/') ? profile.baseUrl : `${profile.baseUrl}/`;
    const url = new URL('ledgers', base);
    url.searchParams.set('cursor', this.lastToken);
    const source = new EventSource(url);
    this.source = source;
    source.addEventListener('open', () => (this.attempt = 0));
    source.addEventListener('message', (event) => {
      if (source !== this.source) return;
      try {
        const { raw: _raw, hash: _hash, ...ledger } = normalizeLedger(parseJson(event.data));
        if (event.lastEventId) this.lastToken = event.lastEventId;
        this.emit('ledger:closed', { networkId: profile.id, ledger });
      } catch {
        // "hello" frames and anything that is not a ledger
      }
    });
    const retry = () => source === this.source && this.reconnect();
    source.addEventListener('error', retry);
    source.addEventListener('close', retry);
  }

  private reconnect(): void {
    this.source?.close();
    this.source = null;
    this.wait?.abort();
    const wait = (this.wait = new AbortController());
    this.attempt += 1;
    const delay = exponentialDelay({ initialMs: this.options.backoffBaseMs ?? 1_000, factor: 1.5, capMs: this.options.backoffCapMs ?? 30_000 }, this.attempt);
    sleep(delay, wait.signal).then(
      () => this.connect(),
      () => undefined, // replaced or closed
    );
  }

  private disconnect(): void {
    this.wait?.abort();
    this.source?.close();
    this.source = null;
  }

  close(): void {
    this.closed = true;
    this.disconnect();
  }
}
