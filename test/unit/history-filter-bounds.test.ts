// The bounds of a history filter (core/history-index/worker-thread/filter.ts), each toggled alone
// and tested on both sides: three rows one stroop and one millisecond apart (99.9999999 at T - 1,
// 100 at T, 100.0000001 at T + 1), and a filter that names exactly one bound at the middle row.
// minAmount and maxAmount are inclusive, `from` is inclusive and `to` exclusive; a minimum equal to
// the maximum is a range of one amount, a minimum one stroop above it is refused. Each is asked
// in time order and in amount order, rows and count alike.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryFilter, HistorySort } from '../../shared/history';
import { queryPage } from '../../core/history-index/worker-thread/summary';
import { openIndex } from '../../core/history-index/worker-thread/schema';
import { IndexWriter } from '../../core/history-index/worker-thread/store';
import { accountKeys } from '../support/service-store';

const [ME, A] = accountKeys(2, 79) as [string, string];
const T = Date.UTC(2026, 2, 1, 12);
const HUNDRED = 100n * 10_000_000n;
const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-history-bounds-'));
let db: DatabaseSync;
let acct: number;
/** The rows' ids: one below the bound, at it, one above it. */
const [BELOW, AT, ABOVE] = [-1, 0, 1].map((step) => String((BigInt(300 + step) << 32n) + 4097n)) as [
  string,
  string,
  string,
];

beforeAll(() => {
  db = openIndex(join(dir, 'bounds.sqlite'));
  const writer = new IndexWriter(db);
  const rows = [-1, 0, 1].map((step, slot) => {
    const id = (BigInt(300 + step) << 32n) + 4097n;
    return {
      id,
      pagingToken: String(id),
      ledger: 300 + step,
      createdAt: T + step,
      type: 'payment',
      txHash: 'ab',
      successful: true,
      source: A,
      counterparty: A,
      direction: 'in' as const,
      asset: 'native',
      amount: HUNDRED + BigInt(step),
      sourceAsset: null,
      sourceAmount: null,
      memo: null,
      memoType: null,
      fee: 100n,
      feeAccount: null,
      extra: [],
      slot,
    };
  });
  writer.ingestRows(ME, rows, rows.at(-1)!.pagingToken);
  acct = writer.account(ME).acct;
});

afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The ids a filter keeps, in id order, the same in every sort and in the summary's count. */
function kept(filter: HistoryFilter): string[] {
  const bySort = (['time', '-time', 'amount', '-amount'] as HistorySort[]).map((sort) => {
    const page = queryPage(db, acct, { filter, sort, limit: 10, summary: true });
    expect(page.summary!.count, sort).toBe(page.rows.length);
    return page.rows.map((r) => r.id).sort();
  });
  for (const ids of bySort) expect(ids).toEqual(bySort[0]);
  return bySort[0]!;
}

describe('history filter bounds', () => {
  it('keeps all three rows without a filter', () => {
    expect(kept({})).toEqual([BELOW, AT, ABOVE]);
  });

  it('minAmount is inclusive: the row at it and above it, not the one a stroop below', () => {
    expect(kept({ minAmount: '100' })).toEqual([AT, ABOVE]);
  });

  it('maxAmount is inclusive: the row at it and below it, not the one a stroop above', () => {
    expect(kept({ maxAmount: '100' })).toEqual([BELOW, AT]);
  });

  it('from is inclusive: the row at it and after it, not the one a millisecond before', () => {
    expect(kept({ from: T })).toEqual([AT, ABOVE]);
  });

  it('to is exclusive: only the row a millisecond before it', () => {
    expect(kept({ to: T })).toEqual([BELOW]);
  });

  it('a minimum a stroop below the maximum or equal to it is a range; a stroop above it is refused', () => {
    expect(kept({ minAmount: '99.9999999', maxAmount: '100' })).toEqual([BELOW, AT]);
    expect(kept({ minAmount: '100', maxAmount: '100' })).toEqual([AT]);
    expect(() =>
      queryPage(db, acct, { filter: { minAmount: '100.0000001', maxAmount: '100' }, sort: 'time', limit: 10 }),
    ).toThrow('minAmount is larger than maxAmount');
  });
});
