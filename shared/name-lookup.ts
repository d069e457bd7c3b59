// An account found by its name in the address book, as the go-to box and the Live page's watch box
// take it: the whole name or the start of one (else a part of one), in any case. One answer is
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

/** How a name is compared: trimmed, in one Unicode form, case folded. */
export function nameKey(text: string): string {
  return text.trim().normalize('NFC').toLowerCase();
}

/**
 * The account a typed name means. A name equal to the text (case aside) is taken even when it
 * begins others ("bob" beside "bobby"); else the one name the text begins; else the one name that
 * holds it ("treas" for "Alice (treasury)"). At the first of these steps that finds any, two
 * accounts or more are `many`. Ids are not names: classify the text as an id first.
 */
export function lookupName<T extends NamedAccount>(entries: readonly T[], typed: string, limit = 8): NameLookup<T> {
  const key = nameKey(typed);
  if (key.length === 0) return { kind: 'none' };
  const steps = [
    (name: string) => name === key,
    (name: string) => name.startsWith(key),
    (name: string) => name.includes(key),
  ];
  let found: T[] = [];
  for (const step of steps) {
    found = distinctAccounts(entries.filter((entry) => step(nameKey(entry.label))));
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
