// Listings and single resources through the channel map against the real query service over a
// real store: paging to the end in both orders, the filters, every scope, typed errors.
import { StrKey } from '@stellar/stellar-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OperationPage } from '../../shared/model';
import { startLocalServer } from '../support/local-server';
import { BALANCE_ID, everyTypeOps, POOL_ID } from '../support/service-store';
import { startCore, startSyntheticService, type CoreFixture, type ServiceFixture } from './app-support';
import { waitFor } from '../support/wait';

let service: ServiceFixture;
let app: CoreFixture;
let everyTypeHash: string;
let everyTypeLedger: number;
const LEDGERS = 30;
const PER_LEDGER = 10;

beforeAll(async () => {
  service = await startSyntheticService({ ledgers: LEDGERS, perLedger: PER_LEDGER, failEvery: 7 });
  const [a, b] = service.accounts as [string, string];
  everyTypeLedger = service.nextLedger++;
  [everyTypeHash] = service.store.appendLedger(everyTypeLedger, [
    { source: a, successful: true, ops: everyTypeOps(a, b) },
  ]) as [string];
  app = startCore(service.url);
});

afterAll(async () => {
  await app?.close();
  await service?.close();
});

async function allPages(channel: string, args: Record<string, unknown>, query: Record<string, unknown>) {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 1000; pages++) {
    const page = await app.call<OperationPage>(channel, {
      ...args,
      query: { ...query, ...(cursor ? { cursor } : {}) },
    });
    expect(OperationPage.safeParse(page).success).toBe(true);
    ids.push(...page.records.map((r) => r.id));
    if (page.next === null) return ids;
    cursor = page.next;
  }
  throw new Error('never ended');
}

describe('payments:list', () => {
  it('pages through every payment of an account exactly once, in order, ending with next = null', async () => {
    const account = service.accounts[0]!;
    const total = LEDGERS * PER_LEDGER;
    const failed = Array.from({ length: total }, (_, n) => n % 7 === 0).filter(Boolean).length;
    const asc = await allPages('payments:list', { account }, { limit: 37, order: 'asc' });
    // + 1: the every-type transaction pays from this account too.
    expect(asc.length).toBe(total - failed + 1);
    expect(new Set(asc).size).toBe(asc.length);
    expect([...asc].sort((x, y) => (BigInt(x) < BigInt(y) ? -1 : 1))).toEqual(asc);
    const withFailed = await allPages('payments:list', { account }, { limit: 200, order: 'desc', includeFailed: true });
    expect(withFailed.length).toBe(total + 1);
    expect([...withFailed].reverse().filter((id) => asc.includes(id))).toEqual(asc);
  });

  it('pages the same whether the service writes absolute hrefs or relative ones (as older services did)', async () => {
    // A proxy that serves the service's answers with every href made relative again.
    const proxy = await startLocalServer((request, response) => {
      void fetch(`${service.url}${request.url}`, { headers: { accept: request.headers.accept ?? '*/*' } }).then(
        async (answer) => {
          const body = (await answer.text()).replaceAll(`"href":"${service.url}/`, '"href":"/');
          response.writeHead(answer.status, {
            'content-type': answer.headers.get('content-type') ?? 'application/json',
          });
          response.end(body);
        },
      );
    });
    const relative = startCore(proxy.base);
    try {
      const account = service.accounts[0]!;
      const query = { limit: 23, order: 'desc', includeFailed: true, includeTransactions: true };
      const direct = await allPages('payments:list', { account }, query);
      const ids: string[] = [];
      let cursor: string | undefined;
      for (let pages = 0; pages < 100; pages++) {
        const page = await relative.call<OperationPage>('payments:list', {
          account,
          query: { ...query, ...(cursor ? { cursor } : {}) },
        });
        if (pages === 0) {
          // Rows carry no raw text; the record opened through the proxy shows the relative href.
          const opened = await relative.call<OperationPage['records'][0]>('operation:get', { id: page.records[0]!.id });
          expect(opened.raw).toContain(`"href":"/operations/${page.records[0]!.id}"`);
        }
        ids.push(...page.records.map((r) => r.id));
        if (page.next === null) break;
        cursor = page.next;
      }
      expect(direct.length).toBeGreaterThan(200);
      expect(ids).toEqual(direct);
    } finally {
      await relative.close();
      await proxy.close();
    }
  });

  it('returns normalised records with direction, exact amounts and the joined transaction', async () => {
    const account = service.accounts[0]!;
    const page = await app.call<OperationPage>('payments:list', {
      account,
      query: { limit: 4, order: 'asc', includeTransactions: true, includeFailed: true },
    });
    expect(page.records).toHaveLength(4);
    const [first, second] = page.records as [OperationPage['records'][0], OperationPage['records'][0]];
    // A failed payment moved nothing: it has no direction (shared/moves.ts).
    expect(first).toMatchObject({
      type: 'payment',
      direction: 'none',
      from: account,
      amount: '0.0000001',
      currency: { code: 'XLM' },
      successful: false,
    });
    expect(second).toMatchObject({
      type: 'payment',
      direction: 'in',
      to: account,
      amount: '0.0000002',
      successful: true,
    });
    expect(first.transaction).toMatchObject({ hash: first.transactionHash, ledger: 60_000_000, successful: false });
    expect(BigInt(first.id)).toBeGreaterThan(2n ** 53n);
    // Rows carry no raw text; opening one asks operation:get, whose raw is the service's own
    // text of the record, byte for byte (its id digits included).
    expect(first.raw).toBeUndefined();
    const opened = await app.call<OperationPage['records'][0]>('operation:get', { id: first.id });
    expect(opened.raw!.startsWith(`{"_links":{"self":{"href":"${service.url}/operations/${first.id}"}`)).toBe(true);
    expect(opened.raw).toContain(`"id":${first.id},`);
    expect(page.prev).toBeNull();
    const nextPage = await app.call<OperationPage>('payments:list', {
      account,
      query: { limit: 4, order: 'asc', cursor: page.next },
    });
    expect(nextPage.prev).toBe(nextPage.records[0]!.pagingToken);
  });

  it('answers typed, actionable errors for bad input and unknown ids', async () => {
    const bad = await app.dispatch('payments:list', { account: 'GABC', query: {} });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const wrongKind = await app.dispatch('payments:list', { account: 'ab'.repeat(32), query: {} });
    expect(wrongKind).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: expect.stringContaining('account id') },
    });
    const badCursor = await app.dispatch('payments:list', {
      account: service.accounts[0],
      query: { cursor: '../../etc' },
    });
    expect(badCursor).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
    const stranger = StrKey.encodeEd25519PublicKey(Buffer.alloc(32, 3));
    expect(await app.dispatch('payments:list', { account: stranger, query: {} })).toMatchObject({
      ok: false,
      error: { code: 'not_found', status: 404 },
    });
    const missing = await app.dispatch('account:get', { id: stranger });
    expect(missing).toMatchObject({
      ok: false,
      error: { code: 'not_found', status: 404, message: expect.stringContaining('was not found on Local') },
    });
  });

  it('cancels a request when the caller no longer needs it', async () => {
    const controller = new AbortController();
    controller.abort();
    const reply = await app.dispatch(
      'payments:list',
      { account: service.accounts[0], query: { limit: 200 } },
      { signal: controller.signal },
    );
    expect(reply).toMatchObject({ ok: false, error: { code: 'cancelled' } });
  });
});

describe('operations:list over the five scopes', () => {
  it('lists every type of operation of a transaction, unknown to none', async () => {
    const page = await app.call<OperationPage>('operations:list', {
      scope: 'transaction',
      id: everyTypeHash,
      query: { order: 'asc', limit: 20 },
    });
    expect(page.records.map((r) => r.type)).toEqual([
      'payment',
      'create_account',
      'change_trust',
      'create_claimable_balance',
      'claim_claimable_balance',
      'liquidity_pool_deposit',
      'liquidity_pool_withdraw',
      'manage_data',
      'account_merge',
      'bump_sequence',
      'set_options',
    ]);
    expect(page.records[0]).toMatchObject({ amount: '12345678901.2345678' });
    expect(page.records[2]).toMatchObject({ limit: '922337203685.4775807' });
    expect(page.next).toBeNull();
  });

  it('lists a ledger, a claimable balance (hex and B… forms), a liquidity pool and an account', async () => {
    const ledger = await app.call<OperationPage>('operations:list', {
      scope: 'ledger',
      id: String(everyTypeLedger),
      query: { limit: 200 },
    });
    expect(ledger.records).toHaveLength(11);
    const balance = await app.call<OperationPage>('operations:list', {
      scope: 'claimable_balance',
      id: BALANCE_ID,
      query: { order: 'asc' },
    });
    expect(balance.records.map((r) => r.type)).toEqual(['create_claimable_balance', 'claim_claimable_balance']);
    const strkey = StrKey.encodeClaimableBalance(Buffer.from(BALANCE_ID.slice(6), 'hex'));
    const viaStrkey = await app.call<OperationPage>('operations:list', {
      scope: 'claimable_balance',
      id: strkey,
      query: { order: 'asc' },
    });
    expect(viaStrkey.records.map((r) => r.id)).toEqual(balance.records.map((r) => r.id));
    const pool = await app.call<OperationPage>('operations:list', {
      scope: 'liquidity_pool',
      id: POOL_ID,
      query: { order: 'asc' },
    });
    expect(pool.records.map((r) => r.type)).toEqual(['liquidity_pool_deposit', 'liquidity_pool_withdraw']);
    const account = await app.call<OperationPage>('operations:list', {
      scope: 'account',
      id: service.accounts[1],
      query: { limit: 3, order: 'desc' },
    });
    expect(account.records[0]).toMatchObject({ type: 'account_merge', direction: 'out' });
  });

  it('refuses an id of the wrong form for its scope', async () => {
    for (const [scope, id] of [
      ['ledger', 'abc'],
      ['transaction', '123'],
      ['claimable_balance', 'ab'.repeat(32)],
      ['liquidity_pool', 'G'],
      ['account', '1'],
    ]) {
      expect(await app.dispatch('operations:list', { scope, id, query: {} })).toMatchObject({
        ok: false,
        error: { code: 'invalid_input' },
      });
    }
  });
});

describe('single resources', () => {
  it('reads an account, a ledger, a transaction and an operation', async () => {
    const account = await app.call<{ id: string; balances: unknown[]; sequence: string }>('account:get', {
      id: service.accounts[0],
    });
    expect(account).toMatchObject({
      id: service.accounts[0],
      balances: [{ currency: { code: 'XLM' }, amount: '1000' }],
    });
    const ledger = await app.call('ledger:get', { sequence: everyTypeLedger });
    expect(ledger).toMatchObject({ sequence: everyTypeLedger, transactionCount: 1, operationCount: 11 });
    const tx = await app.call('transaction:get', { hash: everyTypeHash });
    expect(tx).toMatchObject({
      hash: everyTypeHash,
      ledger: everyTypeLedger,
      operationCount: 11,
      memoType: 'text',
      memo: 'synthetic',
    });
    const page = await app.call<OperationPage>('operations:list', {
      scope: 'transaction',
      id: everyTypeHash,
      query: { order: 'asc', limit: 1 },
    });
    const op = await app.call('operation:get', { id: page.records[0]!.id });
    expect(op).toMatchObject({ id: page.records[0]!.id, type: 'payment' });
  });

  it('says what was not found, on which network', async () => {
    expect(await app.dispatch('ledger:get', { sequence: 5 })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(await app.dispatch('transaction:get', { hash: 'ef'.repeat(32) })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(await app.dispatch('claimable-balance:get', { id: BALANCE_ID })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(await app.dispatch('operation:get', { id: '12x' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
  });

  it('reports health with latency, rate-limit remaining and the latest ledger', async () => {
    const health = await app.call<{
      online: boolean;
      latestLedger: number;
      latencyMs: number;
      rateLimitRemaining: number | null;
    }>('network:health', {});
    expect(health.online).toBe(true);
    expect(health.latestLedger).toBe(everyTypeLedger);
    expect(health.latencyMs).toBeGreaterThanOrEqual(0);
    expect(typeof health.rateLimitRemaining).toBe('number');
  });

  it('pushes health periodically and when the network changes', async () => {
    const pushing = startCore(service.url, { healthIntervalMs: 100 });
    try {
      const pushed = () =>
        pushing.events
          .filter((e) => e.channel === 'network:health')
          .map((e) => e.payload as { networkId: string; online: boolean });
      await waitFor(
        'two periodic health events',
        () => pushed().filter((h) => h.networkId === 'local' && h.online).length >= 2,
      );
      await pushing.call('network:select', { id: 'testnet' });
      await waitFor('health of the new network', () => pushed().some((h) => h.networkId === 'testnet'));
    } finally {
      await pushing.close();
    }
  });

  it('tests a connection and detects the dialect and passphrase', async () => {
    const result = await app.call<{ ok: boolean; dialect: string; serverPassphrase: string }>('network:test', {
      baseUrl: service.url,
    });
    expect(result).toMatchObject({ ok: true, dialect: 'ledger', serverPassphrase: 'Ledgerscope Local Network ; 2026' });
    const mismatch = await app.call<{ ok: boolean; message: string }>('network:test', {
      baseUrl: service.url,
      passphrase: 'Test SDF Network ; September 2015',
    });
    expect(mismatch).toMatchObject({ ok: false, message: expect.stringContaining('passphrase') });
    const down = await app.call<{ ok: boolean; message: string }>('network:test', { baseUrl: 'http://127.0.0.1:9' });
    expect(down).toMatchObject({ ok: false, message: expect.stringContaining('Could not reach') });
  });

  it('adds a custom profile in the dialect its server speaks', async () => {
    const local = await app.call<{ dialect: string }>('network:add', {
      name: 'Second local',
      baseUrl: service.url,
      passphrase: 'Ledgerscope Local Network ; 2026',
    });
    expect(local.dialect).toBe('ledger');
    const unreachable = await app.call<{ dialect: string }>('network:add', {
      name: 'Offline',
      baseUrl: 'http://127.0.0.1:9',
      passphrase: 'x',
    });
    expect(unreachable.dialect).toBe('horizon');
    const stated = await app.call<{ dialect: string }>('network:add', {
      name: 'Stated',
      baseUrl: service.url,
      passphrase: 'Ledgerscope Local Network ; 2026',
      dialect: 'horizon',
    });
    expect(stated.dialect).toBe('horizon');
    // A passphrase the server contradicts is refused, on add and on edit, with both passphrases shown.
    const wrong = await app.dispatch('network:add', {
      name: 'Wrong',
      baseUrl: service.url,
      passphrase: 'Test SDF Network ; September 2015',
    });
    expect(wrong).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_input',
        message: expect.stringMatching(/"Ledgerscope Local Network ; 2026".*"Test SDF Network ; September 2015"/),
      },
    });
    const id = (stated as unknown as { id: string }).id;
    const edit = await app.dispatch('network:update', {
      id,
      changes: { passphrase: 'Public Global Stellar Network ; September 2015' },
    });
    expect(edit).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('Public Global Stellar Network ; September 2015') },
    });
    expect(await app.call('network:list', {})).not.toMatchObject({
      profiles: expect.arrayContaining([expect.objectContaining({ name: 'Wrong' })]),
    });
  });
});
