// The app never asks for, holds or logs a secret key. Every message the hosts receive and every
// file the command line reads passes through here; a valid `S…` seed anywhere is refused.
import { StrKey } from '@stellar/stellar-base';
import { CoreError } from './errors';

const SEED = /S[A-Z2-7]{55}/g;

export const SECRET_REFUSED =
  'This contains a secret key (S…). Ledgerscope never needs, keeps or sends secret keys: sign offline and paste the signed transaction instead. The input was discarded.';

export function containsSecretKey(value: unknown, depth = 0): boolean {
  if (depth > 20) return false;
  if (typeof value === 'string') {
    if (value.length < 56) return false;
    for (const match of value.toUpperCase().matchAll(SEED)) if (StrKey.isValidEd25519SecretSeed(match[0])) return true;
    return false;
  }
  if (Array.isArray(value)) return value.some((item) => containsSecretKey(item, depth + 1));
  if (value && typeof value === 'object')
    return Object.values(value).some((item) => containsSecretKey(item, depth + 1));
  return false;
}

export function refuseSecrets(value: unknown): void {
  if (containsSecretKey(value)) throw new CoreError('secret_key_refused', SECRET_REFUSED);
}
