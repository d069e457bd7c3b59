// The invariant checker must catch what it claims to: each damage below is found.
import { Asset, Operation } from '@stellar/stellar-base';
import { describe, expect, it } from 'vitest';
import { checkInvariants } from '../../network/core/invariants';
import { FlagError, parseFlags } from '../../network/core/flags';
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
    ['native units not conserved', 'UPDATE accounts SET balance = balance + 1 WHERE id = (SELECT id FROM accounts LIMIT 1)'],
    ['negative account balance', "UPDATE accounts SET balance = -5 WHERE id = (SELECT id FROM accounts ORDER BY balance LIMIT 1)"],
    ['ledger gap', 'DELETE FROM ledgers WHERE sequence = (SELECT min(sequence) + 1 FROM ledgers)'],
    ['transaction count', 'DELETE FROM transactions WHERE id = (SELECT max(id) FROM transactions)'],
    ['operation count', 'DELETE FROM operations WHERE id = (SELECT max(id) FROM operations)'],
    ['do not decode', "UPDATE transactions SET result_xdr = 'AAAA' WHERE id = (SELECT max(id) FROM transactions)"],
  ])('find %s', (problem, damage) => {
    const db = store();
    db.exec(damage);
    expect(checkInvariants(db).join('\n')).toContain(problem);
  });
});

describe('flags', () => {
  const table = { port: { kind: 'int' as const, default: 8000, max: 65535 }, seed: { kind: 'string' as const } };

  it('parses both spellings and keeps defaults', () => {
    expect(parseFlags(['--port', '0', '--seed=x'], table)).toEqual({ port: 0, seed: 'x' });
    expect(parseFlags([], table)).toEqual({ port: 8000, seed: undefined });
  });

  it.each([[['--nope', '1']], [['--port', '-1']], [['--port', '70000']], [['--port']], [['stray']]])('refuses %j', (argv) => {
    expect(() => parseFlags(argv, table)).toThrow(FlagError);
  });
});
