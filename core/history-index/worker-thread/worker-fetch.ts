// The index worker's side of a sync's page requests. The worker sends them itself (http-node.ts,
// with keep-alive agents of its own) and keeps each successful page's bytes until the walk asks
// for them to be written (`ingestHeld`) or lets them go: a page never crosses to the main thread,
// whose large heap paid for every page's buffers in collections (docs/benchmarks.md). The main
// thread keeps what decides: the HTTP client's gate, retries, timeout and errors, and the walk
// (worker-transport.ts). It is told a request's status and headers, the cursor of the next page as
// soon as this one is known to be full (whole, nextOfFullPage) or has stalled with its `next` link
// in hand (EARLY_STALL_MS), and when a page is whole; an unsuccessful body comes back as text.
import { CoreError } from '../../app/errors';
import { request } from '../../http/http-node';
import type { OnProgress } from '../../http/http-head';
import type { FetchEvent, FetchRequest } from '../protocol';
import { earlyNext, nextOfFullPage, PAGE_LIMIT } from '../walk-cursor';

export type { FetchEvent, FetchRequest } from '../protocol';

/**
 * How long a page whose start named the next cursor must have stopped arriving before that cursor
 * is told. A page that keeps coming is told once whole, and only if it is full (nextOfFullPage),
 * so a short last page sets off no request past the end of the history: nothing in a page's first
 * bytes says whether it is full, and a page of 700 KB from the local service on this machine comes
 * in a dozen reads over 10 to 30 ms. A page stalled this long waits on the link (a lost segment
 * waits at least TCP's 200 ms retransmission timeout) or on the server, and the next request,
 * travelling meanwhile, hides that wait: it may then be one request past the end, if the stalled
 * page turns out short.
 */
export const EARLY_STALL_MS = 200;

/**
 * The largest page of an account's history read (#37.8): 200 records, each with its transaction
 * (an envelope of at most 132 KB of XDR, 176 KB as base64, and its result), fit in 40 MiB; a larger
 * page is refused by this limit, as it arrives and before any of it is parsed (a 50 MB page of one
 * token repeated read as "the cursor went backwards").
 */
export const MAX_PAGE_BYTES = 40 * 1024 * 1024;

const PAGE_TOO_LARGE = `A page of the account's history is larger than ${MAX_PAGE_BYTES / 1024 / 1024} MiB, the most a page of ${PAGE_LIMIT} records with their transactions takes; it was not read.`;

/** Pages kept at most: a walk holds two (the page it writes, the one fetched early); more is a leak, dropped oldest first. */
export const MAX_HELD = 8;

export class WorkerFetches {
  private readonly running = new Map<number, AbortController>();
  private readonly held = new Map<number, Uint8Array>();

  constructor(private readonly post: (event: FetchEvent) => void) {}

  start(fetch: FetchRequest): void {
    const controller = new AbortController();
    this.running.set(fetch.rid, controller);
    this.run(fetch, controller.signal)
      .catch((error: unknown) => controller.signal.aborted || this.post(errorEvent(fetch.rid, error)))
      .finally(() => this.running.delete(fetch.rid));
  }

  /** A held page's bytes, which leave the worker's keeping. */
  take(rid: number): Uint8Array {
    const bytes = this.held.get(rid);
    if (!bytes)
      throw new CoreError('invalid_input', `No page is held under request ${rid}: it was released, or never arrived.`);
    this.held.delete(rid);
    return bytes;
  }

  /** Stops a request still running and lets its page go. */
  drop(rid: number): void {
    this.running.get(rid)?.abort();
    this.running.delete(rid);
    this.held.delete(rid);
  }

  /** Stops every request and lets every page go (the worker is closing). */
  dropAll(): void {
    for (const rid of [...this.running.keys(), ...this.held.keys()]) this.drop(rid);
  }

  get heldCount(): number {
    return this.held.size;
  }

  private async run({ rid, url, headers, early }: FetchRequest, signal: AbortSignal): Promise<void> {
    const answer = await request(new URL(url), { method: 'GET', headers }, signal);
    const pairs: [string, string][] = [];
    answer.headers.forEach((value, name) => pairs.push([name, value]));
    this.post({ rid, event: 'head', status: answer.status, headers: pairs });
    if (!answer.ok) {
      this.post({ rid, event: 'text', text: await answer.text() });
      return;
    }
    let [whole, told] = [false, false];
    const tell = (cursor: string) => {
      if (told || signal.aborted) return;
      told = true;
      this.post({ rid, event: 'early', cursor });
    };
    // Told early only if the page stalls after its start named the cursor (EARLY_STALL_MS).
    const bytes = new Uint8Array(
      await answer.arrayBuffer(early ? stalled(() => whole, tell) : undefined, {
        bytes: MAX_PAGE_BYTES,
        message: PAGE_TOO_LARGE,
      }),
    );
    whole = true;
    if (signal.aborted) return;
    this.hold(rid, bytes);
    const guess = nextOfFullPage(bytes);
    // Before `held`: the next request is then sent before this page is written, not after.
    if (early && guess !== null) tell(guess);
    this.post({ rid, event: 'held', length: bytes.length, guess });
  }

  private hold(rid: number, bytes: Uint8Array): void {
    this.held.set(rid, bytes);
    for (const oldest of this.held.keys()) {
      if (this.held.size <= MAX_HELD) break;
      this.held.delete(oldest);
    }
  }
}

/**
 * Watches a page as it arrives: once its start has named the next cursor (earlyNext), that cursor
 * is told if no more of the page comes for EARLY_STALL_MS before it is whole.
 */
function stalled(whole: () => boolean, tell: (cursor: string) => void): OnProgress {
  let named: string | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const watch = earlyNext((cursor) => (named = cursor));
  return (head, received) => {
    watch(head, received);
    if (named === null) return;
    if (timer) timer.refresh();
    else timer = setTimeout(() => whole() || tell(named!), EARLY_STALL_MS).unref();
  };
}

function errorEvent(rid: number, error: unknown): FetchEvent {
  const { message, code } = error as { message?: unknown; code?: unknown };
  const text = typeof message === 'string' ? message.slice(0, 500) : String(error);
  if (error instanceof CoreError) return { rid, event: 'error', message: text, coreCode: error.code };
  return { rid, event: 'error', message: text, ...(typeof code === 'string' ? { code } : {}) };
}
