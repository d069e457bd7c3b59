// The web host: the same channel map over a WebSocket on 127.0.0.1, guarded by a per-run token
// and Origin/Host checks. Refusals (wrong token, foreign origin, rebinding host), events to every
// page, cancellation, hostile frames, static files.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createDispatcher, type Dispatch } from '../../core/app/dispatch';
import { startWebHost, type WebHost } from '../../electron/web-host';
import { startCore, startSyntheticService, type CoreFixture, type ServiceFixture } from './app-support';
import { waitFor } from '../support/wait';

let service: ServiceFixture;
let app: CoreFixture;
let host: WebHost;
let origin: string;
const aborted: string[] = [];

beforeAll(async () => {
  service = await startSyntheticService({ ledgers: 3, perLedger: 3 });
  app = startCore(service.url);
  const rendererDir = mkdtempSync(join(tmpdir(), 'ledgerscope-renderer-'));
  mkdirSync(join(rendererDir, 'assets'));
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Ledgerscope</title>');
  writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
  const inner = createDispatcher(app.core.handlers);
  // A slow channel stand-in that records cancellation, to observe `{id, cancel: true}`.
  const dispatch: Dispatch = async (channel, args, context) => {
    if (channel === 'test:slow') {
      return new Promise((resolve) =>
        context?.signal?.addEventListener('abort', () => {
          aborted.push('slow');
          resolve({ ok: false, error: { code: 'cancelled', message: 'cancelled' } });
        }),
      );
    }
    return inner(channel, args, context);
  };
  host = await startWebHost({ rendererDir, dispatch });
  origin = `http://127.0.0.1:${host.port}`;
});

afterAll(async () => {
  await host?.close();
  await app?.close();
  await service?.close();
});

function connect(
  options: { token?: string; origin?: string; host?: string } = {},
): Promise<{ ws: WebSocket; messages: unknown[] } | { refused: number }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(
      `ws://127.0.0.1:${host.port}/ipc?token=${encodeURIComponent(options.token ?? host.token)}`,
      {
        headers: { origin: options.origin ?? origin, ...(options.host ? { host: options.host } : {}) },
      },
    );
    const messages: unknown[] = [];
    ws.on('message', (data) => messages.push(JSON.parse(data.toString())));
    ws.on('open', () => resolve({ ws, messages }));
    ws.on('unexpected-response', (_req, res) => resolve({ refused: res.statusCode ?? 0 }));
    ws.on('error', () => resolve({ refused: -1 }));
  });
}

async function open() {
  const result = await connect();
  if ('refused' in result) throw new Error(`refused ${result.refused}`);
  return result;
}

function reply(messages: unknown[], id: number) {
  return waitFor(
    `reply ${id}`,
    () =>
      messages.find((m) => (m as { id?: number }).id === id) as
        { id: number; reply: { ok: boolean; value?: unknown; error?: { code: string } } } | undefined,
  );
}

function httpGet(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: host.port, path, headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('web host refusals', () => {
  it('refuses a wrong or missing token', async () => {
    expect(await connect({ token: 'wrong' })).toEqual({ refused: 403 });
    expect(await connect({ token: '' })).toEqual({ refused: 403 });
    expect(await connect({ token: `${host.token}x` })).toEqual({ refused: 403 });
  });

  it('refuses a foreign origin', async () => {
    expect(await connect({ origin: 'http://evil.example' })).toEqual({ refused: 403 });
    expect(await connect({ origin: `http://127.0.0.1:${host.port + 1}` })).toEqual({ refused: 403 });
    expect(await connect({ origin: 'null' })).toEqual({ refused: 403 });
  });

  it('refuses a rebinding Host, for the socket and for pages', async () => {
    expect(await connect({ host: `evil.example:${host.port}` })).toEqual({ refused: 403 });
    expect((await httpGet('/', { host: `evil.example:${host.port}` })).status).toBe(421);
    expect((await httpGet('/', { host: 'localhost' })).status).toBe(421);
  });

  it('binds 127.0.0.1 only and prints the URL with its token', () => {
    expect(host.url).toBe(`http://127.0.0.1:${host.port}/?token=${host.token}`);
    expect(host.token.length).toBeGreaterThanOrEqual(32);
  });
});

describe('web host channels', () => {
  it('answers the channel map like the Electron host', async () => {
    const { ws, messages } = await open();
    ws.send(JSON.stringify({ id: 1, channel: 'app:info', args: {} }));
    expect((await reply(messages, 1)).reply).toEqual({
      ok: true,
      value: { name: 'Ledgerscope', version: 'test', host: 'web' },
    });
    ws.send(
      JSON.stringify({
        id: 2,
        channel: 'payments:list',
        args: { account: service.accounts[0], query: { limit: 2, order: 'asc' } },
      }),
    );
    const page = (await reply(messages, 2)).reply as { ok: true; value: { records: { id: string }[]; next: string } };
    expect(page.value.records).toHaveLength(2);
    expect(page.value.next).toBe(page.value.records[1]!.id);
    ws.close();
  });

  it('sends events to every connected page', async () => {
    const a = await open();
    const b = await open();
    host.emit('app:notice', { level: 'info', message: 'hello pages' });
    for (const page of [a, b]) {
      await waitFor('event', () => page.messages.some((m) => (m as { event?: string }).event === 'app:notice'));
      expect(page.messages.find((m) => (m as { event?: string }).event === 'app:notice')).toEqual({
        event: 'app:notice',
        payload: { level: 'info', message: 'hello pages' },
      });
    }
    a.ws.close();
    b.ws.close();
  });

  it('cancels a request on {id, cancel: true} and when the page goes away', async () => {
    const { ws } = await open();
    ws.send(JSON.stringify({ id: 7, channel: 'test:slow', args: {} }));
    ws.send(JSON.stringify({ id: 7, cancel: true }));
    await waitFor('cancellation', () => aborted.length >= 1);
    ws.send(JSON.stringify({ id: 8, channel: 'test:slow', args: {} }));
    await new Promise<void>((resolve) =>
      ws.once('message', () => resolve()).send(JSON.stringify({ id: 9, channel: 'app:info', args: {} })),
    );
    ws.close();
    await waitFor('cancellation on close', () => aborted.length >= 2);
  });

  it('answers hostile frames with typed errors and keeps running', async () => {
    const { ws, messages } = await open();
    ws.send('not json');
    ws.send(JSON.stringify({ channel: 'app:info' }));
    ws.send(JSON.stringify([1, 2, 3]));
    ws.send(JSON.stringify({ id: 3, channel: 'nope:nothing', args: {} }));
    ws.send(JSON.stringify({ id: 4, channel: 'account:get', args: { id: 'x'.repeat(500_000) } }));
    ws.send(JSON.stringify({ id: 5, channel: '__proto__', args: {} }));
    ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect((await reply(messages, 3)).reply).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
    expect((await reply(messages, 4)).reply).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
    expect((await reply(messages, 5)).reply).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
    await waitFor(
      'bad_message replies',
      () =>
        messages.filter((m) => (m as { reply?: { error?: { code: string } } }).reply?.error?.code === 'bad_message')
          .length >= 3,
    );
    // A frame past the size limit closes that socket only.
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.send('x'.repeat(3 * 1024 * 1024));
    expect(await closed).toBe(1009);
    const fresh = await open();
    fresh.ws.send(JSON.stringify({ id: 1, channel: 'app:info', args: {} }));
    expect((await reply(fresh.messages, 1)).reply.ok).toBe(true);
    fresh.ws.close();
  });
});

describe('web host pages', () => {
  it('serves the renderer with its CSP, and nothing outside it', async () => {
    const index = await httpGet('/', { host: `127.0.0.1:${host.port}` });
    expect(index.status).toBe(200);
    expect(index.body).toContain('Ledgerscope');
    expect(String(index.headers['content-security-policy'])).toContain("connect-src 'self'");
    expect((await httpGet('/assets/app.js')).status).toBe(200);
    expect((await httpGet('/live/account')).body).toContain('Ledgerscope'); // app routes get index.html
    for (const path of [
      '/../../etc/passwd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/assets/../../secret.txt',
      '/missing.js',
      '/%00',
    ]) {
      const res = await httpGet(path);
      // Refused, or (for a path URL normalisation brings back inside) the app's own index page.
      if (res.status === 200) expect(res.body).toBe('<!doctype html><title>Ledgerscope</title>');
      else expect([400, 403, 404]).toContain(res.status);
      expect(res.body).not.toContain('root:');
    }
  });
});
