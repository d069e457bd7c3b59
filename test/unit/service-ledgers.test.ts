// GET /ledgers, as Horizon has it: every ledger in sequence order, paged by paging token
// (`sequence << 32`) in either order with links that walk the whole listing, streamed as ledgers
// close (from a cursor, from now, or resumed by Last-Event-ID), and bad parameters refused.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseJson, type JsonValue } from '../../shared/json';
import { type RunningService, startService } from '../../network/service/server';
import { openSse } from '../support/sse';
import { SyntheticStore, accountKeys, fillPayments, paymentOp } from '../support/service-store';

const START = 60_000_000;
let dir: string;
let store: SyntheticStore;
let service: RunningService;
let next = START + 12;
const accounts = accountKeys(3);
type Json = { [key: string]: JsonValue };

async function get(path: string) {
  const response = await fetch(`${service.url}${path}`);
  const text = await response.text();
  return { status: response.status, text, json: parseJson(text) as Json };
}
const records = (page: Json) => (page._embedded as Json).records as Json[];
const sequences = (page: Json) => records(page).map((r) => Number(r.sequence));
/** A page link's path and query: hrefs are absolute, under the service's own base. */
const link = (page: Json, name: string) => {
  const href = (((page._links as Json)[name] as Json).href as string).replace('{&limit}', '&limit=5');
  expect(href.startsWith(`${service.url}/ledgers?`)).toBe(true);
  return href.slice(service.url.length);
};
const token = (sequence: number) => String(BigInt(sequence) << 32n);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'service-ledgers-'));
  store = new SyntheticStore(dir, START);
  fillPayments(store, { startLedger: START, ledgers: 12, perLedger: 3, accounts });
  service = await startService({ dataDir: dir, port: 0, coreUrl: 'http://127.0.0.1:9', streamPollMs: 5 });
});
afterAll(async () => {
  await service?.close();
  store?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('GET /ledgers', () => {
  it('lists ledgers oldest first by default, each as /ledgers/<sequence> has it', async () => {
    const { status, json } = await get('/ledgers?limit=5');
    expect(status).toBe(200);
    expect(sequences(json)).toEqual([0, 1, 2, 3, 4].map((i) => START + i));
    const single = await get(`/ledgers/${START + 2}`);
    expect(JSON.stringify(records(json)[2])).toBe(JSON.stringify(single.json));
    expect(records(json)[0]!.paging_token).toBe(token(START));
  });

  it('walks the whole listing by next links, in both orders, and back by prev', async () => {
    const seen: number[] = [];
    let page = (await get('/ledgers?limit=5&order=desc')).json;
    while (records(page).length > 0) {
      seen.push(...sequences(page));
      page = (await get(link(page, 'next'))).json;
    }
    expect(seen).toEqual(Array.from({ length: 12 }, (_, i) => START + 11 - i));
    const middle = (await get(`/ledgers?cursor=${token(START + 5)}&limit=3`)).json;
    expect(sequences(middle)).toEqual([START + 6, START + 7, START + 8]);
    expect(sequences((await get(link(middle, 'prev'))).json)).toEqual([
      START + 5,
      START + 4,
      START + 3,
      START + 2,
      START + 1,
    ]);
    // A token inside a ledger (an operation's) pages from the next ledger up, or from that ledger down.
    expect(sequences((await get(`/ledgers?cursor=${BigInt(token(START + 5)) + 4097n}&limit=2`)).json)).toEqual([
      START + 6,
      START + 7,
    ]);
    expect(
      sequences((await get(`/ledgers?cursor=${BigInt(token(START + 5)) + 4097n}&limit=2&order=desc`)).json),
    ).toEqual([START + 5, START + 4]);
  });

  it('answers `now` with nothing ascending and the latest descending', async () => {
    expect(sequences((await get('/ledgers?cursor=now')).json)).toEqual([]);
    expect(sequences((await get('/ledgers?cursor=now&order=desc&limit=1')).json)).toEqual([START + 11]);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=201', 'limit'],
    ['order=up', 'order'],
    ['cursor=-1', 'cursor'],
    ['cursor=99999999999999999999', 'cursor'],
    ['cursor=abc', 'cursor'],
  ])('refuses %s with a problem document', async (query, field) => {
    const { status, text } = await get(`/ledgers?${query}`);
    expect(status).toBe(400);
    expect(text).toContain(field);
    expect(text).not.toMatch(/at .*\.ts/);
  });

  it('streams ledgers as they close, from now or resumed by Last-Event-ID, once each and in order', async () => {
    const live = await openSse(`${service.url}/ledgers?cursor=now`);
    const resumed = await openSse(`${service.url}/ledgers`, { 'last-event-id': token(START + 9) });
    expect(live.status).toBe(200);
    await resumed.waitFor((frames) => frames.filter((f) => f.id).length >= 2);
    expect(resumed.frames.filter((f) => f.id).map((f) => f.id)).toEqual([token(START + 10), token(START + 11)]);
    for (let i = 0; i < 3; i++)
      store.appendLedger(next++, [
        { source: accounts[0]!, successful: true, ops: [paymentOp(accounts[0]!, accounts[1]!, 1n)] },
      ]);
    await live.waitFor((frames) => frames.filter((f) => f.id).length >= 3);
    const ids = live.frames.filter((f) => f.id).map((f) => f.id);
    expect(ids).toEqual([token(START + 12), token(START + 13), token(START + 14)]);
    const first = parseJson(live.frames.find((f) => f.id)!.data!) as Json;
    expect(first).toMatchObject({ sequence: START + 12, operation_count: 1 });
    await resumed.waitFor((frames) => frames.filter((f) => f.id).length >= 5);
    expect(resumed.frames.filter((f) => f.id).map((f) => f.id)).toEqual(
      [10, 11, 12, 13, 14].map((i) => token(START + i)),
    );
    live.close();
    resumed.close();
  });

  it('refuses to stream in descending order', async () => {
    const stream = await openSse(`${service.url}/ledgers?order=desc`);
    expect(stream.status).toBe(400);
    expect(stream.body).toContain('order');
  });
});
