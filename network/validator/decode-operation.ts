// One XDR operation to the core's model (split from decode.ts, which decodes whole envelopes).
// Anything that does not decode to the model throws DecodeError.
import { StrKey, type xdr } from '@stellar/stellar-base';
import {
  type Asset,
  type Claimant,
  creditAsset,
  NATIVE_ASSET,
  type Operation,
  type OpBody,
  type Predicate,
  type SetOptions,
} from './model';

export class DecodeError extends Error {
  override name = 'DecodeError';
}

const hex = (value: unknown): string => Buffer.from(value as Buffer).toString('hex');
export const big = (value: { toString(): string }): bigint => BigInt(value.toString());
const accountKey = (buf: Buffer): string => StrKey.encodeEd25519PublicKey(buf);

export function muxed(account: xdr.MuxedAccount): string {
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
  const num = (value: number | null | undefined): number | undefined =>
    value === null || value === undefined ? undefined : value;
  out.clearFlags = num(op.clearFlags());
  out.setFlags = num(op.setFlags());
  out.masterWeight = num(op.masterWeight());
  out.lowThreshold = num(op.lowThreshold());
  out.medThreshold = num(op.medThreshold());
  out.highThreshold = num(op.highThreshold());
  const domain = op.homeDomain();
  if (domain !== null && domain !== undefined)
    out.homeDomain = Buffer.isBuffer(domain) ? domain.toString('latin1') : String(domain);
  const signer = op.signer();
  if (signer) {
    const key = signerKey(signer.key());
    if (key === undefined) out.unsupported = 'signer_type';
    else out.signer = { key, weight: signer.weight() };
  }
  for (const key of Object.keys(out) as (keyof SetOptions)[]) if (out[key] === undefined) delete out[key];
  return out;
}

/** A trustline to an asset, or to a pool's shares (the line names the pool's parameters). */
function changeTrust(o: xdr.ChangeTrustOp): OpBody {
  const line = o.line();
  if (line.switch().value === 3) {
    const params = line.liquidityPool().constantProduct();
    const pool = { assetA: asset(params.assetA()), assetB: asset(params.assetB()), fee: params.fee() };
    return { type: 'change_trust', asset: NATIVE_ASSET, pool, limit: big(o.limit()) };
  }
  return { type: 'change_trust', asset: asset(line), limit: big(o.limit()) };
}

function poolDeposit(o: xdr.LiquidityPoolDepositOp): OpBody {
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

function body(op: xdr.Operation): OpBody {
  const b = op.body();
  const type = b.switch().value;
  switch (type) {
    case 0: {
      const o = b.createAccountOp();
      return {
        type: 'create_account',
        destination: accountId(o.destination()),
        startingBalance: big(o.startingBalance()),
      };
    }
    case 1: {
      const o = b.paymentOp();
      return { type: 'payment', destination: muxed(o.destination()), asset: asset(o.asset()), amount: big(o.amount()) };
    }
    case 5:
      return { type: 'set_options', options: setOptions(b.setOptionsOp()) };
    case 6:
      return changeTrust(b.changeTrustOp());
    case 8:
      return { type: 'account_merge', destination: muxed(b.destination()) };
    case 10: {
      const o = b.manageDataOp();
      const name = o.dataName();
      return {
        type: 'manage_data',
        name: Buffer.isBuffer(name) ? name.toString('latin1') : String(name),
        value: o.dataValue() ?? null,
      };
    }
    case 11:
      return { type: 'bump_sequence', bumpTo: big(b.bumpSequenceOp().bumpTo()) };
    case 14: {
      const o = b.createClaimableBalanceOp();
      return {
        type: 'create_claimable_balance',
        asset: asset(o.asset()),
        amount: big(o.amount()),
        claimants: o.claimants().map(claimant),
      };
    }
    case 15:
      return {
        type: 'claim_claimable_balance',
        balanceId: `00000000${b.claimClaimableBalanceOp().balanceId().v0().toString('hex')}`,
      };
    case 22:
      return poolDeposit(b.liquidityPoolDepositOp());
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

export function operation(op: xdr.Operation): Operation {
  const source = op.sourceAccount();
  const out: Operation = { body: body(op) };
  if (source) out.source = muxed(source);
  return out;
}
