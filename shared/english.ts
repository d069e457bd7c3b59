// Small rules of English for sentences built from parts: the article before a noun that varies
// ("a ledger", "an account") and a counted noun ("1 asset", "2 assets"). Pure; used on screen, in
// the command line and in reports alike.

/** "a ledger", "an account", "an operation": by the noun's first letter (vowel sound for the nouns we use). */
export function withArticle(noun: string): string {
  return `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;
}

/** "1 asset", "2 assets", "1,200 rows": a count grouped as English writes it, with the noun agreeing. */
export function counted(n: number, noun: string, pluralNoun = `${noun}s`): string {
  return `${n.toLocaleString('en')} ${n === 1 ? noun : pluralNoun}`;
}
