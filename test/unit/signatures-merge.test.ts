// Merging copies of one transaction: union of valid signatures, duplicates once, refusals with
// their reason, detached signatures verified first, a smallest sufficient set kept, the
// 20-signature limit, and the export forms (SEP-7 among them).
import { type Keypair, StrKey, TransactionBuilder, xdr } from '@stellar/stellar-base';
import { describe, expect, it } from 'vitest';
import { CoreError } from '../../core/app/errors';
import { parseEnvelope } from '../../core/submission/envelope';
import { PUBLIC_PASSPHRASE, TESTNET_PASSPHRASE, LOCAL_PASSPHRASE } from '../../core/networks/networks';
import { encodeEnvelope, sep7Uri } from '../../core/signatures/encode';
import { mergeEnvelopes } from '../../core/signatures/merge';
import { chooseMinimal, combinations } from '../../core/signatures/select';
import { MergeReport } from '../../shared/signatures';
import { A, account, B, C, context, D, F, key, payment, signed } from './signatures-support';

const multisig = account(A, {
  signers: [
    [B.publicKey(), 1],
    [C.publicKey(), 1],
    [D.publicKey(), 2],
  ],
  low: 1,
  med: 2,
  high: 3,
});

async function merge(
  inputs: string[],
  options: { detached?: { publicKey: string; signature: string }[]; accounts?: ReturnType<typeof account>[] } = {},
) {
  const report = await mergeEnvelopes(inputs, options.detached ?? [], context(options.accounts ?? [multisig]));
  expect(MergeReport.safeParse(report).success).toBe(true);
  return report;
}

const signersOf = (report: MergeReport) => report.signatures.map((s) => s.signer);

async function refusal(promise: Promise<unknown>): Promise<CoreError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CoreError);
  return error as CoreError;
}

describe('merge', () => {
  it('joins two copies each signed once into one that meets the threshold', async () => {
    const tx = payment();
    const first = await merge([signed(tx, B)]);
    expect(first.requirements.find((r) => r.level === 'med')).toMatchObject({ status: 'short', short: 1 });
    const report = await merge([signed(tx, B), signed(tx, C)]);
    expect(report).toMatchObject({ merged: 2, added: 0, hash: tx.hash().toString('hex'), dropped: [] });
    expect(signersOf(report)).toEqual([B.publicKey(), C.publicKey()]);
    expect(report.requirements.every((r) => r.status === 'met')).toBe(true);
    expect(report.readiness).toEqual({ ready: true, reasons: [] });
    // The merged envelope is a real one: it parses and carries exactly the two signatures.
    expect(parseEnvelope(report.envelope).envelope.v1().signatures()).toHaveLength(2);
  });

  it('keeps each signature once and drops invalid, unknown and unneeded ones, choosing the smallest set', async () => {
    const tx = payment();
    const stranger = key(42);
    const report = await merge([signed(tx, A, B), signed(tx, A, C, stranger), signed(tx, D)]);
    // D alone (weight 2) meets low (1) and med (2): A, B and C are not needed.
    expect(signersOf(report)).toEqual([D.publicKey()]);
    expect(report.dropped.map((d) => [d.signer ?? null, d.reason]).sort()).toEqual(
      [
        [A.publicKey(), 'not_needed'],
        [B.publicKey(), 'not_needed'],
        [C.publicKey(), 'not_needed'],
        [null, 'unknown_signer'],
      ].sort(),
    );
    // The same inputs in another order give the same envelope.
    const again = await merge([signed(tx, D), signed(tx, A, C, stranger), signed(tx, A, B)]);
    expect(again.envelope).toBe(report.envelope);
  });

  it('needs no signature at all when a pre-authorised hash of the transaction carries the weight', async () => {
    const tx = payment();
    const preAuthorised = account(A, { signers: [[StrKey.encodePreAuthTx(tx.hash()), 2]], low: 1, med: 2 });
    const report = await merge([signed(tx, A)], { accounts: [preAuthorised] });
    expect(report.signatures).toEqual([]);
    expect(report.dropped).toEqual([
      { part: 'inner', hint: A.signatureHint().toString('hex'), signer: A.publicKey(), reason: 'not_needed' },
    ]);
    expect(report.readiness).toEqual({ ready: true, reasons: [] });
  });

  it('keeps everything a need could use when the threshold cannot be met', async () => {
    const tx = payment();
    const report = await merge([signed(tx, A), signed(tx, key(43))]);
    expect(signersOf(report)).toEqual([A.publicKey()]);
    expect(report.dropped).toEqual([
      { part: 'inner', hint: key(43).signatureHint().toString('hex'), reason: 'unknown_signer' },
    ]);
    expect(report.readiness.reasons.map((r) => r.code)).toEqual(['threshold_short']);
  });

  it('refuses a different transaction, another network, and a fee bump mixed with a plain one', async () => {
    const tx = payment();
    const other = payment(A, { sequence: '101' });
    expect((await refusal(merge([signed(tx, B), signed(other, C)]))).message).toMatch(
      /^Envelope 2 is a different transaction \(hash [0-9a-f]{64} on Local/,
    );
    const testnet = payment(A, { passphrase: TESTNET_PASSPHRASE });
    const wrongNetwork = await refusal(merge([signed(tx, B), signed(testnet, C)]));
    expect(wrongNetwork.code).toBe('merge_refused');
    expect(wrongNetwork.message).toMatch(/signed for Testnet.*for Local: signatures for different networks/);
    const inner = TransactionBuilder.fromXDR(signed(tx, B), LOCAL_PASSPHRASE) as ReturnType<typeof payment>;
    const bump = TransactionBuilder.buildFeeBumpTransaction(F, '400', inner, LOCAL_PASSPHRASE);
    expect((await refusal(merge([signed(tx, C), bump.toXDR()]))).message).toMatch(
      /is a fee bump and envelope 1 is not/,
    );
    expect((await refusal(merge([signed(tx, B), 'not an envelope']))).message).toMatch(/^Envelope 2: /);
  });

  it('merges the outer signatures of one fee bump, and refuses fee bumps over differently signed inners', async () => {
    const tx = payment();
    const inner = TransactionBuilder.fromXDR(signed(tx, D), LOCAL_PASSPHRASE) as ReturnType<typeof payment>;
    const feeSource = account(F, { signers: [[A.publicKey(), 1]], low: 2 });
    const bump = (...keys: Keypair[]) => {
      const b = TransactionBuilder.buildFeeBumpTransaction(F, '400', inner, LOCAL_PASSPHRASE);
      b.sign(...keys);
      return b.toXDR();
    };
    const report = await merge([bump(F), bump(A)], { accounts: [multisig, feeSource] });
    expect(report.signatures.map((s) => [s.part, s.signer])).toEqual([
      ['inner', D.publicKey()],
      ['outer', F.publicKey()],
      ['outer', A.publicKey()],
    ]);
    expect(report.requirements.every((r) => r.status === 'met')).toBe(true);
    const otherInner = TransactionBuilder.fromXDR(signed(tx, B, C), LOCAL_PASSPHRASE) as ReturnType<typeof payment>;
    const otherBump = TransactionBuilder.buildFeeBumpTransaction(F, '400', otherInner, LOCAL_PASSPHRASE);
    otherBump.sign(A);
    expect((await refusal(merge([bump(F), otherBump.toXDR()], { accounts: [multisig, feeSource] }))).message).toMatch(
      /same inner transaction with other inner signatures/,
    );
  });

  it('adds a detached signature after verifying it, and refuses one that does not verify', async () => {
    const tx = payment();
    const detached = { publicKey: C.publicKey(), signature: C.sign(tx.hash()).toString('base64') };
    const report = await merge([signed(tx, B)], { detached: [detached] });
    expect(report).toMatchObject({ added: 1, merged: 1 });
    expect(signersOf(report)).toEqual([B.publicKey(), C.publicKey()]);
    expect(report.readiness.ready).toBe(true);
    const wrongTx = {
      publicKey: C.publicKey(),
      signature: C.sign(payment(A, { sequence: '7' }).hash()).toString('base64'),
    };
    expect((await refusal(merge([signed(tx, B)], { detached: [wrongTx] }))).message).toMatch(
      /does not verify for this transaction/,
    );
    const wrongKey = { publicKey: D.publicKey(), signature: detached.signature };
    expect((await refusal(merge([signed(tx, B)], { detached: [wrongKey] }))).code).toBe('invalid_input');
    const short = { publicKey: C.publicKey(), signature: Buffer.alloc(10).toString('base64') };
    expect((await refusal(merge([signed(tx, B)], { detached: [short] }))).message).toMatch(/64 bytes/);
    const badKey = { publicKey: `G${'A'.repeat(55)}`, signature: detached.signature };
    expect((await refusal(merge([signed(tx, B)], { detached: [badKey] }))).message).toMatch(
      /not a valid G… public key/,
    );
  });

  it('never produces more than 20 signatures', async () => {
    const keys = Array.from({ length: 21 }, (_, i) => key(100 + i));
    const heavy = account(keys[0]!, {
      signers: keys.slice(1).map((k) => [k.publicKey(), 1] as [string, number]),
      low: 21,
      med: 21,
    });
    const tx = payment(keys[0]!);
    const error = await refusal(
      merge([signed(tx, ...keys.slice(0, 11)), signed(tx, ...keys.slice(11))], { accounts: [heavy] }),
    );
    expect(error.code).toBe('too_many_signatures');
    expect(error.message).toMatch(/21 signatures; an envelope carries at most 20/);
    // With a threshold of 20, 20 of the 21 are kept (the smallest sufficient set found by pruning).
    const lighter = { ...heavy, thresholds: { low: 20, med: 20, high: 20 } };
    const report = await merge([signed(tx, ...keys.slice(0, 11)), signed(tx, ...keys.slice(11))], {
      accounts: [lighter],
    });
    expect(report.signatures).toHaveLength(20);
    expect(report.dropped).toHaveLength(1);
  });
});

describe('merge when an account is missing or unreadable', () => {
  const hintOf = (k: Keypair) => k.signatureHint().toString('hex');

  it('keeps the valid signature when the source account does not exist on the selected network', async () => {
    const tx = payment();
    const report = await merge([signed(tx, A)], { accounts: [] });
    expect(signersOf(report)).toEqual([A.publicKey()]);
    expect(report.dropped).toEqual([]);
    expect(
      parseEnvelope(report.envelope)
        .envelope.v1()
        .signatures()
        .map((s) => s.hint().toString('hex')),
    ).toEqual([hintOf(A)]);
    expect(report.readiness.reasons.map((r) => r.code)).toContain('no_account');
  });

  it('keeps a signature by a missing operation source even when the transaction source is met', async () => {
    const tx = payment(A, { opSource: C.publicKey() });
    const report = await merge([signed(tx, A), signed(tx, C)], { accounts: [account(A, { low: 1, med: 1 })] });
    expect(signersOf(report)).toEqual([A.publicKey(), C.publicKey()]);
    expect(report.dropped).toEqual([]);
  });

  it('keeps every signature but repeats when an account could not be read', async () => {
    const tx = payment(A, { opSource: C.publicKey() });
    const stranger = key(44);
    const context_ = context([account(A, { low: 1, med: 1 })], { unknown: [C.publicKey()] });
    const report = await mergeEnvelopes([signed(tx, A, B), signed(tx, C, stranger), signed(tx, A)], [], context_);
    // B is no signer of A and the stranger of nobody known, but C's signers are not known: both stay.
    expect(report.signatures.map((s) => [s.signer ?? s.hint, s.status])).toEqual([
      [A.publicKey(), 'valid'],
      [hintOf(B), 'unknown_signer'],
      [C.publicKey(), 'valid'],
      [hintOf(stranger), 'unknown_signer'],
    ]);
    expect(report.dropped).toEqual([]);
    const single = await mergeEnvelopes([signed(payment(), A)], [], context([], { unknown: [A.publicKey()] }));
    expect(single.signatures.map((s) => s.signer)).toEqual([A.publicKey()]);
    expect(single.dropped).toEqual([]);
    expect(single.readiness.reasons.map((r) => r.code)).toEqual(['accounts_unknown']);
  });

  it('still drops a truly extra signature, with its reason, when every account was read', async () => {
    const tx = payment(A, { opSource: C.publicKey() });
    const report = await merge([signed(tx, A, B, C)], {
      accounts: [account(A, { low: 1, med: 1 }), account(C, { med: 1 })],
    });
    expect(signersOf(report)).toEqual([A.publicKey(), C.publicKey()]);
    expect(report.dropped).toEqual([{ part: 'inner', hint: hintOf(B), reason: 'unknown_signer' }]);
    const extra = await merge([signed(tx, A, C, D)], {
      accounts: [account(A, { signers: [[D.publicKey(), 1]], low: 1, med: 1 }), account(C, { med: 1 })],
    });
    expect(signersOf(extra)).toEqual([A.publicKey(), C.publicKey()]);
    expect(extra.dropped).toEqual([{ part: 'inner', hint: hintOf(D), signer: D.publicKey(), reason: 'not_needed' }]);
    expect(extra.readiness).toEqual({ ready: true, reasons: [] });
  });
});

describe('choosing a smallest sufficient set', () => {
  it('enumerates combinations in order', () => {
    expect([...combinations(4, 2)]).toEqual([
      [0, 1],
      [0, 2],
      [0, 3],
      [1, 2],
      [1, 3],
      [2, 3],
    ]);
    expect([...combinations(2, 3)]).toEqual([]);
    expect([...combinations(3, 0)]).toEqual([[]]);
  });

  it('finds the fewest items that reach a sum, the first such in order, or null', () => {
    const atLeast = (n: number) => (subset: number[]) => subset.reduce((a, b) => a + b, 0) >= n;
    expect(chooseMinimal([1, 1, 2, 3], atLeast(3))).toEqual([3]);
    expect(chooseMinimal([1, 1, 2, 3], atLeast(5))).toEqual([2, 3]);
    expect(chooseMinimal([1, 1], atLeast(3))).toBeNull();
    const many = Array.from({ length: 18 }, () => 1);
    expect(chooseMinimal(many, atLeast(4))).toHaveLength(4);
  });
});

describe('export forms', () => {
  const base64 = signed(payment(), A);
  it('writes SEP-7 with the passphrase unless the network is public, URL-encoded, and reads it back', () => {
    const uri = sep7Uri(base64, LOCAL_PASSPHRASE);
    expect(uri).toBe(
      `web+stellar:tx?xdr=${encodeURIComponent(base64)}&network_passphrase=Ledgerscope%20Local%20Network%20%3B%202026`,
    );
    expect(uri.slice('web+stellar:tx?xdr='.length).split('&')[0]).not.toMatch(/[+/=]/);
    expect(sep7Uri(base64, PUBLIC_PASSPHRASE)).toBe(`web+stellar:tx?xdr=${encodeURIComponent(base64)}`);
    expect(parseEnvelope(uri).base64).toBe(base64);
  });
  it('writes hex and base64', () => {
    expect(encodeEnvelope(base64, 'hex', LOCAL_PASSPHRASE)).toBe(Buffer.from(base64, 'base64').toString('hex'));
    expect(encodeEnvelope(base64, 'base64', LOCAL_PASSPHRASE)).toBe(base64);
    expect(
      xdr.TransactionEnvelope.fromXDR(encodeEnvelope(base64, 'hex', LOCAL_PASSPHRASE), 'hex').toXDR('base64'),
    ).toBe(base64);
  });
});
