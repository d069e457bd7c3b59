// Who signed and what is needed: matching by hint, ed25519 and hash-x verification, pre-authorised
// transactions, per-operation levels and sources, fee bumps, duplicates and readiness.
import { createHash } from 'node:crypto';
import { Account, Asset, Operation, StrKey, TransactionBuilder, xdr } from '@stellar/stellar-base';
import { describe, expect, it } from 'vitest';
import { normalizeAccount } from '../../core/sources/horizon/resources';
import { accountState } from '../../core/signatures/accounts';
import { analyse } from '../../core/signatures/analyse';
import { draftFromInput } from '../../core/signatures/draft';
import { operationLevel } from '../../core/signatures/levels';
import { LOCAL_PASSPHRASE, TESTNET_PASSPHRASE } from '../../core/networks/networks';
import { SignatureReport } from '../../shared/signatures';
import { A, account, B, C, context, D, F, key, payment, signed, testnet } from './signatures-support';

const check = async (input: string, ctx = context([])) => {
  const analysis = await analyse(draftFromInput(input), ctx);
  expect(SignatureReport.safeParse(analysis.report).success).toBe(true);
  return analysis;
};

describe('who signed', () => {
  it('matches each signature to its signer by hint and verifies it: valid (with weight), invalid, unknown', async () => {
    const tx = payment();
    const envelope = xdr.TransactionEnvelope.fromXDR(signed(tx, A, B, key(9)), 'base64');
    // A copy of B's signature with one byte changed: B's hint, but it does not verify.
    const bad = Buffer.from(envelope.v1().signatures()[1]!.signature());
    bad[0] = bad[0]! ^ 1;
    envelope
      .v1()
      .signatures()
      .push(new xdr.DecoratedSignature({ hint: B.signatureHint(), signature: bad }));
    const { report } = await check(envelope.toXDR('base64'), context([account(A, { signers: [[B.publicKey(), 3]] })]));
    expect(report.signatures.map((s) => [s.status, s.signer ?? null])).toEqual([
      ['valid', A.publicKey()],
      ['valid', B.publicKey()],
      ['unknown_signer', null],
      ['invalid', null],
    ]);
    expect(report.signatures[1]!.weights).toEqual([{ account: A.publicKey(), weight: 3 }]);
    expect(report.signatures[0]!.hint).toBe(A.signatureHint().toString('hex'));
    expect(report.networkId).toBe('local');
  });

  it('reads hex and v0 envelopes the same way, and detects another network', async () => {
    const tx = payment(A, { passphrase: TESTNET_PASSPHRASE });
    const base64 = signed(tx, A);
    const hex = Buffer.from(base64, 'base64').toString('hex');
    const { report } = await check(hex, context([account(A)]));
    expect(report).toMatchObject({ networkId: 'testnet', networkName: testnet.name });
    expect(report.signatures[0]).toMatchObject({ status: 'valid', signer: A.publicKey() });
    expect(report.readiness.reasons.find((r) => r.code === 'wrong_network')?.message).toMatch(
      /another network \(Testnet\), not Local/,
    );
    const v0 = xdr.TransactionEnvelope.envelopeTypeTxV0(
      new xdr.TransactionV0Envelope({
        tx: new xdr.TransactionV0({
          sourceAccountEd25519: A.rawPublicKey(),
          fee: 100,
          seqNum: xdr.Int64.fromString('101'),
          timeBounds: null,
          memo: xdr.Memo.memoNone(),
          operations: xdr.TransactionEnvelope.fromXDR(payment().toXDR(), 'base64').v1().tx().operations(),
          ext: new xdr.TransactionV0Ext(0),
        }),
        signatures: [],
      }),
    );
    const v0Tx = TransactionBuilder.fromXDR(v0.toXDR('base64'), LOCAL_PASSPHRASE);
    v0Tx.sign(A);
    const v0Report = (await check(v0Tx.toXDR(), context([account(A)]))).report;
    expect(v0Report).toMatchObject({ envelopeType: 'v0', networkId: 'local' });
    expect(v0Report.signatures[0]).toMatchObject({ status: 'valid', signer: A.publicKey() });
  });

  it('verifies a hash-x signature by its preimage and counts the X… signer', async () => {
    const preimage = Buffer.from('open sesame, exactly 32 bytes!!!');
    const hashX = StrKey.encodeSha256Hash(createHash('sha256').update(preimage).digest());
    const tx = payment();
    const copy = TransactionBuilder.fromXDR(tx.toXDR(), LOCAL_PASSPHRASE);
    copy.signHashX(preimage);
    const { report } = await check(
      copy.toXDR(),
      context([account(A, { master: 0, signers: [[hashX, 2]], low: 1, med: 2 })]),
    );
    expect(report.signatures[0]).toMatchObject({
      status: 'valid',
      signer: hashX,
      signerType: 'sha256_hash',
      weights: [{ account: A.publicKey(), weight: 2 }],
    });
    expect(report.requirements.every((r) => r.status === 'met')).toBe(true);
  });

  it('counts a pre-authorised transaction signer whose hash is the transaction, with no signature at all', async () => {
    const tx = payment();
    const preAuth = StrKey.encodePreAuthTx(tx.hash());
    const { report } = await check(tx.toXDR(), context([account(A, { master: 0, signers: [[preAuth, 1]] })]));
    // The transaction (low) and the payment (med) each need the account; the hash is enough for both.
    expect(report.requirements.map((r) => [r.level, r.status, r.weight])).toEqual([
      ['low', 'met', 1],
      ['med', 'met', 1],
    ]);
    const other = StrKey.encodePreAuthTx(payment(A, { sequence: '200' }).hash());
    const unmet = (await check(tx.toXDR(), context([account(A, { master: 0, signers: [[other, 1]] })]))).report;
    expect(unmet.requirements[0]).toMatchObject({ status: 'short', short: 1, couldSign: [] });
  });
});

describe('what is needed', () => {
  const thresholds = {
    signers: [
      [B.publicKey(), 1],
      [C.publicKey(), 2],
    ] as [string, number][],
    low: 1,
    med: 2,
    high: 3,
  };

  it('gives each operation its level and says how short each account is, naming who could sign', async () => {
    const tx = payment(A, {
      extra: [
        Operation.bumpSequence({ bumpTo: '500' }),
        Operation.setOptions({ signer: { ed25519PublicKey: D.publicKey(), weight: 1 } }),
        Operation.setOptions({ homeDomain: 'example.com' }),
      ],
    });
    const { report } = await check(signed(tx, A), context([account(A, thresholds)]));
    expect(report.operations.map((o) => [o.type, o.level])).toEqual([
      ['payment', 'med'],
      ['bump_sequence', 'low'],
      ['set_options', 'high'],
      ['set_options', 'med'],
    ]);
    const byLevel = Object.fromEntries(report.requirements.map((r) => [r.level, r]));
    expect(byLevel['low']).toMatchObject({
      status: 'met',
      weight: 1,
      needed: 1,
      neededBy: ['transaction', 'operation 2 (bump_sequence)'],
    });
    expect(byLevel['med']).toMatchObject({
      status: 'short',
      weight: 1,
      needed: 2,
      short: 1,
      neededBy: ['operation 1 (payment)', 'operation 4 (set_options)'],
    });
    expect(byLevel['high']).toMatchObject({ status: 'short', short: 2 });
    expect(byLevel['med']!.couldSign.map((s) => [s.key, s.weight])).toEqual([
      [C.publicKey(), 2],
      [B.publicKey(), 1],
    ]);
    expect(report.readiness.ready).toBe(false);
    expect(report.readiness.reasons.filter((r) => r.code === 'threshold_short')).toHaveLength(2);
  });

  it('checks an operation source account separately, and reports one that does not exist', async () => {
    const tx = payment(A, {
      opSource: B.publicKey(),
      extra: [
        Operation.payment({ destination: D.publicKey(), asset: Asset.native(), amount: '1', source: C.publicKey() }),
      ],
    });
    const ctx = context([account(A), account(B, { med: 1 })]);
    const { report } = await check(signed(tx, A, B), ctx);
    expect(report.requirements.map((r) => [r.account, r.status])).toEqual([
      [A.publicKey(), 'met'],
      [B.publicKey(), 'met'],
      [C.publicKey(), 'no_account'],
    ]);
    expect(report.signatures.map((s) => s.status)).toEqual(['valid', 'valid']);
    expect(report.readiness.reasons.map((r) => r.code)).toEqual(['no_account']);
    expect(ctx.asked.sort()).toEqual([A, B, C].map((k) => k.publicKey()).sort());
  });

  it('checks a fee bump in two parts: inner signatures against the inner hash, outer against the fee source', async () => {
    const inner = TransactionBuilder.fromXDR(signed(payment(), A), LOCAL_PASSPHRASE) as ReturnType<typeof payment>;
    const bump = TransactionBuilder.buildFeeBumpTransaction(F, '400', inner, LOCAL_PASSPHRASE);
    bump.sign(F, A);
    const { report } = await check(bump.toXDR(), context([account(A), account(F, { low: 1 })]));
    expect(report.envelopeType).toBe('fee_bump');
    expect(report.innerHash).toBe(inner.hash().toString('hex'));
    expect(report.hash).toBe(bump.hash().toString('hex'));
    expect(report.signatures.map((s) => [s.part, s.status, s.signer ?? null])).toEqual([
      ['inner', 'valid', A.publicKey()],
      ['outer', 'valid', F.publicKey()],
      // A signed the outer hash, but A is no signer of the fee source: not used.
      ['outer', 'unknown_signer', null],
    ]);
    expect(report.requirements.map((r) => [r.part, r.account, r.neededBy[0], r.status])).toEqual([
      ['outer', F.publicKey(), 'fee bump', 'met'],
      ['inner', A.publicKey(), 'transaction', 'met'],
      ['inner', A.publicKey(), 'operation 1 (payment)', 'met'],
    ]);
    expect(report.readiness.reasons.map((r) => r.code)).toEqual(['extra_signature']);
  });

  it('marks a repeated signature as a duplicate that the network would not use', async () => {
    const envelope = xdr.TransactionEnvelope.fromXDR(signed(payment(), A), 'base64');
    envelope.v1().signatures().push(envelope.v1().signatures()[0]!);
    const analysis = await check(envelope.toXDR('base64'), context([account(A)]));
    expect(analysis.report.signatures.map((s) => s.duplicate)).toEqual([false, true]);
    expect(analysis.keep.inner).toEqual([0]);
    expect(analysis.dropped).toMatchObject([{ index: 1, reason: 'duplicate' }]);
    expect(analysis.report.readiness.reasons.map((r) => r.code)).toEqual(['extra_signature']);
  });

  it('says why it is held back: sequence used, expired, not yet valid, underfunded', async () => {
    const now = new Date('2026-11-23T00:00:00Z');
    const used = await check(signed(payment(), A), context([account(A, { sequence: '101' })], { now }));
    expect(used.report.readiness.reasons.map((r) => r.code)).toEqual(['sequence_used']);
    const expired = payment(A, { timeout: 60 }); // built now (2026+), so relative to a later "now"
    const late = await check(signed(expired, A), context([account(A)], { now: new Date(Date.now() + 120_000) }));
    expect(late.report.readiness.reasons.map((r) => r.code)).toEqual(['too_late']);
    const future = new TransactionBuilder(new Account(A.publicKey(), '100'), {
      fee: '100',
      networkPassphrase: LOCAL_PASSPHRASE,
      timebounds: { minTime: 1_900_000_000, maxTime: 0 },
    })
      .addOperation(Operation.bumpSequence({ bumpTo: '0' }))
      .build();
    const early = await check(signed(future, A), context([account(A)], { now }));
    expect(early.report.readiness.reasons.map((r) => r.code)).toEqual(['too_early']);
    expect(early.report.readiness.reasons[0]!.message).toMatch(/not valid for another \d+ s/);
    const poor = await check(signed(payment(), A), context([account(A, { balance: '0.0000099' })], { now }));
    expect(poor.report.readiness.reasons.map((r) => r.code)).toEqual(['underfunded']);
    const fine = await check(signed(payment(), A), context([account(A)], { now }));
    expect(fine.report.readiness).toEqual({ ready: true, reasons: [] });
  });

  it('leaves an unreadable account unknown rather than guessing', async () => {
    const { report } = await check(signed(payment(), A, B), context([], { unknown: [A.publicKey()] }));
    expect(report.requirements[0]).toMatchObject({ status: 'unknown' });
    expect(report.readiness.reasons.map((r) => r.code)).toEqual(['accounts_unknown']);
    expect(report.signatures.map((s) => s.status)).toEqual(['valid', 'unknown_signer']);
  });
});

describe('operation levels (stellar-core getThresholdLevel)', () => {
  const level = (op: xdr.Operation) => operationLevel(op.body());
  const asset = new Asset('USD', A.publicKey());
  it.each([
    ['allow_trust', Operation.allowTrust({ trustor: B.publicKey(), assetCode: 'USD', authorize: 1 }), 'low'],
    [
      'set_trust_line_flags',
      Operation.setTrustLineFlags({ trustor: B.publicKey(), asset, flags: { authorized: true } }),
      'low',
    ],
    ['bump_sequence', Operation.bumpSequence({ bumpTo: '9' }), 'low'],
    ['claim_claimable_balance', Operation.claimClaimableBalance({ balanceId: `00000000${'ab'.repeat(32)}` }), 'low'],
    ['account_merge', Operation.accountMerge({ destination: B.publicKey() }), 'high'],
    ['set_options master weight', Operation.setOptions({ masterWeight: 2 }), 'high'],
    ['set_options threshold', Operation.setOptions({ lowThreshold: 1 }), 'high'],
    ['set_options home domain', Operation.setOptions({ homeDomain: 'x.org' }), 'med'],
    ['payment', Operation.payment({ destination: B.publicKey(), asset, amount: '1' }), 'med'],
    ['change_trust', Operation.changeTrust({ asset }), 'med'],
    ['manage_data', Operation.manageData({ name: 'k', value: 'v' }), 'med'],
  ])('%s is %s', (_name, op, expected) => {
    expect(level(op)).toBe(expected);
  });
  it('a hash-x or pre-auth signer change is high too', () => {
    expect(level(Operation.setOptions({ signer: { sha256Hash: Buffer.alloc(32, 1), weight: 1 } }))).toBe('high');
    expect(level(Operation.setOptions({ signer: { preAuthTx: Buffer.alloc(32, 2), weight: 0 } }))).toBe('high');
  });
});

describe('accounts for the checks', () => {
  it('carries each signer with its kind (told from the key), weight, thresholds and native balance', () => {
    const preAuth = StrKey.encodePreAuthTx(Buffer.alloc(32, 3));
    const hashX = StrKey.encodeSha256Hash(Buffer.alloc(32, 4));
    const record = normalizeAccount({
      id: A.publicKey(),
      sequence: '123456789012345678',
      thresholds: { low_threshold: 1, med_threshold: 2, high_threshold: 3 },
      balances: [{ asset_type: 'native', balance: '12.5000000' }],
      // The local service calls every signer ed25519_public_key; Horizon names the kind.
      signers: [
        { key: A.publicKey(), weight: 0, type: 'ed25519_public_key' },
        { key: preAuth, weight: 1, type: 'ed25519_public_key' },
        { key: hashX, weight: 2, type: 'sha256_hash' },
        { key: 'not a key', weight: 9 },
      ],
    });
    expect(record.signers.map((s) => s.type)).toEqual([
      'ed25519_public_key',
      'preauth_tx',
      'sha256_hash',
      'ed25519_public_key',
    ]);
    expect(accountState(record)).toEqual({
      id: A.publicKey(),
      sequence: '123456789012345678',
      thresholds: { low: 1, med: 2, high: 3 },
      signers: [
        { key: A.publicKey(), type: 'ed25519_public_key', weight: 0 },
        { key: preAuth, type: 'preauth_tx', weight: 1 },
        { key: hashX, type: 'sha256_hash', weight: 2 },
      ],
      nativeBalance: '12.5',
    });
  });
});
