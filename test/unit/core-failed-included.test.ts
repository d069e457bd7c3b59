// A failed transaction's page lists its operations in both dialects: Horizon lists a failed
// transaction's operations only when failed ones are asked for, so a transaction's listing always
// asks; other listings ask only when the filter says so (toggled here one at a time).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../../core/http/http';
import { fetchListing } from '../../core/sources/horizon/listings';
import { asksFailed, failedAlwaysIncluded } from '../../shared/failed-included';
import type { ListingTarget } from '../../shared/ipc';
import { startLocalServer, type LocalServer } from '../support/local-server';

const HASH = 'ab'.repeat(32);
const ACCOUNT = 'GBNAZFZQUMCGVVMZDOFA4AWMIMNSQ3G42DOJYQZQVV5GIQDB73GCLCH4';
const record = JSON.parse(
  readFileSync(new URL('../fixtures/horizon/operations/payment.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;
const failed = { ...record, transaction_successful: false, transaction_hash: HASH };

let server: LocalServer;
const asked: string[] = [];
/** The last listing request (an account's first page may also ask the root where history starts). */
const lastListing = () => asked.filter((path) => path.includes('/operations')).at(-1);

beforeAll(async () => {
  // Horizon's rule: operations of failed transactions only with include_failed=true.
  server = await startLocalServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    asked.push(`${url.pathname}?include_failed=${url.searchParams.get('include_failed')}`);
    const records = url.searchParams.get('include_failed') === 'true' ? [failed] : [];
    response.writeHead(200, { 'content-type': 'application/hal+json' });
    response.end(JSON.stringify({ _links: {}, _embedded: { records } }));
  });
});
afterAll(() => server.close());

const tx: ListingTarget = { kind: 'operations', scope: 'transaction', id: HASH };
const account: ListingTarget = { kind: 'operations', scope: 'account', id: ACCOUNT };
const query = (includeFailed: boolean) => ({
  limit: 10,
  order: 'asc' as const,
  includeFailed,
  includeTransactions: false,
});

describe('failed operations of a failed transaction', () => {
  it('a transaction’s listing asks for failed operations even when the filter does not', async () => {
    const page = await fetchListing(new HttpClient(server.base), tx, query(false));
    expect(page.records.map((op) => [op.transactionHash, op.successful])).toEqual([[HASH, false]]);
    expect(lastListing()).toBe(`/transactions/${HASH}/operations?include_failed=true`);
  });

  it('an account’s listing asks only when the filter says so: off, then on', async () => {
    expect((await fetchListing(new HttpClient(server.base), account, query(false))).records).toEqual([]);
    expect(lastListing()).toBe(`/accounts/${ACCOUNT}/operations?include_failed=null`);
    expect((await fetchListing(new HttpClient(server.base), account, query(true))).records).toHaveLength(1);
    expect(lastListing()).toBe(`/accounts/${ACCOUNT}/operations?include_failed=true`);
  });

  it('the rule, target by target', () => {
    expect(failedAlwaysIncluded(tx)).toBe(true);
    for (const scope of ['account', 'ledger', 'claimable_balance', 'liquidity_pool'] as const) {
      expect(failedAlwaysIncluded({ kind: 'operations', scope, id: 'x' })).toBe(false);
    }
    expect(failedAlwaysIncluded({ kind: 'payments', account: ACCOUNT })).toBe(false);
    expect(asksFailed(account, { includeFailed: false })).toBe(false);
    expect(asksFailed(account, { includeFailed: true })).toBe(true);
    expect(asksFailed(tx, { includeFailed: false })).toBe(true);
  });
});
