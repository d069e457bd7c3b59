// Display formatting of times and result codes. Amounts and ids have their one rule in
// shared/amount.ts (displayAmount) and shared/ids.ts (abbreviateId).
import { parseJson, stringifyJson } from '../../../shared/json';

const UNITS: [string, number][] = [
  ['y', 365 * 86_400],
  ['mo', 30 * 86_400],
  ['d', 86_400],
  ['h', 3_600],
  ['m', 60],
  ['s', 1],
];

/** "23s ago", "5m ago", "in 2h": short enough for a dense table. */
export function relativeTime(iso: string, now = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  if (!Number.isFinite(seconds)) return '';
  const size = Math.abs(seconds);
  for (const [unit, span] of UNITS) {
    if (size >= span || unit === 's') {
      const count = Math.floor(size / span);
      return seconds <= 0 ? `${count}${unit} ago` : `in ${count}${unit}`;
    }
  }
  return '';
}

/** "2026-11-22 01:59:18" in UTC: absolute, sortable, the same on every machine. */
export function absoluteTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, 'Z')
    .replace('Z', ' UTC');
}

/**
 * A resource's JSON text for reading: the server's own text when it is laid out already (Horizon
 * indents its answers), else laid out by shared/json.ts, which keeps ids above 2^53 and exact
 * decimals digit for digit. Text that is not JSON is shown as it came.
 */
export function prettyRaw(raw: string): string {
  if (raw.includes('\n')) return raw;
  try {
    return stringifyJson(parseJson(raw), 2);
  } catch {
    return raw;
  }
}

/** Horizon's spelling of a result code (tx_bad_auth) to stellar-core's (txBAD_AUTH). */
export function coreCode(code: string): string {
  const match = /^(tx|op)_([a-z_]+)$/.exec(code);
  return match ? `${match[1]}${match[2]!.toUpperCase()}` : code;
}

export function codeList(codes: (string | undefined)[]): string {
  return codes
    .filter((code): code is string => !!code)
    .map(coreCode)
    .join(' · ');
}
