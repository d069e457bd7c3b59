// The main thread's side of a page request sent by the index worker (worker-fetch.ts): an HTTP
// client transport (http.ts Transport) whose answer has the status and headers the worker saw,
// reads an unsuccessful body as text, and for a successful one resolves `held()` with the
// receipt of a page the worker keeps. So the client's gate, 429 waits, retries, timeout and
// problem documents work as for any request, and the page's bytes stay in the worker.
import { abortError, CoreError } from '../../app/errors';
import type { Transport } from '../../http/http';
import { readBody } from '../../http/http-body';
import type { Answer, Exchange } from '../../http/http-node';
import type { FetchEvent, FetchRequest } from '../worker-thread/worker-fetch';

/** A page the index worker holds: its request, its size, and the cursor the whole page names for the next (null: not a full page). */
export interface HeldPage {
  rid: number;
  length: number;
  guess: string | null;
}

export interface HeldAnswer extends Answer {
  /** The successful page, once whole, as the worker keeps it. */
  held(): Promise<HeldPage>;
}

/** The reader of a successful answer through the worker (HttpClient.getWith): the held page's receipt, a broken connection reported as for any body. */
export function readHeld(answer: HeldAnswer, signal: AbortSignal | undefined): Promise<HeldPage> {
  return readBody(() => answer.held(), signal);
}

/** What the transport needs of the worker (client.ts HistoryWorker). */
export interface FetchChannel {
  /** Sends a request; `listener` is told its events until the last (held, text or error). */
  fetch(request: Omit<FetchRequest, 'rid'>, listener: (event: FetchEvent) => void): number;
  /** Stops a request and lets its page go (nothing if it is gone already). */
  drop(rid: number): void;
}

/** A transport through the worker; `onEarly` is told the next page's cursor as soon as the worker reads it. */
export function workerTransport(channel: FetchChannel, onEarly?: (cursor: string) => void): Transport<HeldAnswer> {
  return (url: URL, exchange: Exchange, signal: AbortSignal) => {
    if (exchange.method !== 'GET' || exchange.body !== undefined)
      return Promise.reject(new CoreError('invalid_input', 'The index worker sends GET requests only.'));
    if (signal.aborted) return Promise.reject(abortError());
    return new Promise<HeldAnswer>((resolve, reject) => {
      const body = deferred<{ text: string } | HeldPage>();
      let answered = false;
      const fail = (error: Error) => (answered ? body.reject(error) : reject(error));
      const onAbort = () => {
        channel.drop(rid);
        fail(abortError());
      };
      const rid = channel.fetch({ url: url.href, headers: exchange.headers, early: onEarly !== undefined }, (event) => {
        if (event.event === 'early') return onEarly?.(event.cursor);
        if (event.event === 'head') {
          answered = true;
          return resolve(answerOf(event, body.promise));
        }
        signal.removeEventListener('abort', onAbort);
        if (event.event === 'error') fail(errorOf(event));
        else
          body.resolve(
            event.event === 'text' ? { text: event.text } : { rid, length: event.length, guess: event.guess },
          );
      });
      signal.addEventListener('abort', onAbort, { once: true });
    });
  };
}

function answerOf(
  head: Extract<FetchEvent, { event: 'head' }>,
  body: Promise<{ text: string } | HeldPage>,
): HeldAnswer {
  const ok = head.status >= 200 && head.status < 300;
  // Not awaited when the caller stops reading (a retry, a timeout): its failure is handled there.
  body.catch(() => undefined);
  return {
    status: head.status,
    ok,
    headers: new Headers(head.headers),
    text: async () => {
      const read = await body;
      if (!('text' in read)) throw new CoreError('internal', 'A page the index worker holds is not read as text.');
      return read.text;
    },
    arrayBuffer: () =>
      Promise.reject(new CoreError('internal', 'A page the index worker holds stays there; ask for held().')),
    held: async () => {
      const read = await body;
      if ('text' in read) throw new CoreError('internal', 'An unsuccessful answer holds no page.');
      return read;
    },
  };
}

/** The worker's error as the transport's own would be: a CoreError stays one, a socket error keeps its code. */
function errorOf(event: Extract<FetchEvent, { event: 'error' }>): Error {
  if (event.coreCode) return new CoreError(event.coreCode, event.message);
  return Object.assign(new Error(event.message), event.code ? { code: event.code } : {});
}

function deferred<T>(): { promise: Promise<T>; resolve(value: T): void; reject(error: Error): void } {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((yes, no) => ((resolve = yes), (reject = no)));
  return { promise, resolve, reject };
}
