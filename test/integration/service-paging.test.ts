// Paging over a real history: the busiest demo account has 5,000+ payments. Walking `next` in
// asc order returns each exactly once and equals the desc walk reversed; and a client written for
// Horizon (@stellar/stellar-sdk) pages and streams through the service without error.
import { DatabaseSync } from 'node:sqlite';
import { Horizon, Keypair, type Transaction, TransactionBuilder } from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningNetwork, startNetwork } from '../support/network';
import { waitFor } from '../support/wait';
import { submit } from '../support/service-tx';
import { paymentTx } from '../support/signed-tx';

let net: RunningNetwork;
let busy: string;
let db: DatabaseSync;

interface Page {
  _links: { next: { href: string; templated?: boolean } };
  _embedded: { records: { paging_token: string; id: unknown }[] };
}

beforeAll(async () => {
  net = await startNetwork({ historyOps: 9000, startLedger: 60_000_000, closeIntervalMs: 250 });
  busy = net.demoAccounts[0]!.publicKey;
  db = new DatabaseSync(`${net.dataDir}/ledger.db`, { readOnly: true });
});

afterAll(async () => {
  db?.close();
  await net?.stop();
});

async function walk(order: 'asc' | 'desc', limit: number): Promise<string[]> {
  const tokens: string[] = [];
  let path = `/accounts/${busy}/payments?order=${order}&limit=${limit}`;
  for (;;) {
    // The first path is relative; `next` is absolute (docs/service.md "Links").
    const text = await (await fetch(path.startsWith('http') ? path : `${net.serviceUrl}${path}`)).text();
    const page = JSON.parse(text) as Page;
    const records = page._embedded.records;
    expect(records.length).toBeLessThanOrEqual(limit);
    // ids are above 2^53: the text carries every digit, equal to the paging token.
    for (const record of records) expect(text).toContain(`"id":${record.paging_token},`);
    if (records.length === 0) return tokens;
    tokens.push(...records.map((r) => r.paging_token));
    expect(page._links.next.templated).toBe(true);
    path = page._links.next.href.replace('{&limit}', `&limit=${limit}`);
  }
}

describe('paging', () => {
  it('walks 5,000+ payments in asc order exactly once, and desc is the reverse', async () => {
    const asc = await walk('asc', 200);
    expect(asc.length).toBeGreaterThanOrEqual(5000);
    expect(new Set(asc).size).toBe(asc.length);
    const sorted = [...asc].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
    expect(asc).toEqual(sorted);
    expect(BigInt(asc[0]!)).toBeGreaterThan(2n ** 53n);
    const desc = await walk('desc', 173);
    expect(desc).toEqual([...asc].reverse());
  });
});

describe('@stellar/stellar-sdk compatibility', () => {
  it('pages with call() and next()', async () => {
    const server = new Horizon.Server(net.serviceUrl, { allowHttp: true });
    let page = await server.payments().forAccount(busy).cursor('').limit(25).order('asc').call();
    expect(page.records).toHaveLength(25);
    const seen = page.records.map((r) => r.paging_token);
    for (let i = 0; i < 5; i += 1) {
      page = await page.next();
      expect(page.records.length).toBeGreaterThan(0);
      seen.push(...page.records.map((r) => r.paging_token));
    }
    expect(new Set(seen).size).toBe(seen.length);
    const direct = (await (await fetch(`${net.serviceUrl}/accounts/${busy}/payments?limit=200`)).json()) as Page;
    expect(seen).toEqual(direct._embedded.records.slice(0, seen.length).map((r) => r.paging_token));
    const back = await server.payments().forAccount(busy).cursor(seen.at(-1)!).limit(3).order('desc').call();
    expect(back.records.map((r) => r.paging_token)).toEqual(seen.slice(-4, -1).reverse());
  });

  it('streams with stream({onmessage}) and receives a new payment', async () => {
    const server = new Horizon.Server(net.serviceUrl, { allowHttp: true });
    const receiver = net.demoAccounts[3]!.publicKey;
    const received: string[] = [];
    const errors: unknown[] = [];
    // A numeric cursor after the latest ledger (what `now` means), so that the stream cannot miss
    // the payment whenever it connects.
    const root = (await (await fetch(`${net.serviceUrl}/`)).text()).match(/"latest_ledger":(\d+)/)!;
    const cursor = (((BigInt(root[1]!) + 1n) << 32n) - 1n).toString();
    const close = server
      .payments()
      .forAccount(receiver)
      .cursor(cursor)
      .stream({
        onmessage: (record) => received.push((record as unknown as { transaction_hash: string }).transaction_hash),
        onerror: (e) => errors.push(e),
      });
    try {
      const tx = await paymentTx(net.serviceUrl, net.demoAccounts[1]!, receiver, { passphrase: net.passphrase });
      expect((await submit(net.serviceUrl, tx.toEnvelope().toXDR('base64'))).status).toBe(201);
      const hash = tx.hash().toString('hex');
      await waitFor('the SDK stream to deliver the payment', () => received.includes(hash), 15_000);
      expect(errors).toEqual([]);
    } finally {
      close();
    }
  });
});

/** A record as the SDK hands it out: its links are functions returning pages. */
interface SdkRecord {
  paging_token: string;
  precedes: () => Promise<{ records: SdkRecord[] }>;
  succeeds: () => Promise<{ records: SdkRecord[] }>;
}

const tokens = (records: { paging_token: string }[]) => records.map((r) => r.paging_token);

/** Paging tokens of the listing at `path` from `cursor`, read directly (limit 10, the SDK's default). */
async function listed(path: string, cursor: string, order: 'asc' | 'desc', flags = ''): Promise<string[]> {
  const page = (await (
    await fetch(`${net.serviceUrl}${path}?cursor=${cursor}&order=${order}&limit=10${flags}`)
  ).json()) as Page;
  return tokens(page._embedded.records);
}

/**
 * `precedes()` and `succeeds()` of a record return the records after it (asc) and before it
 * (desc) in the same listing: exactly what that listing serves from the record's cursor.
 */
async function expectNeighbours(record: SdkRecord, path: string, flags = ''): Promise<void> {
  const token = BigInt(record.paging_token);
  const after = tokens((await record.precedes()).records);
  const before = tokens((await record.succeeds()).records);
  expect(after.length + before.length, `${path} has neighbours of ${token}`).toBeGreaterThan(0);
  expect(after).toEqual(await listed(path, record.paging_token, 'asc', flags));
  expect(before).toEqual(await listed(path, record.paging_token, 'desc', flags));
  expect(after.every((t, i) => BigInt(t) > (i === 0 ? token : BigInt(after[i - 1]!)))).toBe(true);
  expect(before.every((t, i) => BigInt(t) < (i === 0 ? token : BigInt(before[i - 1]!)))).toBe(true);
}

/** The SDK's own Transaction of a transaction built with @stellar/stellar-base. */
function sdkTx(tx: { toXDR(): string }): Transaction {
  return TransactionBuilder.fromXDR(tx.toXDR(), net.passphrase) as Transaction;
}

/** The key of a scope with the most operations (a claimable balance, a pool). */
function busiestKey(scope: string): string {
  const row = db
    .prepare(
      'SELECT key, count(*) AS n FROM operation_scopes WHERE scope = ? AND successful = 1 GROUP BY key ORDER BY n DESC LIMIT 1',
    )
    .get(scope) as { key: string } | undefined;
  if (!row) throw new Error(`history has no ${scope} operations`);
  return row.key;
}

describe('@stellar/stellar-sdk follows the links the service writes', () => {
  const server = () => new Horizon.Server(net.serviceUrl, { allowHttp: true });
  const middle = <T>(records: T[]): T => records[Math.floor(records.length / 2)]!;

  it("precedes() and succeeds() of a payment stay in that account's payments (with include_failed)", async () => {
    const page = await server().payments().forAccount(busy).cursor('').limit(5).order('asc').call();
    await expectNeighbours(middle(page.records) as unknown as SdkRecord, `/accounts/${busy}/payments`);
    const failed = await server().payments().forAccount(busy).includeFailed(true).limit(5).order('desc').call();
    await expectNeighbours(
      middle(failed.records) as unknown as SdkRecord,
      `/accounts/${busy}/payments`,
      '&include_failed=true',
    );
  });

  it('precedes() and succeeds() stay in each operations scope: account, ledger, transaction, claimable balance, pool', async () => {
    const ops = server().operations();
    const account = await ops.forAccount(busy).limit(5).call();
    await expectNeighbours(middle(account.records) as unknown as SdkRecord, `/accounts/${busy}/operations`);
    const ledger = (
      db
        .prepare(
          'SELECT ledger FROM transactions WHERE successful = 1 GROUP BY ledger HAVING sum(operation_count) >= 3 LIMIT 1',
        )
        .get() as { ledger: number }
    ).ledger;
    const inLedger = await server().operations().forLedger(ledger).limit(5).call();
    await expectNeighbours(middle(inLedger.records) as unknown as SdkRecord, `/ledgers/${ledger}/operations`);
    const hash = (
      db.prepare('SELECT hash FROM transactions WHERE operation_count >= 3 LIMIT 1').get() as { hash: string }
    ).hash;
    const inTx = await server().operations().forTransaction(hash).limit(5).call();
    // A transaction's operations always include failed ones, so its links carry no flag.
    await expectNeighbours(middle(inTx.records) as unknown as SdkRecord, `/transactions/${hash}/operations`);
    const balance = busiestKey('claimable_balance');
    const ofBalance = await server().operations().forClaimableBalance(balance).limit(5).call();
    await expectNeighbours(
      middle(ofBalance.records) as unknown as SdkRecord,
      `/claimable_balances/${balance}/operations`,
    );
    const pool = busiestKey('liquidity_pool');
    const ofPool = await server().operations().forLiquidityPool(pool).limit(5).call();
    await expectNeighbours(middle(ofPool.records) as unknown as SdkRecord, `/liquidity_pools/${pool}/operations`);
  });

  it("follows an account's payments() and operations() links", async () => {
    const account = await server().loadAccount(busy);
    const linked = account as unknown as Record<
      'payments' | 'operations',
      (opts: object) => Promise<{ records: { paging_token: string }[] }>
    >;
    const payments = await linked.payments({ limit: 7, order: 'desc' });
    expect(tokens(payments.records)).toEqual(
      await listed(`/accounts/${busy}/payments`, '', 'desc').then((t) => t.slice(0, 7)),
    );
    const operations = await linked.operations({ limit: 4 });
    expect(tokens(operations.records)).toEqual(
      await listed(`/accounts/${busy}/operations`, '', 'asc').then((t) => t.slice(0, 4)),
    );
    expect(account.data_attr).toEqual(expect.any(Object));
  });

  it('submits with submitTransaction() and its default memo-required check: received, then in a ledger', async () => {
    const receiver = net.demoAccounts[4]!.publicKey;
    const tx = sdkTx(await paymentTx(net.serviceUrl, net.demoAccounts[2]!, receiver, { passphrase: net.passphrase }));
    const answer = (await server().submitTransaction(tx)) as unknown as Record<string, unknown>;
    const hash = Buffer.from(tx.hash()).toString('hex');
    expect(answer).toMatchObject({ hash, result: 'received' });
    const landed = await waitFor(
      'the transaction in a ledger',
      () =>
        server()
          .transactions()
          .transaction(hash)
          .call()
          .catch(() => undefined),
      15_000,
    );
    expect(landed).toMatchObject({ hash, successful: true });
    expect(landed.ledger_attr).toBeGreaterThan(60_000_000);
  });

  it("finds a fee bump by its inner transaction's hash", async () => {
    const inner = sdkTx(
      await paymentTx(net.serviceUrl, net.demoAccounts[5]!, net.demoAccounts[6]!.publicKey, {
        passphrase: net.passphrase,
      }),
    );
    const feeSource = Keypair.fromSecret(net.demoAccounts[7]!.secretKey);
    const bump = TransactionBuilder.buildFeeBumpTransaction(feeSource, '300', inner, net.passphrase);
    bump.sign(feeSource);
    expect((await server().submitTransaction(bump)) as unknown as Record<string, unknown>).toMatchObject({
      result: 'received',
    });
    const [outerHash, innerHash] = [
      Buffer.from(bump.hash()).toString('hex'),
      Buffer.from(inner.hash()).toString('hex'),
    ];
    const byOuter = await waitFor(
      'the fee bump in a ledger',
      () =>
        server()
          .transactions()
          .transaction(outerHash)
          .call()
          .catch(() => undefined),
      15_000,
    );
    const byInner = await server().transactions().transaction(innerHash).call();
    expect(byInner).toMatchObject({
      hash: innerHash,
      paging_token: byOuter.paging_token,
      fee_account: feeSource.publicKey(),
    });
    expect(byInner).toMatchObject({
      fee_bump_transaction: { hash: outerHash },
      inner_transaction: { hash: innerHash },
    });
    const innerOps = await server().operations().forTransaction(innerHash).call();
    expect(tokens(innerOps.records)).toEqual(
      tokens((await server().operations().forTransaction(outerHash).call()).records),
    );
  });
});
