// Per-client rate limit (fixed window) and content negotiation, as onRequest hooks so that every
// response, 404s and errors included, carries the X-RateLimit-* headers (docs/design.md "Rate limits").
// Loopback clients get their own, much larger, limits so that the app and the test suite on the
// same machine are never throttled by default.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ProblemError } from './problem';

export interface RateLimitOptions {
  /** Requests per window per client address. */
  limit: number;
  /** Requests per window per loopback client (127.0.0.0/8, ::1). */
  loopbackLimit: number;
  windowMs: number;
}

interface Bucket {
  count: number;
  resetAt: number;
}

export function isLoopback(address: string): boolean {
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

export function rateLimiter(options: RateLimitOptions) {
  const buckets = new Map<string, Bucket>();
  const sweep = setInterval(
    () => {
      const now = Date.now();
      for (const [key, bucket] of buckets) if (bucket.resetAt <= now) buckets.delete(key);
    },
    Math.min(options.windowMs, 60_000),
  );
  sweep.unref();

  function rateLimit(request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void): void {
    const now = Date.now();
    const key = request.ip;
    let bucket = buckets.get(key);
    if (!bucket || bucket.resetAt <= now) {
      bucket = { count: 0, resetAt: now + options.windowMs };
      buckets.set(key, bucket);
    }
    bucket.count += 1;
    const limit = isLoopback(key) ? options.loopbackLimit : options.limit;
    const reset = Math.max(1, Math.ceil((bucket.resetAt - now) / 1000));
    reply.header('X-RateLimit-Limit', String(limit));
    reply.header('X-RateLimit-Remaining', String(Math.max(0, limit - bucket.count)));
    reply.header('X-RateLimit-Reset', String(reset));
    if (bucket.count > limit) {
      done(
        new ProblemError(
          'rate_limit_exceeded',
          `This client may make ${limit} requests per ${options.windowMs / 1000} s; try again later.`,
          undefined,
          {
            'Retry-After': String(reset),
          },
        ),
      );
      return;
    }
    done();
  }
  return { rateLimit, close: () => clearInterval(sweep) };
}

export type Representation = 'json' | 'stream';

const JSON_RANGES = new Set([
  '*/*',
  'application/*',
  'application/json',
  'application/hal+json',
  'application/problem+json',
]);

/** What the client accepts of what the route can produce; undefined: nothing (406). */
export function negotiate(accept: string | undefined, canStream: boolean): Representation | undefined {
  if (accept === undefined || accept.trim() === '') return 'json';
  let json = false;
  let stream = false;
  let wildcardText = false;
  for (const part of accept.split(',')) {
    const [range = '', ...parameters] = part.split(';').map((s) => s.trim().toLowerCase());
    const q = parameters.find((p) => p.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    if (range === 'text/event-stream') stream = true;
    else if (range === 'text/*') wildcardText = true;
    else if (JSON_RANGES.has(range)) json = true;
  }
  if (canStream && stream) return 'stream';
  if (json) return 'json';
  if (canStream && wildcardText) return 'stream';
  return undefined;
}

export function notAcceptable(canStream: boolean): ProblemError {
  const offered = canStream ? 'application/hal+json or text/event-stream' : 'application/hal+json';
  return new ProblemError(
    'not_acceptable',
    `The Accept header allows nothing this resource is served as (${offered}).`,
  );
}
