// The main thread's side of the lake's fetch worker (fetch-worker.ts): an HTTP client transport
// (http.ts Transport) whose requests that worker sends, so the core's client keeps its gate, 429
// waits, retries and timeouts as for any request, while the sockets' chunks and each body's
// buffer are made and let go on that thread. A successful body arrives whole, its buffer moved
// here without a copy (and on to a scan worker the same way). One worker for the process, started
// on the first request; it does not keep the process alive while nothing is asked of it.
import { Worker } from 'node:worker_threads';
import { abortError, CoreError } from '../../app/errors';
import type { Transport } from '../../http/http';
import type { Answer, BodyLimit, Exchange } from '../../http/http-node';
import type { IpcErrorCode } from '../../../shared/ipc';
import type { FetchAsked, FetchTold } from './fetch-protocol';

/** The worker's heap: it holds no more than the answers in flight; a small young generation has their garbage collected soon. */
const LIMITS = { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 4 };

function workerUrl(): { url: URL; execArgv: string[] } {
  return import.meta.url.endsWith('.ts')
    ? { url: new URL('./fetch-worker.ts', import.meta.url), execArgv: ['--import', 'tsx'] }
    : { url: new URL('./lake-fetch-worker.mjs', import.meta.url), execArgv: [] };
}

type Listener = (told: FetchTold) => void;

let worker: Worker | null = null;
const listeners = new Map<number, Listener>();
let nextRid = 1;

function started(): Worker {
  if (worker) return worker;
  const { url, execArgv } = workerUrl();
  const started = new Worker(url, { execArgv, resourceLimits: LIMITS });
  started.unref();
  started.on('message', (told: FetchTold) => listeners.get(told.rid)?.(told));
  const stop = (why: string) => {
    if (worker === started) worker = null;
    for (const [rid, listener] of [...listeners]) listener({ rid, event: 'error', message: why, core: false });
  };
  started.on('error', (error) => stop(`the lake's fetch thread stopped (${error.message})`));
  started.on('exit', () => stop("the lake's fetch thread stopped"));
  return (worker = started);
}

function ask(asked: FetchAsked, listener?: Listener): void {
  // A request dropped after the thread stopped is gone with it: no thread is started to drop it.
  if (!listener && !worker) return void listeners.delete(asked.rid);
  const thread = started();
  if (listener) {
    listeners.set(asked.rid, listener);
    // Kept alive while a request is in flight: the caller awaits it.
    if (listeners.size === 1) thread.ref();
  } else if (listeners.delete(asked.rid) && listeners.size === 0) thread.unref();
  thread.postMessage(asked);
}

function done(rid: number): void {
  if (listeners.delete(rid) && listeners.size === 0) worker?.unref();
}

/** The error the worker's transport failed with, as it was: a CoreError of its code, else an Error with its code. */
function errorOf(told: Extract<FetchTold, { event: 'error' }>): Error {
  if (told.core) return new CoreError(told.code as IpcErrorCode, told.message);
  return Object.assign(new Error(told.message), told.code === undefined ? {} : { code: told.code });
}

/**
 * A transport through the fetch worker for GETs whose successful body is read within `limit`
 * (bytes, and the sentence refusing more). Its answer's body is the worker's: arrayBuffer() the
 * successful body moved here, text() an unsuccessful one.
 */
export function fetchTransport(limit: BodyLimit): Transport<Answer> {
  return (url: URL, exchange: Exchange, signal: AbortSignal) => {
    if (exchange.method !== 'GET' || exchange.body !== undefined)
      return Promise.reject(new CoreError('invalid_input', "The lake's fetch thread sends GET requests only."));
    if (signal.aborted) return Promise.reject(abortError());
    const rid = nextRid++;
    return new Promise<Answer>((resolve, reject) => {
      let settleBody: ((body: ArrayBuffer | string) => void) | null = null;
      let failBody: ((error: Error) => void) | null = null;
      const body = new Promise<ArrayBuffer | string>((yes, no) => ([settleBody, failBody] = [yes, no]));
      // Not awaited when the caller stops reading (a retry, a timeout): its failure is handled there.
      body.catch(() => undefined);
      let answered = false;
      const fail = (error: Error) => (answered ? failBody!(error) : reject(error));
      const onAbort = () => {
        ask({ kind: 'drop', rid });
        fail(abortError());
      };
      signal.addEventListener('abort', onAbort, { once: true });
      ask({ kind: 'get', rid, url: url.href, headers: exchange.headers, limit }, (told) => {
        if (told.event === 'head') {
          answered = true;
          return resolve(answerOf(told, body));
        }
        done(rid);
        signal.removeEventListener('abort', onAbort);
        if (told.event === 'error') fail(errorOf(told));
        else settleBody!(told.event === 'body' ? told.bytes : told.text);
      });
    });
  };
}

function answerOf(head: Extract<FetchTold, { event: 'head' }>, body: Promise<ArrayBuffer | string>): Answer {
  return {
    status: head.status,
    ok: head.status >= 200 && head.status < 300,
    headers: new Headers(head.headers),
    text: async () => {
      const read = await body;
      return typeof read === 'string' ? read : Buffer.from(read).toString('utf8');
    },
    arrayBuffer: async () => {
      const read = await body;
      return typeof read === 'string' ? (new TextEncoder().encode(read).buffer as ArrayBuffer) : read;
    },
  };
}
