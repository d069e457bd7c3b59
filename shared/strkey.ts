// StrKeys (`G…` accounts, `M…` muxed accounts, `C…` contracts, `B…` claimable balances, `L…`
// liquidity pools, `S…` seeds) checked and decoded without the XDR library, so that an address
// check costs the page a few hundred bytes instead of @stellar/stellar-base. The rules are
// @stellar/stellar-base's own, exactly (test/unit/strkey.test.ts compares the two):
//   - the text has the kind's length (56, or 58 for B, 69 for M) in RFC 4648 base32, upper case,
//     no padding, and the bits after the last byte are zero (the one canonical spelling);
//   - the first byte is the kind's version byte;
//   - the last two bytes are the CRC16-XModem of the rest, little-endian.
// A seed is only ever recognised, so that it can be refused: nothing here is asked to keep one.

export type StrKeyKind = 'account' | 'muxed' | 'contract' | 'claimableBalance' | 'liquidityPool' | 'seed';

interface Shape {
  /** The version byte: the letter's base32 value, shifted 3 bits left. */
  version: number;
  /** Characters of the text. */
  length: number;
  /** Bytes between the version byte and the checksum. */
  payload: number;
}

const SHAPES: Record<StrKeyKind, Shape> = {
  account: { version: 6 << 3, length: 56, payload: 32 },
  muxed: { version: 12 << 3, length: 69, payload: 40 },
  contract: { version: 2 << 3, length: 56, payload: 32 },
  claimableBalance: { version: 1 << 3, length: 58, payload: 33 },
  liquidityPool: { version: 11 << 3, length: 56, payload: 32 },
  seed: { version: 18 << 3, length: 56, payload: 32 },
};

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** CRC16-XModem (polynomial 0x1021, initial value 0) of `bytes`. */
export function crc16XModem(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** Base32 text to bytes; null unless every character is in the alphabet and the spare bits are zero. */
function base32Decode(text: string): Uint8Array | null {
  const bytes = new Uint8Array(Math.floor((text.length * 5) / 8));
  let buffer = 0;
  let bits = 0;
  let at = 0;
  for (let i = 0; i < text.length; i++) {
    const value = ALPHABET.indexOf(text[i]!);
    if (value < 0) return null;
    buffer = ((buffer << 5) | value) & 0xfff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes[at++] = (buffer >> bits) & 0xff;
    }
  }
  return bits >= 5 || (buffer & ((1 << bits) - 1)) !== 0 ? null : bytes;
}

function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = ((buffer << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += ALPHABET[(buffer >> bits) & 31];
    }
  }
  return bits > 0 ? out + ALPHABET[(buffer << (5 - bits)) & 31] : out;
}

/** The payload of a StrKey of this kind (for `muxed`, the account's 32 bytes then the 8-byte id); null if it is not one. */
export function decodeStrKey(kind: StrKeyKind, text: unknown): Uint8Array | null {
  const shape = SHAPES[kind];
  if (typeof text !== 'string' || text.length !== shape.length) return null;
  const bytes = base32Decode(text);
  if (!bytes || bytes.length !== shape.payload + 3 || bytes[0] !== shape.version) return null;
  const body = bytes.subarray(0, -2);
  const crc = crc16XModem(body);
  if (bytes[bytes.length - 2] !== (crc & 0xff) || bytes[bytes.length - 1] !== crc >> 8) return null;
  return body.slice(1);
}

export function isStrKey(kind: StrKeyKind, text: unknown): boolean {
  return decodeStrKey(kind, text) !== null;
}

/** A payload as a StrKey of this kind; throws if the payload has the wrong length. */
export function encodeStrKey(kind: StrKeyKind, payload: Uint8Array): string {
  const shape = SHAPES[kind];
  if (payload.length !== shape.payload)
    throw new RangeError(`a ${kind} StrKey holds ${shape.payload} bytes, not ${payload.length}`);
  const bytes = new Uint8Array(payload.length + 3);
  bytes[0] = shape.version;
  bytes.set(payload, 1);
  const crc = crc16XModem(bytes.subarray(0, -2));
  bytes[bytes.length - 2] = crc & 0xff;
  bytes[bytes.length - 1] = crc >> 8;
  return base32Encode(bytes);
}

/** Whether `text` is an account id (`G…`, 56 characters, good checksum). */
export function isAccountKey(text: unknown): boolean {
  return isStrKey('account', text);
}

/** The `G…` account behind a muxed account (`M…`); null if `text` is not one. */
export function muxedBaseAccount(text: unknown): string | null {
  const payload = decodeStrKey('muxed', text);
  return payload ? encodeStrKey('account', payload.subarray(0, 32)) : null;
}
