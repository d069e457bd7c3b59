// JSON with exact numbers. Ids and integer amounts exceed 2^53, so JSON.parse would round them.
// parseJson keeps every integer exactly (number when safe, bigint beyond) and every non-integer
// as a LosslessNumber holding its original text; stringifyJson writes bigints and
// LosslessNumbers (see exactNumber) back as plain number text.
import { isInteger, isSafeNumber, LosslessNumber, parse, stringify } from 'lossless-json';

export { LosslessNumber };

export type JsonValue =
  null | boolean | number | bigint | string | LosslessNumber | JsonValue[] | { [key: string]: JsonValue };

export class JsonError extends Error {
  override name = 'JsonError';
}

function parseNumber(text: string): number | bigint | LosslessNumber {
  if (isInteger(text)) return isSafeNumber(text) ? Number(text) : BigInt(text);
  return new LosslessNumber(text);
}

export function parseJson(text: string): JsonValue {
  try {
    return parse(text, null, parseNumber) as JsonValue;
  } catch (error) {
    throw new JsonError(`not valid JSON: ${(error as Error).message}`);
  }
}

/** Marks an exact decimal string so that stringifyJson writes it as number text. */
export function exactNumber(decimal: string): LosslessNumber {
  return new LosslessNumber(decimal);
}

export function stringifyJson(value: unknown, indent?: number): string {
  const text = stringify(value, undefined, indent);
  if (text === undefined) throw new JsonError('value has no JSON form');
  return text;
}

/** The exact text of a JSON number value, or undefined if it is not one. */
export function numberText(value: unknown): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof LosslessNumber) return value.value;
  return undefined;
}

export function isJsonObject(value: unknown): value is { [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof LosslessNumber);
}
