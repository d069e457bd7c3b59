// The generator's direct XDR writer for payment-only transactions must produce exactly the bytes
// @stellar/stellar-base produces, for every shape it accepts (fast-check explores them).
import { Keypair } from '@stellar/stellar-base';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Asset, creditAsset, NATIVE_ASSET, type Transaction } from '../../network/validator/model';
import { transactionXdr } from '../../network/demo-generator/encode';
import { paymentTransactionBytes } from '../../network/demo-generator/encode-payment';

const keys = Array.from({ length: 4 }, (_, i) => Keypair.fromRawEd25519Seed(Buffer.alloc(32, i + 1)).publicKey());
const key = fc.constantFrom(...keys);
const asset: fc.Arbitrary<Asset> = fc.oneof(
  fc.constant(NATIVE_ASSET),
  fc.tuple(fc.stringMatching(/^[A-Z0-9]{1,12}$/), key).map(([code, issuer]) => creditAsset(code, issuer)),
);
const payment = fc.record({
  source: fc.option(key, { nil: undefined }),
  destination: key,
  asset,
  amount: fc.bigInt({ min: 1n, max: 2n ** 63n - 1n }),
});
const transaction: fc.Arbitrary<Transaction> = fc
  .record({
    source: key,
    seq: fc.bigInt({ min: 0n, max: 2n ** 63n - 1n }),
    memo: fc.option(fc.stringMatching(/^[ -~]{0,28}$/), { nil: undefined }),
    payments: fc.array(payment, { minLength: 1, maxLength: 10 }),
  })
  .map(({ source, seq, memo, payments }) => ({
    source,
    fee: BigInt(100 * payments.length),
    seq,
    minTime: 0n,
    maxTime: 0n,
    minLedger: 0,
    maxLedger: 0,
    memo: memo === undefined ? { type: 'none' as const } : { type: 'text' as const, value: memo },
    operations: payments.map((p) => ({
      ...(p.source ? { source: p.source } : {}),
      body: { type: 'payment' as const, destination: p.destination, asset: p.asset, amount: p.amount },
    })),
  }));

describe('payment transaction writer', () => {
  it('writes the same bytes as stellar-base', () => {
    fc.assert(
      fc.property(transaction, (tx) => {
        const fast = paymentTransactionBytes(tx);
        expect(fast?.toString('hex')).toBe(transactionXdr(tx).toXDR().toString('hex'));
      }),
      { numRuns: 300 },
    );
  });

  it('declines what it does not write', () => {
    const tx: Transaction = {
      source: keys[0] ?? '',
      fee: 100n,
      seq: 1n,
      minTime: 0n,
      maxTime: 5n,
      minLedger: 0,
      maxLedger: 0,
      memo: { type: 'none' },
      operations: [{ body: { type: 'payment', destination: keys[1] ?? '', asset: NATIVE_ASSET, amount: 1n } }],
    };
    expect(paymentTransactionBytes(tx)).toBeUndefined();
    expect(
      paymentTransactionBytes({ ...tx, maxTime: 0n, operations: [{ body: { type: 'bump_sequence', bumpTo: 5n } }] }),
    ).toBeUndefined();
  });
});
