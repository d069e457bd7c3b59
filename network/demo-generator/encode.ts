// The core's transaction model to XDR (the inverse of network/validator/decode.ts), for the history generator:
// it builds transactions as plain data, applies them, and stores their envelope XDR and hash.
import { createHash } from 'node:crypto';
import { SignerKey, StrKey, xdr } from '@stellar/stellar-base';
import { paymentTransactionBytes } from './encode-payment';
import type { Asset, Claimant, Memo, Operation, Predicate, Transaction } from '../validator/model';

const muxedCache = new Map<string, xdr.MuxedAccount>();
const idCache = new Map<string, xdr.AccountId>();
const i64 = (value: bigint) => xdr.Int64.fromString(value.toString());

function muxed(id: string): xdr.MuxedAccount {
  let m = muxedCache.get(id);
  if (!m) {
    m = xdr.MuxedAccount.keyTypeEd25519(StrKey.decodeEd25519PublicKey(id));
    muxedCache.set(id, m);
  }
  return m;
}

function accountId(id: string): xdr.AccountId {
  let a = idCache.get(id);
  if (!a) {
    a = xdr.PublicKey.publicKeyTypeEd25519(StrKey.decodeEd25519PublicKey(id));
    idCache.set(id, a);
  }
  return a;
}

function code(text: string, width: number): Buffer {
  const buf = Buffer.alloc(width);
  buf.write(text, 'latin1');
  return buf;
}

export function assetXdr(asset: Asset): xdr.Asset {
  if (asset.type === 'native') return xdr.Asset.assetTypeNative();
  if (asset.code.length <= 4) {
    return xdr.Asset.assetTypeCreditAlphanum4(
      new xdr.AlphaNum4({ assetCode: code(asset.code, 4), issuer: accountId(asset.issuer) }),
    );
  }
  return xdr.Asset.assetTypeCreditAlphanum12(
    new xdr.AlphaNum12({ assetCode: code(asset.code, 12), issuer: accountId(asset.issuer) }),
  );
}

function changeTrustAssetXdr(asset: Asset): xdr.ChangeTrustAsset {
  if (asset.type === 'native') return xdr.ChangeTrustAsset.assetTypeNative();
  if (asset.code.length <= 4) {
    return xdr.ChangeTrustAsset.assetTypeCreditAlphanum4(
      new xdr.AlphaNum4({ assetCode: code(asset.code, 4), issuer: accountId(asset.issuer) }),
    );
  }
  return xdr.ChangeTrustAsset.assetTypeCreditAlphanum12(
    new xdr.AlphaNum12({ assetCode: code(asset.code, 12), issuer: accountId(asset.issuer) }),
  );
}

function predicateXdr(p: Predicate): xdr.ClaimPredicate {
  switch (p.type) {
    case 'unconditional':
      return xdr.ClaimPredicate.claimPredicateUnconditional();
    case 'and':
      return xdr.ClaimPredicate.claimPredicateAnd(p.parts.map(predicateXdr));
    case 'or':
      return xdr.ClaimPredicate.claimPredicateOr(p.parts.map(predicateXdr));
    case 'not':
      return xdr.ClaimPredicate.claimPredicateNot(predicateXdr(p.part));
    case 'abs_before':
      return xdr.ClaimPredicate.claimPredicateBeforeAbsoluteTime(i64(p.epoch));
    case 'rel_before':
      return xdr.ClaimPredicate.claimPredicateBeforeRelativeTime(i64(p.seconds));
  }
}

export function claimantXdr(c: Claimant): xdr.Claimant {
  return xdr.Claimant.claimantTypeV0(
    new xdr.ClaimantV0({ destination: accountId(c.destination), predicate: predicateXdr(c.predicate) }),
  );
}

type Body<T extends Operation['body']['type']> = Extract<Operation['body'], { type: T }>;

/** The line a change_trust names: an asset, or a pool's shares by the pool's parameters. */
function trustLineXdr(b: Body<'change_trust'>): xdr.ChangeTrustAsset {
  if (!b.pool) return changeTrustAssetXdr(b.asset);
  const params = new xdr.LiquidityPoolConstantProductParameters({
    assetA: assetXdr(b.pool.assetA),
    assetB: assetXdr(b.pool.assetB),
    fee: b.pool.fee,
  });
  return xdr.ChangeTrustAsset.assetTypePoolShare(xdr.LiquidityPoolParameters.liquidityPoolConstantProduct(params));
}

function setOptionsXdr(o: Body<'set_options'>['options']): xdr.SetOptionsOp {
  return new xdr.SetOptionsOp({
    inflationDest: null,
    clearFlags: o.clearFlags ?? null,
    setFlags: o.setFlags ?? null,
    masterWeight: o.masterWeight ?? null,
    lowThreshold: o.lowThreshold ?? null,
    medThreshold: o.medThreshold ?? null,
    highThreshold: o.highThreshold ?? null,
    homeDomain: o.homeDomain ?? null,
    signer: o.signer ? new xdr.Signer({ key: SignerKey.decodeAddress(o.signer.key), weight: o.signer.weight }) : null,
  });
}

function bodyXdr(op: Operation): xdr.OperationBody {
  const b = op.body;
  switch (b.type) {
    case 'payment':
      return xdr.OperationBody.payment(
        new xdr.PaymentOp({ destination: muxed(b.destination), asset: assetXdr(b.asset), amount: i64(b.amount) }),
      );
    case 'create_account':
      return xdr.OperationBody.createAccount(
        new xdr.CreateAccountOp({ destination: accountId(b.destination), startingBalance: i64(b.startingBalance) }),
      );
    case 'change_trust':
      return xdr.OperationBody.changeTrust(new xdr.ChangeTrustOp({ line: trustLineXdr(b), limit: i64(b.limit) }));
    case 'create_claimable_balance':
      return xdr.OperationBody.createClaimableBalance(
        new xdr.CreateClaimableBalanceOp({
          asset: assetXdr(b.asset),
          amount: i64(b.amount),
          claimants: b.claimants.map(claimantXdr),
        }),
      );
    case 'claim_claimable_balance':
      return xdr.OperationBody.claimClaimableBalance(
        new xdr.ClaimClaimableBalanceOp({
          balanceId: xdr.ClaimableBalanceId.claimableBalanceIdTypeV0(Buffer.from(b.balanceId.slice(8), 'hex')),
        }),
      );
    case 'liquidity_pool_deposit':
      return xdr.OperationBody.liquidityPoolDeposit(
        new xdr.LiquidityPoolDepositOp({
          liquidityPoolId: Buffer.from(b.poolId, 'hex') as never,
          maxAmountA: i64(b.maxA),
          maxAmountB: i64(b.maxB),
          minPrice: new xdr.Price(b.minPrice),
          maxPrice: new xdr.Price(b.maxPrice),
        }),
      );
    case 'liquidity_pool_withdraw':
      return xdr.OperationBody.liquidityPoolWithdraw(
        new xdr.LiquidityPoolWithdrawOp({
          liquidityPoolId: Buffer.from(b.poolId, 'hex') as never,
          amount: i64(b.amount),
          minAmountA: i64(b.minA),
          minAmountB: i64(b.minB),
        }),
      );
    case 'manage_data':
      return xdr.OperationBody.manageData(new xdr.ManageDataOp({ dataName: b.name, dataValue: b.value }));
    case 'account_merge':
      return xdr.OperationBody.accountMerge(muxed(b.destination));
    case 'bump_sequence':
      return xdr.OperationBody.bumpSequence(new xdr.BumpSequenceOp({ bumpTo: i64(b.bumpTo) }));
    case 'set_options':
      return xdr.OperationBody.setOptions(setOptionsXdr(b.options));
    case 'unsupported':
      throw new Error('cannot encode an unsupported operation');
  }
}

function memoXdr(memo: Memo): xdr.Memo {
  switch (memo.type) {
    case 'none':
      return xdr.Memo.memoNone();
    case 'text':
      return xdr.Memo.memoText(memo.value);
    case 'id':
      return xdr.Memo.memoId(xdr.Uint64.fromString(memo.value.toString()));
    case 'hash':
      return xdr.Memo.memoHash(memo.value);
    case 'return':
      return xdr.Memo.memoReturn(memo.value);
  }
}

export function transactionXdr(tx: Transaction): xdr.Transaction {
  const bounded = tx.minTime !== 0n || tx.maxTime !== 0n;
  return new xdr.Transaction({
    sourceAccount: muxed(tx.source),
    fee: Number(tx.fee),
    seqNum: i64(tx.seq),
    cond: bounded
      ? xdr.Preconditions.precondTime(
          new xdr.TimeBounds({
            minTime: xdr.Uint64.fromString(tx.minTime.toString()),
            maxTime: xdr.Uint64.fromString(tx.maxTime.toString()),
          }),
        )
      : xdr.Preconditions.precondNone(),
    memo: memoXdr(tx.memo),
    operations: tx.operations.map(
      (op) => new xdr.Operation({ sourceAccount: op.source ? muxed(op.source) : null, body: bodyXdr(op) }),
    ),
    ext: new xdr.TransactionExt(0),
  });
}

const TX_TAG = Buffer.from([0, 0, 0, 2]);

export function hashTransaction(tx: Transaction, networkId: Buffer): { body: Buffer; hash: Buffer } {
  const body = paymentTransactionBytes(tx) ?? transactionXdr(tx).toXDR();
  return { body, hash: createHash('sha256').update(networkId).update(TX_TAG).update(body).digest() };
}

/**
 * Base64 TransactionEnvelope (ENVELOPE_TYPE_TX): the tag, the transaction bytes and the
 * decorated signatures, concatenated as XDR lays them out, so the transaction is serialised once.
 */
export function envelopeXdr(body: Buffer, signatures: { hint: Buffer; signature: Buffer }[]): string {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(signatures.length, 0);
  const parts: Buffer[] = [TX_TAG, body, head];
  for (const { hint, signature } of signatures) {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(signature.length, 0);
    parts.push(hint, len, signature);
  }
  return Buffer.concat(parts).toString('base64');
}
