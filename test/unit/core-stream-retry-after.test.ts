// A stream the server refuses for its rate (429, as Horizon does past its stream limit) comes back
// no sooner than the Retry-After it was given (at most an hour), says so in its status, and then
// streams; a Retry-After that is not a delay or a date is ignored for the usual backoff.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { builtInProfiles } from '../../core/networks/networks';
import { StreamManager } from '../../core/streams/streams';
import type { Operation, StreamStatus } from '../../shared/model';
import { startLocalServer, type LocalServer } from '../support/local-server';
import { waitFor } from '../support/wait';

const fixture = JSON.parse(
  readFileSync(new URL('../fixtures/horizon/pages/account-payments.json', import.meta.url), 'utf8'),
) as { _embedded: { records: { paging_token: string }[] } };
const record = fixture._embedded.records[0]!;
const ACCOUNT = 'GDJNVXHV5FEOVP4S5LNUAO6GDJIBYMTGYNXPLKN5JIIJVHIIQBPVHTMX';
const LATEST = Number(BigInt(record.paging_token) >> 32n) - 1;
/** When each stream request came (performance.now() ms). */
let arrivals: number[] = [];
/** The Retry-After of the first stream request's 429. */
let retryAfter = '1';
let local: LocalServer;

beforeAll(async () => {
  local = await startLocalServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/') {
      res.writeHead(200, { 'content-type': 'application/hal+json' });
      return res.end(
        JSON.stringify({
          horizon_version: '2',
          network_passphrase: 'Test SDF Network ; September 2015',
          history_latest_ledger: LATEST,
        }),
      );
    }
    arrivals.push(performance.now());
    if (arrivals.length === 1) {
      res.writeHead(429, { 'content-type': 'application/problem+json', 'retry-after': retryAfter });
      return res.end(
        JSON.stringify({
          type: 'https://stellar.org/horizon-errors/rate_limit_exceeded',
          title: 'Rate Limit Exceeded',
          status: 429,
        }),
      );
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(
      `retry: 1000\nevent: open\ndata: "hello"\n\nid: ${record.paging_token}\ndata: ${JSON.stringify(record)}\n\n`,
    );
  });
});

afterAll(() => local.close());

/** A manager of streams through the local server, reporting what it emits. */
function watching(): { manager: StreamManager; got: Operation[]; statuses: StreamStatus[] } {
  arrivals = [];
  const got: Operation[] = [];
  const statuses: StreamStatus[] = [];
  const manager = new StreamManager(
    mkdtempSync(join(tmpdir(), 'ledgerscope-stream-retry-')),
    (channel, payload) => {
      if (channel === 'stream:record') got.push((payload as { record: Operation }).record);
      if (channel === 'stream:status') statuses.push(payload as StreamStatus);
    },
    { backoffBaseMs: 20 },
  );
  manager.useNetwork({ ...builtInProfiles(local.base)[1]!, baseUrl: local.base });
  manager.watch(ACCOUNT);
  return { manager, got, statuses };
}

/** Watches the account until its record arrives; the statuses it went through. */
async function streamOnce(): Promise<StreamStatus[]> {
  const { manager, got, statuses } = watching();
  try {
    await waitFor('the record after the refusal', () => got.length >= 1, 10_000, 10);
  } finally {
    manager.close();
  }
  expect(got[0]!.pagingToken).toBe(record.paging_token);
  return statuses;
}

it('waits out a 429 for as long as its Retry-After says before connecting again', async () => {
  retryAfter = '1';
  const statuses = await streamOnce();
  expect(arrivals).toHaveLength(2);
  expect(arrivals[1]! - arrivals[0]!).toBeGreaterThanOrEqual(990);
  expect(statuses.find((s) => s.state === 'reconnecting')?.message).toMatch(/429.*Waiting 1 s, as it asked\.$/);
});

it('backs off as usual when the Retry-After is neither a delay nor a date', async () => {
  retryAfter = 'soon, maybe';
  const statuses = await streamOnce();
  expect(arrivals).toHaveLength(2);
  expect(arrivals[1]! - arrivals[0]!).toBeLessThan(900);
  expect(statuses.find((s) => s.state === 'reconnecting')?.message).not.toMatch(/as it asked/);
});

it('honours an hour at most, however long the Retry-After', async () => {
  retryAfter = String(10 ** 9);
  const { manager, statuses } = watching();
  try {
    const waiting = await waitFor('the reconnecting status', () => statuses.find((s) => s.state === 'reconnecting'));
    expect(waiting.message).toMatch(/Waiting 3600 s, as it asked\.$/);
    expect(arrivals).toHaveLength(1);
  } finally {
    manager.close();
  }
});
