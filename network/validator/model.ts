// The core's own view of a transaction: plain data decoded once from the XDR envelope (admission)
// or built directly (history generator), so that validation and apply never touch XDR objects.
import { Asset as StellarAsset, getLiquidityPoolId, LiquidityPoolFeeV18 } from '@stellar/stellar-base';
import type { SignedHash } from './signatures';

export const NETWORK_PASSPHRASE = 'Ledgerscope Local Network ; 2026';
export const BASE_FEE = 100n;
export const BASE_RESERVE = 5_000_000n;
/** 100 billion units of the native currency at scale 10^7, as Stellar's lumens. */
export const TOTAL_SUPPLY = 100_000_000_000n * 10_000_000n;
export { INT64_MAX } from '../../shared/amount';
export const POOL_FEE_BP = LiquidityPoolFeeV18;
export const MAX_SIGNERS = 20;

/** "native" or a credit asset; `key` is "native" or "CODE:ISSUER" (the store's asset column). */
export type Asset = { type: 'native'; key: 'native' } | { type: 'credit'; key: string; code: string; issuer: string };
export const NATIVE_ASSET: Asset = { type: 'native', key: 'native' };

export function creditAsset(code: string, issuer: string): Asset {
  return { type: 'credit', key: `${code}:${issuer}`, code, issuer };
}

export type Predicate =
  | { type: 'unconditional' }
  | { type: 'and' | 'or'; parts: Predicate[] }
  | { type: 'not'; part: Predicate }
  | { type: 'abs_before'; epoch: bigint }
  | { type: 'rel_before'; seconds: bigint };

export interface Claimant {
  destination: string;
  predicate: Predicate;
}

export interface Price {
  n: number;
  d: number;
}

export type OpBody =
  | { type: 'payment'; destination: string; asset: Asset; amount: bigint }
  | { type: 'create_account'; destination: string; startingBalance: bigint }
  | { type: 'change_trust'; asset: Asset; pool?: PoolParams; limit: bigint }
  | { type: 'create_claimable_balance'; asset: Asset; amount: bigint; claimants: Claimant[] }
  | { type: 'claim_claimable_balance'; balanceId: string }
  | { type: 'liquidity_pool_deposit'; poolId: string; maxA: bigint; maxB: bigint; minPrice: Price; maxPrice: Price }
  | { type: 'liquidity_pool_withdraw'; poolId: string; amount: bigint; minA: bigint; minB: bigint }
  | { type: 'manage_data'; name: string; value: Buffer | null }
  | { type: 'account_merge'; destination: string }
  | { type: 'bump_sequence'; bumpTo: bigint }
  | { type: 'set_options'; options: SetOptions }
  /** Any operation outside docs/design.md's eleven: rejected with opNOT_SUPPORTED. */
  | { type: 'unsupported'; xdrType: number };

/** The body of one operation type, e.g. `OpBodyOf<'payment'>`. */
export type OpBodyOf<T extends OpBody['type']> = Extract<OpBody, { type: T }>;

export interface SetOptions {
  clearFlags?: number;
  setFlags?: number;
  masterWeight?: number;
  lowThreshold?: number;
  medThreshold?: number;
  highThreshold?: number;
  homeDomain?: string;
  /** G… (ed25519), T… (pre-authorised transaction) or X… (sha256 hash-x) signer key. */
  signer?: { key: string; weight: number };
  /** Set when the operation names an inflation destination or a signed-payload signer. */
  unsupported?: 'inflation_dest' | 'signer_type';
}

export interface Operation {
  /** G… of the operation's own source, when it names one. */
  source?: string;
  body: OpBody;
}

export type Memo =
  | { type: 'none' }
  | { type: 'text'; value: string }
  | { type: 'id'; value: bigint }
  | { type: 'hash' | 'return'; value: Buffer };

export interface Transaction {
  source: string;
  fee: bigint;
  seq: bigint;
  minTime: bigint;
  /** 0 = no upper bound. */
  maxTime: bigint;
  minLedger: number;
  maxLedger: number;
  memo: Memo;
  operations: Operation[];
  /** A precondition or extension this network does not implement (answered txNOT_SUPPORTED). */
  unsupported?: string;
}

export interface FeeBump {
  feeSource: string;
  fee: bigint;
  /** Hash of the inner transaction (hex). */
  innerHash: string;
  /** The fee bump's own hash (the envelope's hash) and the outer signatures. */
  signed: SignedHash;
}

/** A decoded envelope: what admission checks, the queue holds and a ledger close applies. */
export interface Envelope {
  hash: string;
  tx: Transaction;
  feeBump?: FeeBump;
  /** The (inner) transaction's hash and its signatures, weighed when checked (signatures.ts). */
  signed: SignedHash;
  /** Base64 TransactionEnvelope as stored. */
  xdr: string;
}

export interface PoolParams {
  assetA: Asset;
  assetB: Asset;
  fee: number;
}

function toStellarAsset(asset: Asset): StellarAsset {
  return asset.type === 'native' ? StellarAsset.native() : new StellarAsset(asset.code, asset.issuer);
}

/** Stellar's asset order (native < alphanum4 < alphanum12, then code, then issuer). */
export function compareAssets(a: Asset, b: Asset): number {
  return StellarAsset.compare(toStellarAsset(a), toStellarAsset(b));
}

const poolIds = new Map<string, string>();

/** Stellar's getLiquidityPoolId, hex; assets must already be in order. */
export function poolId(params: PoolParams): string {
  const cacheKey = `${params.assetA.key}|${params.assetB.key}|${params.fee}`;
  let id = poolIds.get(cacheKey);
  if (id === undefined) {
    id = getLiquidityPoolId('constant_product', {
      assetA: toStellarAsset(params.assetA),
      assetB: toStellarAsset(params.assetB),
      fee: params.fee,
    }).toString('hex');
    poolIds.set(cacheKey, id);
  }
  return id;
}

export function parseAssetKey(key: string): Asset {
  if (key === 'native') return NATIVE_ASSET;
  const colon = key.indexOf(':');
  return creditAsset(key.slice(0, colon), key.slice(colon + 1));
}
