// Hostile Stellar RPC servers (issue 38.5), held like hostile Horizons: each read of the RPC source
// (an account's listing, the live feed's poller, the ledger stream, the account, a transaction's
// listing) against a stand-in server (test/support/standin-rpc.ts) that pages events with a cursor
// that does not advance, repeats or reorders its events, lets its latest ledger go back, refuses
// with JSON-RPC errors, answers HTML, a body far over the bound or one that never ends, or nothing.
// Each ends with a clear sentence, in a bounded number of requests, within a deadline.
import { Asset, StrKey, xdr } from '@stellar/stellar-base';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpClient } from '../../core/http/http';
import { EVENTS_PAGE, MAX_EVENT_PAGES, RANGES_AT_ONCE } from '../../core/sources/rpc/window-events';
import { endOfLedger, POLL_MS } from '../../core/sources/rpc/payment-streams';
import { LEDGER_POLL_MS } from '../../core/sources/rpc/ledger-stream';
import { rpcSource } from '../../core/sources/rpc/source';
import type { Lacking, ListingQuery, Source } from '../../core/sources/source';
import type { Operation, StreamStatus } from '../../shared/model';
import {
  endlessBody,
  eventId,
  htmlPage,
  hugeBody,
  ledgerInfo,
  RPC_PASSPHRASE,
  stall,
  startStandinRpc,
  World,
  type EventRecord,
  accountEntry,
  accountKey,
  type StandinRpc,
} from '../support/standin-rpc';
import { waitFor } from '../support/wait';

let server: StandinRpc | undefined;
const aborts: AbortController[] = [];
const stops: (() => void)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) stop();
  for (const abort of aborts.splice(0)) abort.abort();
  await server?.close();
  server = undefined;
});

/** The polled streams' timing here: a tenth of the app's (payment-streams.ts, ledger-stream.ts). */
const TIMING = { feedPollMs: POLL_MS / 10, ledgerPollMs: LEDGER_POLL_MS / 10 };

async function standin(world = new World(1_000, 1_100), timeoutMs = 30_000) {
  server = await startStandinRpc(world);
  const http = new HttpClient(server.url, { maxRetries: 0, timeoutMs });
  const profile = {
    id: 'hostile',
    name: 'Hostile',
    baseUrl: server.url,
    passphrase: RPC_PASSPHRASE,
    dialect: 'rpc' as const,
    builtIn: false,
  };
  // Polled ten times as often as in the app: the same loops, a tenth of the waiting.
  return { server, world: server.world, source: rpcSource(profile, http, TIMING) };
}

/** A part of the source that RPC has built (a Lacking here fails the test with its sentence). */
function built<T extends object>(part: T | Lacking): T {
  if ('lacking' in part) throw new Error(part.lacking);
  return part;
}
const listingsOf = (source: Source) => built(source.listings);

const QUERY: ListingQuery = { limit: 10, order: 'desc', includeFailed: false, includeTransactions: false };

/** `n` events of the account after `after` (ids ascending), each naming a transaction of its own. */
function manyEvents(template: EventRecord, n: number, firstLedger: number): EventRecord[] {
  return Array.from({ length: n }, (_, i) => ({
    ...template,
    ledger: firstLedger + Math.floor(i / 1000),
    id: eventId(firstLedger + Math.floor(i / 1000), (i % 1000) + 1, 1),
    txHash: i.toString(16).padStart(64, '0'),
  }));
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error as Error,
  );

/**
 * The listing asks its ranges at once and stops at the first refusal: the requests that reached
 * the server by then are at least one and at most one per range (never a second round).
 */
function expectAsked(count: number, ranges: number): void {
  expect(count).toBeGreaterThanOrEqual(1);
  expect(count).toBeLessThanOrEqual(ranges);
}

describe('an account’s listing against a hostile RPC', () => {
  it('lists an honest server’s payment in a few requests (the baseline the hostile cases differ from)', async () => {
    const { source, world, server } = await standin();
    const paid = world.pay(1_050);
    const page = await listingsOf(source).page({ kind: 'payments', account: world.account }, QUERY);
    expect(page.records.map((r) => [r.type, r.transactionHash])).toEqual([['payment', paid.hash]]);
    // The window is read in RANGES_AT_ONCE ranges at once (account-listing.ts), one request each.
    expect([server.count('getHealth'), server.count('getEvents'), server.count('getTransaction')]).toEqual([
      1,
      RANGES_AT_ONCE,
      1,
    ]);
  });

  it('refuses a full page of events whose cursor does not advance, after one page', async () => {
    const { source, world, server } = await standin();
    const template = world.pay(1_050).event;
    const events = manyEvents(template, EVENTS_PAGE, 1_001);
    server.script['getEvents'] = () => ({ result: { events, ...world.window(), cursor: eventId(1_000, 1, 1) } });
    const error = await failure(listingsOf(source).page({ kind: 'payments', account: world.account }, QUERY));
    expect(error.message).toBe('The server gave a page of events with a cursor that does not advance.');
    // Every range's first page, asked at once; no second page of any.
    expectAsked(server.count('getEvents'), RANGES_AT_ONCE);
    expect(server.count('getTransaction')).toBe(0);
  });

  it('refuses a full page whose cursor repeats the last one, after two pages', async () => {
    const { source, world, server } = await standin();
    const template = world.pay(1_050).event;
    const first = manyEvents(template, EVENTS_PAGE, 1_001);
    const second = manyEvents(template, EVENTS_PAGE, 1_020);
    server.script['getEvents'] = ({ nth }) => ({
      result: { events: nth === 0 ? first : second, ...world.window(), cursor: first.at(-1)!.id },
    });
    const error = await failure(listingsOf(source).page({ kind: 'payments', account: world.account }, QUERY));
    expect(error.message).toBe('The server gave a page of events with a cursor that does not advance.');
    // Each range's first page (asked at once), and a second page of those that had one before the
    // first refusal ended the listing: never a third.
    expect(server.count('getEvents')).toBeGreaterThanOrEqual(RANGES_AT_ONCE);
    expect(server.count('getEvents')).toBeLessThanOrEqual(2 * RANGES_AT_ONCE);
  });

  it('stops at its bound of pages when a server’s cursor advances forever, and says what would answer', async () => {
    const { source, world, server } = await standin();
    const template = world.pay(1_050).event;
    server.script['getEvents'] = ({ nth }) => {
      const events = manyEvents(template, EVENTS_PAGE, 1_001 + nth * 10);
      return { result: { events, ...world.window(), cursor: events.at(-1)!.id } };
    };
    const error = await failure(listingsOf(source).page({ kind: 'payments', account: world.account }, QUERY));
    expect(error.message).toBe(
      'This account has more than 100,000 events in the ledgers this server keeps: list it from a Horizon server, or index it from the ledger data lake.',
    );
    // The bound is on pages beyond each range's first.
    expect(server.count('getEvents')).toBe(MAX_EVENT_PAGES + RANGES_AT_ONCE);
    expect(server.count('getTransaction')).toBe(0);
  });

  it.each([
    ['out of order', (a: EventRecord, b: EventRecord) => [b, a]],
    ['repeated', (a: EventRecord, b: EventRecord) => [a, b, b]],
  ])('refuses events %s, reading no transaction of them', async (_, arrange) => {
    const { source, world, server } = await standin();
    const a = world.pay(1_050).event;
    const b = world.pay(1_060).event;
    server.script['getEvents'] = () => ({ result: { events: arrange(a, b), ...world.window() } });
    const error = await failure(listingsOf(source).page({ kind: 'payments', account: world.account }, QUERY));
    expect(error.message).toMatch(
      /^The server gave event \d{19}-\d{10} after \d{19}-\d{10}: its events are out of order or repeated, so nothing of them is shown\.$/,
    );
    expectAsked(server.count('getEvents'), RANGES_AT_ONCE);
    expect(server.count('getTransaction')).toBe(0);
  });

  it.each([
    [
      'an id whose ledger disagrees with its ledger',
      { ledger: 1_051 },
      /^The server gave event \d{19}-\d{10} in ledger 1,051, but its id says ledger 1,050: nothing of its events is shown\.$/,
    ],
    [
      'an id that is not an event id',
      { id: 'nonsense' },
      /^The server gave an event whose id is not an event id \("nonsense"\): nothing of its events is shown\.$/,
    ],
  ])('refuses an event with %s', async (_, change, words) => {
    const { source, world, server } = await standin();
    const event = { ...world.pay(1_050).event, ...change };
    server.script['getEvents'] = () => ({ result: { events: [event], ...world.window() } });
    const error = await failure(listingsOf(source).page({ kind: 'payments', account: world.account }, QUERY));
    expect(error.message).toMatch(words);
    expectAsked(server.count('getEvents'), RANGES_AT_ONCE);
    expect(server.count('getTransaction')).toBe(0);
  });

  it('refuses a transaction answered for another hash, and one whose envelope is not XDR', async () => {
    const { source, world, server } = await standin();
    const asked = world.pay(1_050);
    const other = world.pay(1_060);
    world.payments.splice(1, 1);
    server.script['getTransaction'] = () => ({
      result: {
        status: 'SUCCESS',
        ...world.window(),
        txHash: other.hash,
        applicationOrder: 1,
        envelopeXdr: other.envelopeXdr,
        resultXdr: other.resultXdr,
        ledger: 1_060,
        createdAt: '1780005300',
      },
    });
    const target = { kind: 'payments' as const, account: world.account };
    const error = await failure(listingsOf(source).page(target, QUERY));
    expect(error.message).toBe(
      `The server answered transaction ${asked.hash.slice(0, 12)}… with transaction ${other.hash.slice(0, 12)}…: nothing of it is shown.`,
    );
    expect(server.count('getTransaction')).toBe(1);

    // Its own hash, another's envelope.
    server.script['getTransaction'] = () => ({
      result: {
        status: 'SUCCESS',
        ...world.window(),
        txHash: asked.hash,
        applicationOrder: 1,
        envelopeXdr: other.envelopeXdr,
        resultXdr: other.resultXdr,
        ledger: 1_050,
        createdAt: '1780005250',
      },
    });
    expect((await failure(listingsOf(source).page(target, QUERY))).message).toBe(
      `The server's transaction ${asked.hash.slice(0, 12)}… holds the envelope of transaction ${other.hash.slice(0, 12)}… on this network: nothing of it is shown.`,
    );

    server.script['getTransaction'] = () => ({
      result: {
        status: 'SUCCESS',
        ...world.window(),
        txHash: asked.hash,
        applicationOrder: 1,
        envelopeXdr: 'AAAAAgAAAAD/////',
        resultXdr: asked.resultXdr,
        ledger: 1_050,
        createdAt: '1780005250',
      },
    });
    const byHash = await failure(
      listingsOf(source).page({ kind: 'operations', scope: 'transaction', id: asked.hash }, QUERY),
    );
    expect(byHash.message).toMatch(
      new RegExp(
        `^The server's transaction ${asked.hash.slice(0, 12)}… could not be read: its envelope, result or meta is not valid XDR \\(`,
      ),
    );
    expect(server.count('getTransaction')).toBe(3);
  });

  it('ends where the window is kept whole when a named transaction is gone by the time it is read, in either order', async () => {
    const { source, world, server } = await standin();
    const newest = world.pay(1_030);
    const middle = world.pay(1_020);
    // Ledger 1,010 held two of its payments; the window moves past it between the events and the transactions.
    const read = world.pay(1_010, 10_000_000n, 1);
    const gone = world.pay(1_010, 10_000_000n, 2);
    server.script['getTransaction'] = ({ params }) =>
      params['hash'] === gone.hash
        ? { result: { status: 'NOT_FOUND', ...world.window(), oldestLedger: 1_011 } }
        : undefined;
    const target = { kind: 'payments' as const, account: world.account };
    const whole = await listingsOf(source).page(target, QUERY);
    // Not the one read of ledger 1,010 either: the listing says it holds ledgers from 1,011, and does.
    expect(whole.records.map((r) => r.transactionHash)).toEqual([newest.hash, middle.hash]);
    expect(whole.next).toBeNull();
    expect(whole.historyStart?.ledger).toBe(1_011);
    expect(whole.records.map((r) => r.transactionHash)).not.toContain(read.hash);
    // One row a page: the same rows, and the last page says the same start.
    const walked: string[] = [];
    let cursor: string | undefined;
    let last = whole;
    for (let i = 0; i < 5; i++) {
      last = await listingsOf(source).page(target, { ...QUERY, limit: 1, ...(cursor ? { cursor } : {}) });
      walked.push(...last.records.map((r) => r.transactionHash));
      if (!last.next) break;
      cursor = last.next;
    }
    expect(walked).toEqual([newest.hash, middle.hash]);
    expect(last.next).toBeNull();
    expect(last.historyStart?.ledger).toBe(1_011);
    // Oldest first: the first page starts after the ledger no longer held whole.
    const ascending = await listingsOf(source).page(target, { ...QUERY, order: 'asc' });
    expect(ascending.records.map((r) => r.transactionHash)).toEqual([middle.hash, newest.hash]);
    expect(ascending.historyStart?.ledger).toBe(1_011);
  });
});

describe('any read against a server that is not answering as Stellar RPC', () => {
  const listing = (source: Awaited<ReturnType<typeof standin>>['source'], account: string) =>
    listingsOf(source).page({ kind: 'payments', account }, QUERY);

  it('says a JSON-RPC error object in the server’s words, for the listing and the account', async () => {
    const { source, world, server } = await standin();
    server.script['getEvents'] = () => ({ error: { code: -32603, message: 'database is locked' } });
    expect((await failure(listing(source, world.account))).message).toBe(
      'The server refused getEvents: database is locked (JSON-RPC error -32603).',
    );
    server.script['getLedgerEntries'] = () => ({ error: { code: -32602, message: 'key not valid base64' } });
    expect((await failure(source.account(world.account))).message).toBe(
      'The server refused getLedgerEntries: key not valid base64 (JSON-RPC error -32602).',
    );
    expectAsked(server.count('getEvents'), RANGES_AT_ONCE);
    expect(server.count('getLedgerEntries')).toBe(1);
  });

  it('says an HTML page is not Stellar RPC', async () => {
    const { source, world, server } = await standin();
    server.script['getHealth'] = () => ({ raw: htmlPage });
    expect((await failure(listing(source, world.account))).message).toBe(
      `${server.url} answered getHealth with something that is not JSON: is it a Stellar RPC server?`,
    );
    expect(server.count('getHealth')).toBe(1);
  });

  it('stops reading a body far over the bound (64 MiB) and says so', async () => {
    const { source, world, server } = await standin();
    let sent = () => 0;
    server.script['getEvents'] = () => ({ raw: (res) => void (sent = hugeBody(res).sent) });
    expect((await failure(listing(source, world.account))).message).toBe(
      'The server sent a response too large to read.',
    );
    expectAsked(server.count('getEvents'), RANGES_AT_ONCE);
    // The server was cut off near the bound, not read to its gigabyte.
    expect(sent()).toBeLessThan(200 * 1024 * 1024);
  });

  it.each([
    ['a body that never ends', endlessBody],
    ['no answer at all', stall],
  ])('gives up on %s at the timeout', async (_, raw) => {
    const { source, world, server } = await standin(undefined, 1_000);
    server.script['getEvents'] = () => ({ raw });
    const started = performance.now();
    expect((await failure(listing(source, world.account))).message).toBe(
      `${new URL(server.url).host} did not answer within 1 s. Check the network, or try again.`,
    );
    expect(performance.now() - started).toBeLessThan(5_000);
    expectAsked(server.count('getEvents'), RANGES_AT_ONCE);
  });

  it('reads an honest server’s account entry (the baseline), and refuses an entry that is not the account’s', async () => {
    const { source, world, server } = await standin();
    world.pay(1_050);
    const account = await source.account(world.account);
    expect(account?.balances.map((b) => b.amount)).toEqual(['100']);
    expect(server.count('getLedgerEntries')).toBe(1);
    const refused = `The server's ledger entry for account ${world.account.slice(0, 12)}… is not that account's entry: nothing of it is shown.`;
    const cases = [
      { key: 'AAAAAA==', xdr: accountEntry(world.account) }, // another key
      { key: accountKey(world.account), xdr: 'AAAAAQ==' }, // not XDR of an entry
      { key: accountKey(world.account), xdr: accountEntry(world.payer.publicKey()) }, // another account's entry
    ];
    for (const entry of cases) {
      server.script['getLedgerEntries'] = () => ({
        result: { entries: [{ ...entry, lastModifiedLedgerSeq: 1_050 }], latestLedger: 1_100 },
      });
      expect((await failure(source.account(world.account))).message).toBe(refused);
    }
    expect(server.count('getLedgerEntries')).toBe(1 + cases.length);
  });

  it('refuses trustline entries that are not the ones asked: another asset’s, one twice, not a trustline', async () => {
    const { source, world, server } = await standin();
    const usd = new Asset('USD', world.payer.publicKey());
    const eur = new Asset('EUR', world.payer.publicKey());
    world.pay(1_050, 10_000_000n, 1, usd);
    const trustline = (asset: Asset) => {
      const line = new xdr.TrustLineEntry({
        accountId: xdr.PublicKey.publicKeyTypeEd25519(StrKey.decodeEd25519PublicKey(world.account)),
        asset: asset.toTrustLineXDRObject(),
        balance: xdr.Int64.fromString('10000000'),
        limit: xdr.Int64.fromString('1000000000'),
        flags: 1,
        ext: new xdr.TrustLineEntryExt(0),
      });
      return {
        key: xdr.LedgerKey.trustline(
          new xdr.LedgerKeyTrustLine({ accountId: line.accountId(), asset: line.asset() }),
        ).toXDR('base64'),
        xdr: xdr.LedgerEntryData.trustline(line).toXDR('base64'),
        lastModifiedLedgerSeq: 1_050,
      };
    };
    const honest = trustline(usd);
    let lines = [honest];
    server.script['getLedgerEntries'] = ({ nth, params }) =>
      nth % 2 === 0
        ? undefined // the account's own entry, from the world
        : { result: { entries: (params['keys'] as string[]).includes(honest.key) ? lines : [], latestLedger: 1_100 } };
    const account = await source.account(world.account);
    expect(account?.balances.map((b) => [b.currency?.code ?? 'XLM', b.amount])).toEqual([
      ['USD', '1'],
      ['XLM', '100'],
    ]);
    const refused = `The server's trustline entries for account ${world.account.slice(0, 12)}… are not that account's trustlines: nothing of them is shown.`;
    const hostile = [
      [{ ...trustline(eur), key: honest.key }], // another asset's line under the key asked
      [honest, honest], // one twice
      [{ ...honest, xdr: accountEntry(world.account) }], // not a trustline
      [trustline(eur)], // a key not asked
    ];
    for (const answer of hostile) {
      lines = answer;
      expect((await failure(source.account(world.account))).message).toBe(refused);
    }
    expect(server.count('getLedgerEntries')).toBe(2 * (1 + hostile.length));
  });
});

/** A live feed of the world's account: what it delivered and each status it said. */
function follow(source: Awaited<ReturnType<typeof standin>>['source'], account: string, lastPagingToken?: string) {
  const records: Operation[] = [];
  const statuses: StreamStatus[] = [];
  const stream = built(source.streams.payments).open(
    { account, networkId: 'hostile', ...(lastPagingToken ? { lastPagingToken } : {}) },
    {},
    { status: (s) => statuses.push(s), record: (r) => records.push(r) },
  );
  stream.start();
  stops.push(() => stream.stop());
  return { records, statuses };
}

describe('the live feed’s poller far behind (a laptop asleep for days)', () => {
  it('catches up a scan of at most 10,000 ledgers a request, giving every payment in order and skipping none', async () => {
    const { source, world, server } = await standin(new World(1_000, 26_000));
    const paid = [world.pay(1_500), world.pay(12_500), world.pay(24_000)];
    // It stood at the end of ledger 1,000 when it stopped.
    const feed = follow(source, world.account, endOfLedger(1_000));
    await waitFor('the three payments', () => feed.records.length === 3, 10_000);
    expect(feed.records.map((r) => r.transactionHash)).toEqual(paid.map((p) => p.hash));
    const ranges = server.calls
      .filter((c) => c.method === 'getEvents' && c.params['startLedger'] !== undefined)
      .map((c) => Number(c.params['endLedger']) - Number(c.params['startLedger']));
    expect(ranges.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...ranges)).toBeLessThanOrEqual(10_000);
  });
});

describe('the live feed’s poller against a hostile RPC', () => {
  it('gives a payment once though the server repeats its event at the next ledger, and skips none', async () => {
    const { source, world, server } = await standin();
    const feed = follow(source, world.account);
    await waitFor('the feed live', () => feed.statuses.some((s) => s.state === 'live'), 5_000);
    const first = world.pay(1_101);
    world.latest = 1_101;
    await waitFor('the first payment', () => feed.records.length === 1, 5_000);
    // The server gives the first payment's event again beside the second's.
    const second = world.pay(1_102);
    server.script['getEvents'] = () => ({ result: { events: [first.event, second.event], ...world.window() } });
    world.latest = 1_102;
    await waitFor('the second payment', () => feed.records.length === 2, 5_000);
    world.latest = 1_103;
    await waitFor('ledger 1,103 read', () => server.calls.some((c) => c.params['startLedger'] === 1_103), 5_000);
    expect(feed.records.map((r) => r.transactionHash)).toEqual([first.hash, second.hash]);
    // One getEvents per ledger that closed, no more.
    expect(server.count('getEvents')).toBe(3);
  });

  it('waits out a latest ledger that goes backwards: nothing given twice, nothing skipped, no events asked', async () => {
    const { source, world, server } = await standin();
    const feed = follow(source, world.account);
    await waitFor('the feed live', () => feed.statuses.some((s) => s.state === 'live'), 5_000);
    const first = world.pay(1_101);
    world.latest = 1_101;
    await waitFor('the first payment', () => feed.records.length === 1, 5_000);
    const asked = server.count('getEvents');
    // A server behind another (a load balancer's second node) answers older ledgers for a while.
    const ticks = server.count('getLatestLedger');
    world.latest = 1_095;
    await waitFor('two ticks behind', () => server.count('getLatestLedger') >= ticks + 2, 5_000);
    expect(server.count('getEvents')).toBe(asked);
    const second = world.pay(1_102);
    world.latest = 1_102;
    await waitFor('the second payment', () => feed.records.length === 2, 5_000);
    expect(feed.records.map((r) => r.transactionHash)).toEqual([first.hash, second.hash]);
    expect(feed.statuses.at(-1)?.state).toBe('live');
  });

  it('says a failing server while it fails, then goes live again with what closed meanwhile', async () => {
    const { source, world, server } = await standin();
    const feed = follow(source, world.account);
    await waitFor('the feed live', () => feed.statuses.some((s) => s.state === 'live'), 5_000);
    let refusals = 0;
    server.script['getLatestLedger'] = () => {
      refusals++;
      return { error: { code: -32603, message: 'core is not in sync' } };
    };
    const paid = world.pay(1_101);
    world.latest = 1_101;
    const down = await waitFor(
      'the feed reconnecting',
      () => feed.statuses.find((s) => s.state === 'reconnecting'),
      5_000,
    );
    expect(down).toMatchObject({
      attempt: 1,
      message:
        'Stellar RPC did not answer: The server refused getLatestLedger: core is not in sync (JSON-RPC error -32603).',
    });
    delete server.script['getLatestLedger'];
    const recovering = server.count('getLatestLedger');
    await waitFor('the payment after recovery', () => feed.records.length === 1, 5_000);
    expect(feed.records.map((r) => r.transactionHash)).toEqual([paid.hash]);
    expect(feed.statuses.at(-1)?.state).toBe('live');
    // Backed off after the failure (1 s, where a tick is 500 ms): one refusal, then the tick that recovered.
    expect(refusals).toBe(1);
    expect(server.count('getEvents')).toBe(1);
    expect(server.count('getLatestLedger')).toBeGreaterThan(recovering);
  });
});

describe('the live feed’s poller against a server that is not answering as Stellar RPC', () => {
  it.each([
    [
      'an event whose id names another ledger',
      (world: World) => ({
        script: () => ({
          result: { events: [{ ...world.pay(1_101).event, ledger: 1_102 }], ...world.window() },
        }),
        method: 'getEvents',
        words:
          /^Stellar RPC did not answer: The server gave event \d{19}-\d{10} in ledger 1,102, but its id says ledger 1,101: nothing of its events is shown\.$/,
      }),
    ],
    [
      'events out of order',
      (world: World) => ({
        script: () => ({
          result: { events: [world.pay(1_101, 1n, 2).event, world.pay(1_101, 1n, 1).event], ...world.window() },
        }),
        method: 'getEvents',
        words: /^Stellar RPC did not answer: the server repeated or reordered its events \(at \d{19}-\d{10}\)$/,
      }),
    ],
    [
      'a JSON-RPC error from getEvents',
      () => ({
        script: () => ({ error: { code: -32603, message: 'events store unavailable' } }),
        method: 'getEvents',
        words:
          /^Stellar RPC did not answer: The server refused getEvents: events store unavailable \(JSON-RPC error -32603\)\.$/,
      }),
    ],
    [
      'an HTML page',
      () => ({
        script: () => ({ raw: htmlPage }),
        method: 'getLatestLedger',
        words:
          /^Stellar RPC did not answer: http:\/\/127\.0\.0\.1:\d+ answered getLatestLedger with something that is not JSON: is it a Stellar RPC server\?$/,
      }),
    ],
  ])('says %s while it lasts, delivers nothing of it, and backs off', async (_, hostile) => {
    const { source, world, server } = await standin();
    const feed = follow(source, world.account);
    await waitFor('the feed live', () => feed.statuses.some((s) => s.state === 'live'), 5_000);
    const { script, method, words } = hostile(world);
    server.script[method] = script;
    world.latest = 1_101;
    const down = await waitFor(
      'the feed reconnecting',
      () => feed.statuses.find((s) => s.state === 'reconnecting'),
      5_000,
    );
    expect(down.message).toMatch(words);
    const asked = server.count(method);
    // Backing off (1 s, then 1.5 s): within the next second at most one more try.
    await waitFor(
      'a second failed try',
      () => feed.statuses.some((s) => s.state === 'reconnecting' && s.attempt === 2),
      5_000,
    );
    expect(server.count(method)).toBe(asked + 1);
    expect(feed.records).toEqual([]);
    expect(server.count('getTransaction')).toBe(0);
  });
});

describe('the ledger stream and the home’s health against a hostile RPC', () => {
  it('gives each ledger once, in order, through a latest ledger that goes back and ledgers out of order', async () => {
    const { source, world, server } = await standin();
    const given: number[] = [];
    const abort = new AbortController();
    aborts.push(abort);
    built(source.streams.ledgers!).follow(
      '1099',
      { ledger: (l) => given.push(l.sequence), alive: () => {}, end: () => {} },
      abort.signal,
    );
    await waitFor('ledger 1,100', () => given.includes(1_100), 5_000);
    world.latest = 1_090; // behind
    const ticks = server.count('getLatestLedger');
    await waitFor('a tick behind', () => server.count('getLatestLedger') > ticks, 5_000);
    world.latest = 1_103;
    // The server gives its ledgers out of order and one twice.
    server.script['getLedgers'] = ({ nth }) =>
      nth === 1
        ? { result: { ledgers: [ledgerInfo(1_101), ledgerInfo(1_103), ledgerInfo(1_102)], ...world.window() } }
        : undefined;
    await waitFor('ledger 1,103', () => given.includes(1_103), 10_000);
    expect(given).toEqual([1_100, 1_101, 1_102, 1_103]);
  });

  it('backs off from a server that keeps failing, and gives the next ledger once it answers', async () => {
    const { source, world, server } = await standin();
    const given: number[] = [];
    const abort = new AbortController();
    aborts.push(abort);
    built(source.streams.ledgers!).follow(
      '1100',
      { ledger: (l) => given.push(l.sequence), alive: () => {}, end: () => {} },
      abort.signal,
    );
    await waitFor('a first poll', () => server.count('getLatestLedger') >= 1, 5_000);
    server.script['getLatestLedger'] = () => ({ error: { code: -32603, message: 'core is not in sync' } });
    const start = server.count('getLatestLedger');
    await waitFor('two failed polls', () => server.count('getLatestLedger') >= start + 2, 10_000);
    delete server.script['getLatestLedger'];
    world.latest = 1_101;
    await waitFor('ledger 1,101', () => given.includes(1_101), 10_000);
    const times = server.calls.filter((c) => c.method === 'getLatestLedger' && c.nth >= start).map((c) => c.at);
    // Asked again 1.5 polls after the first failure, 2.25 after the second (an honest poll is one apart).
    const poll = TIMING.ledgerPollMs;
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(1.5 * poll - 5);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(2.25 * poll - 5);
    expect(given).toEqual([1_101]);
  });

  it('says a failing server’s words in its health', async () => {
    const { source, server } = await standin();
    server.script['getHealth'] = () => ({ error: { code: -32603, message: 'core is not in sync' } });
    expect(await source.health()).toMatchObject({
      online: false,
      error: `Hostile (${server.url}): The server refused getHealth: core is not in sync (JSON-RPC error -32603).`,
    });
  });
});

describe('the history index read from an RPC server’s ledgers (issue 38.4, 38.5)', () => {
  /** Reads the account's window as the index's sync does, collecting what would be written. */
  async function readWindow(source: Source, account: string) {
    const producer = source.ledgerHistory!.producer(account);
    const signal = new AbortController().signal;
    const { from, to } = await producer.open(null, signal);
    const written: number[] = [];
    const error = await producer
      .read(
        account,
        from,
        to,
        signal,
        async (run) => void written.push(...run.filter((l) => l.records !== null).map((l) => l.ledger)),
        () => {},
      )
      .then(
        () => null,
        (e: Error) => e,
      );
    return { written, error };
  }

  it('refuses a ledger without its close meta, and one answered for another ledger, writing nothing of it', async () => {
    const { source, world, server } = await standin();
    world.pay(1_050);
    const bare = await readWindow(source, world.account);
    expect(bare.error?.message).toBe('The server gave ledger 1050 without its close meta (metadataXdr).');
    expect(bare.written).toEqual([]);
    server.script['getLedgers'] = () => ({
      result: { ledgers: [ledgerInfo(1_051)], ...world.window(), cursor: '1051' },
    });
    const other = await readWindow(source, world.account);
    expect(other.error?.message).toBe(
      'The server was asked for ledger 1050 and gave ledger 1051: nothing of it is indexed.',
    );
    expect(other.written).toEqual([]);
  });

  it('refuses a close meta that is not XDR, and one whose header is another ledger’s, writing nothing of it', async () => {
    const { source, world, server } = await standin();
    world.pay(1_050);
    const answering = (metadataXdr: string) => () => ({
      result: { ledgers: [{ ...ledgerInfo(1_050), metadataXdr }], ...world.window(), cursor: '1050' },
    });
    server.script['getLedgers'] = answering('AAAAAgAAAAD/////');
    const garbled = await readWindow(source, world.account);
    expect(garbled.error?.message).toMatch(/^The server's ledger 1050 close meta is not valid XDR \(/);
    expect(garbled.written).toEqual([]);
    // A well-formed close meta of ledger 1,051 given as 1,050's.
    const meta = new xdr.LedgerCloseMeta(
      0,
      new xdr.LedgerCloseMetaV0({
        ledgerHeader: xdr.LedgerHeaderHistoryEntry.fromXDR(ledgerInfo(1_051).headerXdr, 'base64'),
        txSet: new xdr.TransactionSet({ previousLedgerHash: Buffer.alloc(32), txes: [] }),
        txProcessing: [],
        upgradesProcessing: [],
        scpInfo: [],
      }),
    );
    server.script['getLedgers'] = answering(meta.toXDR('base64'));
    const misplaced = await readWindow(source, world.account);
    expect(misplaced.error?.message).toBe("The server's close meta for ledger 1050 is another ledger's.");
    expect(misplaced.written).toEqual([]);
  });
});
