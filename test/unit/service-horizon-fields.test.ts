// The resource fields Horizon writes and @stellar/stellar-sdk reads (docs/service.md decisions 8
// and 10), next to the project's own: an account's balances, flags and data (and its data route),
// and a fee bump found by its inner transaction's hash.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseJson, type JsonValue } from '../../shared/json';
import { type RunningService, startService } from '../../network/service/server';
import { accountKeys, fillPayments, SyntheticStore } from '../support/service-store';

const START = 60_000_000;
const INNER = 'ee'.repeat(32);
let dir: string;
let store: SyntheticStore;
let service: RunningService;
let bumpHash = '';
const accounts = accountKeys(3, 11);
const [owner, issuer] = [accounts[0]!, accounts[1]!];

type Json = { [key: string]: JsonValue };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'service-fields-'));
  store = new SyntheticStore(dir, START);
  fillPayments(store, { startLedger: START, ledgers: 2, perLedger: 2, accounts });
  store.db.prepare('UPDATE accounts SET flags = 9, balance = 123456789012 WHERE id = ?').run(owner);
  store.db
    .prepare('INSERT INTO trustlines VALUES (?, ?, ?, ?, NULL, 25, 1000000000, ?)')
    .run(owner, `USD:${issuer}`, 'USD', issuer, START);
  store.db
    .prepare('INSERT INTO trustlines VALUES (?, ?, ?, ?, NULL, 0, 7, ?)')
    .run(owner, `LONGERCODE:${issuer}`, 'LONGERCODE', issuer, START);
  const data = store.db.prepare('INSERT INTO data_entries VALUES (?, ?, ?)');
  data.run(owner, 'config.memo_required', 'MQ==');
  data.run(owner, 'name with spaces/é', 'aGk=');
  [bumpHash = ''] = store.appendLedger(START + 2, [{ source: owner, successful: true, ops: [] }]);
  const bump = store.db.prepare('SELECT id FROM transactions WHERE hash = ?').get(bumpHash) as { id: bigint };
  store.db.prepare('INSERT INTO inner_transactions VALUES (?, ?, 150)').run(bump.id, INNER);
  service = await startService({ dataDir: dir, port: 0, coreUrl: 'http://127.0.0.1:9' });
});

afterAll(async () => {
  await service?.close();
  store?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function get(path: string) {
  const response = await fetch(`${service.url}${path}`);
  return { status: response.status, json: parseJson(await response.text()) as Json };
}

describe('the account resource', () => {
  it("carries what the SDK's AccountResponse reads, and the project's own fields", async () => {
    const { status, json } = await get(`/accounts/${owner}`);
    expect(status).toBe(200);
    expect(json).toMatchObject({
      id: owner,
      account_id: owner,
      paging_token: owner,
      sequence: expect.stringMatching(/^\d+$/),
      subentry_count: 0,
      last_modified_ledger: START,
      thresholds: { low_threshold: 0, med_threshold: 0, high_threshold: 0 },
      flags: { auth_required: true, auth_revocable: false, auth_immutable: false, auth_clawback_enabled: true },
      signers: [{ key: owner, weight: 1, type: 'ed25519_public_key' }],
      data: { 'config.memo_required': 'MQ==', 'name with spaces/é': 'aGk=' },
      num_sponsoring: 0,
      num_sponsored: 0,
    });
    const balances = json.balances as Json[];
    expect(balances[0]).toMatchObject({
      currency: { code: 'XLM' },
      amount: 123456789012,
      balance: '12345.6789012',
      asset_type: 'native',
    });
    expect(balances).toContainEqual(
      expect.objectContaining({
        currency: { code: 'USD', issuer },
        amount: 25,
        limit: 1000000000,
        balance: '0.0000025',
        asset_type: 'credit_alphanum4',
        asset_code: 'USD',
        asset_issuer: issuer,
      }),
    );
    expect(balances).toContainEqual(
      expect.objectContaining({ asset_type: 'credit_alphanum12', asset_code: 'LONGERCODE', balance: '0.0000000' }),
    );
    const links = json._links as Json;
    expect(links.data).toEqual({ href: `${service.url}/accounts/${owner}/data/{key}`, templated: true });
  });

  it('serves one data entry as {"value": base64}, 404 for a missing name and 400 for an overlong one', async () => {
    expect(await get(`/accounts/${owner}/data/config.memo_required`)).toEqual({ status: 200, json: { value: 'MQ==' } });
    expect((await get(`/accounts/${owner}/data/${encodeURIComponent('name with spaces/é')}`)).json).toEqual({
      value: 'aGk=',
    });
    expect((await get(`/accounts/${owner}/data/nothing`)).json).toMatchObject({ type: 'not_found', status: 404 });
    expect((await get(`/accounts/${owner}/data/${'x'.repeat(65)}`)).json).toMatchObject({
      type: 'bad_request',
      extras: { invalid_field: 'key' },
    });
    expect((await get(`/accounts/GABC/data/x`)).json).toMatchObject({
      type: 'bad_request',
      extras: { invalid_field: 'account_id' },
    });
  });
});

describe('a fee bump', () => {
  it("is found by its inner transaction's hash, written under that hash, naming both", async () => {
    const outer = await get(`/transactions/${bumpHash}`);
    const inner = await get(`/transactions/${INNER.toUpperCase()}`);
    expect(inner.status).toBe(200);
    expect(outer.json).toMatchObject({
      id: bumpHash,
      hash: bumpHash,
      fee_bump_transaction: { hash: bumpHash },
      inner_transaction: { hash: INNER, max_fee: 150 },
    });
    expect(inner.json).toMatchObject({
      id: INNER,
      hash: INNER,
      paging_token: outer.json.paging_token,
      fee_bump_transaction: { hash: bumpHash },
    });
    expect(((inner.json._links as Json).self as Json).href).toBe(`${service.url}/transactions/${INNER}`);
    expect((await get(`/transactions/${INNER}/operations`)).status).toBe(200);
    const plain = await get(
      `/transactions/${(store.db.prepare('SELECT hash FROM transactions WHERE hash != ? LIMIT 1').get(bumpHash) as { hash: string }).hash}`,
    );
    expect(plain.json.inner_transaction).toBeUndefined();
    expect((await get(`/transactions/${'ab'.repeat(32)}`)).status).toBe(404);
  });
});
