// The invariant checker must catch what it claims to: each damage below is found.
import { Asset, Operation } from '@stellar/stellar-base';
import { describe, expect, it } from 'vitest';
import { checkInvariants } from '../../network/validator/invariants';
import { Harness } from '../support/core-harness';

function store() {
  const h = new Harness();
  const alice = h.fund('100');
  h.apply(alice, [Operation.payment({ destination: h.root.publicKey(), asset: Asset.native(), amount: '1' })]);
  h.close();
  return h.core.db;
}

describe('invariants', () => {
  it('pass on a sound store', () => {
    expect(checkInvariants(store())).toEqual([]);
  });

  it.each([
    [
      'native units not conserved',
      'UPDATE accounts SET balance = balance + 1 WHERE id = (SELECT id FROM accounts LIMIT 1)',
    ],
    [
      'negative account balance',
      'UPDATE accounts SET balance = -5 WHERE id = (SELECT id FROM accounts ORDER BY balance LIMIT 1)',
    ],
    ['ledger gap', 'DELETE FROM ledgers WHERE sequence = (SELECT min(sequence) + 1 FROM ledgers)'],
    ['transaction count', 'DELETE FROM transactions WHERE id = (SELECT max(id) FROM transactions)'],
    ['operation count', 'DELETE FROM operations WHERE id = (SELECT max(id) FROM operations)'],
    [
      'transaction not listed for its source or its fee account',
      "DELETE FROM operation_scopes WHERE scope = 'transaction' AND operation_id = (SELECT max(id) FROM transactions) AND key = (SELECT fee_account FROM transactions WHERE id = (SELECT max(id) FROM transactions))",
    ],
    [
      'operation participant whose transaction is not listed for it',
      "DELETE FROM operation_scopes WHERE scope = 'transaction' AND operation_id = (SELECT max(id) FROM transactions) AND key NOT IN (SELECT source_account FROM transactions WHERE id = (SELECT max(id) FROM transactions))",
    ],
    [
      'transaction scope row that names no transaction',
      "INSERT INTO operation_scopes VALUES ('transaction', (SELECT id FROM accounts LIMIT 1), 1, 1)",
    ],
    ['do not decode', "UPDATE transactions SET result_xdr = 'AAAA' WHERE id = (SELECT max(id) FROM transactions)"],
  ])('find %s', (problem, damage) => {
    const db = store();
    db.exec(damage);
    expect(checkInvariants(db).join('\n')).toContain(problem);
  });
});
