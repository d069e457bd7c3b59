// How long a 429 asks us to wait, read from the server's headers (Horizon sends Retry-After in
// seconds, rounded up, only when limiting; X-RateLimit-Reset, the seconds until the allowance
// resets, on every answer: stellar/throttled setRateLimitHeaders). Pure, so the numbers are
// unit-tested; the HTTP client's gate (http.ts) waits the result and reports it as
// `network:rate-limit` so the views and the command line can show a countdown.
import { exponentialDelay, jitter, type BackoffPolicy } from './backoff';

/** Which header the wait came from ("backoff" when the server named none). */
export type WaitSource = 'Retry-After' | 'X-RateLimit-Reset' | 'backoff';

export interface RateLimitWait {
  /** What the server asked for (or the backoff), in ms, without jitter: what a person is told. */
  announcedMs: number;
  /** What the client waits: the announced wait plus jitter, so limited callers do not return together. */
  waitMs: number;
  source: WaitSource;
}

/** No header makes the client wait longer than a day, whatever it says. */
export const MAX_ANNOUNCED_MS = 24 * 3600_000;

/** Retry-After: delta-seconds or an HTTP date (RFC 9110 §10.2.3); anything else is ignored. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (value === null || value.trim() === '') return null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.min(Number(trimmed) * 1000, MAX_ANNOUNCED_MS);
  if (!/[a-z]/i.test(trimmed)) return null; // "-1", "1e9": not a date either
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.min(Math.max(0, date - now), MAX_ANNOUNCED_MS);
}

/**
 * X-RateLimit-Reset: Horizon's is seconds until the reset. Some servers send a Unix time instead;
 * a number past 10^9 is read as one.
 */
export function parseRateLimitReset(value: string | null, now: number = Date.now()): number | null {
  if (value === null || !/^\d{1,12}$/.test(value.trim())) return null;
  const seconds = Number(value.trim());
  const ms = seconds > 1e9 ? seconds * 1000 - now : seconds * 1000;
  return Math.min(Math.max(0, ms), MAX_ANNOUNCED_MS);
}

/** The wait before retry `attempt` (1-based) of a 429: Retry-After, else X-RateLimit-Reset, else the backoff. */
export function rateLimitWait(
  headers: Headers,
  attempt: number,
  policy: BackoffPolicy,
  random: () => number = Math.random,
  now: number = Date.now(),
): RateLimitWait {
  const retryAfter = parseRetryAfter(headers.get('retry-after'), now);
  if (retryAfter !== null)
    return { announcedMs: retryAfter, waitMs: retryAfter + jitter(policy, random), source: 'Retry-After' };
  const reset = parseRateLimitReset(headers.get('x-ratelimit-reset'), now);
  if (reset !== null)
    return { announcedMs: reset, waitMs: reset + jitter(policy, random), source: 'X-RateLimit-Reset' };
  const announcedMs = exponentialDelay(policy, attempt);
  return { announcedMs, waitMs: announcedMs + jitter(policy, random), source: 'backoff' };
}

/** Why the client waits before its next request: a 429 (the server's rate limit) or a 503 (the server unavailable). */
export type WaitReason = 'rate_limit' | 'unavailable';
/** Told before every wait: how long, which attempt it precedes, and why. */
export type OnWait = (waitMs: number, attempt: number, reason: WaitReason) => void;

/** "rate limited: waiting 120 s (Retry-After)": the command line's line for one wait. */
export function waitLine(wait: Pick<RateLimitWait, 'announcedMs' | 'source'>): string {
  return `rate limited: waiting ${Math.ceil(wait.announcedMs / 1000)} s (${wait.source})`;
}

/** What a server tells of its allowance on every answer (X-RateLimit-*), as last read. */
export interface RateLimitInfo {
  limit: number | null;
  remaining: number | null;
  resetSeconds: number | null;
}

/** The X-RateLimit-* headers of an answer; null when it has neither a limit nor a remaining count. */
export function rateLimitInfo(headers: Headers): RateLimitInfo | null {
  const int = (name: string) => {
    const value = headers.get(name);
    const parsed = value === null ? NaN : Number.parseInt(value, 10);
    return Number.isFinite(parsed) ? parsed : null;
  };
  const remaining = int('x-ratelimit-remaining');
  const limit = int('x-ratelimit-limit');
  return remaining !== null || limit !== null ? { limit, remaining, resetSeconds: int('x-ratelimit-reset') } : null;
}
