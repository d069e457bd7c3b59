import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJsonFast } from '../../electron/core/json-fast';
import { LosslessNumber, parseJson } from '../../shared/json';

/** The reference parser's answer, or the fact that it refused. */
function reference(text: string): { value: unknown } | 'invalid' {
  try {
    return { value: parseJson(text) };
  } catch {
    return 'invalid';
  }
}

function quick(text: string): { value: unknown } | 'invalid' {
  try {
    return { value: parseJsonFast(text) };
  } catch {
    return 'invalid';
  }
}

// Number texts of every kind the quick path treats differently: short and long integers, ones
// just either side of 2^53, fractions, exponents, negative zero.
const numberText = fc.oneof(
  fc.integer().map(String),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
  fc.constantFrom('9007199254740991', '9007199254740992', '9007199254740993', '1000000000000000', '-0', '0.0', '1e5', '1E+400', '-2.5e-3'),
  fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.stringMatching(/^\d{1,12}$/)).map(([a, b]) => `${a}.${b}`),
);
// Strings that look like the text the quick path rewrites, or like its marker.
const hostileString = fc.oneof(
  fc.string(),
  fc.constantFrom(':12345678901234567890,', ',1.5]', '[9007199254740993}', '\u0000123', '\\u0000', 'a:1e9,b', '__proto__'),
);

/** A JSON text built from the pieces above, spaced the way servers space them. */
const jsonText: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    numberText,
    hostileString.map((s) => JSON.stringify(s)),
    fc.constantFrom('true', 'false', 'null'),
    fc.array(tie('value'), { maxLength: 5 }).map((items) => `[${items.join(', ')}]`),
    // Keys unique: the reference refuses a repeated key where JSON.parse keeps the last one.
    fc
      .uniqueArray(fc.tuple(hostileString, tie('value')), { maxLength: 5, selector: ([key]) => key })
      .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}: ${v}`).join(',\n  ')}}`),
  ),
})).value;

describe('parseJsonFast', () => {
  it('gives exactly what the lossless parser gives, for any text of numbers and hostile strings (property)', () => {
    fc.assert(
      fc.property(jsonText, (text) => {
        expect(quick(text)).toEqual(reference(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps ids beyond 2^53, fractions and exponents exact, as the local service writes them', () => {
    const value = parseJsonFast('{"id":257698037760004097,"amount":1,"amount_f":0.0000001,"e":1e3,"safe":9007199254740991}') as Record<string, unknown>;
    expect(value['id']).toBe(257698037760004097n);
    expect(value['amount']).toBe(1);
    expect(value['amount_f']).toEqual(new LosslessNumber('0.0000001'));
    expect(value['e']).toEqual(new LosslessNumber('1e3'));
    expect(value['safe']).toBe(9007199254740991);
  });

  it('reads a big number inside a string as text, and a marker-like escape as the string it is', () => {
    expect(parseJsonFast('{"memo":"a:12345678901234567890,b"}')).toEqual({ memo: 'a:12345678901234567890,b' });
    expect(parseJsonFast('{"memo":"\\u0000123","n":12345678901234567890}')).toEqual({ memo: '\u0000123', n: 12345678901234567890n });
  });

  it('keeps a __proto__ key an own property, never the prototype', () => {
    const value = parseJsonFast('{"__proto__": 12345678901234567890, "x": 1}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(value, '__proto__')?.value).toBe(12345678901234567890n);
  });

  it.each(['{"a":012345678901234567}', '{"a":1.5.5}', '[1,]', '{"a":-}', '12345678901234567890 x', '{"a":1e}'])('refuses the invalid text %j as the lossless parser does', (text) => {
    expect(quick(text)).toBe('invalid');
    expect(reference(text)).toBe('invalid');
  });

  it('reads a bare big number exactly', () => {
    expect(parseJsonFast(' 12345678901234567890')).toBe(12345678901234567890n);
  });
});
