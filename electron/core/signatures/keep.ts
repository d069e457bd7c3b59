// Which signatures of one list to submit. Invalid, unknown and repeated ones always go (each
// would be unused: tx_bad_auth_extra); of the valid ones, a smallest set that still meets every
// need of the list is kept (select.ts). When an account could not be read, nothing is judged
// "not needed": only exact repeats are dropped.
import type { CheckedSignature, SignaturePart } from '../../../shared/signatures';
import { preAuthKeyOf } from './keys';
import type { Need } from './levels';
import { chooseMinimal } from './select';
import type { AccountLookup } from './weights';

export interface Dropped {
  part: SignaturePart;
  index: number;
  hint: string;
  signer?: string;
  reason: 'invalid' | 'unknown_signer' | 'duplicate' | 'not_needed';
}

export interface KeepResult {
  /** Indices into the list, in their original order. */
  keep: number[];
  dropped: Dropped[];
}

const cap = (weight: number) => Math.max(0, Math.min(weight, 255));

export function chooseKept(part: SignaturePart, checked: CheckedSignature[], needs: Need[], lookups: ReadonlyMap<string, AccountLookup>, hash: Buffer): KeepResult {
  const partNeeds = needs.filter((n) => n.part === part);
  const unknown = partNeeds.some((n) => lookups.get(n.account)?.status !== 'found' && lookups.get(n.account)?.status !== 'missing');
  const dropped: Dropped[] = [];
  const drop = (c: CheckedSignature, reason: Dropped['reason']) => dropped.push({ part, index: c.index, hint: c.hint, ...(c.signer ? { signer: c.signer } : {}), reason });
  if (unknown) {
    const keep: number[] = [];
    for (const c of checked) {
      if (c.duplicate) drop(c, 'duplicate');
      else keep.push(c.index);
    }
    return { keep, dropped };
  }
  const valid = checked.filter((c) => c.status === 'valid' && !c.duplicate);
  for (const c of checked) if (c.status !== 'valid' || c.duplicate) drop(c, c.duplicate ? 'duplicate' : c.status === 'invalid' ? 'invalid' : 'unknown_signer');

  const found = partNeeds.map((n) => ({ need: n, lookup: lookups.get(n.account) })).filter((x) => x.lookup?.status === 'found');
  const preAuth = preAuthKeyOf(hash);
  // Per need: each signer's weight on its account, what a pre-authorised hash gives, what it needs.
  const targets = found.map(({ need, lookup }) => {
    const account = (lookup as Extract<AccountLookup, { status: 'found' }>).account;
    const weights = new Map(account.signers.map((s) => [s.key, cap(s.weight)]));
    const base = account.signers.filter((s) => s.type === 'preauth_tx' && s.key === preAuth).reduce((sum, s) => sum + cap(s.weight), 0);
    return { weights, base, needed: cap(account.thresholds[need.level]) };
  });

  const relevant = valid.filter((c) => targets.some((t) => (t.weights.get(c.signer!) ?? 0) > 0));
  for (const c of valid) if (!relevant.includes(c)) drop(c, 'not_needed');
  const sufficient = (subset: CheckedSignature[]) =>
    targets.every((t) => {
      const weight = subset.reduce((sum, c) => sum + (t.weights.get(c.signer!) ?? 0), t.base);
      return weight > 0 && weight >= t.needed;
    });
  // A need on a missing account can never be met: then keep every relevant signature.
  const allFound = found.length === partNeeds.length;
  const ordered = [...relevant].sort((a, b) => (a.signer! < b.signer! ? -1 : a.signer! > b.signer! ? 1 : a.index - b.index));
  const chosen = (allFound ? chooseMinimal(ordered, sufficient) : null) ?? relevant;
  for (const c of relevant) if (!chosen.includes(c)) drop(c, 'not_needed');
  return { keep: chosen.map((c) => c.index).sort((a, b) => a - b), dropped: dropped.sort((a, b) => a.index - b.index) };
}
