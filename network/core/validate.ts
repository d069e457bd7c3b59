// Admission checks (stellar-core's TransactionFrame::checkValid): the transaction-level checks in
// stellar-core's order, then each operation's source, signatures and well-formedness. The same
// checks run again when a ledger applies the transaction, against the state of that moment.
import { createPublicKey, type KeyObject, verify } from 'node:crypto';
import { StrKey } from '@stellar/stellar-base';
import type { DecodedEnvelope, RawSignature } from './decode';
import type { Envelope, Transaction } from './model';
import { checkOperation, thresholdLevel, type ThresholdLevel } from './op-checks';
import { OP, type OpResult, opOk, opOuter, TX, type TxOutcome } from './results';
import { type Account, availableNative, type LedgerState } from './state';

interface VerifyKey {
  hint: Buffer;
  key: KeyObject;
}
const verifyKeys = new Map<string, VerifyKey>();

/** The signature hint and node:crypto key of a G… key, cached (StrKey decoding is not free). */
function verifyKey(publicKey: string): VerifyKey {
  let entry = verifyKeys.get(publicKey);
  if (!entry) {
    const raw = StrKey.decodeEd25519PublicKey(publicKey);
    // A JWK import costs a tenth of a DER one (measured: 6 us against 75 us).
    entry = { hint: raw.subarray(28), key: createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') }, format: 'jwk' }) };
    if (verifyKeys.size > 100_000) verifyKeys.clear();
    verifyKeys.set(publicKey, entry);
  }
  return entry;
}

function candidates(state: LedgerState, accounts: Iterable<string>): Set<string> {
  const keys = new Set<string>();
  for (const id of accounts) {
    keys.add(id);
    for (const signer of state.accounts.get(id)?.signers ?? []) keys.add(signer.key);
  }
  return keys;
}

function verifyAll(hashHex: string, signatures: RawSignature[], keys: Set<string>): Set<string> {
  const signed = new Set<string>();
  const payload = Buffer.from(hashHex, 'hex');
  for (const { hint, signature } of signatures) {
    for (const key of keys) {
      if (signed.has(key)) continue;
      const entry = verifyKey(key);
      if (!entry.hint.equals(hint)) continue;
      if (signature.length === 64 && verify(null, payload, entry.key, signature)) signed.add(key);
    }
  }
  return signed;
}

/** Fills envelope.signedBy (and the fee bump's) with the keys whose signatures verify. */
export function verifySignatures(state: LedgerState, decoded: DecodedEnvelope): Envelope {
  const { envelope } = decoded;
  const sources = [envelope.tx.source, ...envelope.tx.operations.flatMap((op) => (op.source ? [op.source] : []))];
  envelope.signedBy = verifyAll(envelope.feeBump?.innerHash ?? envelope.hash, decoded.signatures, candidates(state, sources));
  if (envelope.feeBump) {
    envelope.feeBump.signedBy = verifyAll(envelope.hash, decoded.feeBumpSignatures, candidates(state, [envelope.feeBump.feeSource]));
  }
  return envelope;
}

export function signingWeight(account: Account, signedBy: Set<string>): number {
  let weight = signedBy.has(account.id) ? account.masterWeight : 0;
  for (const signer of account.signers) if (signedBy.has(signer.key)) weight += signer.weight;
  return weight;
}

export function authorized(account: Account, signedBy: Set<string>, level: ThresholdLevel): boolean {
  const needed = level === 'low' ? account.low : level === 'med' ? account.med : account.high;
  const weight = signingWeight(account, signedBy);
  return weight > 0 && weight >= needed;
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
  if (!ctx.trusted && !authorized(payer, feeBump.signedBy, 'low')) return outer(TX.BAD_AUTH);
  const queued = ctx.pending?.(feeBump.feeSource)?.fees ?? 0n;
  if (availableNative(payer, ctx.baseReserve) - queued < fee) return outer(TX.INSUFFICIENT_BALANCE);
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
  if (!ctx.trusted && !authorized(source, env.signedBy, 'low')) return fail(TX.BAD_AUTH);
  if (paysFee && availableNative(source, ctx.baseReserve) - (queued?.fees ?? 0n) < fee) return fail(TX.INSUFFICIENT_BALANCE);
  const results = tx.operations.map((op) => checkOp(ctx, env, op.source ?? tx.source, op.body));
  if (results.some((r) => r !== opOk)) {
    return { code: TX.FAILED, fee, ops: tx.operations.map((op, i) => ({ type: op.body.type, result: results[i] ?? opOk })) };
  }
  return null;
}

function checkOp(ctx: CheckContext, env: Envelope, sourceId: string, body: Transaction['operations'][number]['body']): OpResult {
  const malformed = checkOperation(body, sourceId);
  if (malformed?.outer === OP.NOT_SUPPORTED) return malformed;
  const source = ctx.state.accounts.get(sourceId);
  if (!source) return opOuter(OP.NO_ACCOUNT);
  if (!ctx.trusted && !authorized(source, env.signedBy, thresholdLevel(body))) return opOuter(OP.BAD_AUTH);
  return malformed ?? opOk;
}
