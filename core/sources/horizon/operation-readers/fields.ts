// Readers shared by the per-type operation readers: the fields every record carries (sponsor,
// muxed forms), flag lists, currency lists and booleans in either dialect.
import type { JsonValue } from '../../../../shared/json';
import type { Currency, OperationOf } from '../../../../shared/model';
import { currencyOf, NormalizeError, obj, text, type JsonObject } from '../../../http/values';

/** The fields every operation shares (what commonFields in normalize.ts builds). */
export type Common = Omit<OperationOf<'inflation'>, 'type'>;

const MUXED_KEY = /_muxed(_id)?$/;

/** `sponsor` and every `*_muxed` / `*_muxed_id` field Horizon wrote, by its Horizon name. */
export function sponsorAndMuxed(r: JsonObject): Pick<Common, 'sponsor' | 'muxed'> {
  const muxed: Record<string, string> = {};
  for (const [key, value] of Object.entries(r)) {
    const written = text(value);
    if (MUXED_KEY.test(key) && written !== undefined && written !== '') muxed[key] = written;
  }
  const sponsor = text(r['sponsor']);
  return { ...(sponsor ? { sponsor } : {}), ...(Object.keys(muxed).length > 0 ? { muxed } : {}) };
}

export function needCurrency(r: JsonObject, prefix = ''): Currency {
  const currency = currencyOf(r, prefix);
  if (!currency) throw new NormalizeError(`${prefix}currency is missing`);
  return currency;
}

/** Flag names (`set_flags_s`), else the numbers (`set_flags`) as text; undefined when absent. */
export function flagList(r: JsonObject, key: string): string[] | undefined {
  const value = r[`${key}_s`] ?? r[key];
  return Array.isArray(value) ? value.map((flag) => text(flag) ?? '') : undefined;
}

/** `[{asset_type, asset_code, asset_issuer}]` (a path) as currencies. */
export function currencyList(value: JsonValue | undefined): Currency[] {
  if (!Array.isArray(value)) return [];
  return value.map((item) => {
    const currency = currencyOf(obj(item) ?? {});
    if (!currency) throw new NormalizeError('a path entry has no currency');
    return currency;
  });
}

/** A boolean written as true/false or "true"/"false"; undefined otherwise. */
export function bool(value: JsonValue | undefined): boolean | undefined {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return undefined;
}

/** Drops undefined entries, so optional model fields are absent rather than undefined. */
export function defined<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<T>;
}
