// Streams of watched accounts against the real query service: new payments arrive once and in
// order, nothing is missed or repeated across a service restart, an app restart, a server-side
// stream end, or a silent stream restarted by the watchdog.
import { afterEach, describe, expect, it } from 'vitest';
import type { StreamStatus } from '../../shared/model';
import { paymentOp, type SyntheticTx } from '../support/service-store';
import { startCore, startSyntheticService, type CoreFixture, type ServiceFixture } from './app-support';
import { waitFor } from '../support/wait';

const FAST = { backoffBaseMs: 50, backoffCapMs: 400 };
let service: ServiceFixture | undefined;
const cores: CoreFixture[] = [];

afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
  await service?.close();
  service = undefined;
});

/** Appends `count` ledgers of two payments each, touching account 0. Returns how many payments of account 0. */
function appendPayments(fixture: ServiceFixture, count: number, amount = 1n): number {
  const [a, b, c] = fixture.accounts as [string, string, string];
  for (let i = 0; i < count; i++) {
    const txs: SyntheticTx[] = [
      { source: b, successful: true, ops: [paymentOp(b, a, amount * 10_000_000n)] },
      { source: a, successful: true, ops: [paymentOp(a, c, 1n)] },
    ];
    fixture.store.appendLedger(fixture.nextLedger++, txs);
  }
  return count * 2;
}

function records(app: CoreFixture, account?: string) {
  return app.events
    .filter((e) => e.channel === 'stream:record')
    .map(
      (e) =>
        e.payload as { account: string; record: { id: string; pagingToken: string; amount?: string }; notify: boolean },
    )
    .filter((e) => !account || e.account === account);
}

function statuses(app: CoreFixture): StreamStatus[] {
  return app.events.filter((e) => e.channel === 'stream:status').map((e) => e.payload as StreamStatus);
}

function expectOnceInOrder(ids: string[]) {
  expect(new Set(ids).size).toBe(ids.length);
  const sorted = [...ids].sort((x, y) => (BigInt(x) < BigInt(y) ? -1 : BigInt(x) > BigInt(y) ? 1 : 0));
  expect(ids).toEqual(sorted);
}

describe('stream:watch', () => {
  it('delivers only new payments, once and in order, with status live', async () => {
    service = await startSyntheticService({ ledgers: 5, perLedger: 4 });
    const app = startCore(service.url, { streams: FAST });
    cores.push(app);
    const account = service.accounts[0]!;
    const watched = await app.call<{ account: string; networkId: string }>('stream:watch', { account });
    expect(watched).toEqual({ account, networkId: 'local' });
    await waitFor('live', () => statuses(app).some((s) => s.state === 'live'));
    const expected = appendPayments(service, 5);
    await waitFor('records', () => records(app).length >= expected);
    const ids = records(app).map((r) => r.record.id);
    expect(ids).toHaveLength(expected);
    expectOnceInOrder(ids);
    const list = await app.call<{ watched: unknown[]; statuses: StreamStatus[] }>('stream:list', {});
    expect(list.watched).toHaveLength(1);
    expect(list.statuses[0]).toMatchObject({ account, state: 'live', lastPagingToken: ids.at(-1) });
  });

  it('resumes after a service restart with nothing missed or repeated', async () => {
    service = await startSyntheticService({ ledgers: 1, perLedger: 1 });
    const app = startCore(service.url, { streams: FAST });
    cores.push(app);
    const account = service.accounts[0]!;
    await app.call('stream:watch', { account });
    await waitFor('live', () => statuses(app).some((s) => s.state === 'live'));
    let expected = appendPayments(service, 3);
    await waitFor('first records', () => records(app).length >= expected);
    await service.stop();
    await waitFor('reconnecting', () => statuses(app).some((s) => s.state === 'reconnecting' && (s.attempt ?? 0) >= 1));
    expected += appendPayments(service, 4); // written while the service is down
    await service.restart();
    expected += appendPayments(service, 2);
    await waitFor('every record', () => records(app).length >= expected);
    const ids = records(app).map((r) => r.record.id);
    expect(ids).toHaveLength(expected);
    expectOnceInOrder(ids);
    await waitFor('live again', () => statuses(app).at(-1)?.state === 'live');
  });

  it('loses nothing that arrives while the very first connection is down (no token seen yet)', async () => {
    service = await startSyntheticService({ ledgers: 2, perLedger: 2 });
    const app = startCore(service.url, { streams: FAST });
    cores.push(app);
    await app.call('stream:watch', { account: service.accounts[0] });
    await waitFor('live', () => statuses(app).some((s) => s.state === 'live'));
    await service.stop();
    await waitFor('reconnecting', () => statuses(app).some((s) => s.state === 'reconnecting'));
    const expected = appendPayments(service, 3); // a `cursor=now` reconnection would skip these
    await service.restart();
    await waitFor('the payments made during the outage', () => records(app).length >= expected);
    expect(records(app)).toHaveLength(expected);
    expectOnceInOrder(records(app).map((r) => r.record.id));
  });

  it('resumes after an app restart from the persisted paging token', async () => {
    service = await startSyntheticService({ ledgers: 1, perLedger: 1 });
    const first = startCore(service.url, { streams: FAST });
    const account = service.accounts[0]!;
    await first.call('stream:watch', { account, minAmount: '2' });
    await waitFor('live', () => statuses(first).some((s) => s.state === 'live'));
    const before = appendPayments(service, 2);
    await waitFor('records before restart', () => records(first).length >= before);
    const seenBefore = records(first).map((r) => r.record.id);
    await first.close();
    const whileClosed = appendPayments(service, 3, 5n);
    const fixture = service;
    const second = startCore(
      service.url,
      { streams: { ...FAST, latestLedger: () => fixture.nextLedger - 1 } },
      first.userDataDir,
    );
    cores.push(second);
    await waitFor('records after restart', () => records(second).length >= whileClosed);
    const after = records(second).map((r) => r.record.id);
    expect(after).toHaveLength(whileClosed);
    expect(after.filter((id) => seenBefore.includes(id))).toEqual([]);
    expectOnceInOrder([...seenBefore, ...after]);
    // The minimum survives the restart: incoming 5 XLM notifies, outgoing ones never do.
    expect(records(second).filter((r) => r.notify)).toHaveLength(3);
    expect(records(first).filter((r) => r.notify)).toHaveLength(0); // 1 XLM < minimum 2
    // Replaying three ledgers behind the latest, then caught up.
    expect(statuses(second).some((s) => s.state === 'behind' && s.behindBy === 2)).toBe(true);
    expect(statuses(second).at(-1)?.state).toBe('live');
  });

  it('reconnects at once when the server ends an old stream, without repeats', async () => {
    service = await startSyntheticService({ ledgers: 1, perLedger: 1 }, { maxStreamAgeMs: 300 });
    const app = startCore(service.url, { streams: FAST });
    cores.push(app);
    await app.call('stream:watch', { account: service.accounts[0] });
    await waitFor('live', () => statuses(app).some((s) => s.state === 'live'));
    let expected = 0;
    for (let round = 0; round < 4; round++) {
      expected += appendPayments(service, 1);
      await waitFor(`round ${round}`, () => records(app).length >= expected);
      await waitFor(
        'a server-side close',
        () => statuses(app).filter((s) => s.state === 'reconnecting').length > round,
      );
    }
    const ids = records(app).map((r) => r.record.id);
    expect(ids).toHaveLength(expected);
    expectOnceInOrder(ids);
  });

  it('restarts a stream that stays silent longer than its keepalive window', async () => {
    service = await startSyntheticService({ ledgers: 1, perLedger: 1 }, { keepaliveMs: 60_000 });
    const app = startCore(service.url, { streams: { ...FAST, keepaliveWindowMs: 300 } });
    cores.push(app);
    await app.call('stream:watch', { account: service.accounts[0] });
    await waitFor('live', () => statuses(app).some((s) => s.state === 'live'));
    await waitFor('a watchdog restart', () => statuses(app).some((s) => s.state === 'reconnecting'));
    const expected = appendPayments(service, 2);
    await waitFor('records after the restart', () => records(app).length >= expected);
    expectOnceInOrder(records(app).map((r) => r.record.id));
  });

  it('refuses bad accounts and amounts, and unwatches', async () => {
    service = await startSyntheticService({ ledgers: 1, perLedger: 1 });
    const app = startCore(service.url, { streams: FAST });
    cores.push(app);
    expect(await app.dispatch('stream:watch', { account: 'GNOPE' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(await app.dispatch('stream:watch', { account: service.accounts[0], minAmount: '1e9' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_arguments' },
    });
    expect(await app.dispatch('stream:watch', { account: service.accounts[0], minAmount: '0.00000001' })).toMatchObject(
      { ok: false },
    );
    await app.call('stream:watch', { account: service.accounts[0] });
    expect(await app.call('stream:unwatch', { account: service.accounts[0] })).toEqual({ removed: true });
    expect(await app.call('stream:unwatch', { account: service.accounts[0] })).toEqual({ removed: false });
    expect(statuses(app).at(-1)?.state).toBe('stopped');
    expect(await app.call('stream:list', {})).toEqual({ watched: [], statuses: [] });
  });
});
