// Issue #36: `history <account> --type payment --asset USD --direction in --format ndjson` on a
// 14,000-record index stopped the index worker ("JS heap out of memory"): a page of matching rows
// with their records' texts decoded every stored page it touched and kept them all until the
// answer was made. Here an index of 14,000 large records (each ~6 KB, as Horizon's records with
// their transaction joined are), one in ten matching, spread over all 70 stored pages, is read
// through the real index worker under its real heap limit (WORKER_LIMITS), a page of 1,000 rows
// with their records at a time, as the command line pages it.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HistoryWorker } from '../../core/history-index/main-thread/client';
import { openIndex } from '../../core/history-index/worker-thread/schema';
import { IndexWriter } from '../../core/history-index/worker-thread/store';
import type { HistoryPage } from '../../shared/history';

const ME = 'GBNAZFZQUMCGVVMZDOFA4AWMIMNSQ3G42DOJYQZQVV5GIQDB73GCLCH4';
const OTHER = 'GDUVUOCZJDGXC4U2Y7M5E3VKC75XTFEBXQ6G5NZ2TC6SE5VXN4AS3SFB';
const RECORDS = 14_000;
const PER_PAGE = 200;

const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-raw-memory-'));
const worker = new HistoryWorker();
afterAll(async () => {
  await worker.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A payment record with its transaction joined; one in ten comes in. Its XDR fields are random, so the page does not compress to nothing. */
function record(i: number): Record<string, unknown> {
  const id = (BigInt(1000 + Math.floor(i / 10)) << 32n) | (BigInt((i % 10) + 1) << 12n) | 1n;
  const incoming = i % 10 === 0;
  const noise = (n: number) => randomBytes((n * 3) / 4).toString('base64');
  return {
    id: String(id),
    paging_token: String(id),
    type: 'payment',
    transaction_successful: true,
    source_account: incoming ? OTHER : ME,
    // Ten records a ledger, each at its ledger's time (issue 37.9).
    created_at: new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 10) * 60_000).toISOString().replace('.000Z', 'Z'),
    transaction_hash: i.toString(16).padStart(64, '0'),
    asset_type: 'native',
    from: incoming ? OTHER : ME,
    to: incoming ? ME : OTHER,
    amount: '150.0000000',
    transaction: {
      hash: i.toString(16).padStart(64, '0'),
      ledger: 1000 + Math.floor(i / 10),
      source_account: incoming ? OTHER : ME,
      fee_charged: '100',
      memo_type: 'none',
      successful: true,
      envelope_xdr: noise(2500),
      result_meta_xdr: noise(3000),
    },
  };
}

describe('a page of matching rows with their records', () => {
  it('is read in bounded memory: every matching record of a large index, paged, the worker alive', async () => {
    const file = join(dir, 'index.sqlite');
    const db = openIndex(file);
    const writer = new IndexWriter(db);
    for (let start = 0; start < RECORDS; start += PER_PAGE) {
      const records = Array.from({ length: PER_PAGE }, (_, k) => record(start + k));
      writer.ingestPage(ME, JSON.stringify({ _embedded: { records } }));
    }
    writer.commit();
    db.close();
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 10; pages++) {
      const page: HistoryPage = await worker.call(file, 'query', {
        account: ME,
        filter: { types: ['payment'], direction: 'in', minAmount: '100' },
        sort: 'time',
        limit: 1000,
        includeRaw: true,
        ...(cursor ? { cursor } : {}),
      });
      for (const row of page.rows) {
        expect(row.raw, row.id).toBeDefined();
        seen.push(row.id);
      }
      if (!page.next) break;
      cursor = page.next;
    }
    expect(seen.length).toBe(RECORDS / 10);
    expect(new Set(seen).size).toBe(seen.length);
  }, 120_000);
});
