// A faster lossless JSON parse for large pages: V8's JSON.parse with the reviver's `source`
// (JSON.parse source text access, Node >= 21) gives the exact text of every number, so the result
// is the same as shared/json.ts parseJson (safe integers as number, larger ones as bigint, other
// numbers as LosslessNumber) at a fraction of the cost of a parser written in JavaScript.
import { LosslessNumber, parseJson, type JsonValue } from '../../shared/json';

type SourceContext = { source?: string } | undefined;

const supported = (() => {
  try {
    let seen: string | undefined;
    JSON.parse('[12345678901234567890]', function (this: unknown, _key: string, value: unknown, context?: SourceContext) {
      if (typeof value === 'number') seen = context?.source;
      return value;
    } as never);
    return seen === '12345678901234567890';
  } catch {
    return false;
  }
})();

function revive(this: unknown, _key: string, value: unknown, context?: SourceContext): unknown {
  if (typeof value !== 'number') return value;
  const source = context?.source;
  if (source === undefined) return value;
  if (/^-?\d+$/.test(source)) return Number.isSafeInteger(value) ? value : BigInt(source);
  return new LosslessNumber(source);
}

export function parseJsonFast(text: string): JsonValue {
  if (!supported) return parseJson(text);
  return JSON.parse(text, revive as never) as JsonValue;
}

/**
 * The exact text of every element of `_embedded.records` in a page's JSON text, so each record
 * keeps the bytes the server wrote (`raw`). One pass over the text, strings skipped; null when
 * the text has no such array.
 */
export function embeddedRecordTexts(text: string): string[] | null {
  const stack: { array: boolean; key: string | undefined }[] = [];
  const spans: string[] = [];
  let pendingKey: string | undefined;
  let start = -1;
  let found = false;
  const inRecords = () => stack.length === 3 && !stack[0]!.array && stack[1]!.key === '_embedded' && stack[2]!.key === 'records' && stack[2]!.array;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      const begin = i;
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 92 /* \ */) i++;
        else if (d === 34) break;
      }
      const parent = stack[stack.length - 1];
      // Only the keys of the outer two objects matter (`_embedded`, `records`): reading the keys
      // of every record's fields cost more than the rest of the scan.
      if (parent && !parent.array && stack.length <= 2) {
        let j = i + 1;
        while (j < text.length && /\s/.test(text[j]!)) j++;
        if (text[j] === ':') pendingKey = JSON.parse(text.slice(begin, i + 1)) as string;
      }
      if (inRecords() && start < 0) return null; // a string element: not a record page
    } else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (inRecords()) start = i;
      stack.push({ array: c === 91, key: pendingKey });
      pendingKey = undefined;
      if (inRecords()) found = true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) {
      stack.pop();
      if (inRecords() && start >= 0) {
        spans.push(text.slice(start, i + 1));
        start = -1;
      }
    }
  }
  return found ? spans : null;
}
