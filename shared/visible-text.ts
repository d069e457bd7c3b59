// Untrusted text made visible: characters that change how the text around them reads (direction
// overrides and isolates, marks), that are invisible (zero-width spaces and joiners, the BOM, soft
// hyphen) or that are control characters. Shown as a marked code point ("⟨U+202E⟩") wherever a
// label, memo, home domain, asset code, data value or file name is shown, so that "Al\u200bice"
// cannot pass for "Alice" and "\u202egnp.exe" cannot read as "exe.png".

const NAMES: Record<number, string> = {
  0x00ad: 'SOFT HYPHEN',
  0x061c: 'ARABIC LETTER MARK',
  0x180e: 'MONGOLIAN VOWEL SEPARATOR',
  0x200b: 'ZERO WIDTH SPACE',
  0x200c: 'ZERO WIDTH NON-JOINER',
  0x200d: 'ZERO WIDTH JOINER',
  0x200e: 'LEFT-TO-RIGHT MARK',
  0x200f: 'RIGHT-TO-LEFT MARK',
  0x2028: 'LINE SEPARATOR',
  0x2029: 'PARAGRAPH SEPARATOR',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING',
  0x202b: 'RIGHT-TO-LEFT EMBEDDING',
  0x202c: 'POP DIRECTIONAL FORMATTING',
  0x202d: 'LEFT-TO-RIGHT OVERRIDE',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE',
  0x2060: 'WORD JOINER',
  0x2061: 'FUNCTION APPLICATION',
  0x2062: 'INVISIBLE TIMES',
  0x2063: 'INVISIBLE SEPARATOR',
  0x2064: 'INVISIBLE PLUS',
  0x2066: 'LEFT-TO-RIGHT ISOLATE',
  0x2067: 'RIGHT-TO-LEFT ISOLATE',
  0x2068: 'FIRST STRONG ISOLATE',
  0x2069: 'POP DIRECTIONAL ISOLATE',
  0x206a: 'INHIBIT SYMMETRIC SWAPPING',
  0x206b: 'ACTIVATE SYMMETRIC SWAPPING',
  0x206c: 'INHIBIT ARABIC FORM SHAPING',
  0x206d: 'ACTIVATE ARABIC FORM SHAPING',
  0x206e: 'NATIONAL DIGIT SHAPES',
  0x206f: 'NOMINAL DIGIT SHAPES',
  0x3164: 'HANGUL FILLER',
  0xfeff: 'ZERO WIDTH NO-BREAK SPACE (BOM)',
  0xffa0: 'HALFWIDTH HANGUL FILLER',
  0xfff9: 'INTERLINEAR ANNOTATION ANCHOR',
  0xfffa: 'INTERLINEAR ANNOTATION SEPARATOR',
  0xfffb: 'INTERLINEAR ANNOTATION TERMINATOR',
};

/** Every character made visible: C0 and C1 controls, DEL, and the named ones above. */
const HIDDEN =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\u3164\ufeff\uffa0\ufff9-\ufffb]/;
const HIDDEN_ALL = new RegExp(HIDDEN.source, 'g');

/** One piece of untrusted text: plain characters, or one hidden character to mark. */
export type VisiblePart = { text: string } | { hidden: number };

export function hasHidden(text: string): boolean {
  return HIDDEN.test(text);
}

/** "U+202E". */
export function codePointLabel(code: number): string {
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** "U+202E RIGHT-TO-LEFT OVERRIDE", or "U+0007 control character". */
export function codePointName(code: number): string {
  return `${codePointLabel(code)} ${NAMES[code] ?? 'control character'}`;
}

/** Splits text into plain runs and hidden characters, in order (at most `limit` parts, then one run written with showHidden). */
export function visibleParts(text: string, limit = 2000): VisiblePart[] {
  const parts: VisiblePart[] = [];
  let last = 0;
  for (const match of text.matchAll(HIDDEN_ALL)) {
    if (parts.length >= limit) {
      // Past the bound the rest is one run, its hidden characters written out, never left in.
      parts.push({ text: showHidden(text.slice(last)) });
      return parts;
    }
    if (match.index > last) parts.push({ text: text.slice(last, match.index) });
    parts.push({ hidden: match[0].charCodeAt(0) });
    last = match.index + 1;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** The text with each hidden character written as "⟨U+202E⟩": for titles, notifications and plain-text cells. */
export function showHidden(text: string): string {
  return text.replace(HIDDEN_ALL, (char) => `⟨${codePointLabel(char.charCodeAt(0))}⟩`);
}
