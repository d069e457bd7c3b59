// The history sync against a stand-in Horizon on loopback: it waits out a 429 for as long as
// Retry-After says, ends its walk into pruned history at a 410 before_history and continues from
// the server's history_elder_ledger (recorded as where the index is complete), and spends no more
// requests than the pages need: the root once and ⌈(N+1)/200⌉ pages for a full sync, the root and
// one page to re-sync a current account; it asks for a page while the page before it is still
// arriving; and hostile paging (the same page again, a page from behind the cursor) ends the sync
// with the listings' own paging error, having written only the pages before (#28.1).
import { afterEach, describe, expect, it } from 'vitest';
import type { HistoryPage, HistoryProgress } from '../../shared/history';
import { PAGING_FAULTS } from '../../shared/paging-guard';
import { accountKeys } from '../support/service-store';
import { StandinHorizon } from '../support/standin-horizon';
import { waitFor } from '../support/wait';
import { startCore, type CoreFixture } from './app-support';

const [ACCOUNT, ...OTHERS] = accountKeys(4, 31) as [string, ...string[]];
let standIn: StandinHorizon | undefined;
const cores: CoreFixture[] = [];

afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
  await standIn?.close();
  standIn = undefined;
});

function progress(app: CoreFixture): HistoryProgress[] {
  return app.events.filter((e) => e.channel === 'history:progress').map((e) => e.payload as HistoryProgress);
}

async function syncToCurrent(app: CoreFixture): Promise<HistoryProgress> {
  await app.call('history:sync', { account: ACCOUNT, follow: false });
  return waitFor('the sync to settle', () => progress(app).find((p) => p.state === 'current' || p.state === 'error'));
}

async function allIds(app: CoreFixture): Promise<string[]> {
  const page = await app.call<HistoryPage>('history:query', { account: ACCOUNT, sort: 'time', limit: 1000 });
  return page.rows.map((r) => r.id);
}

describe('history sync against a stand-in Horizon', () => {
  it('honours 429 Retry-After and continues from the elder ledger after 410 before_history', async () => {
    const rateLimit = { pathPrefix: `/accounts/${ACCOUNT}/operations`, count: 1, headers: { 'retry-after': '1' } };
    standIn = await new StandinHorizon({
      account: ACCOUNT,
      counterparties: OTHERS,
      operations: 450,
      elderLedger: 5_000,
      rateLimit,
      beforeHistory: true,
    }).start();
    const app = startCore(standIn.url);
    cores.push(app);
    const done = await syncToCurrent(app);
    expect(done.state).toBe('current');
    expect(done.completeFromLedger).toBe(5_000);
    expect(progress(app).some((p) => p.waitingMs !== undefined && p.waitingMs >= 1_000)).toBe(true);
    const listings = standIn.requests.filter((r) => r.path.endsWith('/operations'));
    expect(listings.map((r) => r.status)).toEqual([429, 410, 200, 200, 200]);
    // The retry came no sooner than Retry-After allowed.
    expect(listings[1]!.at - listings[0]!.at).toBeGreaterThanOrEqual(1_000);
    expect(listings[2]!.query.get('cursor')).toBe(String(5_000n << 32n));
    for (const request of listings) {
      expect([
        request.query.get('limit'),
        request.query.get('order'),
        request.query.get('include_failed'),
        request.query.get('join'),
      ]).toEqual(['200', 'asc', 'true', 'transactions']);
    }
    expect(await allIds(app)).toEqual(standIn.ids);
    const failed = await app.call<HistoryPage>('history:query', {
      account: ACCOUNT,
      filter: { status: 'failed', memo: 'order' },
      limit: 1,
      summary: true,
    });
    // Failed: index % 11 == 0; with a memo: index % 4 == 0; both: index % 44 == 0, for index < 450.
    expect(failed.summary?.count).toBe(Math.ceil(450 / 44));
  });

  it.each([199, 200, 201, 600])(
    'spends the root once and each page once on a first sync of %i operations, and the root and one page on the re-sync of the current account',
    async (n) => {
      standIn = await new StandinHorizon({
        account: ACCOUNT,
        counterparties: OTHERS,
        operations: n,
        elderLedger: 10,
      }).start();
      const server = standIn;
      /** Roots and listing pages the server saw since `from` (the app core's health reading is the one root: the sync reads it too). */
      const seen = (from: number) => {
        const requests = server.requests.slice(from);
        return {
          roots: requests.filter((r) => r.path === '/').length,
          pages: requests.filter((r) => r.path.endsWith('/operations')).length,
          // The transactions and trades listings, once each (this stand-in answers 404: it does not serve them).
          sides: requests.filter((r) => /\/(transactions|trades)$/.test(r.path)).length,
        };
      };
      const first = startCore(server.url);
      expect((await syncToCurrent(first)).records).toBe(n);
      await first.close();
      // ⌈(N+1)/200⌉ pages: the last short, or empty when N is a multiple of 200 (at most ceil(N/200) + 1).
      expect(seen(0)).toEqual({ roots: 1, pages: Math.ceil((n + 1) / 200), sides: 2 });
      expect(seen(0).roots + seen(0).pages).toBeLessThanOrEqual(Math.ceil(n / 200) + 2);
      const before = server.requests.length;
      const second = startCore(server.url, {}, first.userDataDir);
      cores.push(second);
      expect((await syncToCurrent(second)).records).toBe(n);
      await second.close();
      expect(seen(before)).toEqual({ roots: 1, pages: 1, sides: 2 });
      expect(server.requests.length - before).toBeLessThanOrEqual(4);
      const third = startCore(server.url, {}, first.userDataDir);
      cores.push(third);
      expect(await allIds(third)).toEqual(standIn.ids);
    },
  );

  it.each([
    ['as it is', false],
    ['gzipped, as Horizon sends it', true],
  ])('asks for the next page while the page before is still arriving (%s)', async (_how, gzip) => {
    // Each full page's body stops after its first 48 KB until the next listing request comes (or
    // 2 s pass): a sync that asked only once a page was whole would find every one held.
    standIn = await new StandinHorizon({
      account: ACCOUNT,
      counterparties: OTHERS,
      operations: 600,
      elderLedger: 10,
      holdFullPages: true,
      gzip,
    }).start();
    const app = startCore(standIn.url);
    cores.push(app);
    expect((await syncToCurrent(app)).records).toBe(600);
    const listings = standIn.requests.filter((r) => r.path.endsWith('/operations'));
    // Three full pages, then the empty one that ends the walk; each asked for during the one before.
    expect(listings.map((r) => r.whileHeld)).toEqual([false, true, true, true]);
    expect(listings.every((r) => r.gzipped === (gzip || undefined))).toBe(true);
    expect(listings.map((r) => r.query.get('cursor') ?? '')).toEqual([
      '',
      standIn.ids[199],
      standIn.ids[399],
      standIn.ids[599],
    ]);
    expect(await allIds(app)).toEqual(standIn.ids);
  });

  it.each([
    // Every request answers the first page: the second page repeats it.
    ['the same page again', { pageFrom: () => 0 }, PAGING_FAULTS.same_page, [0, 200]],
    // The first page starts at the fourth; every later one three pages behind where it should.
    [
      'a page from behind the cursor',
      { pageFrom: (asked: number, limit: number) => (asked === 0 ? 3 * limit : asked - 3 * limit) },
      PAGING_FAULTS.backwards,
      [600, 800],
    ],
    // A `next` link back to the request's own cursor: the walk follows its records' tokens, not the link.
    [
      'a next link repeating the page',
      { nextCursor: (last: string, asked: string | null) => asked ?? last },
      null,
      [0, 1000],
    ],
  ] as const)(
    'hostile paging, %s: the sync ends within its deadline, with the paging error or every record once',
    async (_name, paging, sentence, kept) => {
      standIn = await new StandinHorizon({
        account: ACCOUNT,
        counterparties: OTHERS,
        operations: 1_000,
        elderLedger: 10,
        ...paging,
      }).start();
      const app = startCore(standIn.url);
      cores.push(app);
      const started = performance.now();
      const done = await syncToCurrent(app);
      expect(performance.now() - started).toBeLessThan(15_000);
      const listings = standIn.requests.filter((r) => r.path.endsWith('/operations'));
      expect(await allIds(app)).toEqual(standIn.ids.slice(...kept));
      if (sentence === null) {
        expect(done).toMatchObject({ state: 'current', records: 1_000 });
        // The walk follows its records' tokens; the link's guesses (the page just read, asked early) are abandoned, one a page at most.
        const right = ['', ...[199, 399, 599, 799, 999].map((at) => standIn!.ids[at])];
        expect([...new Set(listings.map((r) => r.query.get('cursor') ?? ''))]).toEqual(right);
        expect(listings.length).toBeLessThanOrEqual(2 * right.length);
        return;
      }
      expect(done.state).toBe('error');
      expect(done.message).toContain(sentence);
      expect(done.message).toContain(`after cursor ${standIn.ids[kept[1] - 1]}`);
      // Bounded: the good page, the bad one and at most the one asked for early after it.
      expect(listings.length).toBeLessThanOrEqual(3);
    },
  );
});

// #37.1: every rate-limit wait of a sync is bounded by the client's max-wait (the command line's
// --max-wait), and a wait past it ends the sync with the sentence a plain listing gives, on every
// listing the sync walks; the number of retries is bounded too.
describe('a sync under a rate limit it must not wait out', () => {
  const listingsOf = (account: string) => ({
    operations: `/accounts/${account}/operations`,
    transactions: `/accounts/${account}/transactions`,
    trades: `/accounts/${account}/trades`,
  });
  const sides = { transactions: [], trades: [] };

  it.each([
    ['operations', '1000000000', 5_000],
    ['transactions', '1000000000', 5_000],
    ['trades', '1000000000', 5_000],
    ['operations', '15', 2_000],
    ['operations', '2', 1_000], // one second above the max-wait
  ] as const)(
    'a 429 on %s asking %s s past a max-wait of %i ms ends the sync at once with the listing sentence',
    async (listing, retryAfter, maxWaitMs) => {
      const path = listingsOf(ACCOUNT)[listing];
      standIn = await new StandinHorizon({
        account: ACCOUNT,
        counterparties: OTHERS,
        operations: 20,
        elderLedger: 5_000,
        sides,
        rateLimit: { pathPrefix: path, count: 1_000, headers: { 'retry-after': retryAfter } },
      }).start();
      const app = startCore(standIn.url, { http: { maxWaitMs } });
      cores.push(app);
      const started = Date.now();
      await app.call('history:sync', { account: ACCOUNT, follow: false });
      const done = await waitFor(
        'the sync to end',
        () => progress(app).find((p) => p.state === 'current' || p.state === 'error'),
        4_000,
      );
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(done.state).not.toBe('current');
      const seconds = Math.min(Number(retryAfter), 86_400);
      const sentence = `is limiting the request rate and asks to wait ${seconds} s (Retry-After): longer than the ${maxWaitMs / 1000} s this client waits.`;
      expect(done.message).toContain(sentence);
      // Asked once: the refusal is not slept through and asked again.
      expect(standIn.requests.filter((r) => r.path === path)).toHaveLength(1);
    },
  );

  it('a 429 asking exactly the max-wait is waited out, and the sync completes', async () => {
    const path = listingsOf(ACCOUNT).operations;
    standIn = await new StandinHorizon({
      account: ACCOUNT,
      counterparties: OTHERS,
      operations: 20,
      elderLedger: 5_000,
      rateLimit: { pathPrefix: path, count: 1, headers: { 'retry-after': '1' } },
    }).start();
    const app = startCore(standIn.url, { http: { maxWaitMs: 1_000 } });
    cores.push(app);
    const done = await syncToCurrent(app);
    expect(done.state).toBe('current');
    const listings = standIn.requests.filter((r) => r.path === path);
    expect(listings.map((r) => r.status)).toEqual([429, 200]);
    expect(listings[1]!.at - listings[0]!.at).toBeGreaterThanOrEqual(1_000);
    expect(listings[1]!.at - listings[0]!.at).toBeLessThan(1_500);
  });

  it('429s within the max-wait, again and again: the retries are bounded and the sync ends with a sentence', async () => {
    const path = listingsOf(ACCOUNT).operations;
    standIn = await new StandinHorizon({
      account: ACCOUNT,
      counterparties: OTHERS,
      operations: 20,
      elderLedger: 5_000,
      rateLimit: { pathPrefix: path, count: 1_000, headers: { 'retry-after': '0' } },
    }).start();
    const app = startCore(standIn.url, { http: { maxWaitMs: 1_000 } });
    cores.push(app);
    await app.call('history:sync', { account: ACCOUNT, follow: false });
    const done = await waitFor(
      'the sync to end',
      () => progress(app).find((p) => p.state === 'current' || p.state === 'error'),
      8_000,
    );
    expect(done.state).not.toBe('current');
    expect(done.message).toMatch(/is limiting the request rate/);
    // It waited (a retry-after of 0 plus jitter) and then failed: its last word says no wait (#37.8).
    expect(progress(app).some((p) => p.waitingMs !== undefined)).toBe(true);
    expect(done.waitingMs).toBeUndefined();
    expect(standIn.requests.filter((r) => r.path === path).length).toBeLessThanOrEqual(7);
  });
});
