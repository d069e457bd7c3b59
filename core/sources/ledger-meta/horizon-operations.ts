// A landed transaction's operations, from its XDR (envelope, result and, where given, meta), written
// as Horizon's operation records: the bridge by which Stellar RPC and the ledger data lake are read
// by the one reading of operations (../horizon/normalize.ts, shared/moves.ts), field for field as
// Horizon writes them. What Horizon takes from the result or the meta is taken from them here too:
// a path payment's amounts, a merge's amount, a new claimable balance's id, what a claim, a pool
// deposit or a withdrawal moved (the entries' state before and after), a contract call's asset
// balance changes (its CAP-67 events).
import {
  Asset,
  getLiquidityPoolId,
  LiquidityPoolAsset,
  LiquidityPoolFeeV18,
  Operation as BaseOperation,
  StrKey,
  xdr,
} from '@stellar/stellar-base';
import { formatAmount } from '../../../shared/amount';
import type { JsonValue } from '../../../shared/json';
import { encodeToid } from '../../../shared/toid';
import type { AssetEvent } from './asset-events';

type JsonObject = { [key: string]: JsonValue };

export interface LandedTransaction {
  hash: string;
  ledger: number;
  /** 1-based order in its ledger. */
  applicationOrder: number;
  /** Unix seconds. */
  closeTime: number;
  envelope: xdr.TransactionEnvelope;
  result: xdr.TransactionResult;
  /** Each operation's ledger entry changes (its meta), when known. */
  operationChanges?: readonly (readonly xdr.LedgerEntryChange[])[];
  /** Each operation's asset events (CAP-67), when known. */
  operationEvents?: readonly (readonly AssetEvent[])[];
}

const amount = (stroops: bigint | { toString(): string }) =>
  formatAmount(typeof stroops === 'bigint' ? stroops : BigInt(stroops.toString()), { fixed: true });
const iso = (unix: number) => new Date(unix * 1000).toISOString().replace('.000Z', 'Z');

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** An account as Horizon writes it: a muxed one as its base G…, with `<name>_muxed` and `<name>_muxed_id` beside it. */
export function accountFields(muxed: xdr.MuxedAccount, name: string): JsonObject {
  if (muxed.switch().name === 'keyTypeEd25519') return { [name]: StrKey.encodeEd25519PublicKey(muxed.ed25519()) };
  const med = muxed.med25519();
  return {
    [name]: StrKey.encodeEd25519PublicKey(med.ed25519()),
    [`${name}_muxed`]: StrKey.encodeMed25519PublicKey(muxed.toXDR().subarray(4)),
    [`${name}_muxed_id`]: med.id().toString(),
  };
}

/** An asset's `asset_type`, `asset_code`, `asset_issuer` (with a prefix: `source_`, `selling_`…). */
export function assetOf(asset: Asset, prefix = ''): JsonObject {
  if (asset.isNative()) return { [`${prefix}asset_type`]: 'native' };
  return {
    [`${prefix}asset_type`]: asset.getAssetType(),
    [`${prefix}asset_code`]: asset.getCode(),
    [`${prefix}asset_issuer`]: asset.getIssuer(),
  };
}
const canonical = (asset: Asset) => (asset.isNative() ? 'native' : `${asset.getCode()}:${asset.getIssuer()}`);

/** The operation results of a transaction's result (a fee bump's inner one's), or [] when it has none. */
function operationResults(result: xdr.TransactionResult): xdr.OperationResult[] {
  const body = result.result();
  const name = body.switch().name;
  if (name === 'txFeeBumpInnerSuccess' || name === 'txFeeBumpInnerFailed')
    return body.innerResultPair().result().result().results() ?? [];
  if (name === 'txSuccess' || name === 'txFailed') return body.results() ?? [];
  return [];
}

/** The inner transaction of an envelope (v0, v1, or a fee bump's). */
function innerOf(envelope: xdr.TransactionEnvelope): { source: xdr.MuxedAccount; operations: xdr.Operation[] } {
  switch (envelope.switch().name) {
    case 'envelopeTypeTxV0': {
      const tx = envelope.v0().tx();
      return { source: xdr.MuxedAccount.keyTypeEd25519(tx.sourceAccountEd25519()), operations: tx.operations() };
    }
    case 'envelopeTypeTxFeeBump': {
      const tx = envelope.feeBump().tx().innerTx().v1().tx();
      return { source: tx.sourceAccount(), operations: tx.operations() };
    }
    default: {
      const tx = envelope.v1().tx();
      return { source: tx.sourceAccount(), operations: tx.operations() };
    }
  }
}

export function isSuccessful(result: xdr.TransactionResult): boolean {
  const name = result.result().switch().name;
  return name === 'txSuccess' || name === 'txFeeBumpInnerSuccess';
}

/** Every operation of a landed transaction, as Horizon's operation records (in order). */
export function horizonOperations(tx: LandedTransaction): JsonObject[] {
  const { source, operations } = innerOf(tx.envelope);
  const results = operationResults(tx.result);
  const successful = isSuccessful(tx.result);
  const sponsors = new Map<string, string>();
  return operations.map((op, index) => {
    const id = encodeToid({ ledger: tx.ledger, txOrder: tx.applicationOrder, opIndex: index + 1 }).toString();
    const opSource = op.sourceAccount() ?? source;
    const common: JsonObject = {
      id,
      paging_token: id,
      transaction_successful: successful,
      ...accountFields(opSource, 'source_account'),
      type: snake(op.body().switch().name).replace(/^_/, ''),
      type_i: op.body().switch().value,
      created_at: iso(tx.closeTime),
      transaction_hash: tx.hash,
    };
    const context: OperationContext = {
      source: common['source_account'] as string,
      sourceMuxed: opSource,
      sponsors,
      result: successful ? results[index] : undefined,
      changes: successful ? (tx.operationChanges?.[index] ?? []) : [],
      events: successful ? (tx.operationEvents?.[index] ?? []) : [],
    };
    return { ...common, type: typeName(op), ...fieldsOf(op, context) };
  });
}

/** Horizon's type name: the XDR's, in snake case, as Horizon names it. */
function typeName(op: xdr.Operation): string {
  const name = op.body().switch().name;
  const named: Record<string, string> = {
    manageSellOffer: 'manage_sell_offer',
    manageBuyOffer: 'manage_buy_offer',
    createPassiveSellOffer: 'create_passive_sell_offer',
    beginSponsoringFutureReserves: 'begin_sponsoring_future_reserves',
    endSponsoringFutureReserves: 'end_sponsoring_future_reserves',
    extendFootprintTtl: 'extend_footprint_ttl',
  };
  return named[name] ?? snake(name);
}

interface OperationContext {
  /** The operation's source (G…), and as it was written (a muxed M… too). */
  source: string;
  sourceMuxed: xdr.MuxedAccount;
  /** Who began sponsoring each account earlier in the transaction (an end names its sponsor). */
  sponsors: Map<string, string>;
  /** Its result, when its transaction succeeded. */
  result: xdr.OperationResult | undefined;
  changes: readonly xdr.LedgerEntryChange[];
  events: readonly AssetEvent[];
}

/** The operation's own `tr()` result value, when it has one. */
function resultOf(context: OperationContext): xdr.OperationResultTr | undefined {
  const result = context.result;
  return result && result.switch().name === 'opInner' ? result.tr() : undefined;
}

function fieldsOf(op: xdr.Operation, context: OperationContext): JsonObject {
  const body = op.body();
  switch (body.switch().name) {
    case 'createAccount': {
      const o = body.createAccountOp();
      return {
        starting_balance: amount(o.startingBalance()),
        funder: context.source,
        account: StrKey.encodeEd25519PublicKey(o.destination().ed25519()),
      };
    }
    case 'payment': {
      const o = body.paymentOp();
      return {
        ...assetOf(Asset.fromOperation(o.asset())),
        ...accountFields(context.sourceMuxed, 'from'),
        ...accountFields(o.destination(), 'to'),
        amount: amount(o.amount()),
      };
    }
    case 'pathPaymentStrictReceive':
    case 'pathPaymentStrictSend':
      return pathPayment(body, context);
    case 'manageSellOffer':
    case 'manageBuyOffer':
    case 'createPassiveSellOffer':
      return offer(op);
    case 'setOptions':
      return setOptions(op);
    case 'changeTrust':
      return changeTrust(op, context);
    case 'allowTrust': {
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
    case 'accountMerge': {
      const merged = resultOf(context)?.accountMergeResult();
      return {
        account: context.source,
        ...accountFields(body.destination(), 'into'),
        ...(merged && merged.switch().name === 'accountMergeSuccess'
          ? { amount: amount(merged.sourceAccountBalance()) }
          : {}),
      };
    }
    case 'manageData': {
      const o = body.manageDataOp();
      const value = o.dataValue();
      return {
        name: Buffer.from(o.dataName() as unknown as Uint8Array).toString('latin1'),
        value: value ? Buffer.from(value).toString('base64') : '',
      };
    }
    case 'bumpSequence':
      return { bump_to: body.bumpSequenceOp().bumpTo().toString() };
    case 'createClaimableBalance':
      return createClaimableBalance(op, context);
    case 'claimClaimableBalance':
      return claim(op, context);
    case 'beginSponsoringFutureReserves': {
      const sponsored = StrKey.encodeEd25519PublicKey(body.beginSponsoringFutureReservesOp().sponsoredId().ed25519());
      context.sponsors.set(sponsored, context.source);
      return { sponsored_id: sponsored };
    }
    case 'endSponsoringFutureReserves': {
      // The account sponsored ends it; its sponsor is whoever began, earlier in the transaction.
      const sponsor = context.sponsors.get(context.source);
      context.sponsors.delete(context.source);
      return sponsor ? { begin_sponsor: sponsor } : {};
    }
    case 'revokeSponsorship':
      return revokeSponsorship(op);
    case 'clawback': {
      const o = body.clawbackOp();
      return {
        ...assetOf(Asset.fromOperation(o.asset())),
        ...accountFields(o.from(), 'from'),
        amount: amount(o.amount()),
      };
    }
    case 'clawbackClaimableBalance':
      return { balance_id: body.clawbackClaimableBalanceOp().balanceId().toXDR('hex') };
    case 'setTrustLineFlags':
      return setTrustLineFlags(op);
    case 'liquidityPoolDeposit':
    case 'liquidityPoolWithdraw':
      return pool(op, context);
    case 'invokeHostFunction':
      return invokeHostFunction(op, context);
    case 'extendFootprintTtl':
      return { extend_to: body.extendFootprintTtlOp().extendTo() };
    default:
      return {};
  }
}

function pathPayment(body: xdr.OperationBody, context: OperationContext): JsonObject {
  const strictSend = body.switch().name === 'pathPaymentStrictSend';
  const o = strictSend ? body.pathPaymentStrictSendOp() : body.pathPaymentStrictReceiveOp();
  const sendAsset = Asset.fromOperation(o.sendAsset());
  const tr = resultOf(context);
  const success = tr
    ? strictSend
      ? tr.pathPaymentStrictSendResult()
      : tr.pathPaymentStrictReceiveResult()
    : undefined;
  const ok = success?.switch().name.endsWith('Success') ? success.success() : undefined;
  const fields: JsonObject = {
    ...assetOf(Asset.fromOperation(o.destAsset())),
    ...accountFields(context.sourceMuxed, 'from'),
    ...accountFields(o.destination(), 'to'),
    path: o.path().map((asset) => assetOf(Asset.fromOperation(asset))),
    ...assetOf(sendAsset, 'source_'),
  };
  if (strictSend) {
    const send = o as xdr.PathPaymentStrictSendOp;
    fields['source_amount'] = amount(send.sendAmount());
    fields['destination_min'] = amount(send.destMin());
    fields['amount'] = ok ? amount(ok.last().amount()) : '0.0000000';
  } else {
    const receive = o as xdr.PathPaymentStrictReceiveOp;
    fields['amount'] = amount(receive.destAmount());
    fields['source_max'] = amount(receive.sendMax());
    fields['source_amount'] = ok ? amount(sentAmount(ok)) : '0.0000000';
  }
  return fields;
}

/** What a strict-receive path payment sent: Horizon's SendAmount (the first hop's atoms, or the last amount when none). */
function sentAmount(success: xdr.PathPaymentStrictReceiveResultSuccess): bigint {
  const offers = success.offers();
  if (offers.length === 0) return BigInt(success.last().amount().toString());
  const bought = (atom: xdr.ClaimAtom) => atom.value().assetBought().toXDR('base64');
  const first = bought(offers[0]!);
  let sum = 0n;
  for (const atom of offers) {
    if (bought(atom) !== first) break;
    sum += BigInt(atom.value().amountBought().toString());
  }
  return sum;
}

function offer(op: xdr.Operation): JsonObject {
  const o = BaseOperation.fromXDRObject(op) as BaseOperation.ManageSellOffer | BaseOperation.ManageBuyOffer;
  const body = op.body();
  const raw =
    body.switch().name === 'manageSellOffer'
      ? body.manageSellOfferOp()
      : body.switch().name === 'manageBuyOffer'
        ? body.manageBuyOfferOp()
        : body.createPassiveSellOfferOp();
  const price = raw.price();
  return {
    ...('offerId' in o ? { offer_id: String(o.offerId) } : {}),
    amount: 'buyAmount' in o ? o.buyAmount : o.amount,
    price: o.price,
    price_r: { n: price.n(), d: price.d() },
    ...assetOf(o.buying, 'buying_'),
    ...assetOf(o.selling, 'selling_'),
  };
}

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

function setOptions(op: xdr.Operation): JsonObject {
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

function changeTrust(op: xdr.Operation, context: OperationContext): JsonObject {
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

function poolIdOf(line: LiquidityPoolAsset): string {
  const { assetA, assetB, fee } = line.getLiquidityPoolParameters();
  return getLiquidityPoolId('constant_product', { assetA, assetB, fee: fee as typeof LiquidityPoolFeeV18 }).toString(
    'hex',
  );
}

function claimantJson(claimant: xdr.Claimant): JsonObject {
  const v0 = claimant.v0();
  return {
    destination: StrKey.encodeEd25519PublicKey(v0.destination().ed25519()),
    predicate: predicateJson(v0.predicate()),
  };
}

function predicateJson(predicate: xdr.ClaimPredicate): JsonValue {
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

function createClaimableBalance(op: xdr.Operation, context: OperationContext): JsonObject {
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
function claim(op: xdr.Operation, context: OperationContext): JsonObject {
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

function revokeSponsorship(op: xdr.Operation): JsonObject {
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

function setTrustLineFlags(op: xdr.Operation): JsonObject {
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

/** A pool's entry before and after the operation: what a deposit or a withdrawal moved. */
function poolChange(context: OperationContext, poolId: string) {
  let before: xdr.LiquidityPoolEntryConstantProduct | undefined;
  let after: xdr.LiquidityPoolEntryConstantProduct | undefined;
  for (const change of context.changes) {
    const name = change.switch().name;
    const entry =
      name === 'ledgerEntryState'
        ? change.state()
        : name === 'ledgerEntryUpdated'
          ? change.updated()
          : name === 'ledgerEntryCreated'
            ? change.created()
            : undefined;
    if (!entry || entry.data().switch().name !== 'liquidityPool') continue;
    const pool = entry.data().liquidityPool();
    if (Buffer.from(pool.liquidityPoolId() as unknown as Uint8Array).toString('hex') !== poolId) continue;
    if (name === 'ledgerEntryState') before = pool.body().constantProduct();
    else after = pool.body().constantProduct();
  }
  return before && after ? { before, after } : undefined;
}

function pool(op: xdr.Operation, context: OperationContext): JsonObject {
  const body = op.body();
  const deposit = body.switch().name === 'liquidityPoolDeposit';
  const o = deposit ? body.liquidityPoolDepositOp() : body.liquidityPoolWithdrawOp();
  const poolId = Buffer.from(o.liquidityPoolId() as unknown as Uint8Array).toString('hex');
  const moved = poolChange(context, poolId);
  const assets = moved
    ? [Asset.fromOperation(moved.after.params().assetA()), Asset.fromOperation(moved.after.params().assetB())]
    : undefined;
  const delta = (pick: (p: xdr.LiquidityPoolEntryConstantProduct) => xdr.Int64) =>
    moved ? BigInt(pick(moved.after).toString()) - BigInt(pick(moved.before).toString()) : 0n;
  const reserve = (asset: Asset | undefined, value: bigint, key: string): JsonObject => ({
    asset: asset ? canonical(asset) : '',
    [key]: amount(value < 0n ? -value : value),
  });
  if (deposit) {
    const d = o as xdr.LiquidityPoolDepositOp;
    const price = (p: xdr.Price) => priceText(BigInt(p.n()), BigInt(p.d()));
    return {
      liquidity_pool_id: poolId,
      reserves_max: assets
        ? [
            reserve(assets[0], BigInt(d.maxAmountA().toString()), 'max'),
            reserve(assets[1], BigInt(d.maxAmountB().toString()), 'max'),
          ]
        : [],
      min_price: price(d.minPrice()),
      max_price: price(d.maxPrice()),
      reserves_deposited: assets
        ? [
            reserve(
              assets[0],
              delta((p) => p.reserveA()),
              'amount',
            ),
            reserve(
              assets[1],
              delta((p) => p.reserveB()),
              'amount',
            ),
          ]
        : [],
      shares_received: amount(delta((p) => p.totalPoolShares())),
    };
  }
  const w = o as xdr.LiquidityPoolWithdrawOp;
  return {
    liquidity_pool_id: poolId,
    shares: amount(w.amount()),
    reserves_min: assets
      ? [
          reserve(assets[0], BigInt(w.minAmountA().toString()), 'min'),
          reserve(assets[1], BigInt(w.minAmountB().toString()), 'min'),
        ]
      : [],
    reserves_received: assets
      ? [
          reserve(
            assets[0],
            delta((p) => p.reserveA()),
            'amount',
          ),
          reserve(
            assets[1],
            delta((p) => p.reserveB()),
            'amount',
          ),
        ]
      : [],
  };
}

/** n/d as a 7-decimal string, rounded half away from zero (Go's big.Rat FloatString(7), which Horizon writes). */
export function priceText(n: bigint, d: bigint): string {
  if (d <= 0n || n < 0n) return '0.0000000';
  return amount((n * 10_000_000n * 2n + d) / (2n * d));
}

function invokeHostFunction(op: xdr.Operation, context: OperationContext): JsonObject {
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
