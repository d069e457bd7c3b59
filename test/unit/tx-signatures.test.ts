import { Account, Asset, Keypair, Operation, TransactionBuilder } from '@stellar/stellar-base';
import { describe, expect, it } from 'vitest';
import { envelopeSignatures } from '../../core/signatures/tx-signatures';

const PASSPHRASE = 'Test ; signatures';
const source = Keypair.random();
const cosigner = Keypair.random();
const feePayer = Keypair.random();

function payment() {
  const tx = new TransactionBuilder(new Account(source.publicKey(), '7'), { fee: '100', networkPassphrase: PASSPHRASE })
    .addOperation(Operation.payment({ destination: cosigner.publicKey(), asset: Asset.native(), amount: '1' }))
    .setTimeout(0)
    .build();
  tx.sign(source, cosigner);
  return tx;
}

describe('envelopeSignatures', () => {
  it('decodes every signature of a v1 envelope in order, in base64 or hex, matching hints to the given accounts', () => {
    const tx = payment();
    const expected = [
      {
        hint: source.signatureHint().toString('hex'),
        signature: tx.signatures[0]!.signature().toString('base64'),
        part: 'transaction',
        hintMatches: source.publicKey(),
      },
      {
        hint: cosigner.signatureHint().toString('hex'),
        signature: tx.signatures[1]!.signature().toString('base64'),
        part: 'transaction',
        hintMatches: null,
      },
    ];
    expect(envelopeSignatures(tx.toEnvelope().toXDR('base64'), [source.publicKey(), undefined])).toEqual(expected);
    expect(envelopeSignatures(tx.toEnvelope().toXDR('hex'), [source.publicKey()])).toEqual(expected);
  });

  it('separates a fee bump signature from the inner ones', () => {
    const bump = TransactionBuilder.buildFeeBumpTransaction(feePayer, '400', payment(), PASSPHRASE);
    bump.sign(feePayer);
    const decoded = envelopeSignatures(bump.toEnvelope().toXDR('base64'), [source.publicKey(), feePayer.publicKey()])!;
    expect(decoded.map((s) => [s.part, s.hintMatches])).toEqual([
      ['fee_bump', feePayer.publicKey()],
      ['inner', source.publicKey()],
      ['inner', null],
    ]);
  });

  it('answers null for bytes that are not an envelope, and ignores accounts that are not keys', () => {
    expect(envelopeSignatures('AAAA', [])).toBeNull();
    expect(envelopeSignatures('not xdr at all!', [])).toBeNull();
    expect(envelopeSignatures('', [])).toBeNull();
    const tx = payment();
    expect(
      envelopeSignatures(tx.toEnvelope().toXDR('base64'), ['GNOTAKEY', 'x'.repeat(500)])!.every(
        (s) => s.hintMatches === null,
      ),
    ).toBe(true);
  });
});
