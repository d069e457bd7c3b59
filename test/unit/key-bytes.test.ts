// Which XDR values hold a key's bytes, found in one buffer (core/sources/ledger-meta/key-bytes.ts):
// each answer must be exactly `value.toXDR().includes(key)`, the per-value search it replaces in
// account-records.ts, at the edges that one buffer adds (an occurrence straddling two values, one
// at a value's first or last byte, values on both sides of a chunk's end).
import { randomBytes } from 'node:crypto';
import { xdr } from '@stellar/stellar-base';
import { describe, expect, it } from 'vitest';
import { holdingKey } from '../../core/sources/ledger-meta/key-bytes';

const bytesVal = (b: Buffer) => xdr.ScVal.scvBytes(b);
const perValue = (values: xdr.ScVal[], key: Buffer) => values.map((v) => v.toXDR().includes(key));

describe('holdingKey', () => {
  // Each value 32 bytes of XDR: its arm (4), its length (4), 24 bytes.
  const a = bytesVal(randomBytes(24));
  const b = bytesVal(randomBytes(24));
  const [ab, bb] = [a.toXDR(), b.toXDR()];

  it('does not count an occurrence that straddles two values', () => {
    const key = Buffer.concat([ab.subarray(16), bb.subarray(0, 16)]);
    expect(Buffer.concat([ab, bb]).includes(key)).toBe(true);
    expect(holdingKey(xdr.ScVal, [a, b], key)).toEqual([false, false]);
    expect(perValue([a, b], key)).toEqual([false, false]);
  });

  it('counts a key that is a value whole, its first byte to its last', () => {
    expect(holdingKey(xdr.ScVal, [a, b], ab)).toEqual([true, false]);
    expect(holdingKey(xdr.ScVal, [a, b], bb)).toEqual([false, true]);
    expect(holdingKey(xdr.ScVal, [a, b, a], ab)).toEqual([true, false, true]);
    // The next value's occurrence at its first byte, right where the last one ended.
    expect(holdingKey(xdr.ScVal, [a, a, b], ab)).toEqual([true, true, false]);
  });

  it('is the per-value search across chunk ends, for overlapping and repeated keys', () => {
    const key = randomBytes(8);
    // Values that hold the key once, twice, overlapping with itself, split, or not at all.
    const shapes = [
      () => Buffer.concat([randomBytes(3), key, randomBytes(5)]),
      () => Buffer.concat([key, key]),
      () => Buffer.concat([key.subarray(0, 4), randomBytes(9)]),
      () => Buffer.concat([randomBytes(2), key.subarray(4)]),
      () => randomBytes(17),
      () => Buffer.concat([key.subarray(0, 5), key, randomBytes(1)]),
    ];
    const values = Array.from({ length: 300 }, (_, i) => bytesVal(shapes[(i * 7 + (i >> 3)) % shapes.length]!()));
    const want = perValue(values, key);
    expect(want.filter(Boolean).length).toBeGreaterThan(50);
    expect(want.filter((x) => !x).length).toBeGreaterThan(50);
    for (const chunk of [1, 24, 40, 64, 1000, 256 * 1024])
      expect(holdingKey(xdr.ScVal, values, key, chunk)).toEqual(want);
  });

  it('answers nothing for no values, and keeps a key not found false', () => {
    expect(holdingKey(xdr.ScVal, [], randomBytes(32))).toEqual([]);
    expect(holdingKey(xdr.ScVal, [a, b], randomBytes(32))).toEqual([false, false]);
  });
});
