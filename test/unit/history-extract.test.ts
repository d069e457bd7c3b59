// extractPage (parseListingFast, which skips links and restores numbers in one pass) against the
// path it replaced, kept here as the oracle: extractRow over the records parseJsonFast reads, and
// over those the lossless reference parser reads. Pages in both dialects, compact and indented,
// with big numbers, fractions, exponents, hostile memos and links at every level.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { embeddedRecords } from '../../core/sources/horizon/hal-records';
import { extractPage, extractRow, type IndexRow } from '../../core/history-index/worker-thread/extract';
import { parseJsonFast } from '../../core/http/json-fast';
import { parseJson } from '../../shared/json';
import { accountKeys } from '../support/service-store';

const [ME, OTHER, ISSUER] = accountKeys(3, 31) as [string, string, string];

type Outcome = { rows: IndexRow[] } | { error: string };

function outcome(read: () => IndexRow[]): Outcome {
  try {
    return { rows: read() };
  } catch (error) {
    return { error: `${(error as Error).name}: ${(error as Error).message}` };
  }
}

const fast = (text: string, viewer = ME) => outcome(() => extractPage(text, viewer));
const oracle = (text: string, viewer = ME) =>
  outcome(() => embeddedRecords(parseJsonFast(text)).map((record, slot) => extractRow(record, viewer, slot)));
const reference = (text: string, viewer = ME) =>
  outcome(() => embeddedRecords(parseJson(text)).map((record, slot) => extractRow(record, viewer, slot)));
/** Rows, or only the fact of an error (the reference parser words its refusals its own way). */
const rowsOrError = (result: Outcome) => ('rows' in result ? result : 'error');

/** A JSON object's text from members whose values are already JSON text (so numbers stay as written). */
const object = (members: [string, string][], space = '') =>
  `{${space}${members.map(([k, v]) => `${JSON.stringify(k)}:${space ? ' ' : ''}${v}`).join(`,${space}`)}${space}}`;
const str = (s: string) => JSON.stringify(s);
const links = (href: string) =>
  `{"self":{"href":${str(href)}},"next":{"href":${str(`${href}{?cursor}`)},"templated":true}}`;
const page = (records: string[], space = '') =>
  object(
    [
      ['_links', links('http://127.0.0.1:1/accounts/x/operations?cursor=1&limit=200')],
      ['_embedded', object([['records', `[${records.join(',')}]`]], space)],
    ],
    space,
  );

interface LedgerRecord {
  id: string;
  amount?: string;
  memo?: string;
  fee?: string;
  ledger?: string;
  type?: string;
  currency?: string;
  extra?: [string, string][];
}

/** An operation as the local service writes it: ids and amounts as number tokens, links everywhere. */
function ledgerRecord(r: LedgerRecord, space = ''): string {
  const tx = object(
    [
      ['_links', links(`http://127.0.0.1:1/transactions/${r.id}`)],
      ['id', str('ab'.repeat(32))],
      ['ledger', r.ledger ?? '60000000'],
      ['fee_charged', r.fee ?? '100'],
      ['memo_type', str('text')],
      ['memo', str(r.memo ?? 'synthetic')],
    ],
    space,
  );
  return object(
    [
      ['_links', links(`http://127.0.0.1:1/operations/${r.id}`)],
      ['id', r.id],
      ['paging_token', str(r.id)],
      ['type', '0'],
      ['type_s', str(r.type ?? 'payment')],
      ['source_account', str(ME)],
      ['transaction_successful', 'true'],
      ['created_at', str('2026-11-26T06:02:19Z')],
      ['sender', str(ME)],
      ['receiver', str(OTHER)],
      ['funder', str(ME)],
      ['account', str(OTHER)],
      [
        'currency',
        r.currency ??
          object([
            ['code', str('USD')],
            ['issuer', str(ISSUER)],
          ]),
      ],
      ['amount', r.amount ?? '601'],
      ['amount_f', '0.0000601'],
      ['starting_balance', r.amount ?? '601'],
      ...(r.extra ?? []),
      ['transaction', tx],
    ],
    space,
  );
}

/** An operation as Horizon writes it: ids and amounts as strings, indented, `&` escaped. */
function horizonRecord(id: string, amount: string, memo: string): string {
  const text = JSON.stringify(
    {
      _links: {
        self: { href: `https://h/operations/${id}` },
        succeeds: { href: `https://h/effects?order=desc&cursor=${id}` },
      },
      id,
      paging_token: id,
      transaction_successful: true,
      source_account: OTHER,
      type: 'path_payment_strict_send',
      type_i: 13,
      created_at: '2025-06-01T00:00:05Z',
      transaction_hash: 'cd'.repeat(32),
      asset_type: 'native',
      source_asset_type: 'credit_alphanum4',
      source_asset_code: 'EUR',
      source_asset_issuer: ISSUER,
      source_amount: '4.5000000',
      from: OTHER,
      to: ME,
      amount,
      path: [{ asset_type: 'native' }],
      transaction: {
        _links: { self: { href: 'https://h/t' } },
        ledger: 1234,
        fee_charged: '100',
        memo_type: 'text',
        memo,
      },
    },
    null,
    2,
  );
  return text.replace(/&/g, '\\u0026');
}

function expectSame(text: string): Outcome {
  const result = fast(text);
  expect(result).toEqual(oracle(text));
  expect(rowsOrError(result)).toEqual(rowsOrError(reference(text)));
  return result;
}

const rowsOf = (result: Outcome): IndexRow[] => {
  if (!('rows' in result)) throw new Error(`expected rows, got ${result.error}`);
  return result.rows;
};

describe('extractPage', () => {
  it('reads ids beyond 2^53 written as numbers exactly, as the old path does', () => {
    const rows = rowsOf(
      expectSame(
        page([
          ledgerRecord({ id: '257698037762461697' }),
          ledgerRecord({ id: '257698037762465793', fee: '12345678901234567' }),
        ]),
      ),
    );
    expect(rows.map((row) => row.id)).toEqual([257698037762461697n, 257698037762465793n]);
    expect(rows[0]).toMatchObject({
      pagingToken: '257698037762461697',
      ledger: 60000000,
      amount: 601n,
      asset: `USD:${ISSUER}`,
      direction: 'out',
      counterparty: OTHER,
      fee: 100n,
      memo: 'synthetic',
      slot: 0,
    });
    expect(rows[1]).toMatchObject({ fee: 12345678901234567n, slot: 1 });
  });

  it('reads a Horizon page (ids and amounts as strings) as the old path does', () => {
    const rows = rowsOf(
      expectSame(page([horizonRecord('214748648267853825', '922337203685.4775807', 'rent')], '\n  ')),
    );
    expect(rows[0]).toMatchObject({
      id: 214748648267853825n,
      amount: 9223372036854775807n,
      asset: 'native',
      // What the sender spent left the sender, not the indexed account (shared/moves.ts).
      sourceAsset: null,
      sourceAmount: null,
      direction: 'in',
      counterparty: OTHER,
      ledger: 1234,
      memo: 'rent',
    });
  });

  it('reads an amount of 16 digits or more written as a number exactly', () => {
    const rows = rowsOf(
      expectSame(
        page([
          ledgerRecord({ id: '1', amount: '92233720368547758' }),
          ledgerRecord({ id: '2', amount: '9007199254740993', type: 'create_account' }),
        ]),
      ),
    );
    expect(rows.map((row) => row.amount)).toEqual([92233720368547758n, 9007199254740993n]);
    expect(rows[1]).toMatchObject({ type: 'create_account', asset: 'native' });
  });

  it('reads fractions and exponents as the old path does (a decimal amount, an exponent refused)', () => {
    const rows = rowsOf(
      expectSame(
        page([
          ledgerRecord({ id: '11', amount: '1.5' }),
          ledgerRecord({ id: '12', amount: '2.5e3' }),
          ledgerRecord({ id: '13', ledger: '6.0e7' }),
          ledgerRecord({
            id: '14',
            extra: [
              ['source_currency', object([['code', str('EUR')]])],
              ['source_amount', '0.25'],
            ],
          }),
        ]),
      ),
    );
    expect(rows[0]).toMatchObject({ amount: 15000000n, direction: 'out' });
    expect(rows[1]).toMatchObject({ amount: null, asset: null, direction: 'none' });
    expect(rows[2]).toMatchObject({ ledger: 0 });
    // A payment has no source side: a source_* field on one is not read (shared/moves.ts).
    expect(rows[3]).toMatchObject({ amount: 601n, sourceAsset: null, sourceAmount: null });
  });

  it('refuses an amount beyond int64 by the operation and the rule (#37.5), at the bound and one past it', () => {
    const at = rowsOf(expectSame(page([horizonRecord('77', '922337203685.4775807', 'x')])));
    expect(at[0]).toMatchObject({ amount: 9223372036854775807n });
    expect(expectSame(page([horizonRecord('78', '922337203685.4775808', 'x')]))).toEqual({
      error:
        'NormalizeError: operation 78: its amount "922337203685.4775808" is outside int64, the most one amount can be',
    });
  });

  it('refuses a fee written with an exponent by the operation and the rule (#37.8), as the old path does', () => {
    const text = page([ledgerRecord({ id: '13', fee: '1e2' })]);
    expect(expectSame(text)).toEqual({
      error:
        'NormalizeError: operation 13: its transaction\'s fee_charged "1e2" is not a whole number of stroops from 0 to 9223372036854775807',
    });
  });

  it('keeps a memo that looks like a number token or like `"id":123` as its text', () => {
    const memos = ['"id":123', 'x:12345678901234567890,"id":1.5}', ',"_links":{"self":{"href":"x"}}', '[1e5]'];
    const rows = rowsOf(expectSame(page(memos.map((memo, i) => ledgerRecord({ id: String(7 + i), memo })))));
    expect(rows.map((row) => row.memo)).toEqual(memos);
  });

  it('keeps a string beginning with a NUL escape as the string it is, never a number', () => {
    const rows = rowsOf(
      expectSame(
        page([
          ledgerRecord({ id: '257698037762461697', memo: '\u0000123' }),
          ledgerRecord({ id: '5', memo: '\u00001.5' }),
        ]),
      ),
    );
    expect(rows.map((row) => row.memo)).toEqual(['\u0000123', '\u00001.5']);
    expect(rows[0]!.id).toBe(257698037762461697n);
  });

  it('refuses a raw NUL in a string, as the old path does', () => {
    const text = page([ledgerRecord({ id: '257698037762461697' }).replace('"synthetic"', '"a\u0000b"')]);
    const result = expectSame(text);
    expect(result).toHaveProperty('error');
  });

  it('reads records whose links sit at every level, or are not links at all', () => {
    const odd = ledgerRecord({
      id: '21',
      currency: object([
        ['_links', links('c')],
        ['code', str('XLM')],
      ]),
    });
    const notLinks = ledgerRecord({ id: '22' }).replace(
      '"_links":{"self"',
      '"_links":{"count":12345678901234567890,"self"',
    );
    const rows = rowsOf(expectSame(page([ledgerRecord({ id: '20' }, '\n '), odd, notLinks])));
    expect(rows.map((row) => [row.id, row.asset])).toEqual([
      [20n, `USD:${ISSUER}`],
      [21n, 'native'],
      [22n, `USD:${ISSUER}`],
    ]);
  });

  it('gives the old path’s rows, or its error, for any page of either dialect (property)', () => {
    const number = fc.oneof(
      fc.bigInt({ min: 0n, max: 2n ** 64n }).map(String),
      fc.constantFrom(
        '9007199254740993',
        '0.0000001',
        '1.5',
        '-3',
        '2e5',
        '1E-7',
        '12345678901234567890.5',
        '"7"',
        '"1.5"',
        'null',
        '"x"',
      ),
    );
    const memo = fc.oneof(
      fc.string(),
      fc.constantFrom('\u0000123', '"id":123', ':12345678901234567890,', '"_links":{"self":{"href":"x"}}', '\\u0000'),
    );
    const record = fc.oneof(
      fc
        .record({
          id: number,
          amount: number,
          fee: number,
          ledger: number,
          memo,
          type: fc.constantFrom('payment', 'create_account', 'account_merge', 'manage_data'),
        })
        .chain((r) => fc.constantFrom('', '\n  ').map((space) => ledgerRecord(r, space))),
      fc
        .tuple(fc.bigInt({ min: 1n, max: 2n ** 63n }), fc.constantFrom('1.5', '922337203685.4775807', '1e5', 'x'), memo)
        .map(([id, amount, m]) => horizonRecord(String(id), amount, m)),
    );
    fc.assert(
      fc.property(
        fc.array(record, { minLength: 1, maxLength: 6 }),
        fc.constantFrom('', '\n'),
        fc.constantFrom(ME, OTHER),
        (records, space, viewer) => {
          const text = page(records, space);
          const result = fast(text, viewer);
          expect(result).toEqual(oracle(text, viewer));
          expect(rowsOrError(result)).toEqual(rowsOrError(reference(text, viewer)));
        },
      ),
      { numRuns: 500 },
    );
  });
});
