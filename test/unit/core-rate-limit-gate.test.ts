// The gate a 429 closes, as the core uses it: the wait is announced once as network:rate-limit
// (X-RateLimit-Reset when there is no Retry-After), every request to the server waits behind
// it, and the timed health push skips instead of queueing.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCoreContext } from '../../core/app/context';
import type { EventChannel } from '../../shared/ipc';
import { startLocalServer, type LocalServer } from '../support/local-server';

let server: LocalServer;
const hits: string[] = [];

beforeAll(async () => {
  server = await startLocalServer((req, res) => {
    hits.push(req.url ?? '');
    res.writeHead(429, {
      'content-type': 'application/problem+json',
      'x-ratelimit-limit': '3600',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': '95',
    });
    res.end(
      '{"type":"https://stellar.org/horizon-errors/rate_limit_exceeded","title":"Rate Limit Exceeded","status":429}',
    );
  });
});
afterAll(() => server.close());

describe('the 429 gate in the core', () => {
  it('announces X-RateLimit-Reset, holds every request, and the health push skips while it is closed', async () => {
    const events: { channel: EventChannel; payload: unknown }[] = [];
    const ctx = createCoreContext({
      userDataDir: mkdtempSync(join(tmpdir(), 'ledgerscope-gate-')),
      localUrl: server.base,
      host: 'web',
      version: 'test',
      healthIntervalMs: 0,
      emit: (channel, payload) => void events.push({ channel, payload }),
    });
    // The start-up health push is the first request; it meets the 429 and closes the gate.
    const controller = new AbortController();
    const held = ctx
      .http()
      .getJson('/accounts/x', { signal: controller.signal })
      .catch((error: unknown) => error);
    await expect.poll(() => events.find((e) => e.channel === 'network:rate-limit')).toBeTruthy();
    const notices = events.filter((e) => e.channel === 'network:rate-limit');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.payload).toMatchObject({ networkId: 'local', waitMs: 95_000, source: 'X-RateLimit-Reset' });
    const seen = hits.length;
    await ctx.pushHealth(); // returns at once: nothing sent, nothing emitted
    expect(hits.length).toBe(seen);
    expect(events.filter((e) => e.channel === 'network:health')).toEqual([]);
    controller.abort();
    expect(await held).toMatchObject({ name: 'AbortError' });
    expect(hits.length).toBe(seen);
    ctx.close();
  });
});
