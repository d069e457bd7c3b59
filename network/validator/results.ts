// Result codes (Stellar-transaction.x) and the TransactionResult XDR built from them with
// @stellar/stellar-base. Results without a payload repeat endlessly (a successful payment is always
// the same bytes but for the fee), so their base64 text is cached by its parts.
import { xdr } from '@stellar/stellar-base';
import type { OpBody } from './model';

export const TX = {
  FEE_BUMP_INNER_SUCCESS: 1,
  SUCCESS: 0,
  FAILED: -1,
  TOO_EARLY: -2,
  TOO_LATE: -3,
  MISSING_OPERATION: -4,
  BAD_SEQ: -5,
  BAD_AUTH: -6,
  INSUFFICIENT_BALANCE: -7,
  NO_ACCOUNT: -8,
  INSUFFICIENT_FEE: -9,
  BAD_AUTH_EXTRA: -10,
  INTERNAL_ERROR: -11,
  NOT_SUPPORTED: -12,
  FEE_BUMP_INNER_FAILED: -13,
  MALFORMED: -16,
} as const;

/** Outer operation codes: opINNER carries the type's own code. */
export const OP = { INNER: 0, BAD_AUTH: -1, NO_ACCOUNT: -2, NOT_SUPPORTED: -3, TOO_MANY_SUBENTRIES: -4 } as const;

export const PAYMENT = {
  SUCCESS: 0,
  MALFORMED: -1,
  UNDERFUNDED: -2,
  SRC_NO_TRUST: -3,
  NO_DESTINATION: -5,
  NO_TRUST: -6,
  LINE_FULL: -8,
} as const;
export const CREATE_ACCOUNT = {
  SUCCESS: 0,
  MALFORMED: -1,
  UNDERFUNDED: -2,
  LOW_RESERVE: -3,
  ALREADY_EXIST: -4,
} as const;
export const CHANGE_TRUST = {
  SUCCESS: 0,
  MALFORMED: -1,
  NO_ISSUER: -2,
  INVALID_LIMIT: -3,
  LOW_RESERVE: -4,
  TRUST_LINE_MISSING: -6,
  CANNOT_DELETE: -7,
} as const;
export const CREATE_CB = { SUCCESS: 0, MALFORMED: -1, LOW_RESERVE: -2, NO_TRUST: -3, UNDERFUNDED: -5 } as const;
export const CLAIM_CB = { SUCCESS: 0, DOES_NOT_EXIST: -1, CANNOT_CLAIM: -2, LINE_FULL: -3, NO_TRUST: -4 } as const;
export const LP_DEPOSIT = {
  SUCCESS: 0,
  MALFORMED: -1,
  NO_TRUST: -2,
  UNDERFUNDED: -4,
  LINE_FULL: -5,
  BAD_PRICE: -6,
  POOL_FULL: -7,
} as const;
export const LP_WITHDRAW = {
  SUCCESS: 0,
  MALFORMED: -1,
  NO_TRUST: -2,
  UNDERFUNDED: -3,
  LINE_FULL: -4,
  UNDER_MINIMUM: -5,
} as const;
export const MANAGE_DATA = { SUCCESS: 0, NAME_NOT_FOUND: -2, LOW_RESERVE: -3, INVALID_NAME: -4 } as const;
export const MERGE = {
  SUCCESS: 0,
  MALFORMED: -1,
  NO_ACCOUNT: -2,
  IMMUTABLE_SET: -3,
  HAS_SUB_ENTRIES: -4,
  SEQNUM_TOO_FAR: -5,
  DEST_FULL: -6,
  IS_SPONSOR: -7,
} as const;
export const BUMP_SEQ = { SUCCESS: 0, BAD_SEQ: -1 } as const;
export const SET_OPTIONS = {
  SUCCESS: 0,
  LOW_RESERVE: -1,
  TOO_MANY_SIGNERS: -2,
  BAD_FLAGS: -3,
  INVALID_INFLATION: -4,
  CANT_CHANGE: -5,
  UNKNOWN_FLAG: -6,
  THRESHOLD_OUT_OF_RANGE: -7,
  BAD_SIGNER: -8,
  INVALID_HOME_DOMAIN: -9,
} as const;

export interface OpResult {
  outer: number;
  /** The type's own code when outer is opINNER. */
  code: number;
  /** Success payloads: a new claimable balance's id (72 hex), a merge's moved amount. */
  balanceId?: string;
  merged?: bigint;
}

export const opOk: OpResult = { outer: OP.INNER, code: 0 };
export function opFail(code: number): OpResult {
  return { outer: OP.INNER, code };
}
export function opOuter(outer: number): OpResult {
  return { outer, code: 0 };
}

type Body = OpBody['type'];
interface ResultKind {
  opType: number;
  union: unknown;
  codes: unknown;
}
type UnionClass = new (code: unknown, value?: unknown) => never;
type EnumClass = { fromValue(value: number): never };
/** The generated XDR classes take (switch, value) and fromValue(), which the typings omit. */
const union = (cls: unknown) => cls as UnionClass;
const enumOf = (cls: unknown) => cls as EnumClass;

const KINDS: Record<Exclude<Body, 'unsupported'>, ResultKind> = {
  create_account: { opType: 0, union: xdr.CreateAccountResult, codes: xdr.CreateAccountResultCode },
  payment: { opType: 1, union: xdr.PaymentResult, codes: xdr.PaymentResultCode },
  set_options: { opType: 5, union: xdr.SetOptionsResult, codes: xdr.SetOptionsResultCode },
  change_trust: { opType: 6, union: xdr.ChangeTrustResult, codes: xdr.ChangeTrustResultCode },
  account_merge: { opType: 8, union: xdr.AccountMergeResult, codes: xdr.AccountMergeResultCode },
  manage_data: { opType: 10, union: xdr.ManageDataResult, codes: xdr.ManageDataResultCode },
  bump_sequence: { opType: 11, union: xdr.BumpSequenceResult, codes: xdr.BumpSequenceResultCode },
  create_claimable_balance: {
    opType: 14,
    union: xdr.CreateClaimableBalanceResult,
    codes: xdr.CreateClaimableBalanceResultCode,
  },
  claim_claimable_balance: {
    opType: 15,
    union: xdr.ClaimClaimableBalanceResult,
    codes: xdr.ClaimClaimableBalanceResultCode,
  },
  liquidity_pool_deposit: {
    opType: 22,
    union: xdr.LiquidityPoolDepositResult,
    codes: xdr.LiquidityPoolDepositResultCode,
  },
  liquidity_pool_withdraw: {
    opType: 23,
    union: xdr.LiquidityPoolWithdrawResult,
    codes: xdr.LiquidityPoolWithdrawResultCode,
  },
};

function opResultXdr(type: Body, result: OpResult): xdr.OperationResult {
  const outer = enumOf(xdr.OperationResultCode).fromValue(result.outer);
  if (result.outer !== OP.INNER || type === 'unsupported') return new (union(xdr.OperationResult))(outer);
  const kind = KINDS[type];
  let payload: unknown;
  if (result.code === 0 && result.balanceId !== undefined) {
    payload = xdr.ClaimableBalanceId.claimableBalanceIdTypeV0(Buffer.from(result.balanceId.slice(8), 'hex'));
  } else if (result.code === 0 && result.merged !== undefined) {
    payload = xdr.Int64.fromString(result.merged.toString());
  }
  const inner = new (union(kind.union))(enumOf(kind.codes).fromValue(result.code), payload);
  const tr = new (union(xdr.OperationResultTr))(enumOf(xdr.OperationType).fromValue(kind.opType), inner);
  return new (union(xdr.OperationResult))(outer, tr);
}

export interface TxOutcome {
  code: number;
  fee: bigint;
  /** Per-operation results for txSUCCESS and txFAILED. */
  ops?: { type: Body; result: OpResult }[];
  /** For txFEE_BUMP_INNER_SUCCESS/FAILED: the inner transaction's outcome. */
  inner?: TxOutcome;
}

function resultBody(outcome: TxOutcome): { code: unknown; results?: xdr.OperationResult[] } {
  const code = enumOf(xdr.TransactionResultCode).fromValue(outcome.code);
  if (outcome.code !== TX.SUCCESS && outcome.code !== TX.FAILED) return { code };
  return { code, results: (outcome.ops ?? []).map((op) => opResultXdr(op.type, op.result)) };
}

function innerResult(outcome: TxOutcome): xdr.InnerTransactionResult {
  const body = resultBody(outcome);
  return new xdr.InnerTransactionResult({
    feeCharged: xdr.Int64.fromString(outcome.fee.toString()),
    result: new (union(xdr.InnerTransactionResultResult))(body.code, body.results),
    ext: new xdr.InnerTransactionResultExt(0),
  });
}

const cache = new Map<string, string>();

function cacheKey(outcome: TxOutcome): string | undefined {
  if (outcome.inner) return undefined;
  let key = `${outcome.code}:${outcome.fee}`;
  for (const op of outcome.ops ?? []) {
    if (op.result.balanceId !== undefined || op.result.merged !== undefined) return undefined;
    key += `|${op.type}:${op.result.outer}:${op.result.code}`;
  }
  return key;
}

/**
 * Base64 TransactionResult. For a fee bump whose inner transaction was looked at, `outcome.code`
 * is txFEE_BUMP_INNER_SUCCESS/FAILED, `outcome.inner` the inner outcome and `innerHash` its hash.
 */
export function transactionResultXdr(outcome: TxOutcome, innerHash?: string): string {
  const key = cacheKey(outcome);
  const hit = key === undefined ? undefined : cache.get(key);
  if (hit !== undefined) return hit;
  const code = enumOf(xdr.TransactionResultCode).fromValue(outcome.code);
  let result: xdr.TransactionResultResult;
  if (
    outcome.inner &&
    innerHash &&
    (outcome.code === TX.FEE_BUMP_INNER_SUCCESS || outcome.code === TX.FEE_BUMP_INNER_FAILED)
  ) {
    const pair = new xdr.InnerTransactionResultPair({
      transactionHash: Buffer.from(innerHash, 'hex'),
      result: innerResult(outcome.inner),
    });
    result = new (union(xdr.TransactionResultResult))(code, pair);
  } else {
    const body = resultBody(outcome);
    result = new (union(xdr.TransactionResultResult))(body.code, body.results);
  }
  const text = new xdr.TransactionResult({
    feeCharged: xdr.Int64.fromString(outcome.fee.toString()),
    result,
    ext: new xdr.TransactionResultExt(0),
  }).toXDR('base64');
  if (key !== undefined && cache.size < 10_000) cache.set(key, text);
  return text;
}
