// Operations that trade one asset for another, in Horizon's records from XDR: path payments (their
// amounts from the result, as Horizon takes them), offers, and pool deposits and withdrawals (what
// moved from the pool's entry before and after).
import type { xdr } from '@stellar/stellar-base';
import { Asset, Operation as BaseOperation } from '@stellar/stellar-base';
import {
  accountFields,
  amount,
  assetOf,
  canonical,
  resultOf,
  type JsonObject,
  type OperationContext,
} from './horizon-fields';

export function pathPayment(body: xdr.OperationBody, context: OperationContext): JsonObject {
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
export function sentAmount(success: xdr.PathPaymentStrictReceiveResultSuccess): bigint {
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

export function offer(op: xdr.Operation): JsonObject {
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
    price: priceText(BigInt(price.n()), BigInt(price.d())),
    price_r: { n: price.n(), d: price.d() },
    ...assetOf(o.buying, 'buying_'),
    ...assetOf(o.selling, 'selling_'),
  };
}

/** A pool's entry before and after the operation: what a deposit or a withdrawal moved. */
export function poolChange(context: OperationContext, poolId: string) {
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

export function pool(op: xdr.Operation, context: OperationContext): JsonObject {
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
