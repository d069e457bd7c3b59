// The app never asks for, holds or logs a secret key. Every message the hosts receive (labels
// included), every file the command line or the desktop shell reads, and the command line's
// arguments pass through here; a valid `S…` seed in any form (shared/secret-scan.ts: any case,
// inside longer text, split into groups by any separator, with invisible characters inside) is refused
// with the one message, SECRET_REFUSED, on every channel.
import { containsSecretText, SECRET_REFUSED } from '../../shared/secret-scan';
import { CoreError } from './errors';

export { SECRET_REFUSED };

/** Nesting deeper than this is read as its JSON text at once (no channel's arguments nest half as deep). */
const MAX_DEPTH = 20;

/** True when any string in the value (object keys too) holds a secret key. */
export function containsSecretKey(value: unknown, depth = 0): boolean {
  if (depth > MAX_DEPTH) return containsSecretText(jsonText(value));
  if (typeof value === 'string') return containsSecretText(value);
  if (Array.isArray(value)) return value.some((item) => containsSecretKey(item, depth + 1));
  if (value && typeof value === 'object')
    return Object.entries(value).some(([key, item]) => containsSecretText(key) || containsSecretKey(item, depth + 1));
  return false;
}

/** Throws `secret_key_refused` with SECRET_REFUSED when the value holds a secret key. */
export function refuseSecrets(value: unknown): void {
  if (containsSecretKey(value)) throw new CoreError('secret_key_refused', SECRET_REFUSED);
}

function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item)) ?? '';
  } catch {
    return String(value);
  }
}
