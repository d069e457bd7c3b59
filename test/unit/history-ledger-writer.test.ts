// worker-thread/ledger-writer.ts: an index read from a lake's ledgers takes runs of consecutive
// ledgers only from where it stands (none skipped, none twice), writes each ledger's operations,
// fees and fills through the readers a server's walks use, keeps each asset's balance before the
// range's first change and after its last, and is never written over a server's walk.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LedgerRecords } from '../../core/history-index/protocol';
import { LedgerWriter } from '../../core/history-index/worker-thread/ledger-writer';
import { openIndex } from '../../core/history-index/worker-thread/schema';
import { SideWriter } from '../../core/history-index/worker-thread/side-writer';
import { IndexWriter } from '../../core/history-index/worker-thread/store';
import { indexSums } from '../../core/history-index/worker-thread/sums';
import { accountKeys } from '../support/service-store';
import { closeTime, toid, transactionRecord } from '../support/side-records';

const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-ledgers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const [ME, A] = accountKeys(2, 39) as [string, string];
const LAKE = '/lakes/local';

/** A payment of `amount` XLM from A to ME, the first operation of ledger `ledger`'s first transaction. */
function payment(ledger: number, amount: string) {
  const id = toid(ledger, 1, 1);
  const hash = String(id).padStart(64, '0');
  return {
    id: String(id),
    paging_token: String(id),
    type: 'payment',
    created_at: closeTime(ledger),
    transaction_hash: hash,
    transaction_successful: true,
    source_account: A,
    from: A,
    to: ME,
    asset_type: 'native',
    amount,
    transaction: { hash, ledger, fee_charged: '100', source_account: A, memo_type: 'none' },
  };
}

const ledger = (n: number, change: Partial<LedgerRecords> = {}): { ledger: number; records: LedgerRecords } => ({
  ledger: n,
  records: {
    ledger: n,
    closeTime: Date.parse(closeTime(n)) / 1000,
    operations: [],
    transactions: [],
    trades: [],
    balances: [],
    ...change,
  },
});

function open(name: string) {
  const db = openIndex(join(dir, `${name}.sqlite`));
  const writer = new IndexWriter(db);
  const ledgers = new LedgerWriter(db, writer, new SideWriter(db, writer));
  return { db, writer, ledgers };
}

describe('an index read from ledgers (issue 39.2, 39.3)', () => {
  it('writes runs from where it stands, the operations, the fee paid and both ends of each balance', () => {
    const { db, writer, ledgers } = open('runs');
    const run = (from: number, items: { ledger: number; records: LedgerRecords | null }[]) =>
      ledgers.ingest({ account: ME, where: LAKE, from: 10, to: 20, run: items });
    expect(
      run(10, [
        ledger(10, {
          operations: [payment(10, '5.0000000')],
          balances: [{ asset: 'native', before: '1000000000', after: '1050000000' }],
        }),
        { ledger: 11, records: null },
      ]).added,
    ).toBe(1);
    expect(writer.account(ME).ledgers).toEqual({ where: LAKE, from: 10, to: 20, next: 12 });
    // ME pays the fee of a transaction of its own that holds none of its operations: a fee row.
    const tx = transactionRecord(toid(12, 1, 0), 'f'.repeat(64), ME, ME, '100');
    run(12, [
      ledger(12, { transactions: [tx], balances: [{ asset: 'native', before: '1050000000', after: '1049999900' }] }),
    ]);
    expect(ledgers.read(writer.account(ME).acct)).toEqual([
      { asset: 'native', opening: '1000000000', openingLedger: 10, closing: '1049999900', closingLedger: 12 },
    ]);
    const sums = indexSums(db, writer.account(ME).acct);
    expect(sums.assets.find((a) => a.asset === 'native')).toMatchObject({ in: '5', out: '0', fees: '0.00001' });
  });

  it('refuses a run that skips a ledger or reads one twice, and writes nothing of it', () => {
    const { writer, ledgers } = open('gaps');
    ledgers.ingest({ account: ME, where: LAKE, from: 10, to: 20, run: [{ ledger: 10, records: null }] });
    for (const skipped of [[12], [10], [11, 13]])
      expect(() =>
        ledgers.ingest({
          account: ME,
          where: LAKE,
          from: 10,
          to: 20,
          run: skipped.map((n) => ledger(n, { operations: [payment(n, '1.0000000')] })),
        }),
      ).toThrow(/stands at ledger 1[12]: no ledger is skipped or read twice/);
    expect(writer.account(ME)).toMatchObject({ rows: 0, ledgers: { next: 11 } });
    // The last ledger of the range is taken; one past it is not.
    const to = { account: ME, where: LAKE, from: 10, to: 11 };
    expect(() =>
      ledgers.ingest({
        ...to,
        run: [
          { ledger: 11, records: null },
          { ledger: 12, records: null },
        ],
      }),
    ).toThrow(/past the range's last, 11/);
    ledgers.ingest({ ...to, run: [{ ledger: 11, records: null }] });
    expect(writer.account(ME).ledgers).toMatchObject({ next: 12, to: 11 });
  });

  it('is another index for another lake or start, and never written over a server walk', () => {
    const { writer, ledgers } = open('mixed');
    ledgers.ingest({ account: ME, where: LAKE, from: 10, to: 20, run: [{ ledger: 10, records: null }] });
    expect(() => ledgers.ingest({ account: ME, where: '/other', from: 10, to: 20, run: [] })).toThrow(
      /holds ledgers 10–10 read from \/lakes\/local/,
    );
    expect(() => ledgers.ingest({ account: ME, where: LAKE, from: 9, to: 20, run: [] })).toThrow(/another index/);
    writer.ingestTexts(A, [JSON.stringify(payment(5, '1.0000000'))]);
    expect(() => ledgers.ingest({ account: A, where: LAKE, from: 10, to: 20, run: [] })).toThrow(
      /built from a server's history/,
    );
  });

  it('refuses a balance that is not whole stroops', () => {
    const { ledgers } = open('stroops');
    expect(() =>
      ledgers.ingest({
        account: ME,
        where: LAKE,
        from: 1,
        to: 2,
        run: [ledger(1, { balances: [{ asset: 'native', before: '1.5', after: '2' }] })],
      }),
    ).toThrow(/not a whole number of stroops/);
  });
});
