// Streaming (docs/design.md "Streaming") and the per-client limits, with the test as the store's only
// writer: it commits ledgers the way the core does and watches what the open streams receive.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningService, startService } from '../../network/service/server';
import {
  SyntheticStore,
  accountKeys,
  everyTypeOps,
  fillPayments,
  paymentOp,
  BALANCE_ID,
  POOL_ID,
} from '../support/service-store';
import { openSse, recordIds, type SseConnection } from '../support/sse';

const START = 60_000_000;
const accounts = accountKeys(4, 2);
const [busy, other] = [accounts[0]!, accounts[1]!];
let dir: string;
let store: SyntheticStore;
let service: RunningService;
let nextLedger = START + 5;
const open: SseConnection[] = [];

async function sse(path: string, headers: Record<string, string> = {}, base = service.url) {
  const connection = await openSse(`${base}${path}`, headers);
  open.push(connection);
  return connection;
}

function commitPayment(): string {
  const [hash] = store.appendLedger(nextLedger, [
    { source: busy, successful: true, ops: [paymentOp(busy, other, 7n)] },
  ]);
  nextLedger += 1;
  return hash!;
}

function idsOf(path: string, limit = 200) {
  return fetch(`${service.url}${path}${path.includes('?') ? '&' : '?'}limit=${limit}`)
    .then((r) => r.json() as Promise<{ _embedded: { records: { paging_token: string }[] } }>)
    .then((page) => page._embedded.records.map((r) => r.paging_token));
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'service-stream-'));
  store = new SyntheticStore(dir, START);
  fillPayments(store, { startLedger: START, ledgers: 5, perLedger: 4, accounts });
  service = await startService({
    dataDir: dir,
    port: 0,
    coreUrl: 'http://127.0.0.1:9',
    keepaliveMs: 100,
    loopbackMaxStreams: 30,
  });
});

afterAll(async () => {
  for (const connection of open) connection.close();
  await service?.close();
  store?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('streams', () => {
  it('opens with Horizon framing, replays after the cursor, then follows new ledgers', async () => {
    const history = await idsOf(`/accounts/${busy}/payments`);
    const stream = await sse(`/accounts/${busy}/payments?cursor=${history[4]}`);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.headers.get('x-ratelimit-limit')).toMatch(/^\d+$/);
    await stream.waitFor((frames) => recordIds(frames).length === history.length - 5);
    expect(stream.frames[0]).toMatchObject({ retry: '1000', event: 'open', data: '"hello"' });
    expect(recordIds(stream.frames)).toEqual(history.slice(5));
    commitPayment();
    commitPayment();
    await stream.waitFor((frames) => recordIds(frames).length === history.length - 3);
    const all = await idsOf(`/accounts/${busy}/payments`);
    expect(recordIds(stream.frames)).toEqual(all.slice(5));
    const lastRecord = stream.frames.filter((f) => f.id !== undefined).at(-1)!;
    const record = JSON.parse(lastRecord.data!) as { paging_token: string; type_s: string };
    expect(record).toMatchObject({ paging_token: all.at(-1), type_s: 'payment' });
  });

  it('lets Last-Event-ID override the cursor, and cursor=now skip history', async () => {
    const history = await idsOf(`/accounts/${busy}/payments`);
    const resumed = await sse(`/accounts/${busy}/payments?cursor=${history[1]}`, { 'last-event-id': history.at(-2)! });
    const now = await sse(`/accounts/${busy}/payments?cursor=now`);
    await resumed.waitFor((frames) => recordIds(frames).length === 1);
    expect(recordIds(resumed.frames)).toEqual([history.at(-1)]);
    await now.waitFor((frames) => frames.some((f) => f.event === 'open'));
    commitPayment();
    const after = await idsOf(`/accounts/${busy}/payments`);
    await now.waitFor((frames) => recordIds(frames).length === 1);
    await resumed.waitFor((frames) => recordIds(frames).length === 2);
    expect(recordIds(now.frames)).toEqual([after.at(-1)]);
    expect(recordIds(resumed.frames)).toEqual(after.slice(-2));
  });

  it('streams all five operation scopes', async () => {
    const [hash] = store.appendLedger(nextLedger, [{ source: busy, successful: true, ops: everyTypeOps(busy, other) }]);
    const ledger = nextLedger;
    nextLedger += 1;
    const expected: [string, number][] = [
      [`/accounts/${other}/operations?cursor=${BigInt(ledger) << 32n}`, 5],
      [`/ledgers/${ledger}/operations`, 11],
      [`/transactions/${hash}/operations`, 11],
      [`/claimable_balances/${BALANCE_ID}/operations`, 2],
      [`/liquidity_pools/${POOL_ID}/operations`, 2],
    ];
    for (const [path, count] of expected) {
      const stream = await sse(path);
      await stream.waitFor((frames) => recordIds(frames).length === count);
      stream.close();
    }
  });

  it('sends keepalive comments at the configured interval', async () => {
    const stream = await sse(`/ledgers/${START}/operations?cursor=now`);
    await stream.waitFor((frames) => frames.filter((f) => f.comment === 'keepalive').length >= 2, 2000);
  });

  it('refuses order=desc and a bad Last-Event-ID with 400 before opening', async () => {
    const desc = await sse(`/accounts/${busy}/payments?order=desc`);
    expect(desc.status).toBe(400);
    expect(JSON.parse(desc.body)).toMatchObject({ type: 'bad_request', extras: { invalid_field: 'order' } });
    const bad = await sse(`/accounts/${busy}/payments`, { 'last-event-id': 'yesterday' });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body)).toMatchObject({ extras: { invalid_field: 'Last-Event-ID' } });
  });

  it('bounds open streams per client', async () => {
    const extra: SseConnection[] = [];
    let refused: SseConnection | undefined;
    for (let i = 0; i < 40 && !refused; i += 1) {
      const stream = await sse(`/accounts/${busy}/payments?cursor=now`);
      if (stream.status === 429) refused = stream;
      else extra.push(stream);
    }
    expect(refused).toBeDefined();
    expect(refused!.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(JSON.parse(refused!.body)).toMatchObject({ type: 'rate_limit_exceeded', status: 429 });
    for (const stream of extra) stream.close();
  });
});

describe('pages and new ledgers', () => {
  it('never serves a page that a new ledger changed (caches hold only final pages)', async () => {
    const before = await idsOf(`/accounts/${busy}/payments`);
    const paths = [
      `/accounts/${busy}/payments?order=desc&limit=3`,
      `/accounts/${busy}/payments?cursor=${before.at(-2)}&limit=5`,
      `/accounts/${busy}/payments?order=desc&cursor=${2n ** 62n}&limit=3`,
    ];
    const read = (path: string) =>
      fetch(`${service.url}${path}`)
        .then((r) => r.json() as Promise<{ _embedded: { records: { paging_token: string }[] } }>)
        .then((page) => page._embedded.records.map((r) => r.paging_token));
    const old = await Promise.all(paths.map(read));
    expect(old[1]).toEqual([before.at(-1)]);
    commitPayment();
    const after = await idsOf(`/accounts/${busy}/payments`);
    const newest = after.at(-1)!;
    expect(newest).not.toBe(before.at(-1));
    const now = await Promise.all(paths.map(read));
    expect(now[0]![0]).toBe(newest);
    expect(now[1]).toEqual([before.at(-1), newest]);
    expect(now[2]![0]).toBe(newest);
    // A full asc page, once cached, is still right.
    const full = `/accounts/${busy}/payments?limit=2`;
    expect(await read(full)).toEqual(after.slice(0, 2));
    commitPayment();
    expect(await read(full)).toEqual(after.slice(0, 2));
  });
});

describe('limits set by flags', () => {
  it('ends a stream at its maximum age with byebye', async () => {
    const short = await startService({ dataDir: dir, port: 0, coreUrl: 'http://127.0.0.1:9', maxStreamAgeMs: 300 });
    try {
      const stream = await sse(`/accounts/${busy}/payments?cursor=now`, {}, short.url);
      await stream.waitFor((frames) => frames.some((f) => f.event === 'close'), 3000);
      expect(stream.frames.at(-1)).toMatchObject({ event: 'close', data: '"byebye"' });
    } finally {
      await short.close();
    }
  });

  it('answers 429 with Retry-After past the rate limit, as a problem', async () => {
    const strict = await startService({ dataDir: dir, port: 0, coreUrl: 'http://127.0.0.1:9', loopbackRateLimit: 3 });
    try {
      const statuses: number[] = [];
      let last: Response | undefined;
      for (let i = 0; i < 5; i += 1) {
        last = await fetch(`${strict.url}/`);
        statuses.push(last.status);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      expect(last!.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(last!.headers.get('x-ratelimit-remaining')).toBe('0');
      expect(await last!.json()).toMatchObject({ type: 'rate_limit_exceeded', status: 429 });
    } finally {
      await strict.close();
    }
  });
});
