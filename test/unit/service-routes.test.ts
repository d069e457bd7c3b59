// Routes, parameters, defaults, links and errors of the service (docs/design.md "Wire contract"), over
// a store filled through schema.sql with synthetic rows, ids above 2^53 (start ledger 60000000).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StrKey } from '@stellar/stellar-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isJsonObject, parseJson, type JsonValue } from '../../shared/json';
import { type RunningService, startService } from '../../network/service/server';
import { BALANCE_ID, POOL_ID, SyntheticStore, accountKeys, everyTypeOps, fillPayments } from '../support/service-store';

const START = 60_000_000;
let dir: string;
let store: SyntheticStore;
let service: RunningService;
const accounts = accountKeys(6);
const [busy, other] = [accounts[0]!, accounts[1]!];
let everyTypeTx = '';
let failedTx = '';

type Json = { [key: string]: JsonValue };

async function get(path: string, headers: Record<string, string> = {}) {
  // Links are absolute (docs/service.md "Links"): a path or a link is fetched as it is.
  const response = await fetch(path.startsWith('http') ? path : `${service.url}${path}`, { headers });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: parseJson(text) as Json };
}

function records(page: Json): Json[] {
  return (page._embedded as Json).records as Json[];
}

function href(value: JsonValue | undefined, name: string): string {
  return ((value as Json)[name] as Json).href as string;
}

function expand(template: string, limit?: number): string {
  return template.replace(/\{&limit\}/, limit ? `&limit=${limit}` : '').replace(/\{[^}]*\}/g, '');
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'service-routes-'));
  store = new SyntheticStore(dir, START);
  fillPayments(store, { startLedger: START, ledgers: 10, perLedger: 5, accounts, failEvery: 7 });
  [everyTypeTx = ''] = store.appendLedger(START + 10, [
    { source: busy, successful: true, ops: everyTypeOps(busy, other) },
  ]);
  [failedTx = ''] = store.appendLedger(START + 11, [
    { source: busy, successful: false, ops: everyTypeOps(busy, other).slice(0, 2) },
  ]);
  store.db
    .prepare("INSERT INTO claimable_balances VALUES (?, 'native', 1, ?, ?, ?)")
    .run(BALANCE_ID, busy, `[{"destination":"${other}","predicate":{"unconditional":true}}]`, START + 10);
  store.db
    .prepare("INSERT INTO liquidity_pools VALUES (?, 'native', ?, 10, 20, 14, 1, 30, ?)")
    .run(POOL_ID, `USD:${other}`, START + 10);
  service = await startService({ dataDir: dir, port: 0, coreUrl: 'http://127.0.0.1:9' });
});

afterAll(async () => {
  await service?.close();
  store?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('payments of an account', () => {
  it('pages 10 successful payments in TOID order by default, with exact numbers and links', async () => {
    const { status, json, text, headers } = await get(`/accounts/${busy}/payments`);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/^application\/hal\+json/);
    const list = records(json);
    expect(list).toHaveLength(10);
    const ids = list.map((r) => BigInt(r.id as bigint));
    expect(ids.every((id) => id > 2n ** 53n)).toBe(true);
    expect([...ids].sort((a, b) => (a < b ? -1 : 1))).toEqual(ids);
    for (const record of list) {
      expect(record.paging_token).toBe(String(record.id));
      expect(record.type).toBe(0);
      expect(record.type_s).toBe('payment');
      expect(record.transaction_successful).toBe(true);
      expect([record.sender, record.receiver]).toContain(busy);
      expect(record.currency).toEqual({ code: 'XLM' });
      expect(href(record._links, 'self')).toBe(`${service.url}/operations/${record.id}`);
      expect(href(record._links, 'transaction')).toBe(`${service.url}/transaction/${record.transaction_hash}`);
      expect((record._links as Json).precedes).toMatchObject({ templated: true });
      expect(record.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      expect(typeof record.source_account).toBe('string');
    }
    // First payment has amount 2 (payment 1 failed): amount_f exact, no exponent, id all digits.
    expect(text).toContain(`"id":${ids[0]},"paging_token":"${ids[0]}"`);
    expect(text).toMatch(/"amount":2,"amount_f":0\.0000002/);
    expect(text).not.toMatch(/e-\d/);
    const base = `${service.url}/accounts/${busy}/payments`;
    expect(href(json._links, 'self')).toBe(`${base}?cursor=&limit=10&order=asc`);
    expect(json._links).toMatchObject({
      next: { href: `${base}?cursor=${ids[9]}&order=asc{&limit}`, templated: true },
      prev: { href: `${base}?cursor=${ids[0]}&order=desc{&limit}`, templated: true },
    });
  });

  it('serves the singular alias with the same body', async () => {
    const [plural, singular] = await Promise.all([
      get(`/accounts/${busy}/payments?limit=3`),
      get(`/account/${busy}/payments?limit=3`),
    ]);
    expect(singular.status).toBe(200);
    expect(singular.text).toBe(plural.text);
  });

  it('walks next links in asc order over every payment exactly once; desc is its reverse', async () => {
    const walk = async (order: string, limit: number) => {
      const seen: string[] = [];
      let path = `/accounts/${busy}/payments?order=${order}&limit=${limit}&include_failed=true`;
      for (let i = 0; i < 100; i += 1) {
        const page = await get(path);
        const list = records(page.json);
        expect(list.length).toBeLessThanOrEqual(limit);
        if (list.length === 0) return seen;
        seen.push(...list.map((r) => r.paging_token as string));
        path = expand(href(page.json._links, 'next'), limit);
      }
      throw new Error('walk did not end');
    };
    const asc = await walk('asc', 7);
    // 50 generated payments, plus the every-type transaction's and the failed transaction's.
    expect(asc).toHaveLength(52);
    expect(new Set(asc).size).toBe(52);
    expect(await walk('desc', 9)).toEqual([...asc].reverse());
  });

  it('include_failed adds failed payments; join and include_transactions embed the transaction', async () => {
    const failed = records((await get(`/accounts/${busy}/payments?limit=200&include_failed=true`)).json);
    const ok = records((await get(`/accounts/${busy}/payments?limit=200`)).json);
    expect(failed.length).toBeGreaterThan(ok.length);
    expect(failed.some((r) => r.transaction_successful === false)).toBe(true);
    for (const query of ['join=transactions', 'include_transactions=true']) {
      const page = await get(`/accounts/${busy}/payments?limit=2&${query}`);
      for (const record of records(page.json)) {
        const tx = record.transaction as Json;
        expect(tx.hash).toBe(record.transaction_hash);
        expect(tx.envelope_xdr).toMatch(/^[0-9a-f]*$/);
      }
    }
    expect(records((await get(`/accounts/${busy}/payments?limit=2`)).json)[0]!.transaction).toBeUndefined();
  });

  it('keeps the cursor on an empty page, and resolves cursor=now so polling next works', async () => {
    const end = await get(`/accounts/${busy}/payments?cursor=${BigInt(START + 20) << 32n}`);
    expect(records(end.json)).toHaveLength(0);
    expect(href(end.json._links, 'next')).toBe(
      `${service.url}/accounts/${busy}/payments?cursor=${BigInt(START + 20) << 32n}&order=asc{&limit}`,
    );
    const now = await get(`/accounts/${busy}/payments?cursor=now`);
    expect(records(now.json)).toHaveLength(0);
    expect(href(now.json._links, 'next')).toBe(
      `${service.url}/accounts/${busy}/payments?cursor=${(BigInt(START + 12) << 32n) - 1n}&order=asc{&limit}`,
    );
    const back = await get(`/accounts/${busy}/payments?cursor=now&order=desc&limit=1`);
    expect(records(back.json)).toHaveLength(1);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=201', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=-1', 'limit'],
    ['limit=1.5', 'limit'],
    ['order=up', 'order'],
    ['cursor=-1', 'cursor'],
    ['cursor=abc', 'cursor'],
    ['cursor=9223372036854775808', 'cursor'],
    ['include_failed=yes', 'include_failed'],
    ['join=ledgers', 'join'],
    ['include_transactions=1', 'include_transactions'],
    ['limit=1&limit=2', 'limit'],
  ])('refuses %s with a 400 naming %s', async (query, field) => {
    const { status, json, headers } = await get(`/accounts/${busy}/payments?${query}`);
    expect(status).toBe(400);
    expect(headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(json).toMatchObject({ type: 'bad_request', status: 400, extras: { invalid_field: field } });
  });

  it('accepts limit 200 and 1', async () => {
    expect(records((await get(`/accounts/${busy}/payments?limit=200`)).json).length).toBeGreaterThan(10);
    expect(records((await get(`/accounts/${busy}/payments?limit=1`)).json)).toHaveLength(1);
  });

  it('answers 400 for a malformed account and 404 for an unknown one', async () => {
    expect((await get('/accounts/GABC/payments')).json).toMatchObject({
      status: 400,
      extras: { invalid_field: 'account_id' },
    });
    const unknown = StrKey.encodeEd25519PublicKey(Buffer.alloc(32, 7));
    expect((await get(`/accounts/${unknown}/payments`)).json).toMatchObject({ type: 'not_found', status: 404 });
  });
});

describe('operations of the five scopes', () => {
  it('writes every one of the 11 types with its type number and name', async () => {
    const page = await get(`/transactions/${everyTypeTx}/operations?limit=20`);
    const list = records(page.json);
    expect(list.map((r) => r.type)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(list.map((r) => r.type_s)).toEqual([
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
    expect(list[0]).toMatchObject({ amount: 123456789012345678n, currency: { code: 'USD', issuer: other } });
    expect(page.text).toContain('"amount":123456789012345678,"amount_f":12345678901.2345678');
    expect(page.text).toContain('"limit_f":922337203685.4775807');
    expect(list[3]).toMatchObject({ balance_id: BALANCE_ID });
    expect(list[5]).toMatchObject({ liquidity_pool_id: POOL_ID });
  });

  it('always includes failed operations of a transaction, and only on request elsewhere', async () => {
    const txOps = records((await get(`/transactions/${failedTx}/operations`)).json);
    expect(txOps).toHaveLength(2);
    expect(txOps.every((r) => r.transaction_successful === false)).toBe(true);
    const ledger = START + 11;
    expect(records((await get(`/ledgers/${ledger}/operations`)).json)).toHaveLength(0);
    expect(records((await get(`/ledgers/${ledger}/operations?include_failed=true`)).json)).toHaveLength(2);
  });

  it('lists a claimable balance by 72 hex and by B… StrKey, and a liquidity pool', async () => {
    const strkey = StrKey.encodeClaimableBalance(Buffer.from(`00${BALANCE_ID.slice(8)}`, 'hex'));
    for (const id of [BALANCE_ID, BALANCE_ID.toUpperCase(), strkey]) {
      const page = await get(`/claimable_balances/${id}/operations`);
      expect(records(page.json).map((r) => r.type)).toEqual([3, 4]);
      expect(href(page.json._links, 'self')).toMatch(`/claimable_balances/${BALANCE_ID}/operations?`);
    }
    expect(records((await get(`/liquidity_pools/${POOL_ID}/operations`)).json).map((r) => r.type)).toEqual([5, 6]);
    const account = records((await get(`/accounts/${other}/operations?limit=200&order=desc`)).json);
    expect(account.map((r) => r.type)).toContain(8);
  });

  it.each([
    ['/claimable_balances/1234/operations', 'claimable_balance_id', 400],
    [`/claimable_balances/00000000${'0'.repeat(64)}/operations`, '', 404],
    ['/liquidity_pools/xyz/operations', 'liquidity_pool_id', 400],
    [`/liquidity_pools/${'0'.repeat(64)}/operations`, '', 404],
    ['/ledgers/0/operations', 'sequence', 400],
    ['/ledgers/abc/operations', 'sequence', 400],
    ['/ledgers/2147483648/operations', 'sequence', 400],
    ['/ledgers/5/operations', '', 404],
    ['/transactions/nothex/operations', 'hash', 400],
    [`/transactions/${'0'.repeat(64)}/operations`, '', 404],
  ])('%s answers a problem naming %s', async (path, field, status) => {
    const { json } = await get(path);
    expect(json).toMatchObject({ status, type: status === 400 ? 'bad_request' : 'not_found' });
    if (field) expect((json.extras as Json).invalid_field).toBe(field);
  });
});

describe('single resources', () => {
  it('serves the root with the passphrase and latest ledger', async () => {
    const { json } = await get('/');
    expect(json).toMatchObject({ network_passphrase: 'Ledgerscope Local Network ; 2026', latest_ledger: START + 11 });
  });

  it('serves an account, a ledger, a transaction (both spellings), an operation, a balance and a pool', async () => {
    const account = (await get(`/accounts/${busy}`)).json;
    expect(account).toMatchObject({ id: busy, sequence: String(BigInt(START) << 32n) });
    expect((account.balances as Json[])[0]).toMatchObject({ currency: { code: 'XLM' }, amount: 10_000_000_000 });
    expect(account.thresholds).toBeDefined();
    expect((await get(`/account/${busy}`)).json.id).toBe(busy);
    expect((await get(`/ledgers/${START + 1}`)).json).toMatchObject({ sequence: START + 1, transaction_count: 5 });
    const tx = (await get(`/transactions/${everyTypeTx}`)).json;
    expect(tx).toMatchObject({
      hash: everyTypeTx,
      ledger: START + 10,
      operation_count: 11,
      successful: true,
      memo_type: 'text',
    });
    expect((await get(`/transaction/${everyTypeTx.toUpperCase()}`)).json.hash).toBe(everyTypeTx);
    const opId = (BigInt(START + 10) << 32n) + 4096n + 1n;
    const op = await get(`/operations/${opId}`);
    expect(op.text).toContain(`"id":${opId},`);
    expect((await get(`/claimable_balances/${BALANCE_ID}`)).json).toMatchObject({ id: BALANCE_ID, amount: 1 });
    const strkey = StrKey.encodeClaimableBalance(Buffer.from(`00${BALANCE_ID.slice(8)}`, 'hex'));
    expect((await get(`/claimable_balances/${strkey}`)).json.id).toBe(BALANCE_ID);
    expect((await get(`/liquidity_pools/${POOL_ID}`)).json).toMatchObject({
      id: POOL_ID,
      fee_bp: 30,
      total_shares: 14,
    });
  });

  it.each([
    ['/accounts/nope', 400],
    [`/accounts/${StrKey.encodeEd25519PublicKey(Buffer.alloc(32, 9))}`, 404],
    ['/ledgers/-3', 400],
    ['/ledgers/99', 404],
    ['/transactions/xyz', 400],
    [`/transactions/${'f'.repeat(64)}`, 404],
    ['/operations/abc', 400],
    ['/operations/0', 400],
    ['/operations/99999999999999999999', 400],
    ['/operations/12345', 404],
    ['/claimable_balances/zzz', 400],
    [`/claimable_balances/00000000${'1'.repeat(64)}`, 404],
    ['/liquidity_pools/zz', 400],
    [`/liquidity_pools/${'1'.repeat(64)}`, 404],
    ['/no/such/route', 404],
  ])('%s is a %i problem', async (path, status) => {
    const { status: got, json, headers } = await get(path);
    expect(got).toBe(status);
    expect(headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(Object.keys(json).sort()).toEqual(expect.arrayContaining(['detail', 'status', 'title', 'type']));
    expect(JSON.stringify(json)).not.toMatch(/at .*\.ts:\d+/);
  });

  it('writes only links that resolve', async () => {
    const starts = [
      '/',
      `/accounts/${busy}`,
      `/accounts/${busy}/payments?limit=3&join=transactions`,
      `/accounts/${busy}/operations?limit=3&include_failed=true`,
      `/transactions/${everyTypeTx}/operations?limit=11`,
      `/ledgers/${START + 10}`,
      `/claimable_balances/${BALANCE_ID}`,
      `/liquidity_pools/${POOL_ID}`,
    ];
    const hrefs = new Set<string>();
    const collect = (value: JsonValue): void => {
      if (Array.isArray(value)) value.forEach(collect);
      else if (isJsonObject(value)) {
        if (typeof value.href === 'string' && !/\{[a-z_]+\}/.test(value.href)) hrefs.add(expand(value.href));
        Object.values(value).forEach(collect);
      }
    };
    for (const path of starts) collect((await get(path)).json);
    expect(hrefs.size).toBeGreaterThan(20);
    for (const path of hrefs) expect([path, (await get(path)).status]).toEqual([path, 200]);
  });
});

describe('negotiation, bodies and headers', () => {
  it('answers 406 for an Accept it cannot produce, and serves JSON to */* and application/json', async () => {
    expect((await get(`/accounts/${busy}`, { accept: 'text/html' })).json).toMatchObject({
      type: 'not_acceptable',
      status: 406,
    });
    expect((await get(`/accounts/${busy}`, { accept: 'text/event-stream' })).status).toBe(406);
    expect((await get(`/accounts/${busy}`, { accept: 'text/html, */*;q=0.1' })).status).toBe(200);
    expect((await get(`/accounts/${busy}`, { accept: 'application/json' })).status).toBe(200);
  });

  it('puts rate-limit headers on every response and opens CORS', async () => {
    for (const path of ['/', '/nowhere', `/accounts/${busy}/payments?limit=0`]) {
      const { headers } = await get(path, { origin: 'http://example.org' });
      expect(Number(headers.get('x-ratelimit-limit'))).toBeGreaterThan(0);
      expect(headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
      expect(headers.get('x-ratelimit-reset')).toMatch(/^\d+$/);
      expect(headers.get('access-control-allow-origin')).toBe('*');
    }
    const preflight = await fetch(`${service.url}/transactions`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://example.org',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it.each([
    [{ 'content-type': 'text/plain' }, 'tx=AAAA', 415, 'unsupported_media_type'],
    [{ 'content-type': 'application/xml' }, '<tx/>', 415, 'unsupported_media_type'],
    [{ 'content-type': 'application/json' }, JSON.stringify({ tx: 'A'.repeat(300_000) }), 413, 'request_too_large'],
    [{ 'content-type': 'application/x-www-form-urlencoded' }, `tx=${'A'.repeat(300_000)}`, 413, 'request_too_large'],
    [{ 'content-type': 'application/json' }, '{"nottx": 1}', 400, 'bad_request'],
    [{ 'content-type': 'application/json' }, '{"tx": 5}', 400, 'bad_request'],
    [{ 'content-type': 'application/json' }, '{broken', 400, 'bad_request'],
    [{ 'content-type': 'application/x-www-form-urlencoded' }, 'other=1', 400, 'bad_request'],
  ])('POST /transactions %j (case %#) is a problem', async (headers, body, status, type) => {
    const response = await fetch(`${service.url}/transactions`, { method: 'POST', headers, body });
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await response.json()).toMatchObject({ type, status });
  });

  it('answers malformed for text that is not an envelope, in every body form', async () => {
    const forms: [Record<string, string>, RequestInit['body']][] = [
      [{ 'content-type': 'application/json' }, JSON.stringify({ tx: 'not an envelope' })],
      [{ 'content-type': 'application/x-www-form-urlencoded' }, 'tx=AAAAAgAAAA%3D%3D'],
    ];
    const multipart = new FormData();
    multipart.set('tx', 'deadbeef');
    forms.push([{}, multipart]);
    for (const [headers, body] of forms) {
      const response = await fetch(`${service.url}/transactions`, { method: 'POST', headers, body });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ hash: '', result: 'malformed', submission_result: '' });
    }
  });
});
