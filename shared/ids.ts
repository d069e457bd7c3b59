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

/** Characters kept at each end of an abbreviated id: "GDHA6P…R3MVQZ". */
export const ID_HEAD = 6;
export const ID_TAIL = 6;

/**
 * The part of an id that is shown and abbreviated: a 72-hex claimable balance id without its type
 * prefix (00000000, the same for every balance), any other id as it is.
 */
export function idBody(id: string): string {
  return id.length === 72 && /^00000000[0-9a-f]{64}$/i.test(id) ? id.slice(8) : id;
}

/**
 * THE abbreviation of every id (account, muxed account, contract, pool, claimable balance,
 * transaction hash): the first six and the last six characters of its body, "GDHA6P…R3MVQZ".
 * Six and six make a look-alike cost about 2^52 keys instead of the 2^42 of six and four. Numbers
 * (ledgers, operation ids) and ids of 16 characters or fewer are not abbreviated.
 */
export function abbreviateId(id: string): string {
  const body = idBody(id);
  if (body.length <= 16 || /^\d+$/.test(body)) return body;
  return `${body.slice(0, ID_HEAD)}…${body.slice(-ID_TAIL)}`;
}

/** An id cut into groups of four characters, for comparing two ids by eye ("GDHA 6P4H EXI4 …"). */
export function idGroups(id: string, size = 4): string[] {
  const groups: string[] = [];
  for (let i = 0; i < id.length && groups.length < 1000; i += size) groups.push(id.slice(i, i + size));
  return groups;
}

/** Long text shown in a sentence (a pasted id, a route): its head and tail and its length. */
export function clipMiddle(text: string, max = 72): string {
  if (text.length <= max) return text;
  const tail = Math.min(12, Math.floor(max / 4));
  return `${text.slice(0, max - tail - 1)}…${text.slice(-tail)} (${text.length.toLocaleString('en')} characters)`;
}

// An id written out (G…, C…, M…, B…, L… in base32; hex) or abbreviated with an ellipsis between
// its ends. Upper-case base32 only: ids are shown in capitals, and "Bills…Payable" stays a name.
const ID_LIKE = [
  /^[GCMBLSTXP][A-Z2-7]{15,}$/,
  /^[GCMBLSTXP][A-Z2-7]{3,11}\s*(?:…|\.{2,3}|‥|⋯|_{2,})\s*[A-Z2-7]{4,12}$/,
  // The grouped form (four characters a group), whole or with an ellipsis.
  /^[GCMBLSTXP][A-Z2-7]{3}(?: [A-Z2-7]{4}){3,}(?: [A-Z2-7]{1,3})?$/,
  /^[GCMBLSTXP][A-Z2-7]{3}(?: [A-Z2-7]{4})*\s*(?:…|\.{2,3}|‥|⋯)\s*[A-Z2-7]{1,4}(?: [A-Z2-7]{4})*$/,
  /^[0-9a-fA-F]{16,}$/,
  /^[0-9a-f]{4,12}\s*(?:…|\.{2,3}|‥|⋯)\s*[0-9a-f]{4,12}$/,
];

/** Whether a name could be taken for an id: an address book label must not be. */
export function looksLikeId(text: string): boolean {
  const trimmed = text.trim();
  return ID_LIKE.some((pattern) => pattern.test(trimmed));
}
