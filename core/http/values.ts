// Small readers over lossless JSON values, shared by the normalisers. They never go through a
// float: integers arrive as number (safe) or bigint, other numbers as LosslessNumber text.
import { canonicalDecimal, formatAmount } from '../../shared/amount';
import { isJsonObject, LosslessNumber, numberText, stringifyJson, type JsonValue } from '../../shared/json';
import type { Currency } from '../../shared/model';

export type JsonObject = { [key: string]: JsonValue };

export class NormalizeError extends Error {
  override name = 'NormalizeError';
}

export function obj(value: JsonValue | undefined): JsonObject | undefined {
  return isJsonObject(value) ? value : undefined;
}

/** Text of a string or number value; undefined when absent or of another kind. */
export function text(value: JsonValue | undefined): string | undefined {
  if (typeof value === 'string') return value;
  return numberText(value);
}

export function need(record: JsonObject, key: string): string {
  const value = text(record[key]);
  if (value === undefined) throw new NormalizeError(`field "${key}" is missing`);
  return value;
}

export function int(value: JsonValue | undefined): number | undefined {
  const t = text(value);
  if (t === undefined || !/^-?\d+$/.test(t)) return undefined;
  const n = Number(t);
  return Number.isSafeInteger(n) ? n : undefined;
}

export function digits(value: JsonValue | undefined): string | undefined {
  const t = text(value);
  // Ids, sequences and fees are int64 or smaller: at most 20 digits, as the model's DigitsString.
  return t !== undefined && /^\d{1,20}$/.test(t) ? t : undefined;
}

/**
 * An amount as an exact decimal string. The ledger dialect writes `key` as an integer count of
 * 1/10^7 units (with a `key_f` twin that is never read); Horizon writes a decimal string.
 */
export function amountOf(record: JsonObject, key: string): string {
  const value = record[key];
  if (typeof value === 'number' && Number.isInteger(value)) return formatAmount(BigInt(value));
  if (typeof value === 'bigint') return formatAmount(value);
  if (typeof value === 'string') return canonicalDecimal(value);
  if (value instanceof LosslessNumber) {
    // A non-integer number under an amount key: exact text, never a float.
    return canonicalDecimal(value.value);
  }
  throw new NormalizeError(`amount "${key}" is missing`);
}

export function optionalAmount(record: JsonObject, key: string): string | undefined {
  return record[key] === undefined || record[key] === null ? undefined : amountOf(record, key);
}

const currencyKeys = (prefix: string) => ({
  currency: `${prefix}currency`,
  type: `${prefix}asset_type`,
  code: `${prefix}asset_code`,
  issuer: `${prefix}asset_issuer`,
  asset: `${prefix}asset`,
});
// The keys of the prefixes in use, made once: a key built per call is a new string each time, and
// looking it up costs more than the rest of currencyOf (the history index reads two per record).
const COMMON_KEYS = new Map(['', 'source_', 'selling_', 'buying_'].map((prefix) => [prefix, currencyKeys(prefix)]));

/** `{code, issuer?}` (ledger), `asset_type/asset_code/asset_issuer` with a prefix, or `CODE:ISSUER`. */
export function currencyOf(record: JsonObject, prefix = ''): Currency | undefined {
  const keys = COMMON_KEYS.get(prefix) ?? currencyKeys(prefix);
  const currency = obj(record[keys.currency]);
  if (currency) {
    const code = text(currency['code']);
    const issuer = text(currency['issuer']);
    if (!code) return undefined;
    return issuer ? { code, issuer } : { code };
  }
  const type = text(record[keys.type]);
  if (type === 'native') return { code: 'XLM' };
  const code = text(record[keys.code]);
  if (code) {
    const issuer = text(record[keys.issuer]);
    return issuer ? { code, issuer } : { code };
  }
  const asset = text(record[keys.asset]);
  return asset === undefined ? undefined : parseAssetString(asset);
}

export function parseAssetString(asset: string): Currency {
  if (asset === 'native') return { code: 'XLM' };
  const [code = asset, issuer] = asset.split(':');
  return issuer ? { code, issuer } : { code };
}

/** Converts lossless values into plain JSON-safe values (for `unknown` fields sent over IPC). */
export function plain(value: JsonValue | undefined): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof LosslessNumber) {
    const n = Number(value.value);
    return String(n) === value.value ? n : value.value;
  }
  if (Array.isArray(value)) return value.map((item) => plain(item));
  if (isJsonObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
}

/** Field text for `other` records and CSV: strings as they are, everything else as JSON text. */
export function fieldText(value: JsonValue): string {
  return typeof value === 'string' ? value : stringifyJson(value);
}
