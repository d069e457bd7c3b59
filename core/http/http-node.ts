// The HTTP client's transport: node:http and node:https with keep-alive agents shared by every
// client of the process. `fetch` (undici) moves a body through web streams; a sync reads pages of
// 400 kB back to back, and that costs the main thread about 2 ms of CPU a page more than reading
// the same bytes here, most of it in garbage collection (docs/benchmarks.md). An answer is the
// part of a fetch Response the client reads (status, headers, text, bytes), so the client works
// the same on either. Bodies are bounded, compressed ones are inflated off the main thread and
// bounded again, redirects are followed within the server's origin only, at most five, and a GET whose kept-alive connection the
// server had closed is sent again. An event stream's body is handed over as it arrives
// (requestStream), on the same agents.
import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import { brotliDecompress, gunzip, inflate, type InputType, type ZlibOptions } from 'node:zlib';
import { CoreError } from '../app/errors';
import { BodyBuffer, CLOSED_EARLY, declaredLength, exact } from './body-buffer';
import { watchHead, type OnProgress } from './http-head';

/** The largest body read, compressed or not. */
export const MAX_BODY_BYTES = 64 * 1024 * 1024;
const MAX_REDIRECTS = 5;
/** Idle connections close after this long, before a server's own keep-alive timeout (often 5 s) does. */
const IDLE_MS = 4_000;

export interface Answer {
  status: number;
  ok: boolean;
  headers: Headers;
  text(): Promise<string>;
  /**
   * The body; `onProgress` is told its decoded start while the rest arrives (http-head.ts). A
   * `limit` smaller than MAX_BODY_BYTES refuses a longer body (sent or decoded) with its sentence.
   */
  arrayBuffer(onProgress?: OnProgress, limit?: BodyLimit): Promise<ArrayBuffer>;
}

/** A caller's own bound on a body: its bytes and the sentence that refuses a longer one. */
export interface BodyLimit {
  bytes: number;
  message: string;
}

export interface Exchange {
  /** HEAD: an answer's head only (a lake object's size); its body is empty. */
  method: 'GET' | 'POST' | 'HEAD';
  headers: Record<string, string>;
  body?: string;
}

const agents = {
  'http:': new http.Agent({ keepAlive: true, timeout: IDLE_MS }),
  'https:': new https.Agent({ keepAlive: true, timeout: IDLE_MS }),
};

type Inflate = (
  buffer: InputType,
  options: ZlibOptions,
  callback: (error: Error | null, result: Buffer) => void,
) => void;
const INFLATE: Record<string, Inflate> = {
  gzip: gunzip,
  'x-gzip': gunzip,
  deflate: inflate,
  br: brotliDecompress as Inflate,
};

/** An answer whose body is read as it arrives (an event stream): `body` is its unread bytes, undecoded. */
export interface StreamAnswer extends Answer {
  readonly body: Readable;
}

/** Sends one request (following up to five redirects within its origin; others are refused) and resolves once its status and headers are in. */
export async function request(url: URL, exchange: Exchange, signal: AbortSignal): Promise<Answer> {
  return answerOf(await follow(url, exchange, signal), signal, exchange.method === 'HEAD');
}

/**
 * The same for a body read as it arrives, on the same agents: an event stream. It asks for the
 * body as it is (`accept-encoding: identity`); a caller that reads `body` must not call text().
 */
export async function requestStream(url: URL, exchange: Exchange, signal: AbortSignal): Promise<StreamAnswer> {
  const response = await follow(
    url,
    { ...exchange, headers: { ...exchange.headers, 'accept-encoding': 'identity' } },
    signal,
  );
  return { ...answerOf(response, signal), body: response };
}

async function follow(url: URL, exchange: Exchange, signal: AbortSignal): Promise<http.IncomingMessage> {
  let target = url;
  let current = exchange;
  for (let redirects = 0; ; redirects++) {
    const response = await send(target, current, signal);
    const location = response.headers.location;
    if (!location || !isRedirect(response.statusCode)) return response;
    response.resume();
    // A redirect is followed only within the server's origin (scheme, host and port), at most
    // MAX_REDIRECTS times: another server's answer is not the account's (#37.6).
    if (redirects >= MAX_REDIRECTS)
      throw new CoreError(
        'bad_response',
        `${url.origin} redirected ${url.pathname} more than ${MAX_REDIRECTS} times; the answer was not read.`,
      );
    let next: URL;
    try {
      next = new URL(location, target);
    } catch {
      throw new CoreError(
        'bad_response',
        `${url.origin} redirected ${url.pathname} to ${JSON.stringify(location.slice(0, 80))}, which is not a URL; the answer was not read.`,
      );
    }
    if (next.origin !== url.origin)
      throw new CoreError(
        'bad_response',
        `${url.origin} redirected ${url.pathname} to ${next.origin}, another server; the answer was not read.`,
      );
    target = next;
    // 303 (and 301/302 after a POST, as browsers do) turn into a GET without a body.
    if (
      response.statusCode === 303 ||
      (current.method === 'POST' && response.statusCode !== 307 && response.statusCode !== 308)
    ) {
      current = { method: 'GET', headers: withoutBody(current.headers) };
    }
  }
}

const isRedirect = (status: number | undefined) =>
  status === 301 || status === 302 || status === 303 || status === 307 || status === 308;

function withoutBody(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'content-type'));
}

/** Kept-alive connections tried before a new one: each that turns out closed leaves the pool. */
const STALE_TRIES = 16;

function send(url: URL, exchange: Exchange, signal: AbortSignal, tries = STALE_TRIES): Promise<http.IncomingMessage> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return Promise.reject(
      new CoreError('invalid_input', `Only http and https URLs can be fetched, not ${url.protocol}`),
    );
  const module = url.protocol === 'https:' ? https : http;
  const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br', ...exchange.headers };
  if (exchange.body !== undefined) headers['content-length'] = String(Buffer.byteLength(exchange.body));
  return new Promise((resolve, reject) => {
    const outgoing = module.request(
      url,
      { method: exchange.method, headers, agent: agents[url.protocol as 'http:' | 'https:'], signal },
      resolve,
    );
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      // A kept-alive connection the server had closed: the GET goes again (on the next kept-alive
      // one, and at the latest on a new one). A POST is never sent twice.
      const stale = outgoing.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE');
      if (stale && tries > 0 && exchange.method !== 'POST' && !signal.aborted)
        send(url, exchange, signal, tries - 1).then(resolve, reject);
      else reject(error);
    });
    outgoing.end(exchange.body);
  });
}

function answerOf(response: http.IncomingMessage, signal: AbortSignal, head = false): Answer {
  const status = response.statusCode ?? 0;
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  let body: Promise<Uint8Array> | null = null;
  const bytes = (onProgress?: OnProgress, limit?: BodyLimit) => {
    // Refused before a byte is read when the server says its length (#37.8).
    const declared = Number(headers.get('content-length') ?? NaN);
    if (limit && !headers.get('content-encoding') && declared > limit.bytes) {
      response.destroy();
      return Promise.reject(new CoreError('too_large', limit.message));
    }
    return (body ??= readBody(response, headers.get('content-encoding'), signal, head, onProgress, limit));
  };
  return {
    status,
    ok: status >= 200 && status < 300,
    headers,
    text: async () => {
      const body = await bytes();
      // A view, not a copy.
      return Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8');
    },
    // The body's own buffer, exactly its length, so it can move to a worker whole.
    arrayBuffer: async (onProgress, limit) => exact(await bytes(onProgress, limit)).buffer as ArrayBuffer,
  };
}

function readBody(
  response: http.IncomingMessage,
  encoding: string | null,
  signal: AbortSignal,
  head: boolean,
  onProgress?: OnProgress,
  limit?: BodyLimit,
): Promise<Uint8Array> {
  const most = Math.min(limit?.bytes ?? MAX_BODY_BYTES, MAX_BODY_BYTES);
  const tooLong = () => (limit && most === limit.bytes ? new CoreError('too_large', limit.message) : tooLarge());
  // A body as sent (no encoding) of a declared length is read into one buffer of that length (an
  // answer to HEAD, a 204 or a 304 declares a length it does not send).
  const bodiless = head || response.statusCode === 204 || response.statusCode === 304;
  const declared = encoding || bodiless ? null : declaredLength(response.headers['content-length']);
  const body = new BodyBuffer(declared, most, tooLong);
  const watch = onProgress && watchHead(encoding, onProgress);
  if (watch) response.once('close', watch.close);
  return new Promise<Uint8Array>((resolve, reject) => {
    const refused = body.refused();
    if (refused) {
      response.destroy();
      return reject(refused);
    }
    response.on('data', (chunk: Buffer) => {
      const over = body.push(chunk);
      if (over) {
        reject(over);
        response.destroy();
        return;
      }
      watch?.feed(chunk);
    });
    response.on('error', reject);
    response.on('aborted', () => reject(new Error(CLOSED_EARLY)));
    response.on('end', () => {
      const raw = body.end();
      if (raw instanceof Error) return reject(raw);
      const inflater = encoding ? INFLATE[encoding.trim().toLowerCase()] : undefined;
      if (!inflater || raw.length === 0) return resolve(raw);
      if (signal.aborted) return reject(signal.reason);
      inflater(raw, { maxOutputLength: most }, (error, result) => {
        if (!error) return resolve(result);
        reject(
          (error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE'
            ? tooLong()
            : new Error(`the ${encoding} body could not be decoded: ${error.message}`),
        );
      });
    });
  });
}

/**
 * A signal that aborts when the caller's does or when `ms` have passed; clear() ends both links.
 * (AbortSignal.timeout and AbortSignal.any per request kept a timer and a dependent signal alive
 * per page and cost a sync measurable collection time.)
 */
export class Deadline {
  private readonly controller = new AbortController();
  private readonly timer: ReturnType<typeof setTimeout>;
  expired = false;

  constructor(
    ms: number,
    private readonly outer: AbortSignal | undefined,
  ) {
    this.timer = setTimeout(() => {
      this.expired = true;
      this.controller.abort(new DOMException('The request timed out.', 'TimeoutError'));
    }, ms);
    if (outer?.aborted) this.controller.abort(outer.reason);
    else outer?.addEventListener('abort', this.onAbort, { once: true });
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  clear(): void {
    clearTimeout(this.timer);
    this.outer?.removeEventListener('abort', this.onAbort);
  }

  private readonly onAbort = () => this.controller.abort(this.outer?.reason);
}

const tooLarge = () => new CoreError('too_large', 'The server sent a response too large to read.');
