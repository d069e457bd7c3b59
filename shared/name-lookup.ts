// An account found by its name in the address book, as the go-to box and the Live page's watch box
// take it: the whole name, the start of its id, or the start of a name (else a part of one), in any case. One answer is
// taken; several are listed for the person to pick from, never guessed. Pure and without imports, so the renderer's first
// screen loads it as it is.

export interface NamedAccount {
  account: string;
  label: string;
}

export type NameLookup<T extends NamedAccount> =
  | { kind: 'none' }
  | { kind: 'one'; entry: T }
  /** Several accounts answer to the text: the first `limit` of them by name, and how many in all. */
  | { kind: 'many'; entries: T[]; total: number };

/** The start of an account id, as a name key (case folded): G and 3 to 55 characters of base32. */
const ID_START = /^g[a-z2-7]{3,55}$/;

/** How a name is compared: trimmed, in one Unicode form, case folded. */
export function nameKey(text: string): string {
  return text.trim().normalize('NFC').toLowerCase();
}

/**
 * The account a typed name means. A name equal to the text (case aside) is taken even when it
 * begins others ("bob" beside "bobby"); else the one account whose id the text begins (four
 * characters or more: "GAHR52"); else the one name the text begins; else the one name that holds
 * it ("treas" for "Alice (treasury)"). At the first of these steps that finds any, two accounts or
 * more are `many`. A whole id is not a name: classify the text as an id first.
 */
export function lookupName<T extends NamedAccount>(entries: readonly T[], typed: string, limit = 8): NameLookup<T> {
  const key = nameKey(typed);
  if (key.length === 0) return { kind: 'none' };
  // The start of an account id (issue #36): four characters or more of the id alphabet after G.
  const idStart = ID_START.test(key) ? key.toUpperCase() : null;
  const steps: ((entry: T) => boolean)[] = [
    (entry) => nameKey(entry.label) === key,
    (entry) => idStart !== null && entry.account.startsWith(idStart),
    (entry) => nameKey(entry.label).startsWith(key),
    (entry) => nameKey(entry.label).includes(key),
  ];
  let found: T[] = [];
  for (const step of steps) {
    found = distinctAccounts(entries.filter(step));
    if (found.length) break;
  }
  if (found.length === 0) return { kind: 'none' };
  if (found.length === 1) return { kind: 'one', entry: found[0]! };
  const sorted = [...found].sort(
    (a, b) => a.label.localeCompare(b.label, 'en') || a.account.localeCompare(b.account, 'en'),
  );
  return { kind: 'many', entries: sorted.slice(0, limit), total: found.length };
}

/** One entry per account (the address book holds one label an account; a hostile list may not). */
function distinctAccounts<T extends NamedAccount>(entries: readonly T[]): T[] {
  const seen = new Set<string>();
  return entries.filter((entry) => !seen.has(entry.account) && (seen.add(entry.account), true));
}
