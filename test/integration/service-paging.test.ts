// Paging over a real history: the busiest demo account has 5,000+ payments. Walking `next` in
// asc order returns each exactly once and equals the desc walk reversed; and a client written for
// Horizon (@stellar/stellar-sdk) pages and streams through the service without error.
import { Horizon } from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningNetwork, startNetwork } from '../support/network';
import { waitFor } from '../support/wait';
import { submit } from '../support/service-tx';
import { paymentTx } from '../support/signed-tx';

let net: RunningNetwork;
let busy: string;

interface Page {
  _links: { next: { href: string; templated?: boolean } };
  _embedded: { records: { paging_token: string; id: unknown }[] };
}

beforeAll(async () => {
  net = await startNetwork({ historyOps: 9000, startLedger: 60_000_000, closeIntervalMs: 250 });
  busy = net.demoAccounts[0]!.publicKey;
});

afterAll(async () => {
  await net?.stop();
});

async function walk(order: 'asc' | 'desc', limit: number): Promise<string[]> {
  const tokens: string[] = [];
  let path = `/accounts/${busy}/payments?order=${order}&limit=${limit}`;
  for (;;) {
    const text = await (await fetch(`${net.serviceUrl}${path}`)).text();
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
    const direct = await (await fetch(`${net.serviceUrl}/accounts/${busy}/payments?limit=200`)).json() as Page;
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
      .stream({ onmessage: (record) => received.push((record as unknown as { transaction_hash: string }).transaction_hash), onerror: (e) => errors.push(e) });
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
