// shared/strkey.ts against @stellar/stellar-base's own StrKey: every kind, random payloads, and
// every way a text can fail (checksum, version byte, length, case, padding, spare bits, alphabet).
import { StrKey } from '@stellar/stellar-base';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  crc16XModem,
  decodeStrKey,
  encodeStrKey,
  isAccountKey,
  isStrKey,
  muxedBaseAccount,
  type StrKeyKind,
} from '../../shared/strkey';

interface Reference {
  payload: number;
  encode(data: Buffer): string;
  isValid(text: string): boolean;
  decode(text: string): Buffer;
}

const REFERENCE: Record<StrKeyKind, Reference> = {
  account: {
    payload: 32,
    encode: StrKey.encodeEd25519PublicKey,
    isValid: StrKey.isValidEd25519PublicKey,
    decode: StrKey.decodeEd25519PublicKey,
  },
  muxed: {
    payload: 40,
    encode: StrKey.encodeMed25519PublicKey,
    isValid: StrKey.isValidMed25519PublicKey,
    decode: StrKey.decodeMed25519PublicKey,
  },
  contract: {
    payload: 32,
    encode: StrKey.encodeContract,
    isValid: StrKey.isValidContract,
    decode: StrKey.decodeContract,
  },
  claimableBalance: {
    payload: 33,
    encode: StrKey.encodeClaimableBalance,
    isValid: StrKey.isValidClaimableBalance,
    decode: StrKey.decodeClaimableBalance,
  },
  liquidityPool: {
    payload: 32,
    encode: StrKey.encodeLiquidityPool,
    isValid: StrKey.isValidLiquidityPool,
    decode: StrKey.decodeLiquidityPool,
  },
  seed: {
    payload: 32,
    encode: StrKey.encodeEd25519SecretSeed,
    isValid: StrKey.isValidEd25519SecretSeed,
    decode: StrKey.decodeEd25519SecretSeed,
  },
};
const KINDS = Object.keys(REFERENCE) as StrKeyKind[];
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const RUNS = { numRuns: 300 };

const kind = fc.constantFrom(...KINDS);
/** A kind and a valid StrKey of it, made by the reference. */
const validKey = kind.chain((k) =>
  fc
    .uint8Array({ minLength: REFERENCE[k].payload, maxLength: REFERENCE[k].payload })
    .map((bytes) => ({ kind: k, bytes, text: REFERENCE[k].encode(Buffer.from(bytes)) })),
);

/** Both implementations agree on `text` for every kind. */
function agree(text: string): void {
  for (const k of KINDS) {
    const expected = REFERENCE[k].isValid(text);
    expect(isStrKey(k, text), `${k} ${JSON.stringify(text)}`).toBe(expected);
    if (expected) expect(decodeStrKey(k, text)).toEqual(new Uint8Array(REFERENCE[k].decode(text)));
  }
}

describe('StrKey without the XDR library', () => {
  it('decodes and encodes every kind exactly as @stellar/stellar-base does', () => {
    fc.assert(
      fc.property(validKey, ({ kind: k, bytes, text }) => {
        expect(encodeStrKey(k, bytes)).toBe(text);
        expect(decodeStrKey(k, text)).toEqual(bytes);
        agree(text);
      }),
      RUNS,
    );
  });

  it('refuses a text whose checksum, or any one character, is changed', () => {
    const changed = validKey.chain((key) =>
      fc.record({
        key: fc.constant(key),
        at: fc.nat({ max: key.text.length - 1 }),
        char: fc.constantFrom(...ALPHABET),
      }),
    );
    fc.assert(
      fc.property(changed, ({ key, at, char }) => {
        const text = key.text.slice(0, at) + char + key.text.slice(at + 1);
        agree(text);
        // CRC16 catches every burst of up to 16 bits: one character is 5.
        if (text !== key.text) expect(isStrKey(key.kind, text)).toBe(false);
      }),
      RUNS,
    );
  });

  it('refuses a valid key under another version byte, with its checksum made good', () => {
    fc.assert(
      fc.property(kind, kind, fc.uint8Array({ minLength: 32, maxLength: 32 }), (made, asked, bytes) => {
        const payload = new Uint8Array(REFERENCE[made].payload);
        payload.set(bytes);
        const text = encodeStrKey(made, payload);
        expect(isStrKey(asked, text)).toBe(made === asked);
        agree(text);
      }),
      RUNS,
    );
  });

  it('refuses wrong lengths, lower case, padding and characters outside the alphabet', () => {
    const spoilt = validKey.chain(({ text }) =>
      fc.constantFrom(
        text.slice(0, -1),
        text.slice(1),
        `${text}A`,
        `${text}AA`,
        `${text}=`,
        `${text}====`,
        text.toLowerCase(),
        text[0]!.toLowerCase() + text.slice(1),
        text.slice(0, -1) + text.slice(-1).toLowerCase(),
        ` ${text}`,
        `${text.slice(0, 20)}0${text.slice(21)}`,
        `${text.slice(0, 20)}1${text.slice(21)}`,
        `${text.slice(0, 20)}8${text.slice(21)}`,
        `${text.slice(0, 20)}ß${text.slice(21)}`,
      ),
    );
    fc.assert(
      fc.property(spoilt, (text) => agree(text)),
      RUNS,
    );
  });

  it('refuses spare bits after the last byte (B… and M… end in part of a character)', () => {
    fc.assert(
      fc.property(
        validKey.filter(({ kind: k }) => k === 'claimableBalance' || k === 'muxed'),
        fc.constantFrom(...ALPHABET),
        ({ kind: k, text }, last) => {
          const other = text.slice(0, -1) + last;
          expect(isStrKey(k, other)).toBe(other === text);
          agree(other);
        },
      ),
      RUNS,
    );
  });

  it('agrees on arbitrary text and on base32 of every length', () => {
    const base32 = fc.string({ unit: fc.constantFrom(...ALPHABET), minLength: 50, maxLength: 72 });
    const leading = fc
      .constantFrom('G', 'M', 'C', 'B', 'L', 'S')
      .chain((first) => base32.map((rest) => first + rest.slice(1)));
    fc.assert(
      fc.property(fc.oneof(fc.string(), base32, leading), (text) => agree(text)),
      { numRuns: 2000 },
    );
  });

  it('answers false, not a throw, for what is not a string', () => {
    for (const value of [undefined, null, 42, {}, [], Buffer.alloc(35)]) {
      for (const k of KINDS) expect(isStrKey(k, value)).toBe(false);
      expect(isAccountKey(value)).toBe(false);
    }
  });

  it('finds the account behind a muxed account', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 40, maxLength: 40 }), (bytes) => {
        const muxed = StrKey.encodeMed25519PublicKey(Buffer.from(bytes));
        expect(muxedBaseAccount(muxed)).toBe(StrKey.encodeEd25519PublicKey(Buffer.from(bytes.subarray(0, 32))));
      }),
      RUNS,
    );
    expect(muxedBaseAccount(StrKey.encodeEd25519PublicKey(Buffer.alloc(32)))).toBeNull();
  });

  it('computes CRC16-XModem (the standard check value of "123456789" is 0x31C3)', () => {
    expect(crc16XModem(new TextEncoder().encode('123456789'))).toBe(0x31c3);
    expect(() => encodeStrKey('account', new Uint8Array(31))).toThrow(RangeError);
  });
});
