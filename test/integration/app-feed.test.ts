// The live feed's past (stream:feed) against the real query service: each watched account's last
// payments from history, then what streamed since, newest first and once each, also after the
// service restarts mid-stream; a failing account is named without hiding the others.
import { afterEach, describe, expect, it } from 'vitest';
import type { Operation } from '../../shared/model';
import { paymentOp } from '../support/service-store';
import { waitFor } from '../support/wait';
import { startCore, startSyntheticService, type CoreFixture, type ServiceFixture } from './app-support';

const FAST = { backoffBaseMs: 50, backoffCapMs: 400 };
let service: ServiceFixture | undefined;
let app: CoreFixture | undefined;

afterEach(async () => {
  await app?.close();
  await service?.close();
  app = service = undefined;
});

type Feed = { items: { account: string; record: Operation }[]; errors: string[] };
const ids = (feed: Feed) => feed.items.map((i) => i.record.id);
const streamed = (core: CoreFixture) => core.events.filter((e) => e.channel === 'stream:record').length;

function expectNewestFirstOnce(feed: Feed) {
  const keys = feed.items.map((i) => `${i.account}:${i.record.pagingToken}`);
  expect(new Set(keys).size).toBe(keys.length);
  const tokens = feed.items.map((i) => BigInt(i.record.pagingToken));
  expect(tokens).toEqual([...tokens].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
}

function pay(fixture: ServiceFixture, from: string, to: string, count: number): void {
  for (let i = 0; i < count; i++)
    fixture.store.appendLedger(fixture.nextLedger++, [
      { source: from, successful: true, ops: [paymentOp(from, to, 10_000_000n)] },
    ]);
}

describe('stream:feed', () => {
  it("fills each watched account's feed with its last 50 payments, then adds what streams, once each", async () => {
    service = await startSyntheticService({ ledgers: 40, perLedger: 4, accounts: 3 });
    app = startCore(service.url, { streams: FAST });
    const [a, b, c] = service.accounts as [string, string, string];
    await app.call('stream:watch', { account: a });
    await app.call('stream:watch', { account: b });
    const before = await app.call<Feed>('stream:feed', {});
    expect(before.errors).toEqual([]);
    expect(before.items.filter((i) => i.account === a)).toHaveLength(50);
    expect(before.items.filter((i) => i.account === b)).toHaveLength(50);
    expectNewestFirstOnce(before);
    // The history is the service's own latest 50, newest first.
    const served = (await (
      await fetch(new URL(`/accounts/${a}/payments?order=desc&limit=50`, service.url))
    ).json()) as { _embedded: { records: { paging_token: string }[] } };
    // (paging tokens are strings on the wire: ids above 2^53 would not survive JSON.parse as numbers)
    expect(before.items.filter((i) => i.account === a).map((i) => i.record.pagingToken)).toEqual(
      served._embedded.records.map((r) => r.paging_token),
    );

    await waitFor('streams live', () => app!.core.streams.statuses().every((s) => s.state === 'live'));
    pay(service, c, a, 3);
    await waitFor('three streamed payments', () => streamed(app!) >= 3);
    // A restart of the service mid-stream: the stream reconnects from its token, nothing repeats.
    await service.restart();
    pay(service, c, a, 2);
    await waitFor('five streamed payments', () => streamed(app!) >= 5);
    const after = await app.call<Feed>('stream:feed', {});
    expectNewestFirstOnce(after);
    const newest = after.items.filter((i) => i.account === a).slice(0, 5);
    expect(newest.map((i) => i.record.type === 'payment' && i.record.from)).toEqual([c, c, c, c, c]);
    // Below the five new ones, the history as it was: nothing lost, nothing repeated.
    const ofA = (feed: Feed) => ids({ items: feed.items.filter((i) => i.account === a), errors: [] });
    expect(ofA(after).slice(5)).toEqual(ofA(before).slice(0, 45));
  });

  it('names an account it could not read, and still returns the others', async () => {
    service = await startSyntheticService({ ledgers: 3, perLedger: 2, accounts: 3 });
    app = startCore(service.url, { streams: FAST });
    const [a] = service.accounts as [string];
    const unfunded = 'GCATS5YOVB6ROX2WUNKGNQ2MP3GMXDMKSG2O4N5CLX3A6W4PZGZZI55U';
    await app.call('stream:watch', { account: a });
    await app.call('stream:watch', { account: unfunded });
    const feed = await app.call<Feed>('stream:feed', { limit: 5 });
    expect(feed.items.length).toBeGreaterThan(0);
    expect(feed.items.every((i) => i.account === a)).toBe(true);
    expect(feed.errors).toEqual([expect.stringMatching(/^GCATS5YO…: /)]);
  });

  it('refuses a malformed limit', async () => {
    service = await startSyntheticService({ ledgers: 1, perLedger: 1 });
    app = startCore(service.url, { streams: FAST });
    for (const limit of [0, 201, 1.5, '50', -1])
      expect((await app.dispatch('stream:feed', { limit })).ok, String(limit)).toBe(false);
  });
});
