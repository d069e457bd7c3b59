// Accounts by name: the lookup the go-to box and the watch box use (shared/name-lookup.ts), and the
// one summary sentence (shared/operation-summary.ts) naming accounts by the address book, in the
// page and the CSV export (the plain-text cells: test/renderer/operation-type-cells.test.tsx), with ids abbreviated by the one rule otherwise.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EXPORT_COLUMNS, LiveCsv } from '../../core/exports/export';
import { normalizeOperation } from '../../core/sources/horizon/normalize';
import { abbreviateId } from '../../shared/ids';
import { parseCsv } from '../../shared/labels';
import { parseJson } from '../../shared/json';
import type { Operation } from '../../shared/model';
import { lookupName } from '../../shared/name-lookup';
import { operationSummary } from '../../shared/operation-summary';

const key = (n: number) => `G${String(n).padStart(55, 'A')}`;
const book = [
  { account: key(1), label: 'alice' },
  { account: key(2), label: 'Bob' },
  { account: key(3), label: 'bobby' },
  { account: key(4), label: 'busy' },
  { account: key(5), label: 'Alice (treasury)' },
  { account: key(6), label: 'carol' },
  { account: key(7), label: 'Carol' },
];

describe('lookupName', () => {
  it('takes a whole name in any case, even one that begins others', () => {
    expect(lookupName(book, 'busy')).toEqual({ kind: 'one', entry: book[3] });
    expect(lookupName(book, '  BUSY ')).toEqual({ kind: 'one', entry: book[3] });
    expect(lookupName(book, 'bob')).toEqual({ kind: 'one', entry: book[1] });
    expect(lookupName(book, 'BOBBY')).toEqual({ kind: 'one', entry: book[2] });
  });

  it('takes a unique start of a name, and lists the names an ambiguous start begins without guessing', () => {
    expect(lookupName(book, 'bu')).toEqual({ kind: 'one', entry: book[3] });
    expect(lookupName(book, 'bobb')).toEqual({ kind: 'one', entry: book[2] });
    // "b" begins three names, "al" two: listed by name, none taken.
    expect(lookupName(book, 'B')).toEqual({ kind: 'many', entries: [book[1], book[2], book[3]], total: 3 });
    expect(lookupName(book, 'al')).toEqual({ kind: 'many', entries: [book[0], book[4]], total: 2 });
    expect(lookupName(book, 'al', 1)).toEqual({ kind: 'many', entries: [book[0]], total: 2 });
    // A name two accounts share is ambiguous even when typed whole.
    expect(lookupName(book, 'carol')).toMatchObject({ kind: 'many', total: 2 });
  });

  it('falls back to a unique part of a name, and finds nothing for an empty or unknown text', () => {
    expect(lookupName(book, 'treas')).toEqual({ kind: 'one', entry: book[4] });
    expect(lookupName(book, 'ice')).toMatchObject({ kind: 'many', total: 2 });
    expect(lookupName(book, 'zed')).toEqual({ kind: 'none' });
    expect(lookupName(book, '   ')).toEqual({ kind: 'none' });
    expect(lookupName([], 'alice')).toEqual({ kind: 'none' });
  });

  // Issue #36: the go-to box found "busy" but not the prefix "GAHR52" of busy's id.
  it('takes a unique start of an account id (four characters or more, any case), and lists the accounts an ambiguous one begins', () => {
    const ids = [
      { account: `GAHR52${'A'.repeat(50)}`, label: 'busy' },
      { account: `GAHR53${'A'.repeat(50)}`, label: 'quiet' },
      { account: `GBXY${'B'.repeat(52)}`, label: 'gabe' },
    ];
    expect(lookupName(ids, 'GAHR52')).toEqual({ kind: 'one', entry: ids[0] });
    expect(lookupName(ids, ' gahr53 ')).toEqual({ kind: 'one', entry: ids[1] });
    expect(lookupName(ids, 'GAHR')).toEqual({ kind: 'many', entries: [ids[0], ids[1]], total: 2 });
    // Three characters are a name's start, not an id's: "gab" is gabe.
    expect(lookupName(ids, 'GAB')).toEqual({ kind: 'one', entry: ids[2] });
    expect(lookupName(ids, 'GAHR54')).toEqual({ kind: 'none' });
    // A whole name still comes first.
    expect(lookupName([...ids, { account: `GCCC${'C'.repeat(52)}`, label: 'GAHR52' }], 'gahr52')).toMatchObject({
      kind: 'one',
      entry: { label: 'GAHR52' },
    });
  });

  it('counts an account once even when a hostile list names it twice', () => {
    const twice = [book[0]!, { account: key(1), label: 'alicia' }];
    expect(lookupName(twice, 'ali')).toEqual({ kind: 'one', entry: book[0] });
  });
});

const DIR = fileURLToPath(new URL('../fixtures/horizon/operations/', import.meta.url));
const read = (file: string): Operation => normalizeOperation(parseJson(readFileSync(join(DIR, file), 'utf8')));

describe('summaries with names', () => {
  const payment = read('payment.json');
  if (payment.type !== 'payment') throw new Error('payment fixture');
  const names = new Map([
    [payment.from, 'busy'],
    [payment.to, 'Bob (treasury)'],
  ]);
  const nameOf = (account: string) => names.get(account);

  it('names each account the book knows and abbreviates the rest by the one rule', () => {
    expect(operationSummary(payment)).toBe(
      `pay 912.0450031 USDX from ${abbreviateId(payment.from)} to ${abbreviateId(payment.to)}`,
    );
    expect(operationSummary(payment, nameOf)).toBe('pay 912.0450031 USDX from busy to Bob (treasury)');
    expect(operationSummary(payment, (a) => (a === payment.to ? 'alice' : undefined))).toBe(
      `pay 912.0450031 USDX from ${abbreviateId(payment.from)} to alice`,
    );
    const merge = read('account_merge.json');
    if (merge.type !== 'account_merge') throw new Error('merge fixture');
    expect(operationSummary(merge, (a) => (a === merge.into ? 'root' : undefined))).toMatch(
      new RegExp(`^merge ${abbreviateId(merge.account)} into root`),
    );
  });

  it('quotes a stored name that looks like an id, so it is not taken for one', () => {
    expect(operationSummary(payment, (a) => (a === payment.to ? 'GABCDE…VWXYZ2' : undefined))).toMatch(
      /to “GABCDE…VWXYZ2”$/,
    );
  });

  it('names the counterparty in the export counterparty_name column, empty without a book', () => {
    if (payment.type !== 'payment') throw new Error('payment fixture');
    const cell = (row: string, name: (typeof EXPORT_COLUMNS)[number]) =>
      parseCsv(row)[0]![EXPORT_COLUMNS.indexOf(name)];
    const named = new LiveCsv('csv', payment.from, nameOf).rows(payment);
    expect(cell(named, 'counterparty_name')).toBe('Bob (treasury)');
    // The counterparty column keeps the full id.
    expect(cell(named, 'counterparty')).toBe(payment.to);
    expect(cell(new LiveCsv('csv', payment.from).rows(payment), 'counterparty_name')).toBe('');
    // The receiver's side names the sender.
    expect(cell(new LiveCsv('csv', payment.to, nameOf).rows(payment), 'counterparty_name')).toBe('busy');
  });
});
