// Classifies a pasted identifier. StrKey checksums come from ./strkey (@stellar/stellar-base's rules,
// without the XDR library, so the page's address checks stay small).
import { decodeStrKey, isAccountKey, isStrKey } from './strkey';
import { decodeToid } from './toid';

export type IdKind =
  'account' | 'muxed_account' | 'ledger' | 'operation' | 'transaction_or_pool' | 'claimable_balance' | 'liquidity_pool';

export type Classified = { kind: IdKind; value: string } | { kind: 'invalid'; input: string; reason: string };

const UINT32_MAX = 4294967295n;
const INT64_MAX = 2n ** 63n - 1n;

export function classifyId(raw: string): Classified {
  const input = typeof raw === 'string' ? raw.trim() : '';
  const invalid = (reason: string): Classified => ({ kind: 'invalid', input: input.slice(0, 120), reason });
  if (input === '') return invalid('nothing was entered');
  if (input.length > 200) return invalid('too long to be any identifier');

  const first = input[0]!.toUpperCase();
  if (/^[A-Z2-7]+$/i.test(input) && /[A-Z]/i.test(first) && input.length >= 56) {
    const upper = input.toUpperCase();
    if (first === 'G') {
      return isAccountKey(upper)
        ? { kind: 'account', value: upper }
        : invalid(
            input.length === 56
              ? 'looks like an account (G…) but its checksum is wrong'
              : 'an account (G…) has 56 characters',
          );
    }
    if (first === 'M') {
      return isStrKey('muxed', upper)
        ? { kind: 'muxed_account', value: upper }
        : invalid(
            input.length === 69
              ? 'looks like a muxed account (M…) but its checksum is wrong'
              : 'a muxed account (M…) has 69 characters',
          );
    }
    if (first === 'B') {
      return isStrKey('claimableBalance', upper)
        ? { kind: 'claimable_balance', value: claimableBalanceHex(upper) }
        : invalid('looks like a claimable balance id (B…) but it does not decode');
    }
    if (first === 'L') {
      const pool = decodeStrKey('liquidityPool', upper);
      return pool
        ? { kind: 'liquidity_pool', value: toHex(pool) }
        : invalid('looks like a liquidity pool id (L…) but it does not decode');
    }
    if (first === 'S') {
      // Never echo a secret key back, not even into an error message.
      return {
        kind: 'invalid',
        input: '',
        reason: 'this is a secret key: Ledgerscope never needs one, and it was not kept',
      };
    }
  }
  if ((/^[0-9a-f]+$/i.test(input) && /[a-f]/i.test(input)) || /^[0-9a-f]{64,72}$/i.test(input)) {
    const hex = input.toLowerCase();
    if (hex.length === 64) return { kind: 'transaction_or_pool', value: hex };
    if (hex.length === 72) {
      return hex.startsWith('00000000')
        ? { kind: 'claimable_balance', value: hex }
        : invalid('a 72-character claimable balance id starts with 00000000 (its type, v0)');
    }
    return invalid(`hexadecimal of ${hex.length} characters: a hash or pool id has 64, a claimable balance id 72`);
  }
  if (/^\d+$/.test(input)) {
    if (input.length > 19 || BigInt(input) > INT64_MAX)
      return invalid('number is larger than any ledger or operation id');
    const value = BigInt(input);
    if (value === 0n) return invalid('ledger 0 does not exist; ledgers start at 1');
    if (value <= UINT32_MAX) return { kind: 'ledger', value: value.toString() };
    const toid = decodeToid(value);
    if (toid.txOrder === 0 || toid.opIndex === 0) {
      return invalid(
        `number ${input} is too large for a ledger and is not an operation id (transaction ${toid.txOrder}, operation ${toid.opIndex})`,
      );
    }
    return { kind: 'operation', value: value.toString() };
  }
  return invalid('not an account, transaction hash, ledger, operation, claimable balance or liquidity pool id');
}

/** `B…` StrKey to the 72-hex form Horizon writes (type 00000000 then the 32-byte hash). */
export function claimableBalanceHex(strkey: string): string {
  // The StrKey payload is a one-byte type followed by the hash; Horizon writes a 4-byte type.
  const payload = decodeStrKey('claimableBalance', strkey);
  if (!payload) throw new Error('not a claimable balance id (B…)');
  return '000000' + toHex(payload);
}

export function isAccountId(value: string): boolean {
  return isAccountKey(value);
}

export function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0');
  return out;
}
