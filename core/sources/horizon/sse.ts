// One event stream read over the core's one HTTP stack: HttpClient.openStream (its 429 gate, its
// rate-limit reading) over http-node.ts (its keep-alive agents), the body parsed as it arrives
// by sse-parser.ts with its caps. One connection, no reconnection: the caller (an account's
// stream, the ledgers' stream) decides when and from which cursor to open the next, and hears
// exactly one end of each connection unless it aborted it first.
import type { Readable } from 'node:stream';
import { isJsonObject } from '../../../shared/json';
import type { HttpClient } from '../../http/http';
import { parseJsonFast } from '../../http/json-fast';
import { parseRetryAfter } from '../../http/rate-limit';
import { SseParser, SseTooLarge, type SseEvent } from './sse-parser';

export type { SseEvent } from './sse-parser';

/** How a connection ended, when the caller did not end it. */
export type SseEnd =
  /** The server answered with another status than 2xx (`retryAfterMs`: its Retry-After, if any). */
  | { kind: 'refused'; status: number; message: string; retryAfterMs: number | null }
  /** It closed the stream without `event: close`, could not be reached, or answered no event stream. */
  | { kind: 'ended' | 'failed'; message: string }
  /** It sent a line or an event past the caps: a server fault. */
  | { kind: 'too_large'; message: string };

export interface SseHandlers {
  event(event: SseEvent): void;
  /** Bytes arrived (an event, a keepalive comment or a part of either), for a silence watchdog. */
  bytes?(): void;
  end(end: SseEnd): void;
}

/** Opens `url` as an event stream and reads it until it ends or `signal` aborts (then nothing more is told). */
export async function readSse(http: HttpClient, url: URL, handlers: SseHandlers, signal: AbortSignal): Promise<void> {
  let answer;
  try {
    answer = await http.openStream(url, { signal });
  } catch (error) {
    if (!signal.aborted) handlers.end({ kind: 'failed', message: (error as Error).message });
    return;
  }
  // Destroying the body ends the connection (a request aborted after its answer came would destroy
  // a socket that may already serve another request).
  const body = answer.body;
  if (signal.aborted) return void body.destroy();
  signal.addEventListener('abort', () => body.destroy(), { once: true });
  if (!answer.ok) {
    const text = await answer.text().catch(() => '');
    const retryAfterMs = parseRetryAfter(answer.headers.get('retry-after'));
    if (!signal.aborted)
      handlers.end({ kind: 'refused', status: answer.status, message: refusal(answer.status, text), retryAfterMs });
    return;
  }
  const type = answer.headers.get('content-type') ?? '';
  const encoding = answer.headers.get('content-encoding');
  if (!/^text\/event-stream\b/i.test(type) || (encoding && encoding !== 'identity')) {
    body.destroy();
    const what = encoding && encoding !== 'identity' ? `a ${encoding} body` : type || 'no content type';
    if (!signal.aborted) handlers.end({ kind: 'failed', message: `The server answered ${what}, not an event stream.` });
    return;
  }
  follow(body, handlers, signal);
}

/** Reads the body into events until it ends, breaks, passes a cap or the caller aborts. */
function follow(body: Readable, handlers: SseHandlers, signal: AbortSignal): void {
  let over = false;
  const finish = (end: SseEnd) => {
    if (over) return;
    over = true;
    body.destroy();
    if (!signal.aborted) handlers.end(end);
  };
  const parser = new SseParser((event) => {
    if (!over && !signal.aborted) handlers.event(event);
  });
  body.on('data', (chunk: Buffer) => {
    if (over || signal.aborted) return;
    handlers.bytes?.();
    try {
      parser.push(chunk);
    } catch (error) {
      finish(
        error instanceof SseTooLarge
          ? { kind: 'too_large', message: error.message }
          : { kind: 'failed', message: (error as Error).message },
      );
    }
  });
  body.on('end', () => finish({ kind: 'ended', message: 'The server ended the stream.' }));
  body.on('error', (error) => finish({ kind: 'failed', message: `The connection broke: ${error.message}` }));
  body.on('close', () => finish({ kind: 'failed', message: 'The connection closed.' }));
}

/** "The server answered 404: Resource Missing." from a refusal and its problem document. */
function refusal(status: number, text: string): string {
  let title = '';
  try {
    const problem = parseJsonFast(text);
    if (isJsonObject(problem) && typeof problem['title'] === 'string') title = problem['title'].slice(0, 200);
  } catch {
    // not JSON: the status says enough
  }
  return `The server answered ${status}${title ? `: ${title}` : ''}.`;
}
