// Operations on accounts, trustlines, claimable balances, sponsorships and contracts, in Horizon's
// records from XDR (horizon-operations.ts dispatches to them).
import {
  Asset,
  getLiquidityPoolId,
  LiquidityPoolAsset,
  type LiquidityPoolFeeV18,
  Operation as BaseOperation,
  StrKey,
  xdr,
} from '@stellar/stellar-base';
import type { JsonValue } from '../../../shared/json';
import {
  accountFields,
  amount,
  assetOf,
  canonical,
  iso,
  resultOf,
  type JsonObject,
  type OperationContext,
} from './horizon-fields';

const FLAG_NAMES: [number, string][] = [
  [1, 'auth_required'],
  [2, 'auth_revocable'],
  [4, 'auth_immutable'],
  [8, 'auth_clawback_enabled'],
];
const flagsOf = (bits: number | undefined, key: string): JsonObject => {
  if (bits === undefined) return {};
  const set = FLAG_NAMES.filter(([bit]) => (bits & bit) !== 0);
  return { [key]: set.map(([bit]) => bit), [`${key}_s`]: set.map(([, name]) => name) };
};

export function setOptions(op: xdr.Operation): JsonObject {
  const o = BaseOperation.fromXDRObject(op) as BaseOperation.SetOptions;
  const signer = o.signer as unknown as Record<string, unknown> | undefined;
  let signerKey: string | undefined;
  if (signer) {
    if (typeof signer['ed25519PublicKey'] === 'string') signerKey = signer['ed25519PublicKey'];
    else if (signer['preAuthTx']) signerKey = StrKey.encodePreAuthTx(signer['preAuthTx'] as Buffer);
    else if (signer['sha256Hash']) signerKey = StrKey.encodeSha256Hash(signer['sha256Hash'] as Buffer);
    else if (typeof signer['ed25519SignedPayload'] === 'string') signerKey = signer['ed25519SignedPayload'];
  }
  const defined = Object.entries({
    home_domain: o.homeDomain,
    inflation_dest: o.inflationDest,
    master_key_weight: o.masterWeight,
    low_threshold: o.lowThreshold,
    med_threshold: o.medThreshold,
    high_threshold: o.highThreshold,
    signer_key: signerKey,
    signer_weight: signer ? (signer['weight'] as number) : undefined,
  }).filter(([, v]) => v !== undefined) as [string, JsonValue][];
  return {
    ...Object.fromEntries(defined),
    ...flagsOf(o.setFlags as number | undefined, 'set_flags'),
    ...flagsOf(o.clearFlags as number | undefined, 'clear_flags'),
  };
}

export function changeTrust(op: xdr.Operation, context: OperationContext): JsonObject {
  const o = BaseOperation.fromXDRObject(op) as BaseOperation.ChangeTrust;
  const line = o.line as Asset | LiquidityPoolAsset;
  if (line instanceof LiquidityPoolAsset)
    return {
      asset_type: 'liquidity_pool_shares',
      liquidity_pool_id: poolIdOf(line),
      limit: o.limit,
      trustor: context.source,
    };
  return { ...assetOf(line), limit: o.limit, trustee: line.getIssuer(), trustor: context.source };
}

export function poolIdOf(line: LiquidityPoolAsset): string {
  const { assetA, assetB, fee } = line.getLiquidityPoolParameters();
  return getLiquidityPoolId('constant_product', { assetA, assetB, fee: fee as typeof LiquidityPoolFeeV18 }).toString(
    'hex',
  );
}

export function claimantJson(claimant: xdr.Claimant): JsonObject {
  const v0 = claimant.v0();
  return {
    destination: StrKey.encodeEd25519PublicKey(v0.destination().ed25519()),
    predicate: predicateJson(v0.predicate()),
  };
}

export function predicateJson(predicate: xdr.ClaimPredicate): JsonValue {
  switch (predicate.switch().name) {
    case 'claimPredicateUnconditional':
      return { unconditional: true };
    case 'claimPredicateAnd':
      return { and: predicate.andPredicates().map(predicateJson) };
    case 'claimPredicateOr':
      return { or: predicate.orPredicates().map(predicateJson) };
    case 'claimPredicateNot': {
      const inner = predicate.notPredicate();
      return { not: inner ? predicateJson(inner) : null };
    }
    case 'claimPredicateBeforeAbsoluteTime': {
      const epoch = predicate.absBefore().toString();
      return { abs_before: iso(Number(epoch)), abs_before_epoch: epoch };
    }
    default:
      return { rel_before: predicate.relBefore().toString() };
  }
}

export function createClaimableBalance(op: xdr.Operation, context: OperationContext): JsonObject {
  const o = op.body().createClaimableBalanceOp();
  const created = resultOf(context)?.createClaimableBalanceResult();
  const id =
    created && created.switch().name === 'createClaimableBalanceSuccess' ? created.balanceId().toXDR('hex') : undefined;
  return {
    asset: canonical(Asset.fromOperation(o.asset())),
    amount: amount(o.amount()),
    claimants: o.claimants().map(claimantJson),
    ...(id ? { balance_id: id } : {}),
  };
}

/** A claim: the balance, its claimant, and what it held (its entry as the operation removed it). */
export function claim(op: xdr.Operation, context: OperationContext): JsonObject {
  const balanceId = op.body().claimClaimableBalanceOp().balanceId().toXDR('hex');
  for (const change of context.changes) {
    if (change.switch().name !== 'ledgerEntryState') continue;
    const data = change.state().data();
    if (data.switch().name !== 'claimableBalance') continue;
    const entry = data.claimableBalance();
    if (entry.balanceId().toXDR('hex') !== balanceId) continue;
    return {
      balance_id: balanceId,
      claimant: context.source,
      ...assetOf(Asset.fromOperation(entry.asset())),
      amount: amount(entry.amount()),
    };
  }
  return { balance_id: balanceId, claimant: context.source };
}

export function revokeSponsorship(op: xdr.Operation): JsonObject {
  const o = BaseOperation.fromXDRObject(op) as unknown as Record<string, unknown> & { type: string };
  switch (o.type) {
    case 'revokeAccountSponsorship':
      return { account_id: o['account'] as string };
    case 'revokeTrustlineSponsorship': {
      const asset = o['asset'] as Asset | LiquidityPoolAsset;
      return {
        trustline_account_id: o['account'] as string,
        ...(asset instanceof Asset ? { trustline_asset: canonical(asset) } : {}),
      };
    }
    case 'revokeOfferSponsorship':
      return { offer_id: String(o['offerId']), seller_id: o['seller'] as string };
    case 'revokeDataSponsorship':
      return { data_account_id: o['account'] as string, data_name: o['name'] as string };
    case 'revokeClaimableBalanceSponsorship':
      return { claimable_balance_id: o['balanceId'] as string };
    case 'revokeLiquidityPoolSponsorship':
      return { liquidity_pool_id: o['liquidityPoolId'] as string };
    case 'revokeSignerSponsorship': {
      const signer = o['signer'] as Record<string, unknown>;
      const key =
        typeof signer['ed25519PublicKey'] === 'string'
          ? signer['ed25519PublicKey']
          : signer['preAuthTx']
            ? StrKey.encodePreAuthTx(signer['preAuthTx'] as Buffer)
            : signer['sha256Hash']
              ? StrKey.encodeSha256Hash(signer['sha256Hash'] as Buffer)
              : undefined;
      return { signer_account_id: o['account'] as string, ...(key ? { signer_key: key } : {}) };
    }
    default:
      return {};
  }
}

export function setTrustLineFlags(op: xdr.Operation): JsonObject {
  const o = op.body().setTrustLineFlagsOp();
  const names: [number, string][] = [
    [1, 'authorized'],
    [2, 'authorized_to_maintain_liabilites'],
    [4, 'clawback_enabled'],
  ];
  const list = (bits: number, key: string): JsonObject => {
    const set = names.filter(([bit]) => (bits & bit) !== 0);
    return set.length ? { [key]: set.map(([bit]) => bit), [`${key}_s`]: set.map(([, name]) => name) } : {};
  };
  return {
    ...assetOf(Asset.fromOperation(o.asset())),
    trustor: StrKey.encodeEd25519PublicKey(o.trustor().ed25519()),
    ...list(o.setFlags(), 'set_flags'),
    ...list(o.clearFlags(), 'clear_flags'),
  };
}

export function invokeHostFunction(op: xdr.Operation, context: OperationContext): JsonObject {
  const fn = op.body().invokeHostFunctionOp().hostFunction();
  const parameters: JsonValue[] = [];
  if (fn.switch().name === 'hostFunctionTypeInvokeContract') {
    const call = fn.invokeContract();
    parameters.push({ value: xdr.ScVal.scvAddress(call.contractAddress()).toXDR('base64'), type: 'Address' });
    parameters.push({ value: xdr.ScVal.scvSymbol(call.functionName()).toXDR('base64'), type: 'Sym' });
    for (const arg of call.args()) parameters.push({ value: arg.toXDR('base64'), type: arg.switch().name });
  }
  const changes = context.events
    .filter((event) => event.kind !== 'fee')
    .map((event) => {
      const [code, issuer] = event.asset === 'native' ? [] : event.asset.split(':');
      return {
        ...(event.asset === 'native'
          ? { asset_type: 'native' }
          : {
              asset_type: code!.length <= 4 ? 'credit_alphanum4' : 'credit_alphanum12',
              asset_code: code!,
              asset_issuer: issuer!,
            }),
        type: event.kind,
        ...(event.from ? { from: event.from } : {}),
        ...(event.to ? { to: event.to } : {}),
        amount: amount(event.stroops),
        ...(event.toMuxedId ? { destination_muxed_id: event.toMuxedId } : {}),
      };
    });
  return {
    function: `HostFunctionType${fn.switch().name.replace(/^hostFunctionType/, 'HostFunctionType')}`,
    parameters,
    asset_balance_changes: changes,
  };
}

export function allowTrust(op: xdr.Operation, context: OperationContext): JsonObject {
  const o = BaseOperation.fromXDRObject(op) as BaseOperation.AllowTrust;
  const code = o.assetCode;
  return {
    asset_type: code.length <= 4 ? 'credit_alphanum4' : 'credit_alphanum12',
    asset_code: code,
    asset_issuer: context.source,
    trustee: context.source,
    trustor: o.trustor,
    authorize: o.authorize === 1 || o.authorize === true,
    authorize_to_maintain_liabilities: o.authorize === 2,
  };
}

/** A merge, with what it moved from the result (Horizon leaves it to the effects; the one model carries it). */
export function accountMerge(body: xdr.OperationBody, context: OperationContext): JsonObject {
  const merged = resultOf(context)?.accountMergeResult();
  return {
    account: context.source,
    ...accountFields(body.destination(), 'into'),
    ...(merged && merged.switch().name === 'accountMergeSuccess'
      ? { amount: amount(merged.sourceAccountBalance()) }
      : {}),
  };
}

export function sponsoring(body: xdr.OperationBody, context: OperationContext): JsonObject {
  if (body.switch().name === 'beginSponsoringFutureReserves') {
    const sponsored = StrKey.encodeEd25519PublicKey(body.beginSponsoringFutureReservesOp().sponsoredId().ed25519());
    context.sponsors.set(sponsored, context.source);
    return { sponsored_id: sponsored };
  }
  // The account sponsored ends it; its sponsor is whoever began, earlier in the transaction.
  const sponsor = context.sponsors.get(context.source);
  context.sponsors.delete(context.source);
  return sponsor ? { begin_sponsor: sponsor } : {};
}
