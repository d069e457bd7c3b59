// Threshold arithmetic of the core's SignatureChecker (stellar-core's rules) on real ed25519 keys,
// real hashes and real StrKey signer keys: weights sum, a key counts once, the check stops at the
// weight it needs (the rest stay unused: txBAD_AUTH_EXTRA), pre-auth and hash-x signers.
import { hash, Keypair, StrKey } from '@stellar/stellar-base';
import { describe, expect, it } from 'vitest';
import type { OpBody } from '../../network/validator/model';
import { thresholdLevel } from '../../network/validator/op-checks';
import { type RawSignature, SignatureChecker, signedHash, type WeightedKey } from '../../network/validator/signatures';
import type { Account } from '../../network/validator/state';
import { accountSigners, authorized } from '../../network/validator/validate';

const contents = hash(Buffer.from('a transaction'));
const keys = [1, 2, 3, 4].map((n) => Keypair.fromRawEd25519Seed(Buffer.alloc(32, n)));
const [a, b, c, stranger] = keys as [Keypair, Keypair, Keypair, Keypair];
const sig = (kp: Keypair, payload = contents): RawSignature => ({
  hint: kp.signatureHint(),
  signature: kp.sign(payload),
});
const checker = (...signatures: RawSignature[]) => new SignatureChecker(signedHash(contents, signatures));
const weighted = (...pairs: [Keypair, number][]): WeightedKey[] =>
  pairs.map(([kp, weight]) => ({ key: kp.publicKey(), weight }));

function account(overrides: Partial<Account>): Account {
  return {
    id: a.publicKey(),
    balance: 0n,
    seq: 0n,
    subentries: 0,
    masterWeight: 1,
    low: 0,
    med: 0,
    high: 0,
    homeDomain: '',
    flags: 0,
    lastModified: 0,
    signers: [],
    sponsoring: 0,
    ...overrides,
  };
}

describe('signature checker', () => {
  it('sums the weights of distinct signers up to the weight needed', () => {
    const signers = weighted([a, 1], [b, 1], [c, 1]);
    expect(checker(sig(a)).check(signers, 2)).toBe(false);
    expect(checker(sig(a), sig(b)).check(signers, 2)).toBe(true);
    expect(checker(sig(a), sig(b), sig(c)).check(signers, 3)).toBe(true);
    expect(checker(sig(a), sig(b)).check(signers, 3)).toBe(false);
    expect(checker(sig(c)).check(weighted([a, 1], [b, 2], [c, 3]), 3)).toBe(true);
    expect(checker(sig(a), sig(b)).check(weighted([a, 1], [b, 2], [c, 3]), 4)).toBe(false);
  });

  it('needs at least one signature even for a threshold of 0', () => {
    expect(checker().check(weighted([a, 1]), 0)).toBe(false);
    expect(checker(sig(stranger)).check(weighted([a, 1]), 0)).toBe(false);
    expect(checker(sig(a)).check(weighted([a, 1]), 0)).toBe(true);
  });

  it('counts a key that signed twice once', () => {
    const twice = checker(sig(a), sig(a));
    expect(twice.check(weighted([a, 1], [b, 1]), 2)).toBe(false);
    expect(twice.allUsed()).toBe(false);
    const enough = checker(sig(a), sig(a));
    expect(enough.check(weighted([a, 2]), 2)).toBe(true);
    expect(enough.allUsed()).toBe(false);
  });

  it('leaves unused a signature past the weight needed, and one no signer made', () => {
    const signers = weighted([a, 1], [b, 1], [c, 1]);
    const over = checker(sig(a), sig(b), sig(c));
    expect(over.check(signers, 2)).toBe(true);
    expect(over.allUsed()).toBe(false);
    // A later check (another account, a higher threshold) may use it.
    expect(over.check(signers, 3)).toBe(true);
    expect(over.allUsed()).toBe(true);
    const extra = checker(sig(a), sig(stranger));
    expect(extra.check(signers, 1)).toBe(true);
    expect(extra.check(signers, 3)).toBe(false);
    expect(extra.allUsed()).toBe(false);
  });

  it('refuses a signature over another hash, with a wrong hint or of the wrong length', () => {
    const signers = weighted([a, 1]);
    expect(checker(sig(a, hash(Buffer.from('other')))).check(signers, 1)).toBe(false);
    expect(checker({ hint: b.signatureHint(), signature: a.sign(contents) }).check(signers, 1)).toBe(false);
    expect(checker({ hint: a.signatureHint(), signature: a.sign(contents).subarray(0, 63) }).check(signers, 1)).toBe(
      false,
    );
    expect(checker({ hint: a.signatureHint(), signature: Buffer.alloc(64, 0xff) }).check(signers, 1)).toBe(false);
  });

  it('caps a weight at 255, as stellar-core does since protocol 10', () => {
    expect(checker(sig(a)).check(weighted([a, 300]), 256)).toBe(false);
    expect(checker(sig(a)).check(weighted([a, 300]), 255)).toBe(true);
  });

  it('accepts a pre-authorised transaction signer without any signature', () => {
    const preAuth = { key: StrKey.encodePreAuthTx(contents), weight: 2 };
    const other = { key: StrKey.encodePreAuthTx(hash(Buffer.from('other'))), weight: 2 };
    expect(checker().check([preAuth], 2)).toBe(true);
    expect(checker().check([preAuth], 3)).toBe(false);
    expect(checker(sig(a)).check([preAuth, ...weighted([a, 1])], 3)).toBe(true);
    expect(checker().check([other], 1)).toBe(false);
  });

  it('accepts a hash-x signer whose signature is a preimage, matched by the hash hint', () => {
    const x = Buffer.from('open sesame');
    const signer = { key: StrKey.encodeSha256Hash(hash(x)), weight: 1 };
    const hint = hash(x).subarray(28);
    const good = checker({ hint, signature: x });
    expect(good.check([signer], 1)).toBe(true);
    expect(good.allUsed()).toBe(true);
    expect(checker({ hint, signature: Buffer.from('open sesamE') }).check([signer], 1)).toBe(false);
    expect(checker({ hint: Buffer.alloc(4), signature: x }).check([signer], 1)).toBe(false);
  });

  it('leaves the master key out when its weight is 0', () => {
    const cold = account({ masterWeight: 0, med: 1, signers: weighted([b, 1]) });
    expect(accountSigners(cold).map((s) => s.key)).toEqual([b.publicKey()]);
    expect(authorized(checker(sig(a)), cold, 'low')).toBe(false);
    expect(authorized(checker(sig(b)), cold, 'med')).toBe(true);
    const warm = account({ masterWeight: 2, high: 3, signers: weighted([b, 1]) });
    expect(authorized(checker(sig(a)), warm, 'high')).toBe(false);
    expect(authorized(checker(sig(a), sig(b)), warm, 'high')).toBe(true);
  });
});

describe('threshold levels (stellar-core getThresholdLevel)', () => {
  const level = (body: OpBody) => thresholdLevel(body);
  it('is low for bump_sequence and claims, high for merges, medium for most', () => {
    expect(level({ type: 'bump_sequence', bumpTo: 1n })).toBe('low');
    expect(level({ type: 'claim_claimable_balance', balanceId: '00' })).toBe('low');
    expect(level({ type: 'account_merge', destination: b.publicKey() })).toBe('high');
    expect(level({ type: 'manage_data', name: 'x', value: null })).toBe('med');
    expect(level({ type: 'create_account', destination: b.publicKey(), startingBalance: 1n })).toBe('med');
  });

  it('is high for set_options only when it touches signers, thresholds or the master weight', () => {
    const opts = (options: object): OpBody => ({ type: 'set_options', options });
    expect(level(opts({ homeDomain: 'example.org' }))).toBe('med');
    expect(level(opts({ setFlags: 1 }))).toBe('med');
    for (const change of [
      { masterWeight: 1 },
      { lowThreshold: 1 },
      { medThreshold: 1 },
      { highThreshold: 1 },
      { signer: { key: b.publicKey(), weight: 1 } },
    ]) {
      expect(level(opts(change))).toBe('high');
    }
  });
});
