// The one backoff of the app core: its delays are exact for a given attempt and random source,
// capped, and its sleep ends at once, as an AbortError, when the signal aborts.
import { describe, expect, it } from 'vitest';
import { backoffDelay, exponentialDelay, jitter, sleep, type BackoffPolicy } from '../../core/http/backoff';
import { toErrorShape } from '../../core/app/dispatch';
import { HTTP_BACKOFF, retryWait } from '../../core/http/http';

const policy: BackoffPolicy = { initialMs: 1_000, factor: 1.5, capMs: 30_000 };

describe('backoff delays', () => {
  it('grow by the factor from the initial wait', () => {
    expect([1, 2, 3, 4].map((attempt) => exponentialDelay(policy, attempt))).toEqual([1_000, 1_500, 2_250, 3_375]);
  });

  it('stop growing at the cap', () => {
    expect(exponentialDelay(policy, 9)).toBeCloseTo(25_628.906, 3);
    expect(exponentialDelay(policy, 10)).toBe(30_000);
    expect(exponentialDelay(policy, 500)).toBe(30_000);
  });

  it('treat an attempt below 1 as the first', () => {
    expect(exponentialDelay(policy, 0)).toBe(1_000);
    expect(exponentialDelay(policy, -3)).toBe(1_000);
  });

  it('add jitter in [0, jitterMs) from the random source, and none without jitterMs', () => {
    const jittery = { ...policy, jitterMs: 100 };
    expect(backoffDelay(jittery, 2, () => 0)).toBe(1_500);
    expect(backoffDelay(jittery, 2, () => 0.5)).toBe(1_550);
    expect(backoffDelay(jittery, 2, () => 0.999)).toBeCloseTo(1_599.9, 6);
    expect(backoffDelay(jittery, 10, () => 0.25)).toBe(30_025);
    expect(jitter(policy, () => 0.9)).toBe(0);
    expect(backoffDelay(policy, 2, () => 0.9)).toBe(1_500);
  });
});

describe('HTTP retry waits', () => {
  const noRetryAfter = new Headers();

  it('double from 0.5 s up to 30 s, plus at most 0.1 s of jitter', () => {
    expect(HTTP_BACKOFF).toEqual({ initialMs: 500, factor: 2, capMs: 30_000, jitterMs: 100 });
    expect([1, 2, 3, 7, 8].map((attempt) => retryWait(noRetryAfter, attempt, () => 0))).toEqual([
      500, 1_000, 2_000, 30_000, 30_000,
    ]);
    expect(retryWait(noRetryAfter, 1, () => 0.5)).toBe(550);
  });

  it('wait what Retry-After says instead of the backoff, jitter on top', () => {
    expect(retryWait(new Headers({ 'retry-after': '3' }), 1, () => 0)).toBe(3_000);
    expect(retryWait(new Headers({ 'retry-after': '0' }), 5, () => 0.5)).toBe(50);
  });
});

describe('sleep', () => {
  it('resolves after the wait', async () => {
    await expect(sleep(1)).resolves.toBeUndefined();
    await expect(sleep(-5, new AbortController().signal)).resolves.toBeUndefined();
  });

  it('rejects at once with a cancelled AbortError when the signal is already aborted', async () => {
    const error = await sleep(60_000, AbortSignal.abort()).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'AbortError', message: 'The request was cancelled.' });
    expect(toErrorShape(error)).toEqual({ code: 'cancelled', message: 'The request was cancelled.' });
  });

  it('ends a long wait as soon as the signal aborts', async () => {
    const controller = new AbortController();
    const waiting = sleep(3_600_000, controller.signal);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError', message: 'The request was cancelled.' });
  });
});
