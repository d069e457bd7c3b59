// What the main thread asks the lake's fetch worker (fetch-worker.ts) and what it is told back
// (fetch-transport.ts).
import type { BodyLimit } from '../../http/http-node';

export type FetchAsked =
  | { kind: 'get'; rid: number; url: string; headers: Record<string, string>; limit: BodyLimit }
  /** Stop the request and let its answer go. */
  | { kind: 'drop'; rid: number };

export type FetchTold =
  | { rid: number; event: 'head'; status: number; headers: [string, string][] }
  /** A successful body, whole, its buffer moved here. */
  | { rid: number; event: 'body'; bytes: ArrayBuffer }
  /** An unsuccessful body, as text. */
  | { rid: number; event: 'text'; text: string }
  /** The request failed: as the transport said it (`core`: a CoreError of that code, else an Error with `code`). */
  | { rid: number; event: 'error'; message: string; code?: string; core: boolean };
