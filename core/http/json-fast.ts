// A faster lossless JSON parse for large pages, with the same result as shared/json.ts parseJson
// (safe integers as number, larger ones as bigint, other numbers as LosslessNumber).
//
// The quick path: every number token JSON.parse could not keep exactly (an integer of 16 digits
// or more, a fraction, an exponent) is first quoted as a string marked by a leading U+0000, the
// text is parsed by plain JSON.parse, and the marked strings are turned back into exact numbers.
// A page of the local service (ids beyond 2^53) parses about three times faster this way than
// with a reviver, and a Horizon page (every big value already a string) costs one JSON.parse.
// It is exact because a match can only change the meaning of a valid text where a number token
// stands: a match inside a string closes that string and leaves a backslash outside it, which
// JSON.parse rejects, and then (or when the text already holds a \u0000 escape, or is a bare
// number) the slower reviver below, or the JavaScript parser, reads the original text.
//
// parseListingFast does the same for a HAL listing page whose links are never read (the history
// index). In a page with numbers to mark it also writes, in the same pass, each compact `_links`
// member made only of link objects as null: half of a local service page's text and objects,
// that JSON.parse would otherwise build and restore() walk.
import { LosslessNumber, parseJson, type JsonValue } from '../../shared/json';

type SourceContext = { source?: string } | undefined;

const supported = (() => {
  try {
    let seen: string | undefined;
    JSON.parse('[12345678901234567890]', function (
      this: unknown,
      _key: string,
      value: unknown,
      context?: SourceContext,
    ) {
      if (typeof value === 'number') seen = context?.source;
      return value;
    } as never);
    return seen === '12345678901234567890';
  } catch {
    return false;
  }
})();

/** The exact value of a number token's text, as parseJson reads it. */
function exactOf(source: string, value = Number(source)): number | bigint | LosslessNumber {
  if (/^-?\d+$/.test(source)) return Number.isSafeInteger(value) ? value : BigInt(source);
  return new LosslessNumber(source);
}

function revive(this: unknown, _key: string, value: unknown, context?: SourceContext): unknown {
  if (typeof value !== 'number') return value;
  const source = context?.source;
  return source === undefined ? value : exactOf(source, value);
}

// A number token (after the `:`, `,` or `[` that must precede a value) that a double would not
// keep: an integer of 16 digits or more, or any fraction or exponent; it must end the value.
const INT = '(?:0|[1-9]\\d*)';
const EXP = '(?:[eE][+-]?\\d+)';
const NUMBER = `-?(?:[1-9]\\d{15,}(?:\\.\\d+)?${EXP}?|${INT}\\.\\d+${EXP}?|${INT}${EXP})`;
const INEXACT_SOURCE = `([:,[]\\s*)(${NUMBER})(?=\\s*[,}\\]])`;
const INEXACT = new RegExp(INEXACT_SOURCE, 'g');
const ANY_INEXACT = new RegExp(INEXACT_SOURCE);
const MARKED = '$1"\\u0000$2"';

// A `_links` member (after the `{` or `,` that must precede a key) whose value is an object of
// link objects ({"href":"…"}, maybe with "templated":true|false), written compact as the local
// service writes it (Horizon indents its links: skipping them would cost more than reading them)
// and in JSON's own string grammar, so that the value matched is a whole, valid one. The `"` after
// `{` or `,` is not escaped: in a string it would end the string and leave `_links` outside one,
// which JSON.parse rejects; outside a string, followed by `:` it can only start a key. So a text
// JSON.parse reads with the member's value as null held that value.
const STRING = '"[^"\\\\\\u0000-\\u001f]*(?:\\\\(?:["\\\\/bfnrt]|u[0-9a-fA-F]{4})[^"\\\\\\u0000-\\u001f]*)*"';
const LINK = `\\{"href":${STRING}(?:,"templated":(?:true|false))?\\}`;
const LINK_MEMBER = `"[a-z_]+":${LINK}`;
const LINKS = `([{,])"_links":\\{(?:${LINK_MEMBER}(?:,${LINK_MEMBER})*)?\\}`;
const INEXACT_OR_LINKS = new RegExp(`${INEXACT_SOURCE}|${LINKS}`, 'g');

/** Turns the marked strings of a parsed value back into exact numbers, in place. */
function restore(value: unknown): unknown {
  if (typeof value === 'string') return value.charCodeAt(0) === 0 ? exactOf(value.slice(1)) : value;
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = restore(value[i]);
    return value;
  }
  // for…in visits the own keys of JSON.parse's objects (Object.prototype has no enumerable ones)
  // without building Object.keys' array, and a string or a number (most of a page's values) is
  // checked here rather than in a call: half of restore's time on a page.
  const record = value as Record<string, unknown>;
  for (const key in record) {
    const before = record[key];
    if (typeof before === 'string') {
      // An own "__proto__" (JSON.parse makes one) shadows the prototype's setter: this sets the value.
      if (before.charCodeAt(0) === 0) record[key] = exactOf(before.slice(1));
    } else if (typeof before === 'object' && before !== null) {
      restore(before);
    }
  }
  return value;
}

/** A text the quick path may mark: no \u0000 escape (a marked string's twin), not a bare number. */
function markable(text: string): boolean {
  return !(text.includes('\\u0000') || /^\s*-/.test(text) || /^\s*\d/.test(text));
}

/** JSON.parse's value, or undefined (which no JSON text is) when it refuses the text. */
function parsePlain(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function parseQuick(text: string): JsonValue | undefined {
  if (!markable(text)) return undefined;
  const quoted = text.replace(INEXACT, MARKED);
  const value = parsePlain(quoted);
  if (value === undefined) return undefined;
  return (quoted.length === text.length ? value : restore(value)) as JsonValue;
}

export function parseJsonFast(text: string): JsonValue {
  if (!supported) return parseJson(text);
  return parseQuick(text) ?? (JSON.parse(text, revive as never) as JsonValue);
}

/** The text with its inexact number tokens marked and its `_links` members of link objects null. */
function markSkippingLinks(text: string): { quoted: string; marked: boolean } {
  INEXACT_OR_LINKS.lastIndex = 0;
  let quoted = '';
  let marked = false;
  let end = 0;
  for (let match = INEXACT_OR_LINKS.exec(text); match !== null; match = INEXACT_OR_LINKS.exec(text)) {
    const [, before, number, beforeLinks] = match;
    quoted += text.slice(end, match.index);
    if (number === undefined) {
      quoted += `${beforeLinks}"_links":null`;
    } else {
      quoted += `${before}"\\u0000${number}"`;
      marked = true;
    }
    end = INEXACT_OR_LINKS.lastIndex;
  }
  return { quoted: end === 0 ? text : quoted + text.slice(end), marked };
}

/** The marked, link-less text's value with its numbers restored; undefined when JSON.parse refuses it. */
function parseSkippingLinks(text: string): unknown {
  const { quoted, marked } = markSkippingLinks(text);
  const value = parsePlain(quoted);
  return marked && value !== undefined ? restore(value) : value;
}

/**
 * parseJsonFast's value for a reader that never reads `_links`: the same value, except that a
 * `_links` member whose value is an object of link objects ({"href": "…"}, maybe "templated") may
 * be null. For a HAL listing page (the history index reads each page's records, never their links).
 * Links are skipped only in a page with numbers to mark (the local service's), where restore()
 * would walk them too; a page without one (Horizon's: its big values are strings) costs one
 * JSON.parse, as in parseJsonFast.
 */
export function parseListingFast(text: string): JsonValue {
  if (!supported) return parseJson(text);
  if (markable(text)) {
    const value = ANY_INEXACT.test(text) ? parseSkippingLinks(text) : parsePlain(text);
    if (value !== undefined) return value as JsonValue;
  }
  return JSON.parse(text, revive as never) as JsonValue;
}
