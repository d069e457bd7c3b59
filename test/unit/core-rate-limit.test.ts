// The wait a 429 asks for, from Horizon's headers (Retry-After, else X-RateLimit-Reset, else the
// backoff), and how it is shown: the command line's line and the views' countdown.
import { describe, expect, it } from 'vitest';
import { HTTP_BACKOFF } from '../../core/http/http';
import { parseRateLimitReset, parseRetryAfter, rateLimitWait, waitLine } from '../../core/http/rate-limit';
import { formatCountdown } from '../../shared/countdown';

const NOW = Date.UTC(2026, 10, 23, 5, 0, 0);
const none = () => 0;

describe('rate-limit waits', () => {
  it('takes Retry-After first, in seconds or as a date', () => {
    const wait = rateLimitWait(
      new Headers({ 'retry-after': '120', 'x-ratelimit-reset': '30' }),
      1,
      HTTP_BACKOFF,
      none,
      NOW,
    );
    expect(wait).toEqual({ announcedMs: 120_000, waitMs: 120_000, source: 'Retry-After' });
    const dated = rateLimitWait(
      new Headers({ 'retry-after': new Date(NOW + 90_000).toUTCString() }),
      1,
      HTTP_BACKOFF,
      none,
      NOW,
    );
    expect(dated).toMatchObject({ announcedMs: 90_000, source: 'Retry-After' });
  });

  it('falls back to X-RateLimit-Reset (seconds until the reset, or a Unix time), then to the backoff', () => {
    expect(rateLimitWait(new Headers({ 'x-ratelimit-reset': '114' }), 1, HTTP_BACKOFF, none, NOW)).toEqual({
      announcedMs: 114_000,
      waitMs: 114_000,
      source: 'X-RateLimit-Reset',
    });
    expect(
      rateLimitWait(new Headers({ 'x-ratelimit-reset': String(NOW / 1000 + 60) }), 1, HTTP_BACKOFF, none, NOW)
        .announcedMs,
    ).toBe(60_000);
    expect(rateLimitWait(new Headers(), 3, HTTP_BACKOFF, none, NOW)).toEqual({
      announcedMs: 2_000,
      waitMs: 2_000,
      source: 'backoff',
    });
  });

  it('adds jitter to the wait but tells the announced time', () => {
    const wait = rateLimitWait(new Headers({ 'retry-after': '5' }), 1, HTTP_BACKOFF, () => 0.5, NOW);
    expect(wait.announcedMs).toBe(5_000);
    expect(wait.waitMs).toBe(5_050);
  });

  it('ignores malformed and hostile header values, and caps any wait at a day', () => {
    for (const bad of ['-1', '1e9', 'abc', '', ' ', '0x10', 'NaN', 'Infinity']) {
      expect(parseRetryAfter(bad, NOW), bad).toBeNull();
      expect(parseRateLimitReset(bad, NOW), bad).toBeNull();
    }
    expect(parseRetryAfter('99999999999', NOW)).toBe(24 * 3600_000);
    expect(parseRateLimitReset('999999999999', NOW)).toBe(24 * 3600_000);
    expect(parseRateLimitReset(String(NOW / 1000 - 60), NOW)).toBe(0); // a reset in the past: no wait
    const hostile = rateLimitWait(
      new Headers({ 'retry-after': 'soon', 'x-ratelimit-reset': '-5' }),
      1,
      HTTP_BACKOFF,
      none,
      NOW,
    );
    expect(hostile.source).toBe('backoff');
  });

  it('says the wait the way a person reads it', () => {
    expect(waitLine({ announcedMs: 120_000, source: 'Retry-After' })).toBe('rate limited: waiting 120 s (Retry-After)');
    expect(waitLine({ announcedMs: 1_500, source: 'backoff' })).toBe('rate limited: waiting 2 s (backoff)');
    expect(formatCountdown(114_000)).toBe('1:54');
    expect(formatCountdown(4_200)).toBe('0:05');
    expect(formatCountdown(3_600_000)).toBe('1:00:00');
    expect(formatCountdown(-10)).toBe('0:00');
  });
});
