// The memo a federation address asks for (SEP-2) is checked as SEP-29's is (issue 40.3): a paying
// operation to an account reached by such an address, in a transaction without that memo, is
// flagged, and the account joins those Submit asks the person to confirm.
import { describe, expect, it } from 'vitest';
import type { FederationAnswer } from '../../shared/ipc-conventions';
import type { Inspection } from '../../shared/model';
import { federationMemoFindings } from '../../renderer/src/lib/federation';
import { memoRequiredAccounts } from '../../renderer/src/features/submit/memo-confirm';

const EXCHANGE = 'GCSUNRFLGYJKZBSKXSYAQ7AKZTOK2UQ5DJU2WZSCS5M7V72NEQPPMDJW';
const OTHER = 'GCATS5YOVB6ROX2WUNKGNQ2MP3GMXDMKSG2O4N5CLX3A6W4PZGZZI55U';
const reached: FederationAnswer = {
  address: 'exchange*localhost',
  account: EXCHANGE,
  memo: { type: 'id', value: '1234' },
};
const by = (account: string) => (account === EXCHANGE ? reached : undefined);

const op = (index: number, type: string, destination: string) => ({
  index,
  type,
  summary: '',
  details: { destination },
});
const tx = (
  memo: Inspection['memo'],
  ops = [op(0, 'payment', EXCHANGE), op(1, 'payment', OTHER), op(2, 'createAccount', EXCHANGE)],
) => ({
  memo,
  operations: ops,
});

describe('the memo a federation record asks for', () => {
  it('flags each paying operation to the account when the transaction lacks that memo, and nothing else', () => {
    const found = federationMemoFindings(tx({ type: 'none' }), by);
    expect([...found.keys()]).toEqual([0]);
    expect(found.get(0)).toEqual({
      account: EXCHANGE,
      message:
        'exchange*localhost asks payments to carry the id memo 1234 (its federation record, SEP-2); this transaction has none: the receiver may not credit it.',
    });
    // Another memo is flagged too; the asked one clears it.
    expect(federationMemoFindings(tx({ type: 'id', value: '1235' }), by).get(0)?.message).toContain(
      "this transaction's memo is another (id)",
    );
    expect(federationMemoFindings(tx({ type: 'text', value: '1234' }), by).size).toBe(1);
    expect(federationMemoFindings(tx({ type: 'id', value: '1234' }), by).size).toBe(0);
    // A path payment and a merge pay it too; an account reached without a memo asks nothing.
    const paying = tx({ type: 'none' }, [op(0, 'pathPaymentStrictSend', EXCHANGE), op(1, 'accountMerge', EXCHANGE)]);
    expect([...federationMemoFindings(paying, by).keys()]).toEqual([0, 1]);
    expect(federationMemoFindings(tx({ type: 'none' }), () => ({ address: 'a*b.c', account: EXCHANGE })).size).toBe(0);
  });

  it('adds the account, once, to those Submit asks to confirm', () => {
    const inspection = { operations: [], memo: { type: 'none' } } as unknown as Inspection;
    const found = federationMemoFindings(
      tx({ type: 'none' }, [op(0, 'payment', EXCHANGE), op(1, 'payment', EXCHANGE)]),
      by,
    );
    expect(memoRequiredAccounts(inspection, found)).toEqual([EXCHANGE]);
    expect(memoRequiredAccounts(inspection)).toEqual([]);
  });
});
