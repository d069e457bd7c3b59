// Apply of change_trust (credit and pool-share trustlines) and of claimable balances.
import { createHash } from 'node:crypto';
import { StrKey } from '@stellar/stellar-base';
import { type Claimant, type OpBodyOf as Body, type Predicate, POOL_FEE_BP, poolId } from './model';
import { type ApplyContext, holding, type OpInfo, move, room, spendable, touchAccount } from './ops-common';
import { CHANGE_TRUST, CLAIM_CB, CREATE_CB, type OpResult, opFail, opOk } from './results';
import { availableNative, minBalance, type Trustline, trustlineKey } from './state';

export function applyChangeTrust(ctx: ApplyContext, source: string, op: Body<'change_trust'>): OpResult {
  if (op.pool) return changePoolShareTrust(ctx, source, op);
  if (op.asset.type === 'native') return opFail(CHANGE_TRUST.MALFORMED);
  const { state } = ctx;
  const key = trustlineKey(source, op.asset.key);
  const line = state.trustlines.get(key);
  if (line) {
    if (op.limit === 0n) {
      if (line.balance !== 0n) return opFail(CHANGE_TRUST.INVALID_LIMIT);
      if (usedByPool(ctx, source, op.asset.key)) return opFail(CHANGE_TRUST.CANNOT_DELETE);
      state.trustlines.delete(key);
      touchAccount(ctx, source).subentries -= 1;
      return opOk;
    }
    return changeLimit(ctx, key, line, op.limit);
  }
  if (op.limit === 0n) return opFail(CHANGE_TRUST.INVALID_LIMIT);
  if (!state.accounts.has(op.asset.issuer)) return opFail(CHANGE_TRUST.NO_ISSUER);
  if (!canAddSubentries(ctx, source, 1)) return opFail(CHANGE_TRUST.LOW_RESERVE);
  touchAccount(ctx, source).subentries += 1;
  state.trustlines.set(key, {
    account: source,
    asset: op.asset.key,
    code: op.asset.code,
    issuer: op.asset.issuer,
    poolId: null,
    balance: 0n,
    limit: op.limit,
    lastModified: ctx.ledger,
  });
  return opOk;
}

/** A new, non-zero limit for an existing trustline: never below what it holds. */
function changeLimit(ctx: ApplyContext, key: string, line: Trustline, limit: bigint): OpResult {
  if (limit < line.balance) return opFail(CHANGE_TRUST.INVALID_LIMIT);
  const changed = ctx.state.trustlines.touch(key);
  if (changed) {
    changed.limit = limit;
    changed.lastModified = ctx.ledger;
  }
  return opOk;
}

function canAddSubentries(ctx: ApplyContext, accountId: string, count: number): boolean {
  const account = ctx.state.accounts.get(accountId);
  if (!account) return false;
  return account.balance >= minBalance({ ...account, subentries: account.subentries + count }, ctx.baseReserve);
}

function usedByPool(ctx: ApplyContext, account: string, assetKey: string): boolean {
  for (const id of ctx.state.poolShares.get(account) ?? []) {
    const pool = ctx.state.pools.get(id);
    if (pool && (pool.assetA.key === assetKey || pool.assetB.key === assetKey)) return true;
  }
  return false;
}

function changePoolShareTrust(ctx: ApplyContext, source: string, op: Body<'change_trust'>): OpResult {
  const params = op.pool;
  if (!params) return opFail(CHANGE_TRUST.MALFORMED);
  const { state } = ctx;
  const id = poolId(params);
  const key = trustlineKey(source, `pool:${id}`);
  const line = state.trustlines.get(key);
  if (line) {
    if (op.limit === 0n) {
      if (line.balance !== 0n) return opFail(CHANGE_TRUST.INVALID_LIMIT);
      state.trustlines.delete(key);
      touchAccount(ctx, source).subentries -= 2;
      const list = (state.poolShares.get(source) ?? []).filter((other) => other !== id);
      if (list.length) state.poolShares.set(source, list);
      else state.poolShares.delete(source);
      const pool = state.pools.touch(id);
      if (pool) {
        pool.trustlines -= 1;
        pool.lastModified = ctx.ledger;
        if (pool.trustlines === 0) state.pools.delete(id);
      }
      return opOk;
    }
    return changeLimit(ctx, key, line, op.limit);
  }
  if (op.limit === 0n) return opFail(CHANGE_TRUST.INVALID_LIMIT);
  for (const asset of [params.assetA, params.assetB]) {
    if (asset.type === 'credit' && asset.issuer !== source && !state.trustlines.has(trustlineKey(source, asset.key))) {
      return opFail(CHANGE_TRUST.TRUST_LINE_MISSING);
    }
  }
  if (!canAddSubentries(ctx, source, 2)) return opFail(CHANGE_TRUST.LOW_RESERVE);
  touchAccount(ctx, source).subentries += 2;
  state.trustlines.set(key, {
    account: source,
    asset: `pool:${id}`,
    code: null,
    issuer: null,
    poolId: id,
    balance: 0n,
    limit: op.limit,
    lastModified: ctx.ledger,
  });
  state.poolShares.set(source, [...(state.poolShares.get(source) ?? []), id]);
  const pool = state.pools.touch(id);
  if (pool) {
    pool.trustlines += 1;
    pool.lastModified = ctx.ledger;
  } else {
    state.pools.set(id, {
      id,
      assetA: params.assetA,
      assetB: params.assetB,
      reserveA: 0n,
      reserveB: 0n,
      shares: 0n,
      trustlines: 1,
      fee: POOL_FEE_BP,
      lastModified: ctx.ledger,
    });
  }
  return opOk;
}

/** Stellar's ClaimableBalanceID: sha256 of HashIDPreimage ENVELOPE_TYPE_OP_ID, "00000000"-prefixed. */
export function claimableBalanceId(txSource: string, txSeq: bigint, opIndex: number): string {
  const preimage = Buffer.alloc(4 + 4 + 32 + 8 + 4);
  preimage.writeInt32BE(6, 0);
  preimage.writeInt32BE(0, 4);
  StrKey.decodeEd25519PublicKey(txSource).copy(preimage, 8);
  preimage.writeBigInt64BE(txSeq, 40);
  preimage.writeUInt32BE(opIndex, 48);
  return `00000000${createHash('sha256').update(preimage).digest('hex')}`;
}

function absolute(predicate: Predicate, closeTime: bigint): Predicate {
  switch (predicate.type) {
    case 'rel_before':
      return { type: 'abs_before', epoch: closeTime + predicate.seconds };
    case 'and':
    case 'or':
      return { type: predicate.type, parts: predicate.parts.map((part) => absolute(part, closeTime)) };
    case 'not':
      return { type: 'not', part: absolute(predicate.part, closeTime) };
    default:
      return predicate;
  }
}

export function predicateHolds(predicate: Predicate, closeTime: bigint): boolean {
  switch (predicate.type) {
    case 'unconditional':
      return true;
    case 'and':
      return predicate.parts.every((part) => predicateHolds(part, closeTime));
    case 'or':
      return predicate.parts.some((part) => predicateHolds(part, closeTime));
    case 'not':
      return !predicateHolds(predicate.part, closeTime);
    case 'abs_before':
      return closeTime < predicate.epoch;
    case 'rel_before':
      return false; // converted to abs_before when the balance is created
  }
}

export function applyCreateClaimableBalance(
  ctx: ApplyContext,
  source: string,
  op: Body<'create_claimable_balance'>,
  opIndex: number,
  info: OpInfo,
): OpResult {
  const id = claimableBalanceId(ctx.txSource, ctx.txSeq, opIndex);
  info.balanceId = id;
  const from = holding(ctx, source, op.asset);
  if (from.kind === 'none') return opFail(CREATE_CB.NO_TRUST);
  if (spendable(ctx, from) < op.amount) return opFail(CREATE_CB.UNDERFUNDED);
  const sponsor = ctx.state.accounts.get(source);
  if (!sponsor) throw new Error('claimable balance source vanished');
  const debit = op.asset.type === 'native' ? op.amount : 0n;
  const reserveLeft = availableNative(
    { ...sponsor, sponsoring: sponsor.sponsoring + op.claimants.length },
    ctx.baseReserve,
  );
  if (reserveLeft < debit) return opFail(CREATE_CB.LOW_RESERVE);
  move(ctx, from, -op.amount);
  touchAccount(ctx, source).sponsoring += op.claimants.length;
  const claimants: Claimant[] = op.claimants.map((c) => ({
    destination: c.destination,
    predicate: absolute(c.predicate, ctx.closeTime),
  }));
  ctx.state.balances.set(id, {
    id,
    asset: op.asset,
    amount: op.amount,
    sponsor: source,
    claimants,
    lastModified: ctx.ledger,
  });
  return { ...opOk, balanceId: id };
}

export function applyClaimClaimableBalance(
  ctx: ApplyContext,
  source: string,
  op: Body<'claim_claimable_balance'>,
  info: OpInfo,
): OpResult {
  const { state } = ctx;
  const balance = state.balances.get(op.balanceId);
  if (!balance) return opFail(CLAIM_CB.DOES_NOT_EXIST);
  info.claimAsset = balance.asset;
  info.claimAmount = balance.amount;
  const claimant = balance.claimants.find((c) => c.destination === source);
  if (!claimant || !predicateHolds(claimant.predicate, ctx.closeTime)) return opFail(CLAIM_CB.CANNOT_CLAIM);
  const to = holding(ctx, source, balance.asset);
  if (to.kind === 'none') return opFail(CLAIM_CB.NO_TRUST);
  if (room(ctx, to) < balance.amount) return opFail(CLAIM_CB.LINE_FULL);
  move(ctx, to, balance.amount);
  state.balances.delete(op.balanceId);
  if (state.accounts.has(balance.sponsor)) touchAccount(ctx, balance.sponsor).sponsoring -= balance.claimants.length;
  return opOk;
}
