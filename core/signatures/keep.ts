// Which signatures of one list to submit. Only a signature shown to be unused goes (the network
// answers tx_bad_auth_extra for it): a repeat always; and, when every account a need of the list
// names was read, an invalid one, one by no signer of those accounts, and a valid one outside a
// smallest set that still meets every need (select.ts). When such an account does not exist on the
// selected network or could not be read, its signers and thresholds are not known, so no other
// signature can be shown unused (it may be that account's, or a signer it has elsewhere): all are
// kept, for the user to submit anyway or take elsewhere, never dropped as "not needed".
import type { CheckedSignature, SignaturePart } from '../../shared/signatures';
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

export function chooseKept(
  part: SignaturePart,
  checked: CheckedSignature[],
  needs: Need[],
  lookups: ReadonlyMap<string, AccountLookup>,
  hash: Buffer,
): KeepResult {
  const partNeeds = needs.filter((n) => n.part === part);
  // Every need of the list decidable: its account was read. Else nothing but repeats is judged.
  const decidable = partNeeds.every((n) => lookups.get(n.account)?.status === 'found');
  const dropped: Dropped[] = [];
  const drop = (c: CheckedSignature, reason: Dropped['reason']) =>
    dropped.push({ part, index: c.index, hint: c.hint, ...(c.signer ? { signer: c.signer } : {}), reason });
  if (!decidable) {
    const keep: number[] = [];
    for (const c of checked) {
      if (c.duplicate) drop(c, 'duplicate');
      else keep.push(c.index);
    }
    return { keep, dropped };
  }
  const valid = checked.filter((c) => c.status === 'valid' && !c.duplicate);
  for (const c of checked)
    if (c.status !== 'valid' || c.duplicate)
      drop(c, c.duplicate ? 'duplicate' : c.status === 'invalid' ? 'invalid' : 'unknown_signer');

  const preAuth = preAuthKeyOf(hash);
  // Per need: each signer's weight on its account, what a pre-authorised hash gives, what it needs.
  const targets = partNeeds.map((need) => {
    const account = (lookups.get(need.account) as Extract<AccountLookup, { status: 'found' }>).account;
    const weights = new Map(account.signers.map((s) => [s.key, cap(s.weight)]));
    const base = account.signers
      .filter((s) => s.type === 'preauth_tx' && s.key === preAuth)
      .reduce((sum, s) => sum + cap(s.weight), 0);
    return { weights, base, needed: cap(account.thresholds[need.level]) };
  });

  const relevant = valid.filter((c) => targets.some((t) => (t.weights.get(c.signer!) ?? 0) > 0));
  for (const c of valid) if (!relevant.includes(c)) drop(c, 'not_needed');
  const sufficient = (subset: CheckedSignature[]) =>
    targets.every((t) => {
      const weight = subset.reduce((sum, c) => sum + (t.weights.get(c.signer!) ?? 0), t.base);
      return weight > 0 && weight >= t.needed;
    });
  const ordered = [...relevant].sort((a, b) =>
    a.signer! < b.signer! ? -1 : a.signer! > b.signer! ? 1 : a.index - b.index,
  );
  // No sufficient set (a threshold is short): keep every signature some need could use.
  const chosen = chooseMinimal(ordered, sufficient) ?? relevant;
  for (const c of relevant) if (!chosen.includes(c)) drop(c, 'not_needed');
  return { keep: chosen.map((c) => c.index).sort((a, b) => a - b), dropped: dropped.sort((a, b) => a.index - b.index) };
}
