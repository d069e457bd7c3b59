// Apply of the account-level operations: payment, create_account, account_merge, bump_sequence,
// manage_data, set_options. Well-formedness was checked at admission (op-checks.ts); these
// functions check the state rules and change the state, or leave it untouched and fail.
import { type OpBodyOf as Body, type SetOptions, INT64_MAX, MAX_SIGNERS } from './model';
import { type ApplyContext, holding, move, room, spendable, touchAccount } from './ops-common';
import { CREATE_ACCOUNT, MANAGE_DATA, MERGE, type OpResult, opFail, opOk, PAYMENT, SET_OPTIONS } from './results';
import { availableNative, dataKey, minBalance } from './state';

export function applyPayment(ctx: ApplyContext, source: string, op: Body<'payment'>): OpResult {
  const { state } = ctx;
  if (!state.accounts.has(op.destination)) return opFail(PAYMENT.NO_DESTINATION);
  const to = holding(ctx, op.destination, op.asset);
  if (to.kind === 'none') return opFail(PAYMENT.NO_TRUST);
  if (source === op.destination) return opOk;
  if (room(ctx, to) < op.amount) return opFail(PAYMENT.LINE_FULL);
  const from = holding(ctx, source, op.asset);
  if (from.kind === 'none') return opFail(PAYMENT.SRC_NO_TRUST);
  if (spendable(ctx, from) < op.amount) return opFail(PAYMENT.UNDERFUNDED);
  move(ctx, from, -op.amount);
  move(ctx, to, op.amount);
  return opOk;
}

export function applyCreateAccount(ctx: ApplyContext, source: string, op: Body<'create_account'>): OpResult {
  const { state } = ctx;
  if (state.accounts.has(op.destination)) return opFail(CREATE_ACCOUNT.ALREADY_EXIST);
  if (op.startingBalance < 2n * ctx.baseReserve) return opFail(CREATE_ACCOUNT.LOW_RESERVE);
  const funder = state.accounts.get(source);
  if (!funder || availableNative(funder, ctx.baseReserve) < op.startingBalance)
    return opFail(CREATE_ACCOUNT.UNDERFUNDED);
  touchAccount(ctx, source).balance -= op.startingBalance;
  state.accounts.set(op.destination, newAccount(op.destination, op.startingBalance, ctx.ledger));
  return opOk;
}

export function newAccount(id: string, balance: bigint, ledger: number) {
  return {
    id,
    balance,
    seq: BigInt(ledger) << 32n,
    subentries: 0,
    masterWeight: 1,
    low: 0,
    med: 0,
    high: 0,
    homeDomain: '',
    flags: 0,
    lastModified: ledger,
    signers: [],
    sponsoring: 0,
  };
}

const AUTH_IMMUTABLE = 4;

export function applyAccountMerge(
  ctx: ApplyContext,
  source: string,
  op: Body<'account_merge'>,
  info: { merged?: bigint },
): OpResult {
  const { state } = ctx;
  const from = state.accounts.get(source);
  const into = state.accounts.get(op.destination);
  if (!from) throw new Error('merge source vanished');
  if (!into) return opFail(MERGE.NO_ACCOUNT);
  if (from.flags & AUTH_IMMUTABLE) return opFail(MERGE.IMMUTABLE_SET);
  if (from.subentries > 0) return opFail(MERGE.HAS_SUB_ENTRIES);
  if (from.seq >= BigInt(ctx.ledger) << 32n) return opFail(MERGE.SEQNUM_TOO_FAR);
  if (from.sponsoring > 0) return opFail(MERGE.IS_SPONSOR);
  if (INT64_MAX - into.balance < from.balance) return opFail(MERGE.DEST_FULL);
  const amount = from.balance;
  touchAccount(ctx, op.destination).balance += amount;
  state.accounts.delete(source);
  info.merged = amount;
  return { ...opOk, merged: amount };
}

export function applyBumpSequence(ctx: ApplyContext, source: string, op: Body<'bump_sequence'>): OpResult {
  const account = ctx.state.accounts.get(source);
  if (account && op.bumpTo > account.seq) touchAccount(ctx, source).seq = op.bumpTo;
  return opOk;
}

export function applyManageData(ctx: ApplyContext, source: string, op: Body<'manage_data'>): OpResult {
  const { state } = ctx;
  const key = dataKey(source, op.name);
  const exists = state.data.has(key);
  if (op.value === null) {
    if (!exists) return opFail(MANAGE_DATA.NAME_NOT_FOUND);
    state.data.delete(key);
    touchAccount(ctx, source).subentries -= 1;
    return opOk;
  }
  if (!exists) {
    const account = state.accounts.get(source);
    if (!account || account.balance < minBalance({ ...account, subentries: account.subentries + 1 }, ctx.baseReserve)) {
      return opFail(MANAGE_DATA.LOW_RESERVE);
    }
    touchAccount(ctx, source).subentries += 1;
  }
  state.data.set(key, { account: source, name: op.name, value: op.value.toString('base64') });
  return opOk;
}

export function applySetOptions(ctx: ApplyContext, source: string, options: SetOptions): OpResult {
  const current = ctx.state.accounts.get(source);
  if (!current) throw new Error('set_options source vanished');
  if ((options.setFlags !== undefined || options.clearFlags !== undefined) && current.flags & AUTH_IMMUTABLE) {
    return opFail(SET_OPTIONS.CANT_CHANGE);
  }
  const signer = options.signer;
  const existing = signer ? current.signers.findIndex((s) => s.key === signer.key) : -1;
  if (signer && signer.weight > 0 && existing < 0) {
    if (current.signers.length >= MAX_SIGNERS) return opFail(SET_OPTIONS.TOO_MANY_SIGNERS);
    if (current.balance < minBalance({ ...current, subentries: current.subentries + 1 }, ctx.baseReserve)) {
      return opFail(SET_OPTIONS.LOW_RESERVE);
    }
  }
  const account = touchAccount(ctx, source);
  if (options.setFlags !== undefined) account.flags |= options.setFlags;
  if (options.clearFlags !== undefined) account.flags &= ~options.clearFlags;
  if (options.masterWeight !== undefined) account.masterWeight = options.masterWeight;
  if (options.lowThreshold !== undefined) account.low = options.lowThreshold;
  if (options.medThreshold !== undefined) account.med = options.medThreshold;
  if (options.highThreshold !== undefined) account.high = options.highThreshold;
  if (options.homeDomain !== undefined) account.homeDomain = options.homeDomain;
  if (signer) {
    if (signer.weight === 0 && existing >= 0) {
      account.signers.splice(existing, 1);
      account.subentries -= 1;
    } else if (existing >= 0) {
      const kept = account.signers[existing];
      if (kept) kept.weight = signer.weight;
    } else if (signer.weight > 0) {
      account.signers.push({ key: signer.key, weight: signer.weight });
      account.signers.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      account.subentries += 1;
    }
  }
  return opOk;
}
