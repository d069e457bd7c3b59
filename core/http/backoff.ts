// The one backoff of the app core: every retry loop (HTTP 429/503 retries, stream reconnects,
// following a submitted transaction) computes its waits here and sleeps through `sleep`, which an
// AbortSignal cuts short, so a closed window or a stopped stream never leaves a timer behind.
// The delay computation is pure (randomness injected) so its numbers are unit-tested.
import { setTimeout as timeout } from 'node:timers/promises';
import { abortError } from '../app/errors';

export interface BackoffPolicy {
  /** The wait before the first retry. */
  initialMs: number;
  /** Each further wait is this many times the one before. */
  factor: number;
  /** No wait grows past this (jitter comes on top). */
  capMs: number;
  /** Up to this much random time is added to each wait, so callers that failed together do not retry together. */
  jitterMs?: number;
}

/** initial × factor^(attempt − 1), at most the cap; `attempt` counts from 1. */
export function exponentialDelay(policy: BackoffPolicy, attempt: number): number {
  return Math.min(policy.capMs, policy.initialMs * policy.factor ** Math.max(0, attempt - 1));
}

/** The random part of a wait: in [0, jitterMs). */
export function jitter(policy: BackoffPolicy, random: () => number = Math.random): number {
  return policy.jitterMs ? random() * policy.jitterMs : 0;
}

/** The wait before retry `attempt` (1-based): the exponential part plus jitter. */
export function backoffDelay(policy: BackoffPolicy, attempt: number, random: () => number = Math.random): number {
  return exponentialDelay(policy, attempt) + jitter(policy, random);
}

/** Waits `ms`; rejects with an AbortError ("The request was cancelled.") once the signal aborts. */
export async function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) throw abortError();
  try {
    await timeout(Math.max(0, ms), undefined, signal ? { signal } : undefined);
  } catch (error) {
    if (signal?.aborted) throw abortError();
    throw error;
  }
}
