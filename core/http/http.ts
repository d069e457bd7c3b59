// The HTTP client every request of the core goes through: listings, resources, submissions, the
// health reading, a stream's start and its event stream (sse.ts). It parses JSON losslessly,
// resolves relative and absolute hrefs and RFC 6570 templates against the base URL, turns
// problem documents into typed errors a person can act on, and honours 429 with Retry-After and
// backoff through one gate per client, so a burst of callers waits together instead of retrying
// in a storm.
import type { JsonValue } from '../../shared/json';
import { backoffDelay, jitter, sleep, type BackoffPolicy } from './backoff';
import { readBytes, readText } from './http-body';
import type { OnProgress } from './http-head';
import { Deadline, request, requestStream, type Answer, type Exchange, type StreamAnswer } from './http-node';
import { HttpError, parseBody, problemError, transportError } from './http-problem';
import { resolveHref, type Params } from './http-href';
import {
  parseRetryAfter,
  rateLimitInfo,
  rateLimitWait,
  type OnWait,
  type RateLimitInfo,
  type RateLimitWait,
} from './rate-limit';

export { HttpError } from './http-problem';
export { parseRetryAfter, type OnWait, type RateLimitInfo, type WaitReason } from './rate-limit';
export type { Params } from './http-href';

export interface HttpClientOptions {
  timeoutMs?: number;
  /** Attempts after a 429/503 before giving up (each waits Retry-After or a growing backoff). */
  maxRetries?: number;
  /** Longest single wait the client accepts (default 300 s); a longer one fails at once with a clear error. */
  maxWaitMs?: number;
  /** Called before every wait caused by a 429/503, for progress reports. */
  onWait?: OnWait;
  /** Called when a 429 closes the gate: until when (epoch ms) and why; the core emits it as `network:rate-limit`. */
  onRateLimit?: (until: number, wait: RateLimitWait) => void;
}

export interface RequestOptions {
  signal?: AbortSignal;
  params?: Record<string, string | number | boolean | undefined>;
  /** Per-request timeout override. */
  timeoutMs?: number;
  onWait?: OnWait;
  /** getBytes: told the decoded start of a successful body while the rest arrives (http-head.ts). */
  onProgress?: OnProgress;
}

/** What sends a request and resolves with its status and headers (http-node.ts `request`, or the index worker's: worker-fetch.ts). */
export type Transport<A extends Answer = Answer> = (url: URL, exchange: Exchange, signal: AbortSignal) => Promise<A>;

/** How a caller reads a successful answer's body, within the request's deadline. */
export type ReadBody<A extends Answer, T> = (answer: A, signal: AbortSignal | undefined) => Promise<T>;

export interface JsonResponse {
  status: number;
  body: JsonValue;
  /** The body's text as received. */
  text: string;
  headers: Headers;
  latencyMs: number;
}

export interface BytesResponse extends Omit<JsonResponse, 'body' | 'text'> {
  bytes: Uint8Array;
}

const GET_JSON: Exchange = { method: 'GET', headers: { accept: 'application/hal+json, application/json' } };
const GET_STREAM: Exchange = { method: 'GET', headers: { accept: 'text/event-stream', 'cache-control': 'no-cache' } };

/** Waits between 429/503 retries: 0.5 s doubling up to 30 s, plus up to 0.1 s of jitter. */
export const HTTP_BACKOFF: BackoffPolicy = { initialMs: 500, factor: 2, capMs: 30_000, jitterMs: 100 };

/** The server's Retry-After when it sends one, else the backoff; jitter on top either way. */
export function retryWait(headers: Headers, attempt: number, random: () => number = Math.random): number {
  const retryAfter = parseRetryAfter(headers.get('retry-after'));
  return retryAfter === null ? backoffDelay(HTTP_BACKOFF, attempt, random) : retryAfter + jitter(HTTP_BACKOFF, random);
}

export class HttpClient {
  readonly baseUrl: URL;
  rateLimit: RateLimitInfo = { limit: null, remaining: null, resetSeconds: null };
  private gateUntil = 0;
  private readonly timeoutMs: number;
  private readonly maxRetries: number;
  /** The longest 429 wait this client (and whoever retries through it, as exports do) accepts. */
  readonly maxWaitMs: number;

  constructor(
    baseUrl: string,
    private readonly options: HttpClientOptions = {},
  ) {
    this.baseUrl = new URL(baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.maxRetries = options.maxRetries ?? 6;
    this.maxWaitMs = options.maxWaitMs ?? 300_000;
  }

  /** Until when (epoch ms) a 429 holds this client's requests; in the past when it does not. */
  get gatedUntil(): number {
    return this.gateUntil;
  }

  /**
   * Resolves an href (absolute, or relative to the base URL, possibly an RFC 6570 template)
   * and adds the params that have a value. A template consumes the params it names.
   */
  resolve(href: string, params: Params = {}): URL {
    return resolveHref(this.baseUrl, href, params);
  }

  async getJson(href: string | URL, options: RequestOptions = {}): Promise<JsonResponse> {
    const url = typeof href === 'string' ? this.resolve(href, options.params) : href;
    return this.send(url, GET_JSON, options, true);
  }

  /**
   * GETs a JSON resource and returns its bytes undecoded (for a caller that parses them on another
   * thread, e.g. the history sync's worker: bytes move there without a copy); errors, 429 waits
   * and retries as getJson.
   */
  async getBytes(href: string, options: RequestOptions = {}): Promise<BytesResponse> {
    const read: ReadBody<Answer, Uint8Array> = (answer, signal) => readBytes(answer, signal, options.onProgress);
    const { value, ...response } = await this.getWith(href, request, read, options);
    return { ...response, bytes: value };
  }

  /**
   * GETs a JSON resource through `transport` and reads a successful body with `read` (the history
   * sync: a page is fetched and kept by the index worker, and only its receipt comes here); errors,
   * 429 waits, retries and the timeout as getJson.
   */
  async getWith<A extends Answer, T>(
    href: string,
    transport: Transport<A>,
    read: ReadBody<A, T>,
    options: RequestOptions = {},
  ): Promise<{ status: number; value: T; headers: Headers; latencyMs: number }> {
    const url = this.resolve(href, options.params);
    const reader = { transport: transport as Transport, read: read as ReadBody<Answer, unknown> };
    const response = await this.send(url, GET_JSON, options, true, false, reader);
    return {
      status: response.status,
      value: response.value as T,
      headers: response.headers,
      latencyMs: response.latencyMs,
    };
  }

  /** POSTs a urlencoded form once (waiting out a 429) and returns non-2xx bodies for the caller to read. */
  async postForm(href: string, form: Record<string, string>, options: RequestOptions = {}): Promise<JsonResponse> {
    const url = this.resolve(href);
    const body = new URLSearchParams(form).toString();
    const exchange: Exchange = {
      method: 'POST',
      body,
      headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
    };
    return this.send(url, exchange, options, false, true);
  }

  /** POSTs JSON (a JSON-RPC call), returning non-2xx bodies too; 429 and 503 retried as a GET (safe to repeat). */
  async postJson(href: string, json: unknown, options: RequestOptions = {}): Promise<JsonResponse> {
    const exchange: Exchange = {
      method: 'POST',
      body: JSON.stringify(json),
      headers: { accept: 'application/json', 'content-type': 'application/json' },
    };
    return this.send(this.resolve(href), exchange, options, true, true);
  }

  private async send(
    url: URL,
    exchange: Exchange,
    options: RequestOptions,
    retry: boolean,
    raw = false,
    reader?: Reader,
  ): Promise<JsonResponse & { value?: unknown }> {
    for (let attempt = 1; ; attempt++) {
      await this.waitForGate(options.signal);
      const { response, latencyMs, text, value } = await this.exchange(url, exchange, options, reader);
      this.readRateLimit(response.headers);
      if (reader && response.ok)
        return { status: response.status, body: null, text: '', value, headers: response.headers, latencyMs };
      if (response.status === 429 && attempt <= this.maxRetries) {
        this.closeGate(rateLimitWait(response.headers, attempt, HTTP_BACKOFF), url);
        (options.onWait ?? this.options.onWait)?.(this.gateUntil - Date.now(), attempt, 'rate_limit');
        continue;
      }
      if (response.status === 503 && retry && attempt <= this.maxRetries) {
        // As a 429's: what the server asks is compared with the limit, the jitter never pushes past it.
        const waitMs = Math.min(retryWait(response.headers, attempt), this.maxWaitMs);
        const asked = parseRetryAfter(response.headers.get('retry-after'));
        if (asked === null || asked <= this.maxWaitMs) {
          this.gateUntil = Math.max(this.gateUntil, Date.now() + waitMs);
          (options.onWait ?? this.options.onWait)?.(waitMs, attempt, 'unavailable');
          continue;
        }
      }
      const body = parseBody(text, response, url);
      if (response.ok || raw) return { status: response.status, body, text, headers: response.headers, latencyMs };
      throw problemError(response, body, url);
    }
  }

  /**
   * One request and its body, within the timeout: a success with a reader is read by it
   * (`value`), every other answer as text.
   */
  private async exchange(
    url: URL,
    exchange: Exchange,
    options: RequestOptions,
    reader?: Reader,
  ): Promise<{ response: Answer; latencyMs: number; text: string; value?: unknown }> {
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    const deadline = new Deadline(timeoutMs, options.signal);
    try {
      const started = performance.now();
      const response = await (reader?.transport ?? request)(url, exchange, deadline.signal);
      const latencyMs = performance.now() - started;
      if (reader && response.ok)
        return { response, latencyMs, text: '', value: await reader.read(response, options.signal) };
      return { response, latencyMs, text: await readText(response, options.signal) };
    } catch (error) {
      throw transportError(error, url, options.signal, deadline.expired ? timeoutMs : null);
    } finally {
      deadline.clear();
    }
  }

  /**
   * Opens an event stream (GET with `accept: text/event-stream`) once no 429 holds this server,
   * on the same transport, and reads its rate-limit headers; resolves with the answer's head
   * within the timeout. Then `signal` no longer reaches the request: the body is the caller's to
   * read and to destroy (sse.ts). A refusal (not 2xx) is the caller's to read too: a stream waits
   * its own Retry-After.
   */
  async openStream(url: URL, options: { signal: AbortSignal; timeoutMs?: number }): Promise<StreamAnswer> {
    await this.waitForGate(options.signal);
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    const head = new Deadline(timeoutMs, options.signal);
    try {
      const answer = await requestStream(url, GET_STREAM, head.signal);
      this.readRateLimit(answer.headers);
      return answer;
    } catch (error) {
      throw transportError(error, url, options.signal, head.expired ? timeoutMs : null);
    } finally {
      head.clear();
    }
  }

  /**
   * A 429: every request to this base URL waits until the server's time (no request is sent
   * meanwhile, so nothing spins). A wait longer than maxWaitMs is refused at once: one clear error.
   */
  private closeGate(asked: RateLimitWait, url: URL): void {
    // The limit bounds what the server asks (announcedMs): a Retry-After of exactly the limit is
    // waited out, one second more refused; the jitter on top never makes a wait longer than the limit.
    const wait = { ...asked, waitMs: Math.min(asked.waitMs, Math.max(asked.announcedMs, this.maxWaitMs)) };
    if (wait.announcedMs > this.maxWaitMs) {
      const seconds = Math.ceil(wait.announcedMs / 1000);
      throw new HttpError(
        'rate_limited',
        `${url.host} is limiting the request rate and asks to wait ${seconds} s (${wait.source}): longer than the ${Math.floor(this.maxWaitMs / 1000)} s this client waits.`,
        429,
        null,
        wait.announcedMs,
      );
    }
    const now = Date.now();
    const until = now + wait.waitMs;
    if (until <= this.gateUntil) return;
    // Callers limited together extend the gate by their jitter: announced once, not per caller.
    const announce = this.gateUntil <= now || until - this.gateUntil > 1_000;
    this.gateUntil = until;
    if (announce) this.options.onRateLimit?.(until, wait);
  }

  /** Resolves once no 429 holds this server's requests (at once when none does). */
  async waitForGate(signal?: AbortSignal): Promise<void> {
    while (Date.now() < this.gateUntil) {
      await sleep(this.gateUntil - Date.now(), signal);
    }
  }

  private readRateLimit(headers: Headers): void {
    this.rateLimit = rateLimitInfo(headers) ?? this.rateLimit;
  }
}

/** A caller's transport and reader of successful bodies (getWith). */
interface Reader {
  transport: Transport;
  read: ReadBody<Answer, unknown>;
}
