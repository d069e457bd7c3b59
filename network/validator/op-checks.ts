// Stateless well-formedness of each operation (stellar-core's doCheckValid), checked at admission:
// a malformed operation makes the whole transaction txFAILED before it can enter the queue.
import {
  type Asset,
  type Claimant,
  compareAssets,
  type OpBody,
  POOL_FEE_BP,
  type Predicate,
  type SetOptions,
} from './model';
import {
  BUMP_SEQ,
  CHANGE_TRUST,
  CREATE_ACCOUNT,
  CREATE_CB,
  LP_DEPOSIT,
  LP_WITHDRAW,
  MANAGE_DATA,
  MERGE,
  OP,
  type OpResult,
  opFail,
  opOuter,
  PAYMENT,
  SET_OPTIONS,
} from './results';

const PRINTABLE = /^[\x20-\x7e]*$/;
const ASSET_CODE = /^[A-Za-z0-9]{1,12}$/;

/** Stellar's asset code rule: 1 to 12 letters or digits (decode.ts blanks a code of the wrong width). */
function validAsset(asset: Asset): boolean {
  return asset.type === 'native' || ASSET_CODE.test(asset.code);
}

function validPredicate(p: Predicate): boolean {
  switch (p.type) {
    case 'and':
    case 'or':
      return p.parts.length === 2 && p.parts.every(validPredicate);
    case 'not':
      return validPredicate(p.part);
    case 'abs_before':
    case 'rel_before':
      return (p.type === 'abs_before' ? p.epoch : p.seconds) >= 0n;
    default:
      return true;
  }
}

function validClaimants(claimants: Claimant[]): boolean {
  if (claimants.length === 0 || claimants.length > 10) return false;
  const seen = new Set(claimants.map((c) => c.destination));
  return seen.size === claimants.length && claimants.every((c) => validPredicate(c.predicate));
}

/** null when well formed, else the operation's failure result. */
export function checkOperation(body: OpBody, source: string): OpResult | null {
  switch (body.type) {
    case 'payment':
      return body.amount <= 0n || !validAsset(body.asset) ? opFail(PAYMENT.MALFORMED) : null;
    case 'create_account':
      return body.startingBalance < 0n || body.destination === source ? opFail(CREATE_ACCOUNT.MALFORMED) : null;
    case 'change_trust':
      if (body.limit < 0n) return opFail(CHANGE_TRUST.MALFORMED);
      if (body.pool) {
        const { assetA, assetB, fee } = body.pool;
        if (!validAsset(assetA) || !validAsset(assetB)) return opFail(CHANGE_TRUST.MALFORMED);
        return fee !== POOL_FEE_BP || compareAssets(assetA, assetB) >= 0 ? opFail(CHANGE_TRUST.MALFORMED) : null;
      }
      return body.asset.type === 'native' || body.asset.issuer === source || !validAsset(body.asset)
        ? opFail(CHANGE_TRUST.MALFORMED)
        : null;
    case 'create_claimable_balance':
      return body.amount <= 0n || !validAsset(body.asset) || !validClaimants(body.claimants)
        ? opFail(CREATE_CB.MALFORMED)
        : null;
    case 'claim_claimable_balance':
      return null;
    case 'liquidity_pool_deposit': {
      const { maxA, maxB, minPrice, maxPrice } = body;
      const badPrice = minPrice.n <= 0 || minPrice.d <= 0 || maxPrice.n <= 0 || maxPrice.d <= 0;
      if (maxA <= 0n || maxB <= 0n || badPrice) return opFail(LP_DEPOSIT.MALFORMED);
      return BigInt(minPrice.n) * BigInt(maxPrice.d) > BigInt(maxPrice.n) * BigInt(minPrice.d)
        ? opFail(LP_DEPOSIT.MALFORMED)
        : null;
    }
    case 'liquidity_pool_withdraw':
      return body.amount <= 0n || body.minA < 0n || body.minB < 0n ? opFail(LP_WITHDRAW.MALFORMED) : null;
    case 'manage_data':
      return body.name.length === 0 || body.name.length > 64 || !PRINTABLE.test(body.name)
        ? opFail(MANAGE_DATA.INVALID_NAME)
        : null;
    case 'account_merge':
      return body.destination === source ? opFail(MERGE.MALFORMED) : null;
    case 'bump_sequence':
      return body.bumpTo < 0n ? opFail(BUMP_SEQ.BAD_SEQ) : null;
    case 'set_options':
      return checkSetOptions(body.options, source);
    case 'unsupported':
      return opOuter(OP.NOT_SUPPORTED);
  }
}

function checkSetOptions(o: SetOptions, source: string): OpResult | null {
  if (o.unsupported) return opOuter(OP.NOT_SUPPORTED);
  if (o.setFlags !== undefined && o.clearFlags !== undefined && (o.setFlags & o.clearFlags) !== 0)
    return opFail(SET_OPTIONS.BAD_FLAGS);
  if (((o.setFlags ?? 0) | (o.clearFlags ?? 0)) & ~0xf) return opFail(SET_OPTIONS.UNKNOWN_FLAG);
  for (const weight of [o.masterWeight, o.lowThreshold, o.medThreshold, o.highThreshold]) {
    if (weight !== undefined && weight > 255) return opFail(SET_OPTIONS.THRESHOLD_OUT_OF_RANGE);
  }
  if (o.signer && (o.signer.key === source || o.signer.weight > 255)) return opFail(SET_OPTIONS.BAD_SIGNER);
  if (o.homeDomain !== undefined && (o.homeDomain.length > 32 || !PRINTABLE.test(o.homeDomain))) {
    return opFail(SET_OPTIONS.INVALID_HOME_DOMAIN);
  }
  return null;
}

export type ThresholdLevel = 'low' | 'med' | 'high';

/** The signing weight an operation needs from its source account (stellar-core's getThresholdLevel). */
export function thresholdLevel(body: OpBody): ThresholdLevel {
  switch (body.type) {
    case 'bump_sequence':
    case 'claim_claimable_balance':
      return 'low';
    case 'account_merge':
      return 'high';
    case 'set_options': {
      const o = body.options;
      const raises = o.masterWeight !== undefined || o.lowThreshold !== undefined || o.medThreshold !== undefined;
      return raises || o.highThreshold !== undefined || o.signer !== undefined ? 'high' : 'med';
    }
    default:
      return 'med';
  }
}
