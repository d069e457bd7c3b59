// #37.8, #37.9: a record the index cannot keep is refused by its id and the rule it broke: a fee
// that is not a whole number of stroops within int64 (not "has no fee_charged", not SQLite's
// "BigInt value is too large to bind"), a time that is not an ISO 8601 time from 1970 to 9999
// (+275760-09-13 was stored), and a time or ledger that disagrees with its transaction's.
import { describe, expect, it } from 'vitest';
import { extractRow } from '../../core/history-index/worker-thread/extract';
import { feeRowOf, tradeOf } from '../../core/history-index/worker-thread/side-records';
import { accountKeys } from '../support/service-store';
import { closeTime, toid, tradeRecord, transactionRecord } from '../support/side-records';

const [ME, OTHER, ISSUER] = accountKeys(3, 41) as [string, string, string];
const HASH = 'a'.repeat(64);
const TX = toid(150, 1, 0);
const FEE_RULE = 'is not a whole number of stroops from 0 to 9223372036854775807';
const TIME_RULE = 'is not an ISO 8601 time from 1970 to 9999';

const fee = (charged: string) => () => feeRowOf(transactionRecord(TX, HASH, ME, ME, charged), ME);

describe('a transaction record’s fee', () => {
  it('of −100 is refused as invalid, by the transaction and the rule', () => {
    expect(fee('-100')).toThrow(`transaction ${TX}: fee_charged "-100" ${FEE_RULE}`);
  });
  it('of 2^63 is refused by the rule, not by SQLite; 2^63 − 1 is kept', () => {
    expect(fee(String(2n ** 63n))).toThrow(`transaction ${TX}: fee_charged "9223372036854775808" ${FEE_RULE}`);
    expect(fee(String(2n ** 63n - 1n))()?.fee).toBe(2n ** 63n - 1n);
  });
  it('missing is said to be missing', () => {
    const record: Record<string, unknown> = transactionRecord(TX, HASH, ME, ME, '100');
    delete record['fee_charged'];
    expect(() => feeRowOf(record as never, ME)).toThrow(`transaction ${TX} has no fee_charged`);
  });
});

describe('a record’s time', () => {
  it('of a trade dated +275760-09-13 is refused by the trade and the rule', () => {
    const trade = tradeRecord(toid(150, 1, 1), 0, ME, OTHER, ['1', '2'], true, ['USD', ISSUER]);
    trade.ledger_close_time = '+275760-09-13T00:00:00.000Z';
    expect(() => tradeOf(trade, ME)).toThrow(
      `trade ${trade.id}: ledger_close_time "+275760-09-13T00:00:00.000Z" ${TIME_RULE}`,
    );
  });
  it.each([
    '+275760-09-13T00:00:00Z',
    '10000-01-01T00:00:00Z',
    '1969-12-31T23:59:59Z',
    'Tue, 01 Mar 2026',
    '2026-03-01',
  ])('of a transaction at %j is refused', (time) => {
    expect(() => feeRowOf(transactionRecord(TX, HASH, ME, ME, '100', time), ME)).toThrow(
      `transaction ${TX}: created_at ${JSON.stringify(time)} ${TIME_RULE}`,
    );
  });
  it.each(['1970-01-01T00:00:00Z', '9999-12-31T23:59:59Z', '2026-03-01T12:00:00.123Z'])('at %j is kept', (time) => {
    expect(feeRowOf(transactionRecord(TX, HASH, ME, ME, '100', time), ME)?.createdAt).toBe(Date.parse(time));
  });
  it('of a transaction in another ledger than its id names is refused', () => {
    const record = { ...transactionRecord(TX, HASH, ME, ME, '100'), ledger: 151 };
    expect(() => feeRowOf(record, ME)).toThrow(`transaction ${TX}: ledger 151 is not the ledger its id names (150)`);
  });
});

/** An operation record joined with its transaction, as the sync reads it. */
function operation(opTime: string, tx: Record<string, unknown> = {}) {
  const id = toid(150, 1, 1);
  return {
    id: String(id),
    paging_token: String(id),
    type: 'bump_sequence',
    type_i: 11,
    source_account: ME,
    created_at: opTime,
    transaction_hash: HASH,
    transaction_successful: true,
    bump_to: '1',
    transaction: { ...transactionRecord(TX, HASH, ME, ME, '100'), ...tx },
  };
}

describe('an operation record', () => {
  it('at its transaction’s time is kept', () => {
    expect(extractRow(operation(closeTime(150)), ME).createdAt).toBe(Date.parse(closeTime(150)));
  });
  it('at another time than its transaction’s is refused by the operation and the rule', () => {
    expect(() => extractRow(operation('2026-06-01T00:00:00Z'), ME)).toThrow(
      `operation ${toid(150, 1, 1)}: created_at "2026-06-01T00:00:00Z" is not its transaction's ("${closeTime(150)}")`,
    );
  });
  it('dated past 9999 is refused by the rule', () => {
    expect(() => extractRow(operation('+275760-09-13T00:00:00Z'), ME)).toThrow(
      `operation ${toid(150, 1, 1)}: created_at "+275760-09-13T00:00:00Z" ${TIME_RULE}`,
    );
  });
  it('whose transaction’s fee is −100 or 2^63 is refused by the rule, not read as unknown nor left to SQLite', () => {
    for (const charged of ['-100', String(2n ** 63n)])
      expect(() => extractRow(operation(closeTime(150), { fee_charged: charged }), ME)).toThrow(
        `operation ${toid(150, 1, 1)}: its transaction's fee_charged "${charged}" ${FEE_RULE}`,
      );
  });
});
