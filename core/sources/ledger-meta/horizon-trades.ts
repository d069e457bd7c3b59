// The trades an operation made, from its result's claim atoms (an offer's or a path payment's),
// as Horizon's trade records (/accounts/{id}/trades, /trades): each atom one trade, id
// "<operation id>-<atom's place>", the crossed offer's owner (or pool) the seller, the
// operation's source the buyer. As Horizon, an atom that moved nothing (an offer the core removed
// unfunded) is no trade, and the buyer's offer id is its resting offer's when one was left, else a
// synthetic one (2^62 + the operation id, Horizon's EncodeOfferId).
import { Asset, StrKey, type xdr } from '@stellar/stellar-base';
import { encodeToid } from '../../../shared/toid';
import { amount, assetOf, iso, type JsonObject } from './horizon-fields';

/** Horizon's synthetic offer ids (EncodeOfferId with its TOID type): 2^62 plus the operation's id. */
const TOID_OFFER = 1n << 62n;
/** A pool's fee when its entry is not in the operation's changes (the only fee the network allows). */
const POOL_FEE_BP = 30;

export interface TradeInput {
  ledger: number;
  applicationOrder: number;
  /** 1-based. */
  opIndex: number;
  /** Unix seconds. */
  closeTime: number;
  operation: xdr.Operation;
  /** The operation's source (G…): the buyer. */
  source: string;
  result: xdr.OperationResult | undefined;
  changes: readonly xdr.LedgerEntryChange[];
}

interface Atom {
  seller: { account: string; offerId: string } | { pool: string };
  sold: xdr.Asset;
  amountSold: bigint;
  bought: xdr.Asset;
  amountBought: bigint;
}

function atomOf(atom: xdr.ClaimAtom): Atom {
  switch (atom.switch().name) {
    case 'claimAtomTypeV0': {
      const a = atom.v0();
      return {
        seller: { account: StrKey.encodeEd25519PublicKey(a.sellerEd25519()), offerId: a.offerId().toString() },
        ...common(a),
      };
    }
    case 'claimAtomTypeOrderBook': {
      const a = atom.orderBook();
      return {
        seller: { account: StrKey.encodeEd25519PublicKey(a.sellerId().ed25519()), offerId: a.offerId().toString() },
        ...common(a),
      };
    }
    default: {
      const a = atom.liquidityPool();
      return {
        seller: { pool: Buffer.from(a.liquidityPoolId() as unknown as Uint8Array).toString('hex') },
        ...common(a),
      };
    }
  }
}

function common(a: xdr.ClaimOfferAtomV0 | xdr.ClaimOfferAtom | xdr.ClaimLiquidityAtom) {
  return {
    sold: a.assetSold(),
    amountSold: BigInt(a.amountSold().toString()),
    bought: a.assetBought(),
    amountBought: BigInt(a.amountBought().toString()),
  };
}

/** The claim atoms of an operation's result, and the buyer's offer left resting (a manage offer's), if any. */
function claimsOf(result: xdr.OperationResult | undefined): { atoms: xdr.ClaimAtom[]; rests?: string } | null {
  if (!result || result.switch().name !== 'opInner') return null;
  const tr = result.tr();
  switch (tr.switch().name) {
    case 'manageSellOffer':
    case 'createPassiveSellOffer':
    case 'manageBuyOffer': {
      const r = tr.switch().name === 'manageBuyOffer' ? tr.manageBuyOfferResult() : tr.manageSellOfferResult();
      if (r.switch().name !== 'manageSellOfferSuccess' && r.switch().name !== 'manageBuyOfferSuccess') return null;
      const success = r.success();
      const offer = success.offer();
      const rests = offer.switch().name === 'manageOfferDeleted' ? undefined : offer.offer().offerId().toString();
      return { atoms: success.offersClaimed(), ...(rests !== undefined ? { rests } : {}) };
    }
    case 'pathPaymentStrictReceive': {
      const r = tr.pathPaymentStrictReceiveResult();
      return r.switch().name === 'pathPaymentStrictReceiveSuccess' ? { atoms: r.success().offers() } : null;
    }
    case 'pathPaymentStrictSend': {
      const r = tr.pathPaymentStrictSendResult();
      return r.switch().name === 'pathPaymentStrictSendSuccess' ? { atoms: r.success().offers() } : null;
    }
    default:
      return null;
  }
}

/** An asset's rank in stellar-core's order (native, then 4-, then 12-character codes; code, then issuer): which side of a trade is its base. */
function assetRank(asset: xdr.Asset): string {
  const parsed = Asset.fromOperation(asset);
  if (parsed.isNative()) return '0';
  return `${parsed.getCode().length <= 4 ? 1 : 2}${parsed.getCode().padEnd(12, '\0')}${parsed.getIssuer()}`;
}

const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b));

/** n/d reduced, as Horizon writes a trade's price (decimal strings). */
function ratio(n: bigint, d: bigint): { n: string; d: string } {
  const g = n === 0n || d === 0n ? 1n : gcd(n, d);
  return { n: String(n / g), d: String(d / g) };
}

/** The seller's offer's own price (its buying per selling), from its entry as the operation found it. */
function offerPrice(changes: readonly xdr.LedgerEntryChange[], offerId: string): xdr.Price | undefined {
  for (const change of changes) {
    if (change.switch().name !== 'ledgerEntryState') continue;
    const data = change.state().data();
    if (data.switch().name === 'offer' && data.offer().offerId().toString() === offerId) return data.offer().price();
  }
  return undefined;
}

function poolFee(changes: readonly xdr.LedgerEntryChange[], pool: string): number {
  for (const change of changes) {
    const name = change.switch().name;
    const entry =
      name === 'ledgerEntryState' ? change.state() : name === 'ledgerEntryUpdated' ? change.updated() : null;
    if (!entry || entry.data().switch().name !== 'liquidityPool') continue;
    const lp = entry.data().liquidityPool();
    if (Buffer.from(lp.liquidityPoolId() as unknown as Uint8Array).toString('hex') === pool)
      return lp.body().constantProduct().params().fee();
  }
  return POOL_FEE_BP;
}

/** The operation's trades as Horizon's trade records, in their order; [] for an operation that made none. */
export function horizonTrades(input: TradeInput): JsonObject[] {
  const claims = claimsOf(input.result);
  if (!claims) return [];
  const opId = encodeToid({ ledger: input.ledger, txOrder: input.applicationOrder, opIndex: input.opIndex });
  const buyerOffer = claims.rests ?? String(TOID_OFFER + opId);
  const trades: JsonObject[] = [];
  claims.atoms.forEach((raw, order) => {
    const atom = atomOf(raw);
    if (atom.amountSold === 0n && atom.amountBought === 0n) return;
    const id = `${opId}-${order}`;
    const maker = 'pool' in atom.seller ? undefined : atom.seller;
    const pool = 'pool' in atom.seller ? atom.seller.pool : undefined;
    // The seller's side: what it sold; the buyer's: what it paid.
    const sellerSide: JsonObject = maker
      ? { offer_id: maker.offerId, account: maker.account }
      : { liquidity_pool_id: pool! };
    const buyerSide: JsonObject = { offer_id: buyerOffer, account: input.source };
    const seller = { side: sellerSide, asset: atom.sold, stroops: atom.amountSold };
    const buyer = { side: buyerSide, asset: atom.bought, stroops: atom.amountBought };
    const sellerIsBase = assetRank(atom.sold) <= assetRank(atom.bought);
    const [base, counter] = sellerIsBase ? [seller, buyer] : [buyer, seller];
    // Price as base to counter: an order-book trade's at its resting offer's own price, a pool's at what moved.
    const own = maker ? offerPrice(input.changes, maker.offerId) : undefined;
    const sellerPrice = own ? { n: BigInt(own.n()), d: BigInt(own.d()) } : { n: atom.amountBought, d: atom.amountSold };
    const price = sellerIsBase ? ratio(sellerPrice.n, sellerPrice.d) : ratio(sellerPrice.d, sellerPrice.n);
    const named = (prefix: string, side: JsonObject) =>
      Object.fromEntries(Object.entries(side).map(([key, value]) => [`${prefix}_${key}`, value]));
    trades.push({
      id,
      paging_token: id,
      ledger_close_time: iso(input.closeTime),
      trade_type: pool ? 'liquidity_pool' : 'orderbook',
      // Horizon's older field, kept beside base_/counter_offer_id: the crossed (seller's) offer.
      ...(maker ? { offer_id: maker.offerId } : {}),
      ...(pool ? { liquidity_pool_fee_bp: poolFee(input.changes, pool) } : {}),
      ...named('base', base.side),
      base_amount: amount(base.stroops),
      ...assetOf(Asset.fromOperation(base.asset), 'base_'),
      ...named('counter', counter.side),
      counter_amount: amount(counter.stroops),
      ...assetOf(Asset.fromOperation(counter.asset), 'counter_'),
      base_is_seller: sellerIsBase,
      price,
    });
  });
  return trades;
}
