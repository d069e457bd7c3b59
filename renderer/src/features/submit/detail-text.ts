// A server's own words added to the page's sentence about an outcome, without saying anything
// twice (issue #29): a detail, or each sentence of it, that the text already says is left out.

/** Sentences: split after ".", "!" or "?" followed by a space (so "12.5" and "v1.2" stay whole). */
function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Compared without case, punctuation or spacing. */
function plain(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\s.!?:;,()"'…-]+/g, ' ')
    .trim();
}

/** `text`, then in parentheses the sentences of `detail` it does not already say (nothing when none). */
export function withDetail(text: string, detail: string | undefined): string {
  if (!detail?.trim()) return text;
  const said = plain(text);
  const fresh = sentences(detail).filter((sentence) => {
    const words = plain(sentence);
    return words !== '' && !said.includes(words);
  });
  return fresh.length ? `${text} (${fresh.join(' ')})` : text;
}
