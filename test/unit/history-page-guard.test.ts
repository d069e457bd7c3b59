// The index worker checks a sync's page against the walk's paging guard before it writes any of it
// (worker-thread/page-guard.ts, docs/history-index.md): against the cursor the page was asked from
// and against the page before. A page the cursor lets through but the page before does not (its
// records repeat that page's) is refused with nothing of it written.
// Issue #35: seen failing with the worker's check run without the page before (the page was
// written, and only the walk's own guard on the main thread stopped the sync after it).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PagingError } from '../../shared/paging-guard';
import { readMeta } from '../../core/history-index/worker-thread/account-meta';
import { openIndex } from '../../core/history-index/worker-thread/schema';
import { IndexWriter } from '../../core/history-index/worker-thread/store';
import { toid } from '../support/side-records';

const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-page-guard-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ME = 'GBNAZFZQUMCGVVMZDOFA4AWMIMNSQ3G42DOJYQZQVV5GIQDB73GCLCH4';
const OTHER = 'GDUVUOCZJDGXC4U2Y7M5E3VKC75XTFEBXQ6G5NZ2TC6SE5VXN4AS3SFB';
const token = (ledger: number) => String(toid(ledger, 1, 1));

/** A payment to the account in ledger `ledger`, as Horizon lists it. */
function payment(ledger: number) {
  const hash = ledger.toString(16).padStart(64, '0');
  return {
    id: token(ledger),
    paging_token: token(ledger),
    transaction_successful: true,
    source_account: OTHER,
    created_at: new Date(Date.UTC(2026, 2, 1, 0, ledger)).toISOString().replace('.000Z', 'Z'),
    transaction_hash: hash,
    type: 'payment',
    from: OTHER,
    to: ME,
    amount: '1.0000000',
    asset_type: 'native',
    transaction: { hash, ledger, source_account: OTHER, fee_account: OTHER, fee_charged: '100' },
  };
}

const bytes = (ledgers: number[]) => Buffer.from(JSON.stringify({ _embedded: { records: ledgers.map(payment) } }));

describe("the worker's check of a sync's page", () => {
  it('refuses a page that repeats the page before though it is after its cursor, writing none of it', () => {
    const db = openIndex(join(dir, 'index.sqlite'));
    const writer = new IndexWriter(db);
    writer.ingestPageBytes(ME, bytes([101, 102, 103]), { cursor: undefined, previous: null });
    const before = readMeta(db, ME)!;
    expect(before).toMatchObject({ rows: 3, lastToken: token(103) });
    // Asked from the second record of the page before (a cursor the walk did not give): its last record again, and one more.
    const guard = { cursor: token(102), previous: { cursor: undefined, first: token(101), last: token(103) } };
    expect(() => writer.ingestPageBytes(ME, bytes([103, 104]), guard)).toThrow(
      expect.objectContaining({ name: PagingError.name, fault: 'repeated' }),
    );
    expect(readMeta(db, ME)).toMatchObject({ rows: 3, lastToken: token(103) });
    db.close();
  });
});
