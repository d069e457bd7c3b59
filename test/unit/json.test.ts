import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonError, LosslessNumber, exactNumber, numberText, parseJson, stringifyJson } from '../../shared/json';

describe('lossless JSON', () => {
  it('keeps every digit of an id above 2^53', () => {
    const value = parseJson('{"id": 110694007436259329}') as { id: bigint };
    expect(value.id).toBe(110694007436259329n);
    expect(stringifyJson(value)).toBe('{"id":110694007436259329}');
    // What JSON.parse would have done: the reason this module exists.
    expect(String((JSON.parse('{"id": 110694007436259329}') as { id: number }).id)).not.toBe('110694007436259329');
  });

  it('keeps safe integers as numbers and decimals as their exact text', () => {
    const value = parseJson('{"n": 42, "amount_f": 0.0000001, "big": 922337203685.4775807}') as Record<string, unknown>;
    expect(value['n']).toBe(42);
    expect(numberText(value['amount_f'])).toBe('0.0000001');
    expect(numberText(value['big'])).toBe('922337203685.4775807');
    expect(stringifyJson(value)).toBe('{"n":42,"amount_f":0.0000001,"big":922337203685.4775807}');
  });

  it('writes bigints and marked decimal strings as plain number text, never exponents', () => {
    expect(stringifyJson({ a: 2n ** 63n - 1n, b: exactNumber('0.0000001'), c: 'text' })).toBe(
      '{"a":9223372036854775807,"b":0.0000001,"c":"text"}',
    );
  });

  it.each(['', '{', '{"a":}', 'undefined', "{'a':1}", '[1,]', '\u0000'])(
    'reports invalid JSON %j as a JsonError',
    (text) => {
      expect(() => parseJson(text)).toThrow(JsonError);
    },
  );

  it('numberText answers only for numbers', () => {
    expect(numberText('12')).toBeUndefined();
    expect(numberText(Number.NaN)).toBeUndefined();
    expect(numberText(new LosslessNumber('1.50'))).toBe('1.50');
  });

  it('round-trips arbitrary JSON with huge integers and exact decimals (property)', () => {
    const bigIntText = fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map((n) => n.toString());
    const decimalText = fc
      .tuple(fc.bigInt({ min: 0n, max: 2n ** 70n }), fc.stringMatching(/^\d{1,7}$/))
      .map(([whole, fraction]) => `${whole}.${fraction}`);
    const leaf = fc.oneof(
      bigIntText,
      decimalText,
      fc.string().map((s) => JSON.stringify(s)),
      fc.constantFrom('true', 'false', 'null'),
    );
    const json: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        leaf,
        fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
        fc.dictionary(fc.string({ maxLength: 6 }), tie('value'), { maxKeys: 4 }).map(
          (object) =>
            `{${Object.entries(object)
              .map(([k, v]) => `${JSON.stringify(k)}:${v}`)
              .join(',')}}`,
        ),
      ),
    })).value;
    fc.assert(
      fc.property(json, (text) => {
        const once = stringifyJson(parseJson(text));
        expect(stringifyJson(parseJson(once))).toBe(once);
        // Every number literal of the input survives with all its digits.
        for (const literal of text.match(/-?\d{17,}/g) ?? [])
          expect(once).toContain(literal.replace(/^-0+(?=\d)/, '-').replace(/^0+(?=\d)/, ''));
      }),
      { numRuns: 500 },
    );
  });
});
