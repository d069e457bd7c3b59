// Apply of the eleven operation types: each type's success and its failure codes, with Stellar's
// semantics (a failed operation fails its transaction: fee charged, sequence used, no effect).
import {
  Account,
  Asset,
  Claimant,
  getLiquidityPoolId,
  LiquidityPoolAsset,
  LiquidityPoolFeeV18,
  Operation,
  TransactionBuilder,
} from '@stellar/stellar-base';
import { describe as suite, expect, it } from 'vitest';
import { decodeResult, describe, Harness, PASSPHRASE } from '../support/core-harness';

const native = Asset.native();
const pay = (destination: string, amount: string, asset = native) => Operation.payment({ destination, asset, amount });

function withCurrency(h: Harness) {
  const issuer = h.fund('100');
  const usd = new Asset('USD', issuer.publicKey());
  const alice = h.fund('100');
  const bob = h.fund('100');
  for (const k of [alice, bob]) h.apply(k, [Operation.changeTrust({ asset: usd, limit: '1000' })]);
  h.apply(issuer, [pay(alice.publicKey(), '500', usd)]);
  return { issuer, usd, alice, bob };
}

suite('payment', () => {
  it('moves native and credit, and fails with UNDERFUNDED, NO_DESTINATION, NO_TRUST, LINE_FULL', () => {
    const h = new Harness();
    const { usd, alice, bob } = withCurrency(h);
    const before = h.balance(bob.publicKey());
    expect(h.apply(alice, [pay(bob.publicKey(), '2.5')]).codes).toBe('txSuccess paymentSuccess');
    expect(h.balance(bob.publicKey())).toBe(before + 25_000_000n);
    h.apply(alice, [pay(bob.publicKey(), '100', usd)]);
    expect(h.line(bob.publicKey(), usd)).toBe(1_000_000_000n);
    expect(h.apply(alice, [pay(bob.publicKey(), '1000')]).codes).toBe('txFailed paymentUnderfunded');
    expect(h.apply(alice, [pay(h.keypair().publicKey(), '1')]).codes).toBe('txFailed paymentNoDestination');
    expect(h.apply(alice, [pay(h.root.publicKey(), '1', usd)]).codes).toBe('txFailed paymentNoTrust');
    expect(h.apply(alice, [pay(bob.publicKey(), '950', usd)]).codes).toBe('txFailed paymentLineFull');
  });

  it('records a failed transaction: fee charged, sequence used, earlier operations rolled back', () => {
    const h = new Harness();
    const alice = h.fund('100');
    const bob = h.fund('100');
    const seq = h.core.state.accounts.get(alice.publicKey())?.seq ?? 0n;
    const aliceBefore = h.balance(alice.publicKey());
    const bobBefore = h.balance(bob.publicKey());
    const { applied, codes } = h.apply(alice, [pay(bob.publicKey(), '10'), pay(bob.publicKey(), '1000')]);
    expect(codes).toBe('txFailed paymentSuccess paymentUnderfunded');
    expect(applied.successful).toBe(false);
    expect(applied.feeCharged).toBe(200n);
    expect(h.balance(alice.publicKey())).toBe(aliceBefore - 200n);
    expect(h.balance(bob.publicKey())).toBe(bobBefore);
    expect(h.core.state.accounts.get(alice.publicKey())?.seq).toBe(seq + 1n);
    expect(JSON.parse(applied.ops[0]?.details ?? '{}')).toMatchObject({
      sender: alice.publicKey(),
      receiver: bob.publicKey(),
      currency: { code: 'XLM' },
    });
  });
});

suite('create_account and account_merge', () => {
  it('creates with a reserve and refuses LOW_RESERVE, ALREADY_EXIST, UNDERFUNDED', () => {
    const h = new Harness();
    const alice = h.fund('10');
    expect(
      h.apply(alice, [Operation.createAccount({ destination: h.keypair().publicKey(), startingBalance: '0.5' })]).codes,
    ).toBe('txFailed createAccountLowReserve');
    expect(
      h.apply(alice, [Operation.createAccount({ destination: h.root.publicKey(), startingBalance: '1' })]).codes,
    ).toBe('txFailed createAccountAlreadyExist');
    expect(
      h.apply(alice, [Operation.createAccount({ destination: h.keypair().publicKey(), startingBalance: '50' })]).codes,
    ).toBe('txFailed createAccountUnderfunded');
  });

  it('merges into the destination, and refuses HAS_SUB_ENTRIES and NO_ACCOUNT', () => {
    const h = new Harness();
    const alice = h.fund('10');
    const bob = h.fund('10');
    h.apply(alice, [Operation.manageData({ name: 'k', value: 'v' })]);
    expect(h.apply(alice, [Operation.accountMerge({ destination: bob.publicKey() })]).codes).toBe(
      'txFailed accountMergeHasSubEntries',
    );
    expect(h.apply(alice, [Operation.accountMerge({ destination: h.keypair().publicKey() })]).codes).toBe(
      'txFailed accountMergeNoAccount',
    );
    h.apply(alice, [Operation.manageData({ name: 'k', value: null })]);
    const aliceBalance = h.balance(alice.publicKey());
    const bobBalance = h.balance(bob.publicKey());
    const { codes, applied, result } = h.apply(alice, [Operation.accountMerge({ destination: bob.publicKey() })]);
    expect(codes).toBe('txSuccess accountMergeSuccess');
    expect(h.core.state.accounts.has(alice.publicKey())).toBe(false);
    expect(h.balance(bob.publicKey())).toBe(bobBalance + aliceBalance - 100n);
    expect(JSON.parse(applied.ops[0]?.details ?? '{}').amount).toBe(Number(aliceBalance - 100n));
    expect(result.result().results()[0]?.tr().accountMergeResult().sourceAccountBalance().toString()).toBe(
      String(aliceBalance - 100n),
    );
  });
});

suite('change_trust', () => {
  it('creates, changes and deletes a trustline; INVALID_LIMIT, LOW_RESERVE, NO_ISSUER', () => {
    const h = new Harness();
    const { usd, alice } = withCurrency(h);
    expect(h.apply(alice, [Operation.changeTrust({ asset: usd, limit: '100' })]).codes).toBe(
      'txFailed changeTrustInvalidLimit',
    );
    expect(h.apply(alice, [Operation.changeTrust({ asset: usd, limit: '0' })]).codes).toBe(
      'txFailed changeTrustInvalidLimit',
    );
    const poor = h.fund('1.01');
    expect(h.apply(poor, [Operation.changeTrust({ asset: usd })]).codes).toBe('txFailed changeTrustLowReserve');
    expect(h.apply(alice, [Operation.changeTrust({ asset: new Asset('EUR', h.keypair().publicKey()) })]).codes).toBe(
      'txFailed changeTrustNoIssuer',
    );
    const carol = h.fund('10');
    h.apply(carol, [Operation.changeTrust({ asset: usd })]);
    expect(h.core.state.accounts.get(carol.publicKey())?.subentries).toBe(1);
    expect(h.apply(carol, [Operation.changeTrust({ asset: usd, limit: '0' })]).codes).toBe(
      'txSuccess changeTrustSuccess',
    );
    expect(h.core.state.accounts.get(carol.publicKey())?.subentries).toBe(0);
  });
});

suite('claimable balances', () => {
  it('creates and claims; CANNOT_CLAIM for a false predicate or a stranger; DOES_NOT_EXIST', () => {
    const h = new Harness();
    const alice = h.fund('100');
    const bob = h.fund('100');
    const past = Math.floor(Date.now() / 1000) - 3600;
    const claimants = [
      new Claimant(
        bob.publicKey(),
        Claimant.predicateOr(
          Claimant.predicateBeforeAbsoluteTime(String(past)),
          Claimant.predicateNot(Claimant.predicateBeforeAbsoluteTime(String(past))),
        ),
      ),
      new Claimant(
        h.root.publicKey(),
        Claimant.predicateAnd(Claimant.predicateUnconditional(), Claimant.predicateBeforeAbsoluteTime(String(past))),
      ),
    ];
    const created = h.apply(alice, [Operation.createClaimableBalance({ asset: native, amount: '10', claimants })]);
    expect(created.codes).toBe('txSuccess createClaimableBalanceSuccess');
    const balanceId =
      created.result.result().results()[0]?.tr().createClaimableBalanceResult().balanceId().toXDR('hex') ?? '';
    expect(h.core.state.accounts.get(alice.publicKey())?.sponsoring).toBe(2);
    expect(h.apply(h.root, [Operation.claimClaimableBalance({ balanceId })]).codes).toBe(
      'txFailed claimClaimableBalanceCannotClaim',
    );
    expect(h.apply(h.fund(), [Operation.claimClaimableBalance({ balanceId })]).codes).toBe(
      'txFailed claimClaimableBalanceCannotClaim',
    );
    const before = h.balance(bob.publicKey());
    expect(h.apply(bob, [Operation.claimClaimableBalance({ balanceId })]).codes).toBe(
      'txSuccess claimClaimableBalanceSuccess',
    );
    expect(h.balance(bob.publicKey())).toBe(before - 100n + 100_000_000n);
    expect(h.core.state.accounts.get(alice.publicKey())?.sponsoring).toBe(0);
    expect(h.apply(bob, [Operation.claimClaimableBalance({ balanceId })]).codes).toBe(
      'txFailed claimClaimableBalanceDoesNotExist',
    );
  });

  it('refuses NO_TRUST, UNDERFUNDED and LOW_RESERVE at creation', () => {
    const h = new Harness();
    const { usd, alice } = withCurrency(h);
    const poor = h.fund('1.5');
    const claimants = [new Claimant(alice.publicKey())];
    expect(h.apply(poor, [Operation.createClaimableBalance({ asset: usd, amount: '1', claimants })]).codes).toBe(
      'txFailed createClaimableBalanceNoTrust',
    );
    expect(h.apply(alice, [Operation.createClaimableBalance({ asset: usd, amount: '501', claimants })]).codes).toBe(
      'txFailed createClaimableBalanceUnderfunded',
    );
    expect(h.apply(poor, [Operation.createClaimableBalance({ asset: native, amount: '0.2', claimants })]).codes).toBe(
      'txFailed createClaimableBalanceLowReserve',
    );
  });
});

suite('liquidity pools', () => {
  it("deposits and withdraws with the constant-product rules; pool id is Stellar's", () => {
    const h = new Harness();
    const { usd, alice } = withCurrency(h);
    const poolAsset = new LiquidityPoolAsset(native, usd, LiquidityPoolFeeV18);
    const poolId = getLiquidityPoolId('constant_product', {
      assetA: native,
      assetB: usd,
      fee: LiquidityPoolFeeV18,
    }).toString('hex');
    const deposit = (a: string, b: string, min = { n: 1, d: 100 }, max = { n: 100, d: 1 }) =>
      Operation.liquidityPoolDeposit({
        liquidityPoolId: poolId,
        maxAmountA: a,
        maxAmountB: b,
        minPrice: min,
        maxPrice: max,
      });
    expect(h.apply(alice, [deposit('10', '20')]).codes).toBe('txFailed liquidityPoolDepositNoTrust');
    expect(h.apply(alice, [Operation.changeTrust({ asset: poolAsset })]).codes).toBe('txSuccess changeTrustSuccess');
    expect(h.core.state.pools.has(poolId)).toBe(true);
    expect(h.apply(alice, [deposit('10', '20', { n: 1, d: 1 }, { n: 1, d: 1 })]).codes).toBe(
      'txFailed liquidityPoolDepositBadPrice',
    );
    expect(h.apply(alice, [deposit('10', '20')]).codes).toBe('txSuccess liquidityPoolDepositSuccess');
    const pool = h.core.state.pools.get(poolId);
    expect(pool).toMatchObject({ reserveA: 100_000_000n, reserveB: 200_000_000n, shares: 141_421_356n });
    expect(h.apply(alice, [deposit('1', '1')]).codes).toBe('txSuccess liquidityPoolDepositSuccess');
    expect(h.core.state.pools.get(poolId)).toMatchObject({ reserveA: 105_000_000n, reserveB: 209_999_999n });
    expect(h.apply(alice, [deposit('100', '600')]).codes).toBe('txFailed liquidityPoolDepositUnderfunded');
    const withdraw = (amount: string, minA = '0') =>
      Operation.liquidityPoolWithdraw({ liquidityPoolId: poolId, amount, minAmountA: minA, minAmountB: '0' });
    expect(h.apply(alice, [withdraw('1', '5')]).codes).toBe('txFailed liquidityPoolWithdrawUnderMinimum');
    expect(h.apply(alice, [withdraw('100')]).codes).toBe('txFailed liquidityPoolWithdrawUnderfunded');
    const { codes, applied } = h.apply(alice, [withdraw('1')]);
    expect(codes).toBe('txSuccess liquidityPoolWithdrawSuccess');
    expect(JSON.parse(applied.ops[0]?.details ?? '{}')).toMatchObject({
      liquidity_pool_id: poolId,
      reserves_received: [{ currency: { code: 'XLM' } }, { currency: { code: 'USD' } }],
    });
    expect(applied.ops[0]?.scopes).toContainEqual(['liquidity_pool', poolId]);
  });
});

suite('manage_data, bump_sequence, set_options', () => {
  it('sets and deletes data; NAME_NOT_FOUND', () => {
    const h = new Harness();
    const alice = h.fund('10');
    expect(h.apply(alice, [Operation.manageData({ name: 'k', value: 'v' })]).codes).toBe('txSuccess manageDataSuccess');
    expect(h.core.state.data.get(`${alice.publicKey()}|k`)?.value).toBe(Buffer.from('v').toString('base64'));
    expect(h.apply(alice, [Operation.manageData({ name: 'gone', value: null })]).codes).toBe(
      'txFailed manageDataNameNotFound',
    );
  });

  it('bumps the sequence number forward only', () => {
    const h = new Harness();
    const alice = h.fund('10');
    const seq = h.core.state.accounts.get(alice.publicKey())?.seq ?? 0n;
    expect(h.apply(alice, [Operation.bumpSequence({ bumpTo: (seq + 100n).toString() })]).codes).toBe(
      'txSuccess bumpSequenceSuccess',
    );
    expect(h.core.state.accounts.get(alice.publicKey())?.seq).toBe(seq + 100n);
    h.apply(alice, [Operation.bumpSequence({ bumpTo: '1' })]);
    expect(h.core.state.accounts.get(alice.publicKey())?.seq).toBe(seq + 101n);
  });

  it('adds a signer that can then sign alone, and enforces thresholds with opBAD_AUTH', () => {
    const h = new Harness();
    const alice = h.fund('10');
    const cosigner = h.keypair();
    expect(
      h.apply(alice, [
        Operation.setOptions({
          signer: { ed25519PublicKey: cosigner.publicKey(), weight: 1 },
          homeDomain: 'example.org',
        }),
      ]).codes,
    ).toBe('txSuccess setOptionsSuccess');
    expect(h.apply(alice, [Operation.manageData({ name: 'a', value: 'b' })], { signers: [cosigner] }).codes).toBe(
      'txSuccess manageDataSuccess',
    );
    h.apply(alice, [Operation.setOptions({ masterWeight: 1, lowThreshold: 1, medThreshold: 2, highThreshold: 2 })]);
    const answer = h.submit(
      h.envelope(alice, [Operation.manageData({ name: 'c', value: 'd' })], { signers: [cosigner] }),
    );
    expect(answer.status).toBe('ERROR');
    expect(
      h.apply(alice, [Operation.manageData({ name: 'c', value: 'd' })], { signers: [alice, cosigner] }).codes,
    ).toBe('txSuccess manageDataSuccess');
    const bob = h.fund('10');
    const foreign = h.submit(
      h.envelope(alice, [Operation.manageData({ name: 'x', value: 'y', source: bob.publicKey() })], {
        signers: [alice, cosigner],
      }),
    );
    expect(foreign.status).toBe('ERROR');
    expect(describe(foreign.error ?? '')).toBe('txFailed opBadAuth');
  });
});

suite('more failure codes', () => {
  it('claims credit balances only with a trustline that has room: NO_TRUST, LINE_FULL', () => {
    const h = new Harness();
    const { usd, alice, bob } = withCurrency(h);
    const carol = h.fund('10');
    const created = h.apply(alice, [
      Operation.createClaimableBalance({
        asset: usd,
        amount: '200',
        claimants: [new Claimant(carol.publicKey()), new Claimant(bob.publicKey())],
      }),
    ]);
    const balanceId =
      created.result.result().results()[0]?.tr().createClaimableBalanceResult().balanceId().toXDR('hex') ?? '';
    expect(h.apply(carol, [Operation.claimClaimableBalance({ balanceId })]).codes).toBe(
      'txFailed claimClaimableBalanceNoTrust',
    );
    h.apply(bob, [Operation.changeTrust({ asset: usd, limit: '100' })]);
    expect(h.apply(bob, [Operation.claimClaimableBalance({ balanceId })]).codes).toBe(
      'txFailed claimClaimableBalanceLineFull',
    );
    h.apply(bob, [Operation.changeTrust({ asset: usd, limit: '1000' })]);
    expect(h.apply(bob, [Operation.claimClaimableBalance({ balanceId })]).codes).toBe(
      'txSuccess claimClaimableBalanceSuccess',
    );
    expect(h.line(bob.publicKey(), usd)).toBe(2_000_000_000n);
  });

  it('refuses duplicate claimants, a signer that is the account, and too many signers', () => {
    const h = new Harness();
    const alice = h.fund('100');
    const bob = h.fund('10');
    const twice = h.submit(
      h.envelope(alice, [
        Operation.createClaimableBalance({
          asset: native,
          amount: '1',
          claimants: [new Claimant(bob.publicKey()), new Claimant(bob.publicKey())],
        }),
      ]),
    );
    expect(describe(twice.error ?? '')).toBe('txFailed createClaimableBalanceMalformed');
    const self = h.submit(
      h.envelope(alice, [Operation.setOptions({ signer: { ed25519PublicKey: alice.publicKey(), weight: 1 } })]),
    );
    expect(describe(self.error ?? '')).toBe('txFailed setOptionsBadSigner');
    const signers = Array.from({ length: 20 }, () =>
      Operation.setOptions({ signer: { ed25519PublicKey: h.keypair().publicKey(), weight: 1 } }),
    );
    expect(h.apply(alice, signers).codes).toMatch(/^txSuccess/);
    expect(
      h.apply(alice, [Operation.setOptions({ signer: { ed25519PublicKey: h.keypair().publicKey(), weight: 1 } })])
        .codes,
    ).toBe('txFailed setOptionsTooManySigners');
  });

  it('fails a fee bump whose inner transaction is invalid with txFEE_BUMP_INNER_FAILED', () => {
    const h = new Harness();
    const alice = h.fund('10');
    const sponsor = h.fund('10');
    const inner = new TransactionBuilder(new Account(alice.publicKey(), '1'), {
      fee: '100',
      networkPassphrase: PASSPHRASE,
    })
      .addOperation(pay(h.root.publicKey(), '1'))
      .setTimeout(0)
      .build();
    inner.sign(alice);
    const bump = TransactionBuilder.buildFeeBumpTransaction(sponsor, '200', inner, PASSPHRASE);
    bump.sign(sponsor);
    const answer = h.submit(bump.toXDR());
    expect(describe(answer.error ?? '')).toBe('txFeeBumpInnerFailed');
    const innerCode = decodeResult(answer.error ?? '')
      .result()
      .innerResultPair()
      .result()
      .result()
      .switch().name;
    expect(innerCode).toBe('txBadSeq');
  });

  it('withdraws into a full trustline with LINE_FULL and leaves the pool as it was', () => {
    const h = new Harness();
    const { usd, alice } = withCurrency(h);
    const poolId = getLiquidityPoolId('constant_product', {
      assetA: native,
      assetB: usd,
      fee: LiquidityPoolFeeV18,
    }).toString('hex');
    h.apply(alice, [Operation.changeTrust({ asset: new LiquidityPoolAsset(native, usd, LiquidityPoolFeeV18) })]);
    h.apply(alice, [
      Operation.liquidityPoolDeposit({
        liquidityPoolId: poolId,
        maxAmountA: '10',
        maxAmountB: '400',
        minPrice: { n: 1, d: 100 },
        maxPrice: { n: 100, d: 1 },
      }),
    ]);
    h.apply(alice, [Operation.changeTrust({ asset: usd, limit: '100' })]);
    const before = { ...h.core.state.pools.get(poolId) };
    expect(
      h.apply(alice, [
        Operation.liquidityPoolWithdraw({ liquidityPoolId: poolId, amount: '60', minAmountA: '0', minAmountB: '0' }),
      ]).codes,
    ).toBe('txFailed liquidityPoolWithdrawLineFull');
    expect(h.core.state.pools.get(poolId)).toEqual(before);
  });
});
