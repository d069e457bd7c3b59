// Constant-product liquidity pools, with stellar-core's rounding (LiquidityPoolDepositOpFrame,
// LiquidityPoolWithdrawOpFrame): shares round down, the deposit rounds up, a withdrawal rounds down.
import { type OpBodyOf as Body, type Price, INT64_MAX } from './model';
import { type ApplyContext, holding, type OpInfo, move, room, spendable } from './ops-common';
import { LP_DEPOSIT, LP_WITHDRAW, type OpResult, opFail, opOk } from './results';
import { trustlineKey } from './state';

function divide(a: bigint, b: bigint, c: bigint, roundUp: boolean): bigint {
  const product = a * b;
  return roundUp ? (product + c - 1n) / c : product / c;
}

function sqrtFloor(value: bigint): bigint {
  if (value < 2n) return value;
  let x = BigInt(Math.floor(Math.sqrt(Number(value))));
  while (x * x > value) x -= 1n;
  while ((x + 1n) * (x + 1n) <= value) x += 1n;
  return x;
}

function badPrice(amountA: bigint, amountB: bigint, min: Price, max: Price): boolean {
  if (amountA === 0n || amountB === 0n) return true;
  return amountA * BigInt(min.d) < amountB * BigInt(min.n) || amountA * BigInt(max.d) > amountB * BigInt(max.n);
}

export function applyPoolDeposit(
  ctx: ApplyContext,
  source: string,
  op: Body<'liquidity_pool_deposit'>,
  info: OpInfo,
): OpResult {
  const { state } = ctx;
  const shareKey = trustlineKey(source, `pool:${op.poolId}`);
  const shareLine = state.trustlines.get(shareKey);
  const pool = state.pools.get(op.poolId);
  if (pool) info.poolAssets = [pool.assetA, pool.assetB];
  if (!shareLine || !pool) return opFail(LP_DEPOSIT.NO_TRUST);
  const fromA = holding(ctx, source, pool.assetA);
  const fromB = holding(ctx, source, pool.assetB);
  if (fromA.kind === 'none' || fromB.kind === 'none') return opFail(LP_DEPOSIT.NO_TRUST);
  const availableA = spendable(ctx, fromA);
  const availableB = spendable(ctx, fromB);
  let amountA: bigint;
  let amountB: bigint;
  let shares: bigint;
  if (pool.shares === 0n) {
    amountA = op.maxA;
    amountB = op.maxB;
    if (availableA < amountA || availableB < amountB) return opFail(LP_DEPOSIT.UNDERFUNDED);
    if (badPrice(amountA, amountB, op.minPrice, op.maxPrice)) return opFail(LP_DEPOSIT.BAD_PRICE);
    shares = sqrtFloor(amountA * amountB);
  } else {
    const sharesA = divide(pool.shares, op.maxA, pool.reserveA, false);
    const sharesB = divide(pool.shares, op.maxB, pool.reserveB, false);
    shares = sharesA < sharesB ? sharesA : sharesB;
    amountA = divide(shares, pool.reserveA, pool.shares, true);
    amountB = divide(shares, pool.reserveB, pool.shares, true);
    if (badPrice(amountA, amountB, op.minPrice, op.maxPrice)) return opFail(LP_DEPOSIT.BAD_PRICE);
    if (availableA < amountA || availableB < amountB) return opFail(LP_DEPOSIT.UNDERFUNDED);
  }
  if (shareLine.limit - shareLine.balance < shares) return opFail(LP_DEPOSIT.LINE_FULL);
  if (INT64_MAX - pool.reserveA < amountA || INT64_MAX - pool.reserveB < amountB || INT64_MAX - pool.shares < shares) {
    return opFail(LP_DEPOSIT.POOL_FULL);
  }
  move(ctx, fromA, -amountA);
  move(ctx, fromB, -amountB);
  move(ctx, { kind: 'line', key: shareKey }, shares);
  const changed = state.pools.touch(op.poolId);
  if (!changed) throw new Error('pool vanished');
  changed.reserveA += amountA;
  changed.reserveB += amountB;
  changed.shares += shares;
  changed.lastModified = ctx.ledger;
  info.deposited = [amountA, amountB];
  info.shares = shares;
  return opOk;
}

export function applyPoolWithdraw(
  ctx: ApplyContext,
  source: string,
  op: Body<'liquidity_pool_withdraw'>,
  info: OpInfo,
): OpResult {
  const { state } = ctx;
  const shareKey = trustlineKey(source, `pool:${op.poolId}`);
  const shareLine = state.trustlines.get(shareKey);
  const pool = state.pools.get(op.poolId);
  if (pool) info.poolAssets = [pool.assetA, pool.assetB];
  if (!shareLine || !pool) return opFail(LP_WITHDRAW.NO_TRUST);
  const toA = holding(ctx, source, pool.assetA);
  const toB = holding(ctx, source, pool.assetB);
  if (toA.kind === 'none' || toB.kind === 'none') return opFail(LP_WITHDRAW.NO_TRUST);
  if (shareLine.balance < op.amount) return opFail(LP_WITHDRAW.UNDERFUNDED);
  const amountA = divide(op.amount, pool.reserveA, pool.shares, false);
  const amountB = divide(op.amount, pool.reserveB, pool.shares, false);
  if (amountA < op.minA || amountB < op.minB) return opFail(LP_WITHDRAW.UNDER_MINIMUM);
  if (room(ctx, toA) < amountA || room(ctx, toB) < amountB) return opFail(LP_WITHDRAW.LINE_FULL);
  move(ctx, { kind: 'line', key: shareKey }, -op.amount);
  move(ctx, toA, amountA);
  move(ctx, toB, amountB);
  const changed = state.pools.touch(op.poolId);
  if (!changed) throw new Error('pool vanished');
  changed.reserveA -= amountA;
  changed.reserveB -= amountB;
  changed.shares -= op.amount;
  changed.lastModified = ctx.ledger;
  info.withdrawn = [amountA, amountB];
  return opOk;
}
