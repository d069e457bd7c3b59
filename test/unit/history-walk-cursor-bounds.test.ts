// The bounds of walk-cursor.ts, each on both sides with one thing changed:
// - completeFromAtStart: a stored token whose next ledger is older than the server's oldest lost
//   the ledgers between, so the index is complete from the oldest ledger only; a token whose next
//   ledger is the oldest, or newer, lost nothing;
// - nextOfFullPage on a page framed as Horizon frames it (`&` written \u0026) and with a raw `&`.
import { describe, expect, it } from 'vitest';
import type { AccountMeta } from '../../core/history-index/worker-thread/account-meta';
import { completeFromAtStart, nextOfFullPage } from '../../core/history-index/walk-cursor';
import { latestLedgerHeader } from '../../core/history-index/main-thread/walk';

const at = (ledger: number, rest = 0n) => String((BigInt(ledger) << 32n) + rest);
const ELDER = 1_000;

function meta(completeFrom: number | null): AccountMeta {
  return {
    acct: 1,
    address: 'G',
    lastToken: null,
    completeFrom,
    state: 'current',
    rows: 0,
    bytes: 0,
    oldest: null,
    damaged: null,
    sides: { transactions: null, trades: null, missing: [] },
    ledgers: null,
    newest: null,
  };
}

describe('completeFromAtStart at the oldest ledger kept', () => {
  it('moves to the oldest ledger when the ledger after the token is one below it', () => {
    expect(completeFromAtStart(meta(5), at(ELDER - 2, 4097n), ELDER)).toBe(ELDER);
  });

  it('keeps what it had when the ledger after the token is the oldest kept, or one above it', () => {
    expect(completeFromAtStart(meta(5), at(ELDER - 1, 4097n), ELDER)).toBe(5);
    expect(completeFromAtStart(meta(5), at(ELDER, 4097n), ELDER)).toBe(5);
  });

  it('from the start is the oldest ledger (1 on a full-history server); without an oldest ledger, what it had', () => {
    expect(completeFromAtStart(meta(5), undefined, ELDER)).toBe(ELDER);
    expect(completeFromAtStart(null, undefined, null)).toBe(1);
    expect(completeFromAtStart(meta(5), at(ELDER - 2), null)).toBe(5);
  });
});

describe('nextOfFullPage on the bytes Horizon sends', () => {
  const page = (amp: string) => {
    const records = Array.from({ length: 200 }, (_, i) => `{"id": "${i}", "transaction_hash": "aa"}`).join(',\n');
    return new TextEncoder().encode(
      `{"_links": {"next": {"href": "https://h.example/accounts/G/operations?cursor=12345${amp}limit=200${amp}order=asc"}}, "_embedded": {"records": [${records}]}}`,
    );
  };

  it('reads the cursor of a next link written with a raw &', () => {
    expect(nextOfFullPage(page('&'))).toBe('12345');
  });

  it('reads a cursor that ends the link, and none from a link without one', () => {
    const records = Array.from({ length: 200 }, (_, i) => `{"id": "${i}", "transaction_hash": "aa"}`).join(',');
    const bytes = (href: string) =>
      new TextEncoder().encode(`{"_links": {"next": {"href": "${href}"}}, "_embedded": {"records": [${records}]}}`);
    expect(nextOfFullPage(bytes('https://h.example/x?order=asc\\u0026cursor=777'))).toBe('777');
    expect(nextOfFullPage(bytes('https://h.example/x?order=asc\\u0026limit=200'))).toBeNull();
  });

  // Horizon's JSON escapes & as \u0026 (test/fixtures/horizon/README.md).
  it('reads the cursor of a next link written as Horizon writes it, & as \\u0026', () => {
    expect(nextOfFullPage(page('\\u0026'))).toBe('12345');
  });
});

// Issue #36: the server's latest ledger from Horizon's Latest-Ledger header; anything else is no ledger.
describe('latestLedgerHeader', () => {
  it('reads a ledger number and nothing else', () => {
    const of = (value?: string) =>
      latestLedgerHeader(new Headers(value === undefined ? {} : { 'Latest-Ledger': value }));
    expect([of('1'), of(' 52000123 '), of('4294967295')]).toEqual([1, 52000123, 4294967295]);
    expect([of(), of(''), of('0'), of('4294967296'), of('-5'), of('1e6'), of('12abc'), of('99999999999')]).toEqual(
      Array(8).fill(null),
    );
  });
});
