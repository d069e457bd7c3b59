// The index worker's side of a sync's page requests. The worker sends them itself (http-node.ts,
// with keep-alive agents of its own) and keeps each successful page's bytes until the walk asks
// for them to be written (`ingestHeld`) or lets them go: a page never crosses to the main thread,
// whose large heap paid for every page's buffers in collections (docs/benchmarks.md). The main
// thread keeps what decides: the HTTP client's gate, retries, timeout and errors, and the walk
// (worker-transport.ts). It is told a request's status and headers, the cursor of a page's `next`
// link once enough of the page has arrived (walk-cursor.ts earlyNext), and when a page is whole,
// with the cursor the whole page names (nextOfFullPage); an unsuccessful body comes back as text.
import { CoreError } from '../../errors';
import { request } from '../../http-node';
import { earlyNext, nextOfFullPage } from '../walk-cursor';

export interface FetchRequest {
  rid: number;
  url: string;
  headers: Record<string, string>;
  /** Report the cursor of the page's `next` link as soon as enough of it has come. */
  early: boolean;
}

/** What became of a request, in order: head, then early (at most once, before held), then held or text; or error. */
export type FetchEvent =
  | { rid: number; event: 'head'; status: number; headers: [string, string][] }
  | { rid: number; event: 'early'; cursor: string }
  | { rid: number; event: 'held'; length: number; guess: string | null }
  | { rid: number; event: 'text'; text: string }
  | { rid: number; event: 'error'; message: string; coreCode?: CoreError['code']; code?: string };

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
    // Told once the chunks that have come are read: a page that is whole by then (on a local
    // network most are) is told below, only if it is full, so a short last page asks for nothing.
    const onEarly = (cursor: string) => setImmediate(() => whole || tell(cursor));
    const bytes = new Uint8Array(await answer.arrayBuffer(early ? earlyNext(onEarly) : undefined));
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

function errorEvent(rid: number, error: unknown): FetchEvent {
  const { message, code } = error as { message?: unknown; code?: unknown };
  const text = typeof message === 'string' ? message.slice(0, 500) : String(error);
  if (error instanceof CoreError) return { rid, event: 'error', message: text, coreCode: error.code };
  return { rid, event: 'error', message: text, ...(typeof code === 'string' ? { code } : {}) };
}
