// Threshold arithmetic: the weight a set of signers brings to an account, and whether that meets
// what an operation needs. Like stellar-core (SignatureChecker::checkSignature), each signer's
// weight is capped at 255, a pre-authorised transaction signer counts when its hash is the
// transaction's, and a need is met only with a weight above zero: a threshold of 0 still needs
// one signature that counts.
import type { Requirement, SignerType, ThresholdLevel } from '../../shared/signatures';
import { preAuthKeyOf, type SignerKey } from './keys';
import type { Need } from './levels';

export interface AccountSigner extends SignerKey {
  weight: number;
}

export interface AccountState {
  id: string;
  sequence: string;
  thresholds: Record<ThresholdLevel, number>;
  /** Every signer, the master key included (as Horizon lists it) with the master weight. */
  signers: AccountSigner[];
  /** Native balance, exact decimal string, when known. */
  nativeBalance?: string;
}

/** What reading an account gave: the account, "does not exist", or "could not tell". */
export type AccountLookup =
  { status: 'found'; account: AccountState } | { status: 'missing' } | { status: 'unknown'; message: string };

const cap = (weight: number) => Math.max(0, Math.min(weight, 255));

/** The weight `signed` (keys with a valid signature) and a matching pre-auth hash give. */
export function weightOf(account: AccountState, signed: ReadonlySet<string>, hash: Buffer): number {
  const preAuth = preAuthKeyOf(hash);
  let weight = 0;
  for (const signer of account.signers) {
    if (signed.has(signer.key) || (signer.type === 'preauth_tx' && signer.key === preAuth))
      weight += cap(signer.weight);
  }
  return weight;
}

export function isMet(needed: number, weight: number): boolean {
  return weight > 0 && weight >= needed;
}

/** One need, evaluated against the signers that signed its part. */
export function evaluate(
  need: Need,
  lookup: AccountLookup | undefined,
  signed: ReadonlySet<string>,
  hash: Buffer,
): Requirement {
  const base = { account: need.account, part: need.part, level: need.level, neededBy: need.neededBy };
  if (!lookup || lookup.status === 'unknown')
    return { ...base, status: 'unknown', needed: 0, weight: 0, short: 0, couldSign: [] };
  if (lookup.status === 'missing')
    return { ...base, status: 'no_account', needed: 0, weight: 0, short: 0, couldSign: [] };
  const account = lookup.account;
  const needed = cap(account.thresholds[need.level]);
  const weight = weightOf(account, signed, hash);
  const met = isMet(needed, weight);
  const couldSign = met
    ? []
    : account.signers
        .filter((s) => s.weight > 0 && s.type !== 'preauth_tx' && !signed.has(s.key))
        .map((s) => ({ key: s.key, type: s.type as SignerType, weight: cap(s.weight) }))
        .sort((a, b) => b.weight - a.weight || (a.key < b.key ? -1 : 1));
  return {
    ...base,
    status: met ? 'met' : 'short',
    needed,
    weight,
    short: met ? 0 : Math.max(needed, 1) - weight,
    couldSign,
  };
}

/** The candidates that may have signed for these accounts: their ids and every signer. */
export function candidatesFor(accounts: string[], lookups: ReadonlyMap<string, AccountLookup>): SignerKey[] {
  const seen = new Map<string, SignerKey>();
  for (const id of accounts) {
    if (!seen.has(id)) seen.set(id, { key: id, type: 'ed25519_public_key' });
    const lookup = lookups.get(id);
    if (lookup?.status !== 'found') continue;
    for (const signer of lookup.account.signers)
      if (!seen.has(signer.key) && signer.weight > 0) seen.set(signer.key, { key: signer.key, type: signer.type });
  }
  return [...seen.values()];
}

/** The weight a key has on each of these accounts. */
export function weightsOfKey(
  key: string,
  accounts: string[],
  lookups: ReadonlyMap<string, AccountLookup>,
): { account: string; weight: number }[] {
  const out: { account: string; weight: number }[] = [];
  for (const id of new Set(accounts)) {
    const lookup = lookups.get(id);
    if (lookup?.status !== 'found') continue;
    const signer = lookup.account.signers.find((s) => s.key === key);
    if (signer) out.push({ account: id, weight: cap(signer.weight) });
  }
  return out;
}
