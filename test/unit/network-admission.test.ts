// Admission (/tx): each answer and each transaction-level result code, with envelopes built and
// signed by @stellar/stellar-base as a real client builds them.
import {
  Account,
  Asset,
  hash,
  Keypair,
  LiquidityPoolAsset,
  LiquidityPoolFeeV18,
  Operation,
  TransactionBuilder,
  xdr,
} from '@stellar/stellar-base';
import fc from 'fast-check';
import { describe as suite, expect, it } from 'vitest';
import { describe, Harness, PASSPHRASE } from '../support/core-harness';

const pay = (destination: string, amount = '1') => Operation.payment({ destination, asset: Asset.native(), amount });

suite('core admission', () => {
  it('answers PENDING, then DUPLICATE while pending and once in history', () => {
    const h = new Harness();
    const alice = h.fund();
    const blob = h.envelope(h.root, [pay(alice.publicKey())]);
    expect(h.submit(blob).status).toBe('PENDING');
    expect(h.submit(blob).status).toBe('DUPLICATE');
    const built = h.close();
    expect(built.applied).toHaveLength(1);
    expect(h.submit(blob).status).toBe('DUPLICATE');
  });

  it('refuses a wrong signer and a wrong network with txBAD_AUTH', () => {
    const h = new Harness();
    const alice = h.fund();
    const stranger = h.keypair();
    const wrongKey = h.submit(h.envelope(alice, [pay(h.root.publicKey())], { signers: [stranger] }));
    expect(wrongKey.status).toBe('ERROR');
    expect(describe(wrongKey.error ?? '')).toBe('txBadAuth');
    const wrongNet = h.submit(
      h.envelope(alice, [pay(h.root.publicKey())], { passphrase: 'Test SDF Network ; September 2015' }),
    );
    expect(describe(wrongNet.error ?? '')).toBe('txBadAuth');
  });

  it('checks sequence, fee, source, time bounds and the fee balance', () => {
    const h = new Harness();
    const alice = h.fund();
    const seq = h.core.state.accounts.get(alice.publicKey())?.seq ?? 0n;
    const code = (blob: string) => {
      const answer = h.submit(blob);
      expect(answer.status).toBe('ERROR');
      return describe(answer.error ?? '');
    };
    expect(code(h.envelope(alice, [pay(h.root.publicKey())], { sequence: (seq + 5n).toString() }))).toBe('txBadSeq');
    expect(code(h.envelope(alice, [pay(h.root.publicKey()), pay(h.root.publicKey())], { fee: '50' }))).toBe(
      'txInsufficientFee',
    );
    const ghost = h.keypair();
    expect(code(h.envelope(ghost, [pay(h.root.publicKey())], { sequence: '1' }))).toBe('txNoAccount');
    const now = Math.floor(Date.now() / 1000);
    expect(
      code(h.envelope(alice, [pay(h.root.publicKey())], { timebounds: { minTime: now + 3600, maxTime: 0 } })),
    ).toBe('txTooEarly');
    expect(
      code(h.envelope(alice, [pay(h.root.publicKey())], { timebounds: { minTime: 0, maxTime: now - 3600 } })),
    ).toBe('txTooLate');
    const poor = h.fund('1');
    expect(code(h.envelope(poor, [pay(h.root.publicKey())]))).toBe('txInsufficientBalance');
  });

  it('refuses a transaction without operations with txMISSING_OPERATION', () => {
    const h = new Harness();
    const env = xdr.TransactionEnvelope.fromXDR(h.envelope(h.root, [pay(h.root.publicKey())]), 'base64');
    env.v1().tx().operations([]);
    const answer = h.submit(env.toXDR('base64'));
    expect(describe(answer.error ?? '')).toBe('txMissingOperation');
  });

  it('answers txFAILED with opNOT_SUPPORTED for an operation outside the eleven types', () => {
    const h = new Harness();
    const alice = h.fund();
    const offer = Operation.manageSellOffer({
      selling: Asset.native(),
      buying: new Asset('USD', h.root.publicKey()),
      amount: '1',
      price: '1',
    });
    const answer = h.submit(h.envelope(alice, [pay(h.root.publicKey()), offer]));
    expect(answer.status).toBe('ERROR');
    expect(describe(answer.error ?? '')).toBe('txFailed paymentSuccess opNotSupported');
  });

  it('answers txFAILED with the per-operation code of a malformed operation', () => {
    const h = new Harness();
    const env = xdr.TransactionEnvelope.fromXDR(h.envelope(h.root, [pay(h.root.publicKey())]), 'base64');
    env.v1().tx().operations()[0]?.body().paymentOp().amount(xdr.Int64.fromString('0'));
    const tx = TransactionBuilder.fromXDR(env.toXDR('base64'), PASSPHRASE);
    tx.signatures.length = 0;
    tx.sign(h.root);
    expect(describe(h.submit(tx.toXDR()).error ?? '')).toBe('txFailed paymentMalformed');
  });

  it("refuses an asset code that is not 1 to 12 letters or digits with the operation's MALFORMED", () => {
    const h = new Harness();
    const env = xdr.TransactionEnvelope.fromXDR(
      h.envelope(h.root, [
        Operation.payment({
          destination: h.root.publicKey(),
          asset: new Asset('USD', h.root.publicKey()),
          amount: '1',
        }),
      ]),
      'base64',
    );
    env.v1().tx().operations()[0]?.body().paymentOp().asset().alphaNum4().assetCode(Buffer.from('U$D\0'));
    // stellar-base refuses to parse such a code, so the envelope is signed by hand.
    const payload = Buffer.concat([hash(Buffer.from(PASSPHRASE)), Buffer.from([0, 0, 0, 2]), env.v1().tx().toXDR()]);
    env
      .v1()
      .signatures([
        new xdr.DecoratedSignature({ hint: h.root.signatureHint(), signature: h.root.sign(hash(payload)) }),
      ]);
    expect(describe(h.submit(env.toXDR('base64')).error ?? '')).toBe('txFailed paymentMalformed');
  });

  it('answers TRY_AGAIN_LATER when the bounded queue is full', () => {
    const h = new Harness({ maxQueue: 2 });
    const keys = [h.fund(), h.fund(), h.fund()];
    const answers = keys.map((k) => h.submit(h.envelope(k, [pay(h.root.publicKey())])).status);
    expect(answers).toEqual(['PENDING', 'PENDING', 'TRY_AGAIN_LATER']);
    expect(h.core.info().info.queue.pending).toBe(2);
  });

  it('chains several pending transactions of one account', () => {
    const h = new Harness();
    const alice = h.fund();
    const account = h.account(alice.publicKey());
    const build = () => {
      const tx = new TransactionBuilder(account, { fee: '100', networkPassphrase: PASSPHRASE })
        .addOperation(pay(h.root.publicKey()))
        .setTimeout(0)
        .build();
      tx.sign(alice);
      return tx.toXDR();
    };
    expect([h.submit(build()).status, h.submit(build()).status]).toEqual(['PENDING', 'PENDING']);
    const built = h.close();
    expect(built.applied.map((t) => t.successful)).toEqual([true, true]);
  });

  it('answers garbage with ERROR txMALFORMED and a reason, and keeps serving', () => {
    const h = new Harness();
    const answer = h.submit('not-an-envelope');
    expect(answer.status).toBe('ERROR');
    expect(describe(answer.error ?? '')).toBe('txMalformed');
    expect(answer.detail).toMatch(/TransactionEnvelope/);
    expect(h.submit(h.envelope(h.root, [pay(h.fund().publicKey())])).status).toBe('PENDING');
  });

  it('answers any byte string, a mutated envelope included, without throwing', () => {
    const h = new Harness();
    const usd = new Asset('USD', h.root.publicKey());
    const pool = new LiquidityPoolAsset(Asset.native(), usd, LiquidityPoolFeeV18);
    const valid = Buffer.from(
      h.envelope(h.root, [
        pay(h.fund().publicKey()),
        Operation.changeTrust({ asset: pool }),
        Operation.payment({ destination: h.root.publicKey(), asset: usd, amount: '1' }),
      ]),
      'base64',
    );
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 300 }),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 4 }),
        (bytes, edits) => {
          const mutated = Buffer.from(valid);
          for (const [at, value] of edits) mutated[at % mutated.length] = value;
          for (const blob of [Buffer.from(bytes).toString('base64'), mutated.toString('base64')]) {
            const answer = h.submit(blob);
            expect(['PENDING', 'DUPLICATE', 'ERROR']).toContain(answer.status);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('admits and applies a fee bump, the fee paid by the fee source', () => {
    const h = new Harness();
    const alice = h.fund('10');
    const sponsor = h.fund('100');
    const inner = new TransactionBuilder(h.account(alice.publicKey()), { fee: '100', networkPassphrase: PASSPHRASE })
      .addOperation(pay(h.root.publicKey()))
      .setTimeout(0)
      .build();
    inner.sign(alice);
    const bump = TransactionBuilder.buildFeeBumpTransaction(sponsor, '200', inner, PASSPHRASE);
    bump.sign(sponsor);
    const before = h.balance(sponsor.publicKey());
    expect(h.submit(bump.toXDR()).status).toBe('PENDING');
    const [applied] = h.close().applied;
    expect(applied && describe(applied.resultXdr)).toBe('txFeeBumpInnerSuccess');
    expect(h.balance(sponsor.publicKey())).toBe(before - 200n);
    expect(applied?.env.hash).toBe(bump.hash().toString('hex'));
  });

  it('admits a v0 envelope and hashes it as stellar-base does', () => {
    const h = new Harness();
    const alice = h.fund();
    const v1 = xdr.TransactionEnvelope.fromXDR(h.envelope(alice, [pay(h.root.publicKey())]), 'base64')
      .v1()
      .tx();
    const v0tx = new xdr.TransactionV0({
      sourceAccountEd25519: alice.rawPublicKey(),
      fee: v1.fee(),
      seqNum: v1.seqNum(),
      timeBounds: null,
      memo: v1.memo(),
      operations: v1.operations(),
      ext: new xdr.TransactionV0Ext(0),
    });
    const unsigned = xdr.TransactionEnvelope.envelopeTypeTxV0(
      new xdr.TransactionV0Envelope({ tx: v0tx, signatures: [] }),
    );
    const tx = TransactionBuilder.fromXDR(unsigned.toXDR('base64'), PASSPHRASE);
    tx.sign(alice);
    const answer = h.submit(tx.toEnvelope().toXDR('base64'));
    expect(answer.status).toBe('PENDING');
    expect(answer.hash).toBe(tx.hash().toString('hex'));
  });

  it('reports the ledger and the queue in /info', () => {
    const h = new Harness({ startLedger: 60_000_000 });
    const before = h.core.info().info.ledger.num;
    h.close();
    expect(before).toBe(59_999_999);
    expect(h.core.info().info).toMatchObject({ ledger: { num: 60_000_000 }, state: 'Synced!', queue: { pending: 0 } });
    expect(new Account(h.root.publicKey(), '0').accountId()).toBe(Keypair.master(PASSPHRASE).publicKey());
  });
});
