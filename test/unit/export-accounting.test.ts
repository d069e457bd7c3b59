// The exports' one column set (shared/export-columns.ts) and the accounting layout
// (shared/accounting.ts) on a known history: test/fixtures/accounting/known-history.json, a page of
// an account's operations with their transactions joined, in Horizon's record shapes (the
// project's own values): a create_account from Carol, a payment with a memo `=1+1`, a two-operation
// transaction moving two assets, a path payment to itself, a pool deposit, a fee bump another
// account paid, a failed transaction, a payment of a USDX from a second issuer, a manage_data.
// The accounting export of it is compared field by field with the hand-written
// known-history.expected.csv, read from the live records (the explorer's export) and from a real
// history index the page was ingested into (the workbench's): one reading, the same file.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StatementSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { LiveCsv } from '../../core/exports/export-rows';
import { exportIndex } from '../../core/history-index/worker-thread/export-file';
import { ExtraLegs } from '../../core/history-index/worker-thread/export-ops';
import { C as COLUMN, type ExportRow } from '../../core/history-index/worker-thread/export-read';
import { openIndex } from '../../core/history-index/worker-thread/schema';
import { IndexWriter } from '../../core/history-index/worker-thread/store';
import { normalizeOperation } from '../../core/sources/horizon/normalize';
import { ACCOUNTING_COLUMNS, AccountingWriter, CurrencyNames } from '../../shared/accounting';
import { columnRows, EXPORT_COLUMNS, type ExportOp } from '../../shared/export-columns';
import type { HistoryFilter } from '../../shared/history';
import { parseJson } from '../../shared/json';
import { parseCsv } from '../../shared/labels';

const A = 'GBNAZFZQUMCGVVMZDOFA4AWMIMNSQ3G42DOJYQZQVV5GIQDB73GCLCH4';
const B = 'GDJNVXHV5FEOVP4S5LNUAO6GDJIBYMTGYNXPLKN5JIIJVHIIQBPVHTMX';
const C = 'GDUVY4DU4FOX5NPI5PLTASKNPO5EYDRQ6H2ZNFPHGFYXXACVDOUFOEQQ';
const NAMES: [string, string][] = [
  [B, '@bob'],
  [C, 'Carol'],
];
const nameOf = (account: string) => new Map(NAMES).get(account);

const fixture = (name: string) => readFileSync(new URL(`../fixtures/accounting/${name}`, import.meta.url), 'utf8');
const pageText = fixture('known-history.json');
const records = (parseJson(pageText) as { _embedded: { records: unknown[] } })._embedded.records;

function live(format: 'csv' | 'accounting'): string {
  const writer = new LiveCsv(format, A, nameOf);
  const header = (format === 'csv' ? EXPORT_COLUMNS : ACCOUNTING_COLUMNS).join(',');
  let out = `${header}\n`;
  for (const record of records) out += writer.rows(normalizeOperation(record as never));
  return out + writer.end();
}

async function fromIndex(format: 'csv' | 'accounting', filter: HistoryFilter = {}): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-accounting-'));
  const db = openIndex(join(dir, 'index.sqlite'));
  try {
    const writer = new IndexWriter(db);
    writer.ingestPage(A, pageText);
    const path = join(dir, `out.${format}.csv`);
    writeFileSync(path, '');
    await exportIndex(db, writer.account(A).acct, { account: A, filter, sort: '-time', format, names: NAMES, path });
    return readFileSync(path, 'utf8');
  } finally {
    db.close();
  }
}

/** Every field of `actual` equals the expected file's, named by line and column when one does not. */
function sameFields(actual: string, expected: string): void {
  const [got, want] = [parseCsv(actual), parseCsv(expected)];
  const header = want[0]!;
  const differences: string[] = [];
  for (let line = 0; line < Math.max(got.length, want.length); line++)
    for (let column = 0; column < header.length; column++) {
      const [g, w] = [got[line]?.[column], want[line]?.[column]];
      if (g !== w) differences.push(`line ${line + 1} ${header[column]}: ${JSON.stringify(g)} ≠ ${JSON.stringify(w)}`);
    }
  if (differences.length) throw new Error(`fields differ:\n${differences.join('\n')}`);
  expect(got.map((row) => row.length)).toEqual(want.map((row) => row.length));
}

describe('the accounting export of a known history', () => {
  const expected = fixture('known-history.expected.csv');

  it('from the live records equals the hand-written file, field by field', () => {
    sameFields(live('accounting'), expected);
  });

  it('from the history index equals it too (read in time order whatever the sort asked)', async () => {
    sameFields(await fromIndex('accounting'), expected);
  });

  it('from the history index on a Node without setReturnArrays (before 24): rows read as objects, the same file', async () => {
    const columns = await fromIndex('csv');
    const proto = StatementSync.prototype as { setReturnArrays?: unknown };
    const had = proto.setReturnArrays;
    proto.setReturnArrays = undefined;
    try {
      sameFields(await fromIndex('accounting'), expected);
      expect(await fromIndex('csv')).toBe(columns);
    } finally {
      proto.setReturnArrays = had;
    }
  });

  it('is told apart when it is not: a changed amount is named by line and column', () => {
    const changed = expected.replace('61.0000000,XLM', '61.0000001,XLM');
    expect(() => sameFields(live('accounting'), changed)).toThrow(/line 3 Sent Amount/);
  });
});

describe('the one column set', () => {
  const rows = parseCsv(live('csv'));
  const col = (row: string[], name: (typeof EXPORT_COLUMNS)[number]) => row[EXPORT_COLUMNS.indexOf(name)]!;
  const ofTx = (hashStart: string) => rows.filter((row) => col(row, 'transaction_hash').startsWith(hashStart));

  it('writes the columns in order, the time in UTC ISO 8601', () => {
    expect(rows[0]).toEqual([...EXPORT_COLUMNS]);
    expect(col(rows[1]!, 'time')).toBe('2026-01-05T09:00:00.000Z');
    expect(col(rows[1]!, 'counterparty_name')).toBe('Carol');
  });

  it('a path payment is two rows, what left above what arrived; the fee on the first only', () => {
    const path = ofTx('bd96');
    expect(path.map((row) => [col(row, 'direction'), col(row, 'asset_code'), col(row, 'amount')])).toEqual([
      ['out', 'EUROCOIN', '10.0000000'],
      ['in', 'XLM', '3.3333333'],
    ]);
    expect(path.map((row) => col(row, 'fee_xlm'))).toEqual(['0.0000100', '']);
  });

  it('a pool deposit is a row per leg: two reserves out, the shares in, by the pool id', () => {
    const pool = ofTx('7834');
    expect(pool.map((row) => [col(row, 'direction'), col(row, 'asset_code'), col(row, 'amount')])).toEqual([
      ['out', 'XLM', '968.7500000'],
      ['out', 'USDX', '310.0000000'],
      ['in', 'pool-shares', '548.0071258'],
    ]);
    expect(col(pool[2]!, 'asset_issuer')).toBe('701de11384fff124192c96dd40210c9a0e49083e8a1411e936e0b36ebe9da4f0');
    expect(pool.map((row) => col(row, 'fee_xlm'))).toEqual(['0.0000100', '', '']);
  });

  it('a transaction of two operations carries its fee once, on its first operation', () => {
    const two = ofTx('f65b');
    expect(two.map((row) => col(row, 'operation_id'))).toEqual(['225485795924905985', '225485795924905986']);
    expect(two.map((row) => col(row, 'fee_xlm'))).toEqual(['0.0000200', '']);
  });

  it('a fee bump another account paid: no fee; a failed transaction: one row, nothing moved, its fee', () => {
    expect(ofTx('a153').map((row) => col(row, 'fee_xlm'))).toEqual(['']);
    const failed = ofTx('938f');
    expect(failed).toHaveLength(1);
    expect([col(failed[0]!, 'direction'), col(failed[0]!, 'amount'), col(failed[0]!, 'successful')]).toEqual([
      'none',
      '',
      'false',
    ]);
    expect(col(failed[0]!, 'fee_xlm')).toBe('0.0000100');
    expect(col(failed[0]!, 'counterparty')).toBe(B);
  });

  it('a memo or a name that starts like a formula is neutralised', () => {
    expect(col(ofTx('825a')[0]!, 'memo')).toBe("'=1+1");
    expect(col(ofTx('825a')[0]!, 'counterparty_name')).toBe("'@bob");
    for (const start of ['=', '+', '-', '@']) {
      const op: ExportOp = {
        ...{ time: 't', type: 'payment', txHash: 'h', opId: '1', successful: true, feePaid: 100n, legs: [] },
        memo: `${start}cmd`,
        counterparty: B,
      };
      expect(parseCsv(columnRows(op))[0]![EXPORT_COLUMNS.indexOf('memo')]).toBe(`'${start}cmd`);
      // The accounting layout: a name that starts like a formula, in a description that starts with it.
      const writer = new AccountingWriter(new CurrencyNames(), () => `${start}name`);
      const line = writer.add({ ...op, type: `${start}x` }) + writer.end();
      expect(parseCsv(line)[0]![ACCOUNTING_COLUMNS.indexOf('Description')]).toBe(`'${start}x · ${start}name`);
    }
  });

  it('from the history index is the same file as from the live records', async () => {
    const index = parseCsv(await fromIndex('csv'));
    // The index's export follows its sort (newest first here): the same rows, in that order.
    const byOp = (table: string[][]) =>
      table
        .slice(1)
        .map((row) => row.join('|'))
        .sort();
    expect(byOp(index)).toEqual(byOp(rows));
  });
});

describe('the index export reads every row once across its chunks', () => {
  it('12,000 payments with tied times and amounts, by time and by amount, both ways', async () => {
    const records = Array.from({ length: 12_000 }, (_, i) => {
      const id = String((BigInt(60_000_000 + Math.floor(i / 7)) << 32n) | (BigInt((i % 7) + 1) << 12n) | 1n);
      const out = i % 3 === 0;
      return {
        id,
        paging_token: id,
        transaction_successful: true,
        source_account: out ? A : B,
        type: 'payment',
        type_i: 1,
        // Seven operations a second share a close time; every 50th amount repeats.
        created_at: new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 7) * 1000).toISOString(),
        transaction_hash: id.padStart(64, '0'),
        asset_type: 'native',
        from: out ? A : B,
        to: out ? B : A,
        amount: `${(i % 50) + 1}.0000000`,
      };
    });
    const page = JSON.stringify({ _embedded: { records } });
    const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-chunks-'));
    const db = openIndex(join(dir, 'index.sqlite'));
    try {
      const writer = new IndexWriter(db);
      writer.ingestPage(A, page);
      const acct = writer.account(A).acct;
      for (const sort of ['time', '-time', 'amount', '-amount'] as const) {
        const path = join(dir, `${sort}.csv`);
        writeFileSync(path, '');
        const { rows } = await exportIndex(db, acct, { account: A, filter: {}, sort, format: 'csv', path });
        expect(rows).toBe(12_000);
        const cells = parseCsv(readFileSync(path, 'utf8')).slice(1);
        const ids = cells.map((row) => row[EXPORT_COLUMNS.indexOf('operation_id')]!);
        expect(new Set(ids).size).toBe(12_000);
        const key = (row: string[]) =>
          sort.endsWith('amount') ? Number(row[EXPORT_COLUMNS.indexOf('amount')]) : Date.parse(row[0]!);
        const keys = cells.map(key);
        const ordered = keys.every((k, i) => i === 0 || (sort.startsWith('-') ? keys[i - 1]! >= k : keys[i - 1]! <= k));
        expect([sort, ordered]).toEqual([sort, true]);
      }
      // A filter applies: only what came in (two thirds).
      const path = join(dir, 'in.csv');
      writeFileSync(path, '');
      const { rows } = await exportIndex(db, acct, {
        account: A,
        filter: { direction: 'in' },
        sort: 'time',
        format: 'csv',
        path,
      });
      expect(rows).toBe(8_000);
    } finally {
      db.close();
    }
  });
});

describe('the accounting rows of what the side walks add (issue #27)', () => {
  const USD = `USD:${C}`;
  const row = (change: Partial<ExportOp>): ExportOp => ({
    time: '2026-03-01T10:00:00.000Z',
    type: 'trade',
    txHash: '',
    opId: '1',
    memo: null,
    successful: true,
    counterparty: B,
    legs: [],
    feePaid: null,
    ...change,
  });
  const fill = (opId: string, sent: bigint, got: bigint) =>
    row({
      opId,
      legs: [
        { side: 'out', asset: USD, amount: sent, counterparty: B },
        { side: 'in', asset: 'native', amount: got, counterparty: B },
      ],
    });

  it('each operation that filled the offer is a swap of its own, though none carries a transaction hash', () => {
    const writer = new AccountingWriter(new CurrencyNames(), nameOf);
    const out = [fill('10', 20_000_000n, 60_000_000n), fill('11', 10_000_000n, 30_000_000n)]
      .map((op) => writer.add(op))
      .join('');
    const lines = parseCsv(out + writer.end());
    expect(lines.map((l) => [l[1], l[2], l[3], l[4], l[9], l[10]])).toEqual([
      ['2.0000000', 'USD', '6.0000000', 'XLM', 'swap', 'trade · @bob'],
      ['1.0000000', 'USD', '3.0000000', 'XLM', 'swap', 'trade · @bob'],
    ]);
  });

  it('a fee paid for another account’s transaction is a fee row of that transaction', () => {
    const writer = new AccountingWriter(new CurrencyNames(), nameOf);
    writer.add(row({ type: 'transaction_fee', txHash: 'ab'.repeat(32), opId: '20', feePaid: 400n }));
    const [line] = parseCsv(writer.end());
    expect([line![1], line![3], line![5], line![6], line![9], line![11]]).toEqual([
      '',
      '',
      '0.0000400',
      'XLM',
      'fee',
      'ab'.repeat(32),
    ]);
  });
});

describe('the accounting export from the index across its batches of 500 rows', () => {
  it('a transaction whose operations straddle a batch is one row, summed over all of them', async () => {
    // 1,002 payments to the account in transactions of three: the 167th holds operations 499 to 501.
    const records = Array.from({ length: 1_002 }, (_, i) => {
      const tx = Math.floor(i / 3);
      const id = String((BigInt(60_000_000 + tx) << 32n) | (1n << 12n) | BigInt((i % 3) + 1));
      return {
        id,
        paging_token: id,
        transaction_successful: true,
        source_account: B,
        type: 'payment',
        type_i: 1,
        created_at: new Date(Date.UTC(2026, 0, 1) + tx * 5000).toISOString(),
        transaction_hash: String(tx).padStart(64, '0'),
        asset_type: 'native',
        from: B,
        to: A,
        amount: `${(i % 3) + 1}.0000000`,
      };
    });
    const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-batches-'));
    const db = openIndex(join(dir, 'index.sqlite'));
    try {
      const writer = new IndexWriter(db);
      writer.ingestPage(A, JSON.stringify({ _embedded: { records } }));
      const path = join(dir, 'accounting.csv');
      writeFileSync(path, '');
      const { rows } = await exportIndex(db, writer.account(A).acct, {
        account: A,
        filter: {},
        sort: 'time',
        format: 'accounting',
        path,
      });
      expect(rows).toBe(1_002);
      const lines = parseCsv(readFileSync(path, 'utf8')).slice(1);
      const cell = (line: string[], name: (typeof ACCOUNTING_COLUMNS)[number]) =>
        line[ACCOUNTING_COLUMNS.indexOf(name)];
      expect(lines).toHaveLength(334);
      expect(new Set(lines.map((line) => cell(line, 'TxHash'))).size).toBe(334);
      expect(new Set(lines.map((line) => cell(line, 'Received Amount')))).toEqual(new Set(['6.0000000']));
    } finally {
      db.close();
    }
  });
});

describe('the further legs of a batch of index rows (export-ops.ts ExtraLegs)', () => {
  it('are found with their operation alone, the least id, the greatest or between; not next to it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-legs-'));
    const db = openIndex(join(dir, 'index.sqlite'));
    try {
      const writer = new IndexWriter(db);
      writer.ingestPage(A, pageText);
      const extra = new ExtraLegs(db, writer.account(A).acct);
      // The pool deposit's shares are its further leg; the operations just before and after it have none.
      const [BEFORE, POOL, AFTER] = ['225485800219873281', '225485804514840577', '225485808809807873'];
      const row = (id: string, successful = 1): ExportRow => {
        const r: ExportRow = Array.from({ length: 13 }, () => null);
        r[COLUMN.id] = id;
        r[COLUMN.successful] = successful;
        return r;
      };
      const found = (...rows: ExportRow[]) => [...extra.of(rows).keys()];
      expect(found(row(POOL))).toEqual([POOL]);
      expect(found(row(BEFORE), row(POOL))).toEqual([POOL]);
      expect(found(row(POOL), row(AFTER))).toEqual([POOL]);
      expect(found(row(AFTER), row(POOL), row(BEFORE))).toEqual([POOL]);
      // Ids of other lengths: compared as numbers, not as text ('5' is the least).
      expect(found(row('5'), row(POOL))).toEqual([POOL]);
      expect(found(row(POOL), row('9'.repeat(18)))).toEqual([POOL]);
      expect(found(row(BEFORE))).toEqual([]);
      expect(found(row(AFTER))).toEqual([]);
      expect(found(row(BEFORE), row(AFTER))).toEqual([]);
      // A failed operation has none.
      expect(found(row(POOL, 0))).toEqual([]);
    } finally {
      db.close();
    }
  });
});

describe('the accounting label of a type the server names', () => {
  it('reads no Object method for a type named like one', () => {
    const writer = new AccountingWriter(new CurrencyNames(), nameOf);
    let out = '';
    for (const type of ['constructor', 'toString', '__proto__'])
      out += writer.add({
        time: '2026-03-01T10:00:00.000Z',
        type,
        txHash: type,
        opId: '1',
        memo: null,
        successful: true,
        counterparty: null,
        legs: [{ side: 'in', asset: 'native', amount: 1n, counterparty: null }],
        feePaid: null,
      });
    expect(parseCsv(out + writer.end()).map((line) => line[9])).toEqual(['deposit', 'deposit', 'deposit']);
  });
});
