// Choosing the signatures to submit. stellar-core answers tx_bad_auth_extra when a signature is
// not used by any threshold check, and it stops counting an account's signatures once its
// threshold is met; so the envelope must carry a set where every signature is needed. A set with
// the fewest signatures is found exactly for up to EXACT_LIMIT candidates (at most 2^16 subsets,
// tried smallest first); beyond that, deleting signatures one by one gives a set from which none
// can be removed. Either way every kept signature is needed, and the same input gives the same set.

export const EXACT_LIMIT = 16;
/** stellar-core's limit on the decorated signatures of one envelope (and of a fee-bump's own). */
export const MAX_SIGNATURES = 20;

/** The smallest subset (in the items' order) for which `sufficient` holds; null when none does. */
export function chooseMinimal<T>(items: T[], sufficient: (subset: T[]) => boolean): T[] | null {
  if (!sufficient(items)) return null;
  if (items.length <= EXACT_LIMIT) return smallestSubset(items, sufficient);
  return pruneOneByOne(items, sufficient);
}

function smallestSubset<T>(items: T[], sufficient: (subset: T[]) => boolean): T[] {
  for (let size = 0; size <= items.length; size++) {
    for (const indices of combinations(items.length, size)) {
      const subset = indices.map((i) => items[i]!);
      if (sufficient(subset)) return subset;
    }
  }
  return items;
}

/** Index combinations of `size` out of `n`, in lexicographic order. */
export function* combinations(n: number, size: number): Generator<number[]> {
  const current = Array.from({ length: size }, (_, i) => i);
  if (size > n) return;
  for (;;) {
    yield [...current];
    let i = size - 1;
    while (i >= 0 && current[i] === n - size + i) i--;
    if (i < 0) return;
    current[i]!++;
    for (let j = i + 1; j < size; j++) current[j] = current[j - 1]! + 1;
  }
}

function pruneOneByOne<T>(items: T[], sufficient: (subset: T[]) => boolean): T[] {
  let kept = items.map((_, i) => i);
  for (let i = 0; i < items.length; i++) {
    const without = kept.filter((k) => k !== i);
    if (sufficient(without.map((k) => items[k]!))) kept = without;
  }
  return kept.map((k) => items[k]!);
}
