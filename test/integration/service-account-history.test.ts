// An account's transactions and trades against a real local network (docs/service.md "An
// account's transactions and trades"): a fee bump listed for its fee account, its inner source and
// the payment's receiver; a failed transaction only with include_failed=true; paging both ways
// with cursor and limit at both edges; streams; and the trades listing, empty by construction.
// One network for the file, no generated history: the transactions below are the history.
import { Account, Keypair, TransactionBuilder } from '@stellar/stellar-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseJson, type JsonValue } from '../../shared/json';
import { type RunningNetwork, startNetwork } from '../support/network';
import { openSse, recordIds } from '../support/sse';
import { submit } from '../support/service-tx';
import { accountSequence, nativePayment, paymentTx, signedTx } from '../support/signed-tx';
import { waitFor } from '../support/wait';

type Json = { [key: string]: JsonValue };

let net: RunningNetwork;
/** Hashes of what beforeAll submitted. */
let bumpHash = '';
let failedHash = '';
let walkHashes: string[] = [];

const key = (i: number) => net.demoAccounts[i]!;
// demoAccounts: busy, root, then the others; S pays D with F's fee, W pays bystander B in a row.
const S = () => key(2);
const D = () => key(3);
const F = () => key(4);
const W = () => key(5);
const B = () => key(6);
const UNKNOWN = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 7)).publicKey();

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(path.startsWith('http') ? path : `${net.serviceUrl}${path}`, { headers });
  const text = await response.text();
  return { status: response.status, text, json: parseJson(text) as Json };
}

function records(page: Json): Json[] {
  return (page._embedded as Json).records as Json[];
}

function links(page: Json): Record<string, string> {
  const all = page._links as Record<string, Json>;
  return Object.fromEntries(Object.entries(all).map(([name, value]) => [name, value.href as string]));
}

function expand(template: string, limit?: number): string {
  return template.replace('{&limit}', limit ? `&limit=${limit}` : '');
}

async function hashes(account: string, query = 'limit=200'): Promise<string[]> {
  const page = await get(`/accounts/${account}/transactions?${query}`);
  expect(page.status).toBe(200);
  return records(page.json).map((r) => r.hash as string);
}

async function inHistory(hash: string): Promise<void> {
  await waitFor(`${hash} in history`, async () => (await get(`/transactions/${hash}`)).status === 200, 20_000);
}

beforeAll(async () => {
  net = await startNetwork({ accounts: 7, closeIntervalMs: 200 });
  const passphrase = net.passphrase;
  // The fee bump: S's payment to D, its fee paid by F.
  const inner = await paymentTx(net.serviceUrl, S(), D().publicKey, { passphrase, fee: '100' });
  const feeSource = Keypair.fromSecret(F().secretKey);
  const bump = TransactionBuilder.buildFeeBumpTransaction(feeSource, '200', inner, passphrase);
  bump.sign(feeSource);
  bumpHash = bump.hash().toString('hex');
  expect((await submit(net.serviceUrl, bump.toEnvelope().toXDR('base64'))).status).toBe(201);
  await inHistory(bumpHash);
  // A failed transaction: S pays D more than it holds (the fee is charged, the payment is not made).
  const failed = await paymentTx(net.serviceUrl, S(), D().publicKey, { passphrase, amount: '900000000' });
  failedHash = failed.hash().toString('hex');
  expect((await submit(net.serviceUrl, failed.toEnvelope().toXDR('base64'))).status).toBe(201);
  await inHistory(failedHash);
  // Three payments from W to B, one after another: W's listing is its funding and these.
  const w = Keypair.fromSecret(W().secretKey);
  const account = new Account(w.publicKey(), await accountSequence(net.serviceUrl, w.publicKey()));
  walkHashes = [];
  for (let i = 0; i < 3; i += 1) {
    const tx = signedTx(w, [nativePayment(B().publicKey, '1')], { passphrase, sequence: account });
    walkHashes.push(tx.hash().toString('hex'));
    expect((await submit(net.serviceUrl, tx.toEnvelope().toXDR('base64'))).status).toBe(201);
  }
  await inHistory(walkHashes[2]!);
}, 180_000);

afterAll(async () => {
  await net?.stop();
});

describe('an account transactions', () => {
  it('lists a fee bump for the fee account that paid it, with the record /transactions/{hash} serves', async () => {
    const page = await get(`/accounts/${F().publicKey}/transactions?order=desc&limit=1`);
    expect(page.status).toBe(200);
    const [record] = records(page.json);
    expect(record).toMatchObject({
      hash: bumpHash,
      source_account: S().publicKey,
      fee_account: F().publicKey,
      fee_charged: 200,
      successful: true,
    });
    expect(record!.paging_token).toMatch(/^\d+$/);
    // The same record, but for the meta /transactions/{hash} adds (listings leave it out: pages stay small).
    const {
      result_meta_xdr: resultMeta,
      fee_meta_xdr: feeMeta,
      ...single
    } = (await get(`/transactions/${bumpHash}`)).json as Record<string, unknown>;
    expect(record).toEqual(single);
    expect([typeof resultMeta, typeof feeMeta]).toEqual(['string', 'string']);
    // Not in F's operations: the listing above is the only place a fee-bump payer finds its fee.
    const operations = await get(`/accounts/${F().publicKey}/operations?limit=200`);
    expect(records(operations.json).map((r) => r.transaction_hash)).not.toContain(bumpHash);
  });

  it('lists the fee bump for its inner source and the payment receiver too, and not for a bystander', async () => {
    expect(await hashes(S().publicKey)).toContain(bumpHash);
    expect(await hashes(D().publicKey)).toContain(bumpHash);
    expect(await hashes(B().publicKey)).not.toContain(bumpHash);
  });

  it('lists a failed transaction only with include_failed=true, and keeps the flag in its links', async () => {
    expect(await hashes(S().publicKey)).not.toContain(failedHash);
    expect(await hashes(S().publicKey, 'limit=200&include_failed=false')).not.toContain(failedHash);
    const page = await get(`/accounts/${S().publicKey}/transactions?limit=200&include_failed=true`);
    const failed = records(page.json).find((r) => r.hash === failedHash);
    expect(failed).toMatchObject({ successful: false, fee_account: S().publicKey });
    expect(records(page.json).map((r) => r.hash)).toContain(bumpHash);
    expect(links(page.json).next).toContain('&include_failed=true{&limit}');
    // D took part in the failed payment: Horizon lists it for D as well.
    expect(await hashes(D().publicKey, 'limit=200&include_failed=true')).toContain(failedHash);
  });

  it('pages ascending with cursor and limit: oldest first, one at a time, then an empty page keeping the cursor', async () => {
    const listing = `${net.serviceUrl}/accounts/${W().publicKey}/transactions`;
    const all = await get(`${listing}?limit=200`);
    const tokens = records(all.json).map((r) => r.paging_token as string);
    expect(records(all.json).map((r) => r.hash)).toEqual([expect.any(String), ...walkHashes]);
    expect(tokens.map(BigInt)).toEqual([...tokens.map(BigInt)].sort((a, b) => (a < b ? -1 : 1)));
    const walked: string[] = [];
    let next = `${listing}?limit=1`;
    for (let i = 0; i < 5; i += 1) {
      const page = await get(next);
      expect(page.status).toBe(200);
      const found = records(page.json);
      if (found.length === 0) {
        expect(links(page.json).next).toBe(`${listing}?cursor=${tokens[3]}&order=asc{&limit}`);
        break;
      }
      expect(found).toHaveLength(1);
      walked.push(found[0]!.paging_token as string);
      next = expand(links(page.json).next!, 1);
    }
    expect(walked).toEqual(tokens);
    // A cursor is exclusive: from the first transaction's token, the next one comes first.
    const after = await get(`${listing}?cursor=${tokens[0]}&limit=2`);
    expect(records(after.json).map((r) => r.paging_token)).toEqual(tokens.slice(1, 3));
    expect(links(after.json)).toEqual({
      self: `${listing}?cursor=${tokens[0]}&limit=2&order=asc`,
      next: `${listing}?cursor=${tokens[2]}&order=asc{&limit}`,
      prev: `${listing}?cursor=${tokens[1]}&order=desc{&limit}`,
    });
  });

  it('pages descending: newest first, below the cursor, and from the last token to an empty page', async () => {
    const listing = `${net.serviceUrl}/accounts/${W().publicKey}/transactions`;
    const tokens = records((await get(`${listing}?limit=200`)).json).map((r) => r.paging_token as string);
    const first = await get(`${listing}?order=desc&limit=2`);
    expect(records(first.json).map((r) => r.hash)).toEqual([walkHashes[2], walkHashes[1]]);
    const second = await get(expand(links(first.json).next!, 2));
    expect(records(second.json).map((r) => r.paging_token)).toEqual([tokens[1], tokens[0]]);
    const third = await get(expand(links(second.json).next!, 2));
    expect(records(third.json)).toEqual([]);
    const below = await get(`${listing}?order=desc&cursor=${tokens[2]}&limit=200`);
    expect(records(below.json).map((r) => r.paging_token)).toEqual([tokens[1], tokens[0]]);
  });

  it('takes a limit from 1 to 200 and refuses 0, 201, a bad cursor and a bad order', async () => {
    const listing = `/accounts/${W().publicKey}/transactions`;
    expect(records((await get(`${listing}?limit=1`)).json)).toHaveLength(1);
    expect(records((await get(`${listing}?limit=200`)).json)).toHaveLength(4);
    expect(records((await get(listing)).json)).toHaveLength(4); // the default, 10
    for (const query of ['limit=0', 'limit=201', 'cursor=-1', 'cursor=abc', 'order=sideways', 'include_failed=yes']) {
      const answer = await get(`${listing}?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.json.extras, query).toMatchObject({ invalid_field: query.split('=')[0] });
    }
  });

  it('is 404 for an account that neither exists nor has history, 400 for a malformed id; the alias works', async () => {
    const missing = await get(`/accounts/${UNKNOWN}/transactions`);
    expect(missing.status).toBe(404);
    expect(missing.json.detail).toBe(`Account ${UNKNOWN} does not exist.`);
    expect((await get('/accounts/GNOTANACCOUNT/transactions')).status).toBe(400);
    const alias = await get(`/account/${W().publicKey}/transactions?limit=200`);
    expect(records(alias.json).map((r) => r.hash)).toEqual(
      records((await get(`/accounts/${W().publicKey}/transactions?limit=200`)).json).map((r) => r.hash),
    );
  });

  it('streams the account transactions as they land, once each', async () => {
    const stream = await openSse(`${net.serviceUrl}/accounts/${F().publicKey}/transactions?cursor=now`);
    try {
      expect(stream.status).toBe(200);
      await stream.waitFor((frames) => frames.some((f) => f.event === 'open'));
      const passphrase = net.passphrase;
      const inner = await paymentTx(net.serviceUrl, D(), S().publicKey, { passphrase });
      const feeSource = Keypair.fromSecret(F().secretKey);
      const bump = TransactionBuilder.buildFeeBumpTransaction(feeSource, '200', inner, passphrase);
      bump.sign(feeSource);
      const hash = bump.hash().toString('hex');
      expect((await submit(net.serviceUrl, bump.toEnvelope().toXDR('base64'))).status).toBe(201);
      await stream.waitFor((frames) => frames.some((f) => f.data?.includes(hash)), 20_000);
      const ids = recordIds(stream.frames);
      expect(ids).toHaveLength(1);
      const record = parseJson(stream.frames.find((f) => f.id === ids[0])!.data!) as Json;
      expect(record).toMatchObject({ hash, fee_account: F().publicKey, paging_token: ids[0] });
    } finally {
      stream.close();
    }
  });
});

describe('an account trades', () => {
  it('is an empty page with links naming the same query: the local network makes no trades', async () => {
    const listing = `${net.serviceUrl}/accounts/${S().publicKey}/trades`;
    const page = await get(`${listing}?limit=200&order=desc&cursor=12884905985-0`);
    expect(page.status).toBe(200);
    expect(page.json).toEqual({
      _links: {
        self: { href: `${listing}?cursor=12884905985-0&limit=200&order=desc` },
        next: { href: `${listing}?cursor=12884905985-0&order=desc{&limit}`, templated: true },
        prev: { href: `${listing}?cursor=12884905985-0&order=asc{&limit}`, templated: true },
      },
      _embedded: { records: [] },
    });
    const plain = await get(`/account/${S().publicKey}/trades`);
    expect(links(plain.json).self).toBe(`${listing}?cursor=&limit=10&order=asc`);
    expect(records(plain.json)).toEqual([]);
  });

  it('validates cursor, limit and order as the other listings, and is 404 for an unknown account', async () => {
    const listing = `/accounts/${S().publicKey}/trades`;
    expect((await get(`${listing}?limit=1&cursor=5`)).status).toBe(200);
    for (const query of ['limit=0', 'limit=201', 'cursor=1-2-3', 'cursor=x', 'cursor=-1', 'order=up']) {
      const answer = await get(`${listing}?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.json.extras, query).toMatchObject({ invalid_field: query.split('=')[0] });
    }
    const missing = await get(`/accounts/${UNKNOWN}/trades`);
    expect(missing.status).toBe(404);
    expect(missing.json.detail).toBe(`Account ${UNKNOWN} does not exist.`);
  });

  it('streams: open, and nothing else', async () => {
    const stream = await openSse(`${net.serviceUrl}/accounts/${S().publicKey}/trades`);
    try {
      expect(stream.status).toBe(200);
      await stream.waitFor((frames) => frames.some((f) => f.event === 'open'));
      expect(recordIds(stream.frames)).toEqual([]);
    } finally {
      stream.close();
    }
    const missing = await openSse(`${net.serviceUrl}/accounts/${UNKNOWN}/trades`);
    expect(missing.status).toBe(404);
    missing.close();
  });

  it('is linked from the account resource, as are its transactions', async () => {
    const account = await get(`/accounts/${S().publicKey}`);
    const self = `${net.serviceUrl}/accounts/${S().publicKey}`;
    expect(links(account.json)).toMatchObject({
      transactions: `${self}/transactions{?cursor,limit,order}`,
      trades: `${self}/trades{?cursor,limit,order}`,
    });
  });
});
