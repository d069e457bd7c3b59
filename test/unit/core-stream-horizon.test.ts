// Streams in the Horizon dialect: a real HTTP server writes the fixture's payment records as
// Horizon's SSE frames, drops the connection mid-way, and checks that the core comes back with the
// last paging token as its cursor; every record arrives once, normalised.
import { mkdtempSync, readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { startLocalServer, type LocalServer } from '../support/local-server';
import { waitFor } from '../support/wait';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { builtInProfiles } from '../../core/networks/networks';
import { StreamManager } from '../../core/streams/streams';
import type { Operation, StreamStatus } from '../../shared/model';

const fixture = JSON.parse(
  readFileSync(new URL('../fixtures/horizon/pages/account-payments.json', import.meta.url), 'utf8'),
) as { _embedded: { records: { paging_token: string }[] } };
const records = fixture._embedded.records;
const ACCOUNT = 'GDJNVXHV5FEOVP4S5LNUAO6GDJIBYMTGYNXPLKN5JIIJVHIIQBPVHTMX';
const cursors: string[] = [];
const LATEST = Number(BigInt(records[0]!.paging_token) >> 32n) - 1;
const PINNED = (((BigInt(LATEST) + 1n) << 32n) - 1n).toString();
let local: LocalServer;
let base: string;

beforeAll(async () => {
  local = await startLocalServer((req, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/') {
      // Horizon's root: the latest ledger is the one before the fixture's first payment.
      res.writeHead(200, { 'content-type': 'application/hal+json' });
      return res.end(
        JSON.stringify({
          horizon_version: '2',
          network_passphrase: 'Test SDF Network ; September 2015',
          history_latest_ledger: LATEST,
        }),
      );
    }
    const cursor = req.headers['last-event-id']?.toString() || url.searchParams.get('cursor') || '';
    cursors.push(cursor);
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write('retry: 1000\nevent: open\ndata: "hello"\n\n');
    const rest = records.filter((r) => BigInt(r.paging_token) > BigInt(cursor || '0'));
    // First connection: three records, then the connection drops. Later ones: the rest, and a repeat.
    const batch = cursors.length === 1 ? records.slice(0, 3) : [records[0]!, ...rest];
    // Hostile frames among the records: not JSON, not a record, a huge line. All ignored.
    if (cursors.length > 1)
      res.write(`data: {not json\n\ndata: {"id":"abc"}\n\ndata: ${'x'.repeat(200_000)}\n\nevent: weird\ndata: 1\n\n`);
    for (const record of batch) res.write(`id: ${record.paging_token}\ndata: ${JSON.stringify(record)}\n\n`);
    // Drop the connection abruptly once the frames are on the wire.
    if (cursors.length === 1) res.write('', () => setImmediate(() => res.destroy()));
    else res.write(': keepalive\n\n');
  });
  base = local.base;
});

afterAll(() => local.close());

it('resumes a Horizon stream from the last paging token and delivers each record once', async () => {
  const got: Operation[] = [];
  const statuses: StreamStatus[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-horizon-stream-'));
  const manager = new StreamManager(
    dir,
    (channel, payload) => {
      if (channel === 'stream:record') got.push((payload as { record: Operation }).record);
      if (channel === 'stream:status') statuses.push(payload as StreamStatus);
    },
    { backoffBaseMs: 20 },
  );
  const profile = { ...builtInProfiles(base)[1]!, baseUrl: base };
  manager.useNetwork(profile);
  manager.watch(ACCOUNT);
  try {
    await waitFor(
      () => `every record (${got.length} of ${records.length} so far)`,
      () => got.length >= records.length,
      10_000,
      10,
    );
  } finally {
    manager.close();
  }
  expect(got.map((r) => r.pagingToken)).toEqual(records.map((r) => r.paging_token));
  expect(got.find((r) => r.type === 'payment')).toMatchObject({
    amount: '1204.5070001',
    direction: 'in',
    currency: { code: 'XLM' },
  });
  expect(cursors[0]).toBe(PINNED); // "now" pinned to a token before the first connection
  expect(cursors[1]).toBe(records[2]!.paging_token);
  expect(statuses.some((s) => s.state === 'reconnecting' && s.attempt === 1)).toBe(true);
});
