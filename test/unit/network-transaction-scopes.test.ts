// The 'transaction' scope rows the core writes for `/accounts/{id}/transactions`: who lists a
// transaction (its source, its fee account, its operations' participants), and the one-time fill
// of a store written before those rows existed, which must give the same rows.
import { Asset, Operation, TransactionBuilder } from '@stellar/stellar-base';
import { describe, expect, it } from 'vitest';
import { checkInvariants } from '../../network/validator/invariants';
import { fillTransactionScopes, TRANSACTION_SCOPES_META } from '../../network/validator/transaction-scopes';
import { Harness, PASSPHRASE } from '../support/core-harness';
import { signedTx } from '../support/signed-tx';

type Scope = { key: string; operation_id: bigint; successful: bigint };

function transactionScopes(h: Harness): Scope[] {
  return h.core.db
    .prepare(
      "SELECT key, operation_id, successful FROM operation_scopes WHERE scope = 'transaction' ORDER BY operation_id, key",
    )
    .all() as Scope[];
}

function keysOf(h: Harness, hash: string): string[] {
  const { id } = h.core.db.prepare('SELECT id FROM transactions WHERE hash = ?').get(hash) as { id: bigint };
  return transactionScopes(h)
    .filter((s) => s.operation_id === id)
    .map((s) => s.key)
    .sort();
}

/** S pays D, F pays the fee (a fee bump); then S sends a payment that fails (too much). */
function history() {
  const h = new Harness();
  const [s, d, f, bystander] = [h.fund('100'), h.fund('100'), h.fund('100'), h.fund('100')];
  const inner = signedTx(s, [Operation.payment({ destination: d.publicKey(), asset: Asset.native(), amount: '1' })], {
    passphrase: PASSPHRASE,
    sequence: h.account(s.publicKey()),
  });
  const bump = TransactionBuilder.buildFeeBumpTransaction(f, '200', inner, PASSPHRASE);
  bump.sign(f);
  const answer = h.submit(bump.toEnvelope().toXDR('base64'));
  expect(answer.status).toBe('PENDING');
  h.close();
  const failed = h.apply(s, [Operation.payment({ destination: d.publicKey(), asset: Asset.native(), amount: '500' })]);
  expect(failed.applied.successful).toBe(false);
  return { h, s, d, f, bystander, bumpHash: bump.hash().toString('hex'), failedHash: failed.applied.env.hash };
}

describe('transaction scope rows', () => {
  it('list a fee bump for its inner source, its fee account and its operations participants, no one else', () => {
    const { h, s, d, f, bumpHash } = history();
    expect(keysOf(h, bumpHash)).toEqual([s.publicKey(), d.publicKey(), f.publicKey()].sort());
    expect(checkInvariants(h.core.db)).toEqual([]);
  });

  it('list a failed transaction, marked failed, for its source and its operations participants', () => {
    const { h, s, d, failedHash } = history();
    expect(keysOf(h, failedHash)).toEqual([s.publicKey(), d.publicKey()].sort());
    const { id } = h.core.db.prepare('SELECT id FROM transactions WHERE hash = ?').get(failedHash) as { id: bigint };
    expect(
      transactionScopes(h)
        .filter((row) => row.operation_id === id)
        .map((row) => row.successful),
    ).toEqual([0n, 0n]);
  });

  it('are filled in, the same, once, for a store written before they existed', () => {
    const { h } = history();
    const written = transactionScopes(h);
    expect(written.length).toBeGreaterThan(6);
    expect(h.core.db.prepare('SELECT value FROM meta WHERE key = ?').get(TRANSACTION_SCOPES_META)).toBeDefined();
    expect(fillTransactionScopes(h.core.db)).toBeUndefined();
    // The store as an older core left it: no such rows, no meta key.
    h.core.db.exec("DELETE FROM operation_scopes WHERE scope = 'transaction'");
    h.core.db.prepare('DELETE FROM meta WHERE key = ?').run(TRANSACTION_SCOPES_META);
    expect(checkInvariants(h.core.db).join('\n')).toContain('transaction not listed for its source or its fee account');
    expect(fillTransactionScopes(h.core.db)).toBe(written.length);
    expect(transactionScopes(h)).toEqual(written);
    expect(checkInvariants(h.core.db)).toEqual([]);
    expect(fillTransactionScopes(h.core.db)).toBeUndefined();
  });
});
