// The HTTP client against a real local HTTP server that misbehaves on purpose: rate limits,
// problem documents, silence, garbage.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startLocalServer, type LocalServer } from '../support/local-server';
import { waitFor } from '../support/wait';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CoreError } from '../../core/app/errors';
import { HttpClient, HttpError, parseRetryAfter } from '../../core/http/http';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;
let handler: Handler = (_req, res) => res.end('{}');
let local: LocalServer;
let base: string;
const seen: { url: string; at: number }[] = [];

beforeAll(async () => {
  local = await startLocalServer((req, res) => {
    seen.push({ url: req.url ?? '', at: Date.now() });
    handler(req, res);
  });
  base = local.base;
});

afterAll(() => local.close());

/**
 * Retry-After is in whole seconds; rather than spend them, the tests fake the clock (setTimeout and
 * Date, in the client and the local server alike) and move it on in small steps, letting the real
 * HTTP traffic run between steps, so a request sent too early is seen at the (fake) time it left.
 */
function fakeClock(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
}

async function advance(ms: number): Promise<void> {
  for (let moved = 0; moved < ms; moved += 20) {
    await vi.advanceTimersByTimeAsync(20);
    for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
  }
}

function json(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
  res.writeHead(status, {
    'content-type': status >= 400 ? 'application/problem+json' : 'application/json',
    ...headers,
  });
  res.end(body);
}

describe('resolve', () => {
  const client = new HttpClient('https://horizon.example.org/prefix');
  it('resolves relative, absolute and templated hrefs', () => {
    expect(client.resolve('/accounts/G1/payments').toString()).toBe(
      'https://horizon.example.org/prefix/accounts/G1/payments',
    );
    expect(client.resolve('https://other.example/operations/5').toString()).toBe('https://other.example/operations/5');
    expect(
      client
        .resolve('/accounts/G1/payments{?cursor,limit,order}', { cursor: '12', limit: 5, order: undefined })
        .toString(),
    ).toBe('https://horizon.example.org/prefix/accounts/G1/payments?cursor=12&limit=5');
    expect(client.resolve('/ledgers/5/operations?cursor=9&order=asc{&limit}', { limit: 3 }).toString()).toBe(
      'https://horizon.example.org/prefix/ledgers/5/operations?cursor=9&order=asc&limit=3',
    );
    expect(client.resolve('/data/{key}', { key: 'a b/c' }).toString()).toBe(
      'https://horizon.example.org/prefix/data/a%20b%2Fc',
    );
    expect(client.resolve('/x', { include_failed: 'true', join: 'transactions' }).search).toBe(
      '?include_failed=true&join=transactions',
    );
  });

  it('reads Retry-After in seconds and as a date', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter('soon')).toBeNull();
    const date = parseRetryAfter(new Date(Date.now() + 5000).toUTCString());
    expect(date).toBeGreaterThan(3000);
    expect(date).toBeLessThanOrEqual(5000);
    expect(parseRetryAfter('99999999')).toBe(24 * 3600_000);
  });
});

describe('requests', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('parses big numbers exactly and records the rate-limit headers', async () => {
    handler = (_req, res) =>
      json(res, 200, '{"id":257698037760004097,"f":0.0000001}', {
        'x-ratelimit-limit': '100',
        'x-ratelimit-remaining': '42',
        'x-ratelimit-reset': '7',
      });
    const client = new HttpClient(base);
    const { body } = await client.getJson('/');
    expect(body).toMatchObject({ id: 257698037760004097n });
    expect(client.rateLimit).toEqual({ limit: 100, remaining: 42, resetSeconds: 7 });
  });

  it('honours Retry-After on 429 and then succeeds', async () => {
    fakeClock();
    let calls = 0;
    handler = (_req, res) =>
      calls++ === 0
        ? json(res, 429, '{"type":"rate_limit_exceeded","title":"Rate Limit Exceeded","status":429}', {
            'retry-after': '1',
          })
        : json(res, 200, '{"ok":true}');
    const waits: number[] = [];
    const reasons: string[] = [];
    seen.length = 0;
    let limited!: () => void;
    const waiting = new Promise<void>((resolve) => (limited = resolve));
    const request = new HttpClient(base).getJson('/', {
      onWait: (ms, _attempt, reason) => {
        waits.push(ms);
        reasons.push(reason);
        limited();
      },
    });
    await waiting;
    await advance(1200);
    const { body } = await request;
    expect(body).toEqual({ ok: true });
    expect(calls).toBe(2);
    expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(1000);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(1000);
    expect(reasons).toEqual(['rate_limit']);
  });

  it('says a 503 wait is the server unavailable, not a rate limit (issue 37.8)', async () => {
    let calls = 0;
    handler = (_req, res) =>
      calls++ === 0 ? json(res, 503, '{"status":503}', { 'retry-after': '0' }) : json(res, 200, '{"ok":true}');
    const reasons: string[] = [];
    const { body } = await new HttpClient(base).getJson('/', {
      onWait: (_ms, _attempt, reason) => reasons.push(reason),
    });
    expect(body).toEqual({ ok: true });
    expect(reasons).toEqual(['unavailable']);
  });

  it('holds every concurrent caller behind one gate instead of a retry storm', async () => {
    fakeClock();
    // A real limiter: everything in the first second after the first 429 is refused.
    let firstLimitAt = 0;
    handler = (_req, res) => {
      firstLimitAt ||= Date.now();
      if (Date.now() - firstLimitAt < 1000)
        return json(res, 429, '{"type":"rate_limit_exceeded","status":429}', { 'retry-after': '1' });
      json(res, 200, '{"ok":true}');
    };
    seen.length = 0;
    const client = new HttpClient(base);
    const all = Promise.all(Array.from({ length: 8 }, (_, i) => client.getJson(`/p${i}`)));
    await waitFor('the first burst', () => seen.length >= 8, 10_000);
    await advance(1500);
    const results = await all;
    expect(results).toHaveLength(8);
    // Each caller asked at most twice: the first burst, then once after Retry-After. Nothing between.
    expect(seen.length).toBeLessThanOrEqual(16);
    const retries = seen.filter((s) => s.at - firstLimitAt > 300);
    expect(retries.length).toBe(seen.length - 8);
    for (const retry of retries) expect(retry.at - firstLimitAt).toBeGreaterThanOrEqual(950);
  });

  it('gives up with a typed, actionable error when the limit outlasts the retries', async () => {
    handler = (_req, res) =>
      json(
        res,
        429,
        '{"type":"https://stellar.org/horizon-errors/rate_limit_exceeded","title":"Rate Limit Exceeded","status":429}',
        { 'retry-after': '3600' },
      );
    const error = await new HttpClient(base, { maxWaitMs: 500 }).getJson('/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ code: 'rate_limited', status: 429, extra: { retryAfterMs: 3_600_000 } });
    expect((error as Error).message).toMatch(/limiting the request rate/);
  });

  it('turns problem documents into typed errors a person can act on', async () => {
    handler = (_req, res) =>
      json(
        res,
        400,
        '{"type":"bad_request","title":"Bad Request","status":400,"detail":"x","extras":{"invalid_field":"limit","reason":"must be 1..200"}}',
      );
    const bad = await new HttpClient(base).getJson('/x').catch((e: unknown) => e);
    expect(bad).toMatchObject({
      code: 'bad_request',
      status: 400,
      message: 'The server rejected "limit": must be 1..200',
    });
    handler = (_req, res) =>
      json(res, 404, '{"type":"https://stellar.org/horizon-errors/not_found","title":"Resource Missing","status":404}');
    expect(await new HttpClient(base).getJson('/accounts/G').catch((e: unknown) => e)).toMatchObject({
      code: 'not_found',
      status: 404,
    });
    handler = (_req, res) => json(res, 500, '<html>oops</html>');
    expect(await new HttpClient(base).getJson('/').catch((e: unknown) => e)).toMatchObject({
      code: 'server_error',
      status: 500,
    });
    handler = (_req, res) => json(res, 200, '<html>not json</html>');
    expect(await new HttpClient(base).getJson('/').catch((e: unknown) => e)).toMatchObject({ code: 'bad_response' });
  });

  it('hands a success over as its bytes, undecoded, and an error as the same typed error', async () => {
    const text = '{"id":257698037760004097,"memo":"€ ünï"}';
    handler = (_req, res) => json(res, 200, text);
    const { bytes, status } = await new HttpClient(base).getBytes('/page');
    expect(status).toBe(200);
    expect(Buffer.from(bytes).equals(Buffer.from(text))).toBe(true);
    // Its own buffer, whole: it can move to a worker without taking anything else with it.
    expect([bytes.byteOffset, bytes.buffer.byteLength]).toEqual([0, bytes.length]);
    handler = (_req, res) => json(res, 404, '{"type":"not_found","title":"Resource Missing","status":404}');
    expect(await new HttpClient(base).getBytes('/page').catch((e: unknown) => e)).toMatchObject({
      code: 'not_found',
      status: 404,
    });
  });

  it('times out a silent server and cancels on abort', async () => {
    handler = () => undefined; // never answers
    const timeout = await new HttpClient(base, { timeoutMs: 200 }).getJson('/').catch((e: unknown) => e);
    expect(timeout).toBeInstanceOf(CoreError);
    expect(timeout).toMatchObject({ code: 'timeout' });
    const controller = new AbortController();
    const pending = new HttpClient(base).getJson('/', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    expect(await pending).toMatchObject({ name: 'AbortError' });
  });

  it('says when nothing listens', async () => {
    const error = await new HttpClient('http://127.0.0.1:9').getJson('/').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'unreachable', message: expect.stringContaining('Is the server running') });
  });
});
