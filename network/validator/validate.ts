// Admission checks (stellar-core's TransactionFrame::checkValid): the transaction-level checks in
// stellar-core's order, then each operation's source, signatures and well-formedness. The same
// checks run again when a ledger applies the transaction, against the state of that moment.
import type { Envelope, Transaction } from './model';
import { checkOperation, thresholdLevel, type ThresholdLevel } from './op-checks';
import { OP, type OpResult, opOk, opOuter, TX, type TxOutcome } from './results';
import { SignatureChecker, type WeightedKey } from './signatures';
import { type Account, availableNative, type LedgerState } from './state';

/** The account's signers as stellar-core lists them: the master key first unless its weight is 0 (it cannot sign then). */
export function accountSigners(account: Account): WeightedKey[] {
  const master = account.masterWeight > 0 ? [{ key: account.id, weight: account.masterWeight }] : [];
  return master.concat(account.signers);
}

export function threshold(account: Account, level: ThresholdLevel): number {
  return level === 'low' ? account.low : level === 'med' ? account.med : account.high;
}

/** Whether the checker's signatures meet the account's threshold for `level` (stellar-core's checkSignature). */
export function authorized(checker: SignatureChecker, account: Account, level: ThresholdLevel): boolean {
  return checker.check(accountSigners(account), threshold(account, level));
}

export interface CheckContext {
  state: LedgerState;
  /** The ledger the transaction would be applied in. */
  ledger: number;
  /** Its (expected) close time, Unix seconds. */
  closeTime: bigint;
  baseFee: bigint;
  baseReserve: bigint;
  /** The history generator's own transactions: signatures and thresholds are not checked (it signs them after apply, if at all). */
  trusted?: boolean;
  /** Sequence and fees of this source's transactions already queued. */
  pending?: (source: string) => { lastSeq: bigint; fees: bigint } | undefined;
}

export function minFee(tx: Transaction, baseFee: bigint, feeBump: boolean): bigint {
  return baseFee * BigInt(tx.operations.length + (feeBump ? 1 : 0));
}

/** null when the envelope may be queued or applied, else the result to answer. */
export function checkEnvelope(ctx: CheckContext, env: Envelope): TxOutcome | null {
  const { tx, feeBump } = env;
  if (!feeBump) return checkTransaction(ctx, env, tx, true);
  const fee = minFee(tx, ctx.baseFee, true);
  const outer = (code: number): TxOutcome => ({ code, fee });
  if (tx.operations.length === 0) return outer(TX.MISSING_OPERATION);
  if (feeBump.fee < fee) return outer(TX.INSUFFICIENT_FEE);
  const payer = ctx.state.accounts.get(feeBump.feeSource);
  if (!payer) return outer(TX.NO_ACCOUNT);
  // The outer signatures sign the fee bump's own hash and answer only for the fee source.
  const checker = new SignatureChecker(feeBump.signed);
  if (!ctx.trusted && !authorized(checker, payer, 'low')) return outer(TX.BAD_AUTH);
  const queued = ctx.pending?.(feeBump.feeSource)?.fees ?? 0n;
  if (availableNative(payer, ctx.baseReserve) - queued < fee) return outer(TX.INSUFFICIENT_BALANCE);
  if (!ctx.trusted && !checker.allUsed()) return outer(TX.BAD_AUTH_EXTRA);
  const inner = checkTransaction(ctx, env, tx, false);
  if (!inner) return null;
  return { code: TX.FEE_BUMP_INNER_FAILED, fee, inner: { ...inner, fee: 0n } };
}

function checkTransaction(ctx: CheckContext, env: Envelope, tx: Transaction, paysFee: boolean): TxOutcome | null {
  const fee = minFee(tx, ctx.baseFee, false);
  const fail = (code: number): TxOutcome => ({ code, fee });
  if (tx.unsupported) return fail(TX.NOT_SUPPORTED);
  if (tx.operations.length === 0) return fail(TX.MISSING_OPERATION);
  if (tx.minTime > ctx.closeTime || (tx.minLedger > 0 && tx.minLedger > ctx.ledger)) return fail(TX.TOO_EARLY);
  if ((tx.maxTime !== 0n && tx.maxTime < ctx.closeTime) || (tx.maxLedger > 0 && tx.maxLedger <= ctx.ledger)) {
    return fail(TX.TOO_LATE);
  }
  if (paysFee && tx.fee < fee) return fail(TX.INSUFFICIENT_FEE);
  const source = ctx.state.accounts.get(tx.source);
  if (!source) return fail(TX.NO_ACCOUNT);
  const queued = ctx.pending?.(tx.source);
  if (tx.seq !== (queued?.lastSeq ?? source.seq) + 1n) return fail(TX.BAD_SEQ);
  const checker = new SignatureChecker(env.signed);
  if (!ctx.trusted && !authorized(checker, source, 'low')) return fail(TX.BAD_AUTH);
  if (paysFee && availableNative(source, ctx.baseReserve) - (queued?.fees ?? 0n) < fee)
    return fail(TX.INSUFFICIENT_BALANCE);
  const results = tx.operations.map((op) => checkOp(ctx, checker, tx.source, op));
  if (results.some((r) => r !== opOk)) {
    return {
      code: TX.FAILED,
      fee,
      ops: tx.operations.map((op, i) => ({ type: op.body.type, result: results[i] ?? opOk })),
    };
  }
  // Every needed account was checked: a signature none of them used is one too many.
  if (!ctx.trusted && !checker.allUsed()) return fail(TX.BAD_AUTH_EXTRA);
  return null;
}

type Op = Transaction['operations'][number];

/** One operation's source, signatures and form; its signatures answer for its OWN source account. */
function checkOp(ctx: CheckContext, checker: SignatureChecker, txSource: string, op: Op): OpResult {
  const sourceId = op.source ?? txSource;
  const malformed = checkOperation(op.body, sourceId);
  if (malformed?.outer === OP.NOT_SUPPORTED) return malformed;
  if (ctx.trusted) return ctx.state.accounts.has(sourceId) ? (malformed ?? opOk) : opOuter(OP.NO_ACCOUNT);
  const signed = opSignature(ctx.state, checker, op, sourceId);
  return signed === opOk ? (malformed ?? opOk) : signed;
}

/** stellar-core's OperationFrame::checkSignature outside apply: the source's threshold for the operation's level. */
function opSignature(state: LedgerState, checker: SignatureChecker, op: Op, sourceId: string): OpResult {
  const source = state.accounts.get(sourceId);
  if (source) return authorized(checker, source, thresholdLevel(op.body)) ? opOk : opOuter(OP.BAD_AUTH);
  if (!op.source) return opOuter(OP.NO_ACCOUNT);
  // A named source that does not exist yet (an earlier operation may create it; applying it
  // answers opNO_ACCOUNT if not): its own key must have signed.
  return checker.check([{ key: sourceId, weight: 1 }], 0) ? opOk : opOuter(OP.BAD_AUTH);
}
