// What every operation's apply needs: the ledger it runs in, and moving an asset in or out of an
// account with Stellar's rules (an issuer holds unlimited units of its own asset and needs no
// trustline; native balances keep the minimum reserve).
import { type Asset, INT64_MAX } from './model';
import { type Account, availableNative, type LedgerState, trustlineKey } from './state';

export interface ApplyContext {
  state: LedgerState;
  ledger: number;
  /** The ledger's close time, Unix seconds. */
  closeTime: bigint;
  baseReserve: bigint;
  txSource: string;
  txSeq: bigint;
}

/** Everything an applied operation learned that its history record shows. */
export interface OpInfo {
  balanceId?: string;
  claimAsset?: Asset;
  claimAmount?: bigint;
  poolAssets?: [Asset, Asset];
  deposited?: [bigint, bigint];
  withdrawn?: [bigint, bigint];
  shares?: bigint;
  merged?: bigint;
}

export type Holding =
  { kind: 'native'; account: Account } | { kind: 'issuer' } | { kind: 'line'; key: string } | { kind: 'none' };

export function holding(ctx: ApplyContext, accountId: string, asset: Asset): Holding {
  if (asset.type === 'native') {
    const account = ctx.state.accounts.get(accountId);
    return account ? { kind: 'native', account } : { kind: 'none' };
  }
  if (asset.issuer === accountId) return { kind: 'issuer' };
  const key = trustlineKey(accountId, asset.key);
  return ctx.state.trustlines.has(key) ? { kind: 'line', key } : { kind: 'none' };
}

/** How much the holder may send: native above the reserve, a trustline's balance. */
export function spendable(ctx: ApplyContext, where: Holding): bigint {
  switch (where.kind) {
    case 'native':
      return availableNative(where.account, ctx.baseReserve);
    case 'issuer':
      return INT64_MAX;
    case 'line':
      return ctx.state.trustlines.get(where.key)?.balance ?? 0n;
    case 'none':
      return 0n;
  }
}

/** How much the holder may receive before its limit (int64 for native). */
export function room(ctx: ApplyContext, where: Holding): bigint {
  switch (where.kind) {
    case 'native':
      return INT64_MAX - where.account.balance;
    case 'issuer':
      return INT64_MAX;
    case 'line': {
      const line = ctx.state.trustlines.get(where.key);
      return line ? line.limit - line.balance : 0n;
    }
    case 'none':
      return 0n;
  }
}

/** Adds (or with a negative amount removes) units; the caller has checked the bounds. */
export function move(ctx: ApplyContext, where: Holding, amount: bigint): void {
  if (where.kind === 'native') {
    const account = ctx.state.accounts.touch(where.account.id);
    if (!account) throw new Error(`account ${where.account.id} vanished`);
    account.balance += amount;
    account.lastModified = ctx.ledger;
  } else if (where.kind === 'line') {
    const line = ctx.state.trustlines.touch(where.key);
    if (!line) throw new Error(`trustline ${where.key} vanished`);
    line.balance += amount;
    line.lastModified = ctx.ledger;
  }
}

export function touchAccount(ctx: ApplyContext, id: string): Account {
  const account = ctx.state.accounts.touch(id);
  if (!account) throw new Error(`account ${id} vanished`);
  account.lastModified = ctx.ledger;
  return account;
}
