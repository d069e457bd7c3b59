// TransactionEnvelope XDR (v0, v1, fee bump) to the core's model, with the hash under this
// network's passphrase. Anything that is not a decodable envelope throws DecodeError.
import { createHash } from 'node:crypto';
import { StrKey, xdr } from '@stellar/stellar-base';
import { type RawSignature, signedHash } from './signatures';
import {
  type Asset,
  type Claimant,
  creditAsset,
  type Envelope,
  type Memo,
  NATIVE_ASSET,
  type Operation,
  type OpBody,
  type Predicate,
  type SetOptions,
  type Transaction,
} from './model';

export class DecodeError extends Error {
  override name = 'DecodeError';
}

export function networkId(passphrase: string): Buffer {
  return createHash('sha256').update(passphrase).digest();
}

const hex = (value: unknown): string => Buffer.from(value as Buffer).toString('hex');
const big = (value: { toString(): string }): bigint => BigInt(value.toString());
const accountKey = (buf: Buffer): string => StrKey.encodeEd25519PublicKey(buf);

function muxed(account: xdr.MuxedAccount): string {
  return account.switch().value === 0 ? accountKey(account.ed25519()) : accountKey(account.med25519().ed25519());
}

function accountId(id: xdr.AccountId): string {
  return accountKey(id.ed25519());
}

function assetCode(raw: Buffer): string {
  return raw.toString('latin1').replace(/\0+$/, '');
}

/** A code the wrong width for its type (a 3-letter alphanum12) decodes to "" (op-checks: malformed). */
function sized(code: string, min: number): string {
  return code.length >= min ? code : '';
}

function asset(value: xdr.Asset | xdr.ChangeTrustAsset | xdr.TrustLineAsset): Asset {
  switch (value.switch().value) {
    case 0:
      return NATIVE_ASSET;
    case 1:
      return creditAsset(sized(assetCode(value.alphaNum4().assetCode()), 1), accountId(value.alphaNum4().issuer()));
    case 2:
      return creditAsset(sized(assetCode(value.alphaNum12().assetCode()), 5), accountId(value.alphaNum12().issuer()));
    default:
      throw new DecodeError('not a plain asset');
  }
}

function predicate(value: xdr.ClaimPredicate, depth: number): Predicate {
  if (depth > 4) throw new DecodeError('claim predicate nests too deep');
  switch (value.switch().value) {
    case 0:
      return { type: 'unconditional' };
    case 1:
      return { type: 'and', parts: value.andPredicates().map((p) => predicate(p, depth + 1)) };
    case 2:
      return { type: 'or', parts: value.orPredicates().map((p) => predicate(p, depth + 1)) };
    case 3: {
      const inner = value.notPredicate();
      if (!inner) throw new DecodeError('not predicate without operand');
      return { type: 'not', part: predicate(inner, depth + 1) };
    }
    case 4:
      return { type: 'abs_before', epoch: big(value.absBefore()) };
    default:
      return { type: 'rel_before', seconds: big(value.relBefore()) };
  }
}

function claimant(value: xdr.Claimant): Claimant {
  const v0 = value.v0();
  return { destination: accountId(v0.destination()), predicate: predicate(v0.predicate(), 1) };
}

/** A signer key as its StrKey text; undefined for a signed-payload signer (not implemented). */
function signerKey(key: xdr.SignerKey): string | undefined {
  const kind = key.switch().value;
  if (kind === 0) return accountKey(key.ed25519());
  if (kind === 1) return StrKey.encodePreAuthTx(key.preAuthTx());
  return kind === 2 ? StrKey.encodeSha256Hash(key.hashX()) : undefined;
}

function setOptions(op: xdr.SetOptionsOp): SetOptions {
  const out: SetOptions = {};
  if (op.inflationDest()) out.unsupported = 'inflation_dest';
  const num = (value: number | null | undefined): number | undefined => (value === null || value === undefined ? undefined : value);
  out.clearFlags = num(op.clearFlags());
  out.setFlags = num(op.setFlags());
  out.masterWeight = num(op.masterWeight());
  out.lowThreshold = num(op.lowThreshold());
  out.medThreshold = num(op.medThreshold());
  out.highThreshold = num(op.highThreshold());
  const domain = op.homeDomain();
  if (domain !== null && domain !== undefined) out.homeDomain = Buffer.isBuffer(domain) ? domain.toString('latin1') : String(domain);
  const signer = op.signer();
  if (signer) {
    const key = signerKey(signer.key());
    if (key === undefined) out.unsupported = 'signer_type';
    else out.signer = { key, weight: signer.weight() };
  }
  for (const key of Object.keys(out) as (keyof SetOptions)[]) if (out[key] === undefined) delete out[key];
  return out;
}

function body(op: xdr.Operation): OpBody {
  const b = op.body();
  const type = b.switch().value;
  switch (type) {
    case 0: {
      const o = b.createAccountOp();
      return { type: 'create_account', destination: accountId(o.destination()), startingBalance: big(o.startingBalance()) };
    }
    case 1: {
      const o = b.paymentOp();
      return { type: 'payment', destination: muxed(o.destination()), asset: asset(o.asset()), amount: big(o.amount()) };
    }
    case 5:
      return { type: 'set_options', options: setOptions(b.setOptionsOp()) };
    case 6: {
      const o = b.changeTrustOp();
      const line = o.line();
      if (line.switch().value === 3) {
        const params = line.liquidityPool().constantProduct();
        const pool = { assetA: asset(params.assetA()), assetB: asset(params.assetB()), fee: params.fee() };
        return { type: 'change_trust', asset: NATIVE_ASSET, pool, limit: big(o.limit()) };
      }
      return { type: 'change_trust', asset: asset(line), limit: big(o.limit()) };
    }
    case 8:
      return { type: 'account_merge', destination: muxed(b.destination()) };
    case 10: {
      const o = b.manageDataOp();
      const name = o.dataName();
      return { type: 'manage_data', name: Buffer.isBuffer(name) ? name.toString('latin1') : String(name), value: o.dataValue() ?? null };
    }
    case 11:
      return { type: 'bump_sequence', bumpTo: big(b.bumpSequenceOp().bumpTo()) };
    case 14: {
      const o = b.createClaimableBalanceOp();
      return { type: 'create_claimable_balance', asset: asset(o.asset()), amount: big(o.amount()), claimants: o.claimants().map(claimant) };
    }
    case 15:
      return { type: 'claim_claimable_balance', balanceId: `00000000${b.claimClaimableBalanceOp().balanceId().v0().toString('hex')}` };
    case 22: {
      const o = b.liquidityPoolDepositOp();
      const price = (p: xdr.Price) => ({ n: p.n(), d: p.d() });
      return {
        type: 'liquidity_pool_deposit',
        poolId: hex(o.liquidityPoolId()),
        maxA: big(o.maxAmountA()),
        maxB: big(o.maxAmountB()),
        minPrice: price(o.minPrice()),
        maxPrice: price(o.maxPrice()),
      };
    }
    case 23: {
      const o = b.liquidityPoolWithdrawOp();
      return {
        type: 'liquidity_pool_withdraw',
        poolId: hex(o.liquidityPoolId()),
        amount: big(o.amount()),
        minA: big(o.minAmountA()),
        minB: big(o.minAmountB()),
      };
    }
    default:
      return { type: 'unsupported', xdrType: type };
  }
}

function operation(op: xdr.Operation): Operation {
  const source = op.sourceAccount();
  const out: Operation = { body: body(op) };
  if (source) out.source = muxed(source);
  return out;
}

function memo(value: xdr.Memo): Memo {
  switch (value.switch().value) {
    case 0:
      return { type: 'none' };
    case 1: {
      const text = value.text();
      return { type: 'text', value: Buffer.isBuffer(text) ? text.toString('utf8') : String(text) };
    }
    case 2:
      return { type: 'id', value: big(value.id()) };
    case 3:
      return { type: 'hash', value: value.hash() };
    default:
      return { type: 'return', value: value.retHash() };
  }
}

function transaction(tx: xdr.Transaction): Transaction {
  const out: Transaction = {
    source: muxed(tx.sourceAccount()),
    fee: BigInt(tx.fee()),
    seq: big(tx.seqNum()),
    minTime: 0n,
    maxTime: 0n,
    minLedger: 0,
    maxLedger: 0,
    memo: memo(tx.memo()),
    operations: tx.operations().map(operation),
  };
  const cond = tx.cond();
  const kind = cond.switch().value;
  const bounds = kind === 1 ? cond.timeBounds() : kind === 2 ? cond.v2().timeBounds() : null;
  if (bounds) {
    out.minTime = big(bounds.minTime());
    out.maxTime = big(bounds.maxTime());
  }
  if (kind === 2) {
    const v2 = cond.v2();
    const ledgers = v2.ledgerBounds();
    if (ledgers) {
      out.minLedger = ledgers.minLedger();
      out.maxLedger = ledgers.maxLedger();
    }
    if (v2.minSeqNum() || big(v2.minSeqAge()) !== 0n || v2.minSeqLedgerGap() !== 0 || v2.extraSigners().length > 0) {
      out.unsupported = 'sequence and extra-signer preconditions';
    }
  }
  if (tx.ext().switch() !== 0) out.unsupported = 'Soroban transaction data';
  return out;
}

function v0ToV1(tx: xdr.TransactionV0): xdr.Transaction {
  const bounds = tx.timeBounds();
  return new xdr.Transaction({
    sourceAccount: xdr.MuxedAccount.keyTypeEd25519(tx.sourceAccountEd25519()),
    fee: tx.fee(),
    seqNum: tx.seqNum(),
    cond: bounds ? xdr.Preconditions.precondTime(bounds) : xdr.Preconditions.precondNone(),
    memo: tx.memo(),
    operations: tx.operations(),
    ext: new xdr.TransactionExt(0),
  });
}

function hashOf(id: Buffer, envelopeType: number, body: Buffer): string {
  const tag = Buffer.alloc(4);
  tag.writeInt32BE(envelopeType, 0);
  return createHash('sha256').update(id).update(tag).update(body).digest('hex');
}

function signatures(list: xdr.DecoratedSignature[]): RawSignature[] {
  return list.map((s) => ({ hint: s.hint(), signature: s.signature() }));
}

/** The envelope; its signatures are weighed when it is checked (validate.ts). */
export function decodeEnvelope(blob: string, id: Buffer): Envelope {
  let env: xdr.TransactionEnvelope;
  try {
    env = xdr.TransactionEnvelope.fromXDR(blob, 'base64');
  } catch (error) {
    throw new DecodeError(`not a TransactionEnvelope: ${(error as Error).message}`);
  }
  try {
    return decodeParsed(env, id);
  } catch (error) {
    if (error instanceof DecodeError) throw error;
    throw new DecodeError(`envelope does not decode: ${(error as Error).message}`);
  }
}

function decodeParsed(env: xdr.TransactionEnvelope, id: Buffer): Envelope {
  const xdrText = env.toXDR('base64');
  const kind = env.switch().value;
  if (kind === 0 || kind === 2) {
    const v1 = kind === 0 ? v0ToV1(env.v0().tx()) : env.v1().tx();
    const raw = kind === 0 ? env.v0().signatures() : env.v1().signatures();
    const hash = hashOf(id, 2, v1.toXDR());
    return { hash, tx: transaction(v1), signed: signedHash(hash, signatures(raw)), xdr: xdrText };
  }
  if (kind === 5) {
    const outer = env.feeBump().tx();
    const inner = outer.innerTx().v1();
    const innerHash = hashOf(id, 2, inner.tx().toXDR());
    const hash = hashOf(id, 5, outer.toXDR());
    const feeBump = { feeSource: muxed(outer.feeSource()), fee: big(outer.fee()), innerHash, signed: signedHash(hash, signatures(env.feeBump().signatures())) };
    return { hash, tx: transaction(inner.tx()), feeBump, signed: signedHash(innerHash, signatures(inner.signatures())), xdr: xdrText };
  }
  throw new DecodeError(`envelope type ${kind} is not a transaction`);
}
