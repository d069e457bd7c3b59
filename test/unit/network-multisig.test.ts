// Multi-signature accounts on the real core (CoreNode.submit and closeLedger, in-memory store):
// envelopes built and signed with @stellar/stellar-base, answers decoded back from real XDR.
// Each threshold is checked against the operation's own source account, as stellar-core does.
import {
  Asset,
  hash,
  type Keypair,
  Operation,
  StrKey,
  TransactionBuilder,
  type Transaction,
  xdr,
} from '@stellar/stellar-base';
import { describe as suite, expect, it } from 'vitest';
import { describe, Harness, PASSPHRASE } from '../support/core-harness';

const pay = (destination: string, source?: string) =>
  Operation.payment({ destination, asset: Asset.native(), amount: '1', ...(source ? { source } : {}) });
const addSigner = (key: Keypair, weight: number) =>
  Operation.setOptions({ signer: { ed25519PublicKey: key.publicKey(), weight } });

/** The transaction's answer at admission: "PENDING" or its result's codes ("txBadAuthExtra", …). */
function answer(h: Harness, blob: string): string {
  const a = h.submit(blob);
  return a.status === 'PENDING' ? 'PENDING' : describe(a.error ?? '');
}

/** A 2-of-3 account: three signers of weight 1, master weight 0, thresholds 1/2/2. */
/** A fee bump's inner result codes, as describe() gives them. */
function innerCodes(base64: string): string {
  const inner = xdr.TransactionResult.fromXDR(base64, 'base64').result().innerResultPair().result().result();
  if (inner.switch().name !== 'txFailed') return inner.switch().name;
  return ['txFailed', ...inner.results().map((op) => op.switch().name)].join(' ');
}

function twoOfThree(h: Harness) {
  const account = h.fund('100');
  const signers = [h.keypair(), h.keypair(), h.keypair()] as [Keypair, Keypair, Keypair];
  h.apply(account, [
    ...signers.map((s) => addSigner(s, 1)),
    Operation.setOptions({ masterWeight: 0, lowThreshold: 1, medThreshold: 2, highThreshold: 2 }),
  ]);
  return { account, signers };
}

/** Signers of weights 1, 2 and 3, master weight 0, thresholds 1/3/5. */
function weighted(h: Harness) {
  const account = h.fund('100');
  const signers = [h.keypair(), h.keypair(), h.keypair()] as [Keypair, Keypair, Keypair];
  h.apply(account, [
    ...signers.map((s, i) => addSigner(s, i + 1)),
    Operation.setOptions({ masterWeight: 0, lowThreshold: 1, medThreshold: 3, highThreshold: 5 }),
  ]);
  return { account, signers };
}

function build(h: Harness, sourceId: string, ops: xdr.Operation[], sequence?: string): Transaction {
  const account = h.account(sourceId);
  if (sequence) account.incrementSequenceNumber();
  const builder = new TransactionBuilder(account, { fee: '1000', networkPassphrase: PASSPHRASE }).setTimeout(0);
  for (const op of ops) builder.addOperation(op);
  return builder.build();
}

suite('multi-signature accounts', () => {
  it('2-of-3: one signature is short, two succeed, a stranger or a third signature is txBAD_AUTH_EXTRA', () => {
    const h = new Harness();
    const {
      account,
      signers: [s1, s2, s3],
    } = twoOfThree(h);
    const to = h.root.publicKey();
    expect(answer(h, h.envelope(account, [pay(to)], { signers: [s1] }))).toBe('txFailed opBadAuth');
    expect(answer(h, h.envelope(account, [pay(to)], { signers: [] }))).toBe('txBadAuth');
    expect(answer(h, h.envelope(account, [pay(to)], { signers: [account] }))).toBe('txBadAuth');
    expect(answer(h, h.envelope(account, [pay(to)], { signers: [s1, h.keypair()] }))).toBe('txFailed opBadAuth');
    expect(answer(h, h.envelope(account, [pay(to)], { signers: [s1, s2, h.keypair()] }))).toBe('txBadAuthExtra');
    // stellar-core stops weighing at the threshold: a third signer's signature is one too many.
    expect(answer(h, h.envelope(account, [pay(to)], { signers: [s1, s2, s3] }))).toBe('txBadAuthExtra');
    expect(answer(h, h.envelope(account, [pay(to)], { signers: [s1, s2, account] }))).toBe('txBadAuthExtra');
    const before = h.balance(account.publicKey());
    expect(h.apply(account, [pay(to)], { signers: [s3, s1] }).codes).toBe('txSuccess paymentSuccess');
    expect(h.balance(account.publicKey())).toBe(before - 10_000_000n - 100n);
  });

  it('counts a key that signed twice once', () => {
    const h = new Harness();
    const {
      account,
      signers: [s1],
    } = twoOfThree(h);
    expect(answer(h, h.envelope(account, [pay(h.root.publicKey())], { signers: [s1, s1] }))).toBe('txFailed opBadAuth');
    const single = h.fund();
    expect(answer(h, h.envelope(single, [pay(h.root.publicKey())], { signers: [single, single] }))).toBe(
      'txBadAuthExtra',
    );
  });

  it("weighs each operation against its own source account's signers", () => {
    const h = new Harness();
    const {
      account,
      signers: [s1, s2],
    } = twoOfThree(h);
    const alice = h.fund();
    const op = pay(h.root.publicKey(), account.publicKey());
    expect(answer(h, h.envelope(alice, [op], { signers: [alice] }))).toBe('txFailed opBadAuth');
    expect(answer(h, h.envelope(alice, [op], { signers: [alice, s1] }))).toBe('txFailed opBadAuth');
    expect(answer(h, h.envelope(alice, [pay(h.root.publicKey()), op], { signers: [alice, s1] }))).toBe(
      'txFailed paymentSuccess opBadAuth',
    );
    // alice's signature alone answers for her payment; s1 and s2 for the 2-of-3 account's.
    const before = h.balance(account.publicKey());
    expect(h.apply(alice, [op], { signers: [alice, s1, s2] }).codes).toBe('txSuccess paymentSuccess');
    expect(h.balance(account.publicKey())).toBe(before - 10_000_000n);
    // The other way round: the 2-of-3 account pays the fee, alice's operation needs alice.
    const hers = pay(h.root.publicKey(), alice.publicKey());
    expect(answer(h, h.envelope(account, [hers], { signers: [s1, s2] }))).toBe('txFailed opBadAuth');
    expect(answer(h, h.envelope(account, [hers], { signers: [s1, alice] }))).toBe('PENDING');
  });

  it('weighted 1/2/3: medium needs 3, changing signers (high) needs 5', () => {
    const h = new Harness();
    const {
      account,
      signers: [w1, w2, w3],
    } = weighted(h);
    const to = h.root.publicKey();
    expect(answer(h, h.envelope(account, [pay(to)], { signers: [w1] }))).toBe('txFailed opBadAuth');
    expect(answer(h, h.envelope(account, [pay(to)], { signers: [w2] }))).toBe('txFailed opBadAuth');
    expect(h.apply(account, [pay(to)], { signers: [w1, w2] }).codes).toBe('txSuccess paymentSuccess');
    expect(h.apply(account, [Operation.bumpSequence({ bumpTo: '1' })], { signers: [w1] }).codes).toBe(
      'txSuccess bumpSequenceSuccess',
    );
    expect(h.apply(account, [Operation.setOptions({ homeDomain: 'example.org' })], { signers: [w3] }).codes).toBe(
      'txSuccess setOptionsSuccess',
    );
    const newcomer = h.keypair();
    expect(answer(h, h.envelope(account, [addSigner(newcomer, 1)], { signers: [w3] }))).toBe('txFailed opBadAuth');
    expect(answer(h, h.envelope(account, [addSigner(newcomer, 1)], { signers: [w1, w3] }))).toBe('txFailed opBadAuth');
    expect(h.apply(account, [addSigner(newcomer, 1)], { signers: [w2, w3] }).codes).toBe('txSuccess setOptionsSuccess');
    expect(h.core.state.accounts.get(account.publicKey())?.signers.map((s) => s.key)).toContain(newcomer.publicKey());
    expect(
      answer(h, h.envelope(account, [Operation.accountMerge({ destination: to })], { signers: [w3, newcomer] })),
    ).toBe('txFailed opBadAuth');
  });

  it('lets a pre-authorised transaction through with no signature, then removes its signer', () => {
    const h = new Harness();
    const owner = h.fund('100');
    const later = build(h, owner.publicKey(), [pay(h.root.publicKey())], 'next');
    h.apply(owner, [Operation.setOptions({ signer: { preAuthTx: later.hash(), weight: 1 } })]);
    const row = () => h.core.state.accounts.get(owner.publicKey());
    expect(row()?.signers).toEqual([{ key: expect.stringMatching(/^T/), weight: 1 }]);
    expect(row()?.subentries).toBe(1);
    const stored = () =>
      h.core.db
        .prepare('SELECT key FROM signers WHERE account = ?')
        .all(owner.publicKey())
        .map((r) => r.key);
    expect(stored()).toEqual([StrKey.encodePreAuthTx(later.hash())]);
    expect(answer(h, later.toXDR())).toBe('PENDING');
    const [applied] = h.close().applied;
    expect(applied && describe(applied.resultXdr)).toBe('txSuccess paymentSuccess');
    expect(row()?.signers).toEqual([]);
    expect(row()?.subentries).toBe(0);
    expect(stored()).toEqual([]);
  });

  it('removes a pre-auth signer even when its transaction fails', () => {
    const h = new Harness();
    const owner = h.fund('100');
    const later = build(
      h,
      owner.publicKey(),
      [Operation.payment({ destination: h.keypair().publicKey(), asset: Asset.native(), amount: '1' })],
      'next',
    );
    h.apply(owner, [Operation.setOptions({ signer: { preAuthTx: later.hash(), weight: 1 } })]);
    expect(answer(h, later.toXDR())).toBe('PENDING');
    const [applied] = h.close().applied;
    expect(applied && describe(applied.resultXdr)).toBe('txFailed paymentNoDestination');
    expect(h.core.state.accounts.get(owner.publicKey())?.signers).toEqual([]);
  });

  it('accepts a hash-x signer with the right preimage and refuses a wrong one', () => {
    const h = new Harness();
    const owner = h.fund('100');
    const x = Buffer.from('the secret preimage');
    h.apply(owner, [
      Operation.setOptions({ signer: { sha256Hash: hash(x), weight: 1 } }),
      Operation.setOptions({ masterWeight: 0 }),
    ]);
    const wrong = build(h, owner.publicKey(), [pay(h.root.publicKey())]);
    wrong.signHashX(Buffer.from('a guessed preimage'));
    expect(answer(h, wrong.toXDR())).toBe('txBadAuth');
    const right = build(h, owner.publicKey(), [pay(h.root.publicKey())]);
    right.signHashX(x);
    expect(answer(h, right.toXDR())).toBe('PENDING');
    const [applied] = h.close().applied;
    expect(applied && describe(applied.resultXdr)).toBe('txSuccess paymentSuccess');
  });

  it("checks a fee bump's outer signatures against the fee source and the inner against the inner source", () => {
    const h = new Harness();
    const {
      account,
      signers: [s1, s2],
    } = twoOfThree(h);
    const sponsor = h.fund('100');
    const bump = (innerSigners: Keypair[], outerSigners: Keypair[], feeSource = sponsor.publicKey()) => {
      const inner = build(h, account.publicKey(), [pay(h.root.publicKey())]);
      for (const kp of innerSigners) inner.sign(kp);
      const outer = TransactionBuilder.buildFeeBumpTransaction(feeSource, '2000', inner, PASSPHRASE);
      for (const kp of outerSigners) outer.sign(kp);
      return outer.toXDR();
    };
    expect(answer(h, bump([s1, s2], [h.keypair()]))).toBe('txBadAuth');
    expect(answer(h, bump([s1, s2], [sponsor, h.keypair()]))).toBe('txBadAuthExtra');
    expect(answer(h, bump([s1, s2], [sponsor, s1]))).toBe('txBadAuthExtra');
    expect(answer(h, bump([s1], [sponsor]))).toBe('txFeeBumpInnerFailed');
    expect(innerCodes(h.submit(bump([s1], [sponsor])).error ?? '')).toBe('txFailed opBadAuth');
    expect(innerCodes(h.submit(bump([s1, s2, h.keypair()], [sponsor])).error ?? '')).toBe('txBadAuthExtra');
    // The 2-of-3 account as its own fee source: one signer meets its low threshold outside.
    expect(answer(h, bump([s1, s2], [s2], account.publicKey()))).toBe('PENDING');
    h.close();
    expect(answer(h, bump([s1, s2], [sponsor]))).toBe('PENDING');
    const [applied] = h.close().applied;
    expect(applied && describe(applied.resultXdr)).toBe('txFeeBumpInnerSuccess');
  });

  it('admits an operation whose source an earlier operation creates when that key signed', () => {
    const h = new Harness();
    const fresh = h.keypair();
    const ops = [
      Operation.createAccount({ destination: fresh.publicKey(), startingBalance: '10' }),
      Operation.manageData({ name: 'hello', value: 'world', source: fresh.publicKey() }),
    ];
    expect(answer(h, h.envelope(h.root, ops, { signers: [h.root] }))).toBe('txFailed createAccountSuccess opBadAuth');
    expect(h.apply(h.root, ops, { signers: [h.root, fresh] }).codes).toBe(
      'txSuccess createAccountSuccess manageDataSuccess',
    );
    const ghost = h.keypair();
    expect(
      h.apply(h.root, [Operation.manageData({ name: 'x', value: 'y', source: ghost.publicKey() })], {
        signers: [h.root, ghost],
      }).codes,
    ).toBe('txFailed opNoAccount');
  });

  it('refuses 21 signatures (the envelope allows 20) and signatures of garbage bytes, and keeps serving', () => {
    const h = new Harness();
    const alice = h.fund();
    const one = Buffer.from(h.envelope(alice, [pay(h.root.publicKey())]), 'base64');
    // stellar-base will not encode more than 20 signatures: the count and the extra ones are written by hand.
    const sigStart = one.length - 4 - 72;
    const signature = one.subarray(sigStart + 4);
    const count = Buffer.alloc(4);
    count.writeUInt32BE(21, 0);
    const tooMany = Buffer.concat([one.subarray(0, sigStart), count, ...Array.from({ length: 21 }, () => signature)]);
    const refused = h.submit(tooMany.toString('base64'));
    expect(refused.status).toBe('ERROR');
    expect(describe(refused.error ?? '')).toBe('txMalformed');
    count.writeUInt32BE(20, 0);
    const twenty = Buffer.concat([one.subarray(0, sigStart), count, ...Array.from({ length: 20 }, () => signature)]);
    expect(answer(h, twenty.toString('base64'))).toBe('txBadAuthExtra');

    const tx = build(h, alice.publicKey(), [pay(h.root.publicKey())]);
    tx.addDecoratedSignature(
      new xdr.DecoratedSignature({ hint: alice.signatureHint(), signature: Buffer.alloc(64, 0xab) }),
    );
    expect(answer(h, tx.toXDR())).toBe('txBadAuth');
    tx.sign(alice);
    expect(answer(h, tx.toXDR())).toBe('txBadAuthExtra');
    const empty = build(h, alice.publicKey(), [pay(h.root.publicKey())]);
    empty.sign(alice);
    empty.addDecoratedSignature(new xdr.DecoratedSignature({ hint: Buffer.alloc(4), signature: Buffer.alloc(0) }));
    expect(answer(h, empty.toXDR())).toBe('txBadAuthExtra');
    // A signature longer than 64 bytes does not decode.
    const long = Buffer.from(empty.toXDR(), 'base64');
    const patched = Buffer.concat([long.subarray(0, long.length - 4), Buffer.from([0, 0, 0, 68]), Buffer.alloc(68, 1)]);
    expect(describe(h.submit(patched.toString('base64')).error ?? '')).toBe('txMalformed');
    expect(h.apply(alice, [pay(h.root.publicKey())]).codes).toBe('txSuccess paymentSuccess');
  });
});
