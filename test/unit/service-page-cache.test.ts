// The page cache keeps only pages that can never change. A page of `cursor=now` names a different
// position at every ledger: even when a ledger lands between reading the latest ledger and reading
// the page (so the page is full), it must not be kept for the next `now`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ListingTarget, pageBytes } from '../../network/service/listing';
import { parseListing } from '../../network/service/params';
import { Store } from '../../network/service/queries';
import { storePath } from '../../network/store/db';
import { accountKeys, fillPayments, SyntheticStore } from '../support/service-store';

const START = 60_000_000;
const dir = mkdtempSync(join(tmpdir(), 'service-page-cache-'));
const accounts = accountKeys(3, 3);
const busy = accounts[0]!;

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('page cache', () => {
  it('never keeps a page of cursor=now', () => {
    const synthetic = new SyntheticStore(dir, START);
    fillPayments(synthetic, { startLedger: START, ledgers: 3, perLedger: 2, accounts });
    synthetic.close();
    const store = new Store(storePath(dir));
    const target: ListingTarget = {
      path: `/accounts/${busy}/payments`,
      source: { kind: 'scope', scope: 'payment', key: busy },
      alwaysFailed: false,
    };
    const latest = store.latestLedger.bind(store);
    // The race, made certain: the page is read as if the last ledger had not been committed yet.
    store.latestLedger = () => latest() - 1n;
    for (let i = 0; i < 2; i += 1)
      expect(
        pageBytes(store, target, parseListing({ cursor: 'now', limit: '1' }), 'now', 'http://localhost').empty,
      ).toBe(false);
    store.latestLedger = latest;
    expect(pageBytes(store, target, parseListing({ cursor: 'now', limit: '1' }), 'now', 'http://localhost').empty).toBe(
      true,
    );
    store.close();
  });
});
