// A sync's page requests sent by the index worker (worker-fetch.ts) through the HTTP client's
// transport seam (worker-transport.ts), against a real local server and a real worker: the page
// stays in the worker until it is written or let go, the next page's cursor is told while the
// page is still arriving, and every failure reads as the client's own transport's would.
import { mkdtempSync, rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HistoryWorker } from '../../core/history-index/main-thread/client';
import { EARLY_BYTES, PAGE_LIMIT } from '../../core/history-index/walk-cursor';
import { MAX_PAGE_BYTES, type FetchEvent } from '../../core/history-index/worker-thread/worker-fetch';
import {
  readHeld as held,
  workerTransport,
  type HeldPage,
} from '../../core/history-index/main-thread/worker-transport';
import { HttpClient } from '../../core/http/http';
import { MAX_BODY_BYTES } from '../../core/http/http-node';
import { accountKeys } from '../support/service-store';
import { startLocalServer, type LocalServer } from '../support/local-server';
import { waitFor } from '../support/wait';

const [ME, OTHER] = accountKeys(2, 77) as [string, string];
type Handler = (request: IncomingMessage, response: ServerResponse) => void;
let handler: Handler = (_req, res) => res.end('{}');
let local: LocalServer;
const seen: string[] = [];
const worker = new HistoryWorker();
const dir = mkdtempSync(join(tmpdir(), 'worker-fetch-'));
const file = join(dir, 'index.sqlite');

beforeAll(async () => {
  local = await startLocalServer((req, res) => {
    seen.push(req.url ?? '');
    handler(req, res);
  });
});

afterAll(async () => {
  await worker.close();
  await local.close();
  rmSync(dir, { recursive: true, force: true });
});

const id = (n: number) => (7000n << 32n) + BigInt(n);
/** A listing page of `count` payments to ME from `first`, its `next` link first as Horizon writes it; padded so each record is about 2 KB, as a page with its transactions is. */
function pageText(first: number, count: number): string {
  const records = Array.from({ length: count }, (_, i) => {
    const n = id(first + i);
    return `{"id":"${n}","paging_token":"${n}","type":"payment","created_at":"2026-03-01T00:00:00Z","transaction_hash":"${'ab'.repeat(32)}","transaction_successful":true,"source_account":"${OTHER}","from":"${OTHER}","to":"${ME}","asset_type":"native","amount":"1.5000000","transaction":{"memo":"${'m'.repeat(1800)}","memo_type":"text","fee_charged":"100"}}`;
  });
  const last = id(first + count - 1);
  return `{"_links":{"next":{"href":"${local.base}/accounts/${ME}/operations?cursor=${last}&order=asc"}},"_embedded":{"records":[${records.join(',')}]}}`;
}

const client = () => new HttpClient(local.base, { maxRetries: 2 });

describe('page requests sent by the index worker', () => {
  it('tells the next cursor while the page is still arriving, keeps the page in the worker, and writes it from there', async () => {
    const text = Buffer.from(pageText(0, 200));
    let rest: (() => void) | null = null;
    handler = (_req, res) => {
      res.writeHead(200, {
        'content-type': 'application/hal+json',
        'x-ratelimit-remaining': '41',
        'x-ratelimit-limit': '3600',
      });
      res.write(text.subarray(0, EARLY_BYTES + 4096));
      rest = () => res.end(text.subarray(EARLY_BYTES + 4096));
    };
    const early: string[] = [];
    const http = client();
    const reading = http.getWith(
      '/accounts/x/operations',
      workerTransport(worker, (cursor) => early.push(cursor)),
      held,
    );
    // The cursor comes while the server still holds the rest of the page.
    await waitFor('the early cursor', () => early.length > 0 || undefined);
    expect(early).toEqual([String(id(199))]);
    expect(rest).not.toBeNull();
    rest!();
    const { status, value: page } = await reading;
    expect(status).toBe(200);
    expect(page).toEqual({ rid: expect.any(Number), length: text.length, guess: String(id(199)) });
    expect(http.rateLimit).toEqual({ limit: 3600, remaining: 41, resetSeconds: null });
    const written = await worker.call(file, 'ingestHeld', { account: ME, rid: page.rid });
    expect([written.added, written.count, written.lastToken]).toEqual([200, 200, String(id(199))]);
    // Written once: the page has left the worker's keeping.
    await expect(worker.call(file, 'ingestHeld', { account: ME, rid: page.rid })).rejects.toMatchObject({
      code: 'invalid_input',
    });
  });

  it('names no early cursor for a short page that comes whole, so no request is sent for nothing', async () => {
    const short = Buffer.from(pageText(200, 40));
    expect(short.length).toBeGreaterThan(EARLY_BYTES);
    handler = (_req, res) => res.end(short);
    const early: string[] = [];
    const { value: page } = await client().getWith(
      '/p',
      workerTransport(worker, (cursor) => early.push(cursor)),
      held,
    );
    expect([page.length, page.guess]).toEqual([short.length, null]);
    expect(early).toEqual([]);
    const written = await worker.call(file, 'ingestHeld', { account: ME, rid: page.rid });
    expect([written.added, written.count]).toEqual([40, 40]);
  });

  it('tells the next cursor of a full page that came whole before it says the page is held', async () => {
    handler = (_req, res) => res.end(pageText(1000, 200));
    const events: FetchEvent[] = [];
    worker.fetch({ url: `${local.base}/p`, headers: {}, early: true }, (event) => events.push(event));
    await waitFor('the page', () => events.find((e) => e.event === 'held'));
    expect(events.map((e) => e.event)).toEqual(['head', 'early', 'held']);
    expect(events[1]).toMatchObject({ cursor: String(id(1199)) });
    worker.drop(events[0]!.rid);
  });

  it('reads a gzipped page, and lets a page go unwritten when asked', async () => {
    const text = Buffer.from(pageText(300, 200));
    handler = (_req, res) => {
      res.writeHead(200, { 'content-encoding': 'gzip' });
      res.end(gzipSync(text));
    };
    const { value: page } = await client().getWith('/p', workerTransport(worker), held);
    expect([page.length, page.guess]).toEqual([text.length, String(id(499))]);
    worker.drop(page.rid);
    await expect(worker.call(file, 'ingestHeld', { account: ME, rid: page.rid })).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringContaining('No page is held'),
    });
  });

  it('turns problem documents into the client errors, and retries a 429 after its Retry-After through the worker', async () => {
    handler = (_req, res) => {
      res.writeHead(404, { 'content-type': 'application/problem+json' });
      res.end(JSON.stringify({ type: 'not_found', title: 'Resource Missing', status: 404, detail: 'no such account' }));
    };
    await expect(client().getWith('/accounts/nobody/operations', workerTransport(worker), held)).rejects.toMatchObject({
      code: 'not_found',
      status: 404,
    });

    let calls = 0;
    handler = (_req, res) => {
      calls += 1;
      if (calls === 1) {
        res.writeHead(429, { 'retry-after': '1', 'content-type': 'application/problem+json' });
        res.end(JSON.stringify({ type: 'rate_limit_exceeded', title: 'Rate Limit Exceeded', status: 429 }));
      } else res.end(pageText(600, 10));
    };
    const started = Date.now();
    const { value: page } = await client().getWith('/p', workerTransport(worker), held);
    expect(calls).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    worker.drop(page.rid);
  });

  it('reports what a broken peer does as the client does for its own requests', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-encoding': 'gzip' });
      res.end(gzipSync(Buffer.alloc(MAX_BODY_BYTES + 1)));
    };
    await expect(client().getWith('/bomb', workerTransport(worker), held)).rejects.toMatchObject({ code: 'too_large' });
  });

  it('refuses a page past MAX_PAGE_BYTES by that stated limit before reading it, and reads one of exactly it (#37.8)', async () => {
    // A page of one token repeated (the 50 MB page that read as "the cursor went backwards").
    const filler = (size: number) => {
      const start = '{"_embedded":{"records":[],"pad":"';
      return Buffer.concat([Buffer.from(start), Buffer.alloc(size - start.length - 3, 0x61), Buffer.from('"}}')]);
    };
    handler = (req, res) => {
      const size = req.url?.includes('over') ? MAX_PAGE_BYTES + 1 : MAX_PAGE_BYTES;
      const chunked = req.url?.includes('chunked');
      res.writeHead(200, chunked ? {} : { 'content-length': String(size) });
      res.end(filler(size));
    };
    for (const path of ['/over', '/over-chunked'])
      await expect(client().getWith(path, workerTransport(worker), held)).rejects.toMatchObject({
        code: 'too_large',
        message: `A page of the account's history is larger than ${MAX_PAGE_BYTES / 1024 / 1024} MiB, the most a page of ${PAGE_LIMIT} records with their transactions takes; it was not read.`,
      });
    const exact = await client().getWith('/exact', workerTransport(worker), held);
    expect(exact.value.length).toBe(MAX_PAGE_BYTES);
    worker.drop(exact.value.rid);
  });

  it('reports a body cut short and a refused connection as the client does', async () => {
    handler = (req, res) => {
      res.writeHead(200, { 'content-length': '100000' });
      res.write('{"_embedded":');
      setImmediate(() => req.socket.destroy());
    };
    await expect(client().getWith('/short', workerTransport(worker), held)).rejects.toMatchObject({
      code: 'unreachable',
      message: expect.stringContaining('connection broke'),
    });
    const closed = await startLocalServer(() => undefined);
    await closed.close();
    await expect(new HttpClient(closed.base).getWith('/p', workerTransport(worker), held)).rejects.toMatchObject({
      code: 'unreachable',
      message: expect.stringContaining('ECONNREFUSED'),
    });
  });

  it('stops the request in the worker when the caller cancels or the timeout passes', async () => {
    let open = 0;
    handler = (req, res) => {
      open += 1;
      req.socket.once('close', () => (open -= 1));
      res.writeHead(200);
      res.write('{"_links":');
    };
    const controller = new AbortController();
    const reading = client().getWith('/stall', workerTransport(worker), held, { signal: controller.signal });
    await waitFor('the request to arrive', () => open === 1 || undefined);
    controller.abort();
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
    await waitFor('the worker to close the connection', () => open === 0 || undefined);

    await expect(client().getWith('/stall', workerTransport(worker), held, { timeoutMs: 300 })).rejects.toMatchObject({
      code: 'timeout',
    });
    await waitFor('the worker to close the timed-out connection', () => open === 0 || undefined);
  });

  it('refuses what the worker must not send: another method, another scheme, a hostile message', async () => {
    const transport = workerTransport(worker);
    const signal = new AbortController().signal;
    await expect(
      transport(new URL(local.base), { method: 'POST', headers: {}, body: 'x' }, signal),
    ).rejects.toMatchObject({ code: 'invalid_input' });
    const events: FetchEvent[] = [];
    worker.fetch({ url: 'file:///etc/passwd', headers: {}, early: false }, (event) => events.push(event));
    await waitFor('the refusal', () => events.length > 0 || undefined);
    expect(events).toEqual([
      {
        rid: expect.any(Number),
        event: 'error',
        message: expect.stringContaining('Only http and https'),
        coreCode: 'invalid_input',
      },
    ]);
    const bad: FetchEvent[] = [];
    worker.fetch({ url: 'not a url', headers: {}, early: false }, (event) => bad.push(event));
    await waitFor('the refusal of a malformed URL', () => bad.length > 0 || undefined);
    expect(bad[0]).toMatchObject({ event: 'error', message: expect.stringContaining('Invalid URL') });
    // The worker goes on serving.
    handler = (_req, res) => res.end(pageText(900, 3));
    const page: HeldPage = (await client().getWith('/p', workerTransport(worker), held)).value;
    expect(page.length).toBeGreaterThan(0);
    worker.drop(page.rid);
  });
});
