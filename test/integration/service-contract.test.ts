// The wire contract (docs/design.md) over a real local network whose history the core applied
// (every operation type, failed transactions included), starting at ledger 60000000 so that
// every id is above 2^53.
import { DatabaseSync } from 'node:sqlite';
import { StrKey, xdr } from '@stellar/stellar-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAmount } from '../../shared/amount';
import { isJsonObject, parseJson, type JsonValue } from '../../shared/json';
import { type RunningNetwork, startNetwork } from '../support/network';
import { openSse, recordIds } from '../support/sse';
import { submit } from '../support/service-tx';
import { paymentTx } from '../support/signed-tx';

type Json = { [key: string]: JsonValue };
let net: RunningNetwork;
let db: DatabaseSync;

beforeAll(async () => {
  net = await startNetwork({ historyOps: 3000, startLedger: 60_000_000, closeIntervalMs: 250 });
  db = new DatabaseSync(`${net.dataDir}/ledger.db`, { readOnly: true, readBigInts: true });
});

afterAll(async () => {
  db?.close();
  await net?.stop();
});

async function get(path: string) {
  // Links are absolute (docs/service.md "Links"): a path or a link is fetched as it is.
  const response = await fetch(path.startsWith('http') ? path : `${net.serviceUrl}${path}`);
  const text = await response.text();
  return { status: response.status, text, json: parseJson(text) as Json };
}

const records = (page: Json) => (page._embedded as Json).records as Json[];
const row = (sql: string, ...params: (string | bigint)[]) => db.prepare(sql).get(...params) as Record<string, unknown>;

/** Every `x_f` in the text is exact plain decimal text equal to its integer twin / 10^7. */
function expectExactAmounts(text: string): number {
  let count = 0;
  for (const match of text.matchAll(/"([a-z_]+)":(-?\d+),"\1_f":([^,}\]]+)/g)) {
    expect(match[3]).toMatch(/^-?\d+(\.\d+)?$/);
    expect(match[3]).toBe(formatAmount(BigInt(match[2]!)));
    count += 1;
  }
  return count;
}

describe('records of every type, as the core wrote them', () => {
  it.each(Array.from({ length: 11 }, (_, type) => type))(
    'type %i: common fields, exact id, details spliced',
    async (type) => {
      const op = row('SELECT id, details FROM operations WHERE type = ? ORDER BY id DESC LIMIT 1', BigInt(type));
      expect(op, `history has an operation of type ${type}`).toBeDefined();
      const { status, text, json } = await get(`/operations/${op.id}`);
      expect(status).toBe(200);
      expect(text).toContain(`"id":${op.id},"paging_token":"${op.id}"`);
      expect(BigInt(json.id as bigint)).toBeGreaterThan(2n ** 53n);
      expect(json).toMatchObject({ type, transaction_successful: expect.any(Boolean) });
      for (const field of ['source_account', 'transaction_hash', 'created_at', 'type_s'])
        expect(typeof json[field]).toBe('string');
      const details = parseJson(op.details as string) as Json;
      for (const [key, value] of Object.entries(details)) expect(json[key]).toEqual(value);
      expectExactAmounts(text);
    },
  );

  it('writes exact amounts everywhere in a page of operations', async () => {
    const busy = net.demoAccounts[0]!.publicKey;
    const page = await get(`/accounts/${busy}/operations?limit=200&include_failed=true`);
    expect(expectExactAmounts(page.text)).toBeGreaterThan(50);
    expect(/:-?\d+(\.\d+)?[eE]/.test(page.text)).toBe(false);
  });
});

describe('a transaction as the core recorded it', () => {
  it('carries its TransactionMetaV4 and its fee changes, hex, that @stellar/stellar-base decodes; a listing leaves them out', async () => {
    const tx = row(
      'SELECT hash, fee_account, fee_charged FROM transactions WHERE successful = 1 AND operation_count > 0 LIMIT 1',
    );
    const one = (await get(`/transactions/${tx.hash as string}`)).json;
    const meta = xdr.TransactionMeta.fromXDR(Buffer.from(one.result_meta_xdr as string, 'hex'));
    expect(meta.switch()).toBe(4);
    expect(meta.v4().operations().length).toBeGreaterThan(0);
    const [fee] = meta.v4().events();
    expect(fee!.event().body().v0().topics()[0]!.sym().toString()).toBe('fee');
    const feeChanges = (xdr.LedgerEntryChanges as unknown as { fromXDR(b: Buffer): xdr.LedgerEntryChange[] }).fromXDR(
      Buffer.from(one.fee_meta_xdr as string, 'hex'),
    );
    expect(feeChanges.map((c) => c.switch().name)).toEqual(['ledgerEntryState', 'ledgerEntryUpdated']);
    const page = records((await get(`/accounts/${tx.fee_account as string}/transactions?limit=5`)).json);
    expect(page.length).toBeGreaterThan(0);
    expect(page.every((r) => !('result_meta_xdr' in r) && !('fee_meta_xdr' in r))).toBe(true);
  });
});

describe('listings and resources on real ids', () => {
  it('serves the five operation scopes and their resources', async () => {
    const balance = row("SELECT key FROM operation_scopes WHERE scope = 'claimable_balance' LIMIT 1").key as string;
    const pool = row("SELECT key FROM operation_scopes WHERE scope = 'liquidity_pool' LIMIT 1").key as string;
    const failed = row('SELECT id, hash, ledger FROM transactions WHERE successful = 0 LIMIT 1');
    const strkey = StrKey.encodeClaimableBalance(Buffer.from(`00${balance.slice(8)}`, 'hex'));
    const byHex = await get(`/claimable_balances/${balance}/operations?limit=200`);
    expect(records(byHex.json).length).toBeGreaterThan(0);
    expect(records(byHex.json).every((r) => r.balance_id === balance)).toBe(true);
    expect((await get(`/claimable_balances/${strkey}/operations?limit=200`)).text).toBe(byHex.text);
    const poolOps = records((await get(`/liquidity_pools/${pool}/operations?limit=200&include_failed=true`)).json);
    expect(poolOps.every((r) => r.liquidity_pool_id === pool)).toBe(true);
    expect((await get(`/liquidity_pools/${pool}`)).status).toBe(200);
    const txOps = records((await get(`/transactions/${failed.hash}/operations`)).json);
    expect(txOps.length).toBeGreaterThan(0);
    expect(txOps.every((r) => r.transaction_successful === false)).toBe(true);
    expect((await get(`/transaction/${failed.hash}`)).json).toMatchObject({ hash: failed.hash, successful: false });
    // From just before the failed transaction's first operation: only include_failed shows it.
    const cursor = `cursor=${BigInt(failed.id as bigint)}&limit=1`;
    const withFailed = records((await get(`/ledgers/${failed.ledger}/operations?include_failed=true&${cursor}`)).json);
    expect(withFailed[0]).toMatchObject({ transaction_hash: failed.hash, transaction_successful: false });
    const withoutFailed = records((await get(`/ledgers/${failed.ledger}/operations?${cursor}`)).json);
    expect(withoutFailed.every((r) => r.transaction_successful === true && r.transaction_hash !== failed.hash)).toBe(
      true,
    );
    expect((await get(`/ledgers/${failed.ledger}`)).json).toMatchObject({ sequence: Number(failed.ledger) });
  });

  it('pages with the defaults and the links of the contract', async () => {
    const busy = net.demoAccounts[0]!.publicKey;
    const page = await get(`/account/${busy}/payments`);
    const list = records(page.json);
    expect(list).toHaveLength(10);
    expect(list.every((r) => r.type === 0 && r.type_s === 'payment')).toBe(true);
    expect(list.every((r) => r.sender === busy || r.receiver === busy)).toBe(true);
    const last = list.at(-1)!.paging_token;
    expect(page.json._links).toMatchObject({
      self: { href: `${net.serviceUrl}/accounts/${busy}/payments?cursor=&limit=10&order=asc` },
      next: { href: `${net.serviceUrl}/accounts/${busy}/payments?cursor=${last}&order=asc{&limit}`, templated: true },
    });
  });

  it('walks precedes from the first payment of the busy account to the end: exactly the next walk', async () => {
    const busy = net.demoAccounts[0]!.publicKey;
    const listing = `${net.serviceUrl}/accounts/${busy}/payments`;
    const byNext: string[] = [];
    let href = `${listing}?order=asc&limit=200`;
    for (;;) {
      const page = await get(href);
      const list = records(page.json);
      if (list.length === 0) break;
      byNext.push(...list.map((r) => r.paging_token as string));
      href = ((page.json._links as Json).next as Json).href as string;
      href = href.replace('{&limit}', '&limit=200');
    }
    // Asc goes forward through `precedes` (Horizon's name: the records this one precedes).
    let record = records((await get(`${listing}?order=asc&limit=1`)).json)[0]!;
    const byPrecedes = [record.paging_token as string];
    for (;;) {
      const precedes = ((record._links as Json).precedes as Json).href as string;
      expect(precedes.startsWith(`${listing}?cursor=${record.paging_token}&order=asc`)).toBe(true);
      const list = records((await get(precedes.replace('{&limit}', '&limit=200'))).json);
      if (list.length === 0) break;
      byPrecedes.push(...list.map((r) => r.paging_token as string));
      record = list.at(-1)!;
    }
    expect(byNext.length).toBeGreaterThan(400);
    expect(byPrecedes).toEqual(byNext);
  });

  it('lists every transaction the busy account took part in, as the generated history has them', async () => {
    const busy = net.demoAccounts[0]!.publicKey;
    const listing = `${net.serviceUrl}/accounts/${busy}/transactions`;
    const listed: string[] = [];
    let href = `${listing}?order=asc&limit=200&include_failed=true`;
    for (let pages = 0; pages < 50; pages += 1) {
      const page = await get(href);
      const list = records(page.json);
      if (list.length === 0) break;
      listed.push(...list.map((r) => r.paging_token as string));
      href = ((page.json._links as Json).next as Json).href as string;
      href = href.replace('{&limit}', '&limit=200');
    }
    // From the transactions and operations themselves, not from the listing's own rows.
    const expected = db
      .prepare(
        `SELECT o.transaction_id AS id FROM operation_scopes s JOIN operations o ON o.id = s.operation_id
           WHERE s.scope = 'account' AND s.key = ?
         UNION SELECT id FROM transactions WHERE source_account = ? OR fee_account = ? ORDER BY id`,
      )
      .all(busy, busy, busy)
      .map((r) => String(r.id));
    expect(expected.length).toBeGreaterThan(200);
    expect(listed).toEqual(expected);
    const failed = row('SELECT count(*) AS c FROM transactions WHERE successful = 0 AND source_account = ?', busy);
    expect(Number(failed.c)).toBeGreaterThan(0);
    const successful = records((await get(`${listing}?limit=200`)).json);
    expect(successful.every((r) => r.successful === true)).toBe(true);
  });

  it('writes only links that resolve', async () => {
    const busy = net.demoAccounts[0]!.publicKey;
    const hrefs = new Set<string>();
    const collect = (value: JsonValue): void => {
      if (Array.isArray(value)) value.forEach(collect);
      else if (isJsonObject(value)) {
        if (typeof value.href === 'string' && !/\{[a-z_]+\}/.test(value.href))
          hrefs.add(value.href.replace(/\{[^}]*\}/g, ''));
        Object.values(value).forEach(collect);
      }
    };
    for (const path of [
      '/',
      `/accounts/${busy}`,
      `/accounts/${busy}/operations?limit=30&join=transactions&include_failed=true`,
      `/accounts/${busy}/transactions?limit=10&include_failed=true`,
      `/accounts/${busy}/trades`,
    ]) {
      collect((await get(path)).json);
    }
    expect(hrefs.size).toBeGreaterThan(30);
    for (const href of hrefs) expect([href, (await get(href)).status]).toEqual([href, 200]);
  });
});

describe('streams over ledgers the core closes', () => {
  it('delivers a submitted payment on the payments and operations streams, once', async () => {
    const receiver = net.demoAccounts[6]!.publicKey;
    const streams = await Promise.all([
      openSse(`${net.serviceUrl}/accounts/${receiver}/payments?cursor=now`),
      openSse(`${net.serviceUrl}/accounts/${receiver}/operations?cursor=now`),
    ]);
    try {
      for (const stream of streams) await stream.waitFor((frames) => frames[0]?.event === 'open');
      const tx = await paymentTx(net.serviceUrl, net.demoAccounts[2]!, receiver, { passphrase: net.passphrase });
      expect((await submit(net.serviceUrl, tx.toEnvelope().toXDR('base64'))).status).toBe(201);
      const hash = tx.hash().toString('hex');
      for (const stream of streams) {
        await stream.waitFor((frames) => frames.some((f) => f.data?.includes(hash)), 15_000);
        expect(recordIds(stream.frames)).toHaveLength(1);
      }
    } finally {
      for (const stream of streams) stream.close();
    }
  });
});
