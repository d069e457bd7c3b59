import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AmountError,
  INT64_MAX,
  INT64_MIN,
  canonicalDecimal,
  formatAmount,
  formatAmountGrouped,
  groupDecimal,
  parseAmount,
  parseSum,
} from '../../shared/amount';

describe('amounts at scale 10^7', () => {
  it('parses decimal strings into exact integer units', () => {
    expect(parseAmount('1')).toBe(10_000_000n);
    expect(parseAmount('0.0000001')).toBe(1n);
    expect(parseAmount('12.5')).toBe(125_000_000n);
    expect(parseAmount('922337203685.4775807')).toBe(INT64_MAX);
    expect(parseAmount('-922337203685.4775808', { allowNegative: true })).toBe(INT64_MIN);
    expect(parseAmount('  7.0000000 ')).toBe(70_000_000n);
  });

  it('formats units as the shortest exact decimal, never with an exponent', () => {
    expect(formatAmount(1n)).toBe('0.0000001');
    expect(formatAmount(10_000_000n)).toBe('1');
    expect(formatAmount(125_000_000n)).toBe('12.5');
    expect(formatAmount(-5n)).toBe('-0.0000005');
    expect(formatAmount(0n)).toBe('0');
    expect(formatAmount(125_000_000n, { fixed: true })).toBe('12.5000000');
    expect(formatAmount(INT64_MAX)).toBe('922337203685.4775807');
  });

  it('groups the whole part only', () => {
    expect(groupDecimal('1234567.1234567')).toBe('1,234,567.1234567');
    expect(groupDecimal('-1000')).toBe('-1,000');
    expect(groupDecimal('999')).toBe('999');
    expect(formatAmountGrouped(12_345_678_900_000_000n)).toBe('1,234,567,890.0000000');
    expect(() => groupDecimal('1e5')).toThrow(AmountError);
  });

  it.each([
    ['1.00000001', /more than 7 decimal places/],
    ['1e7', /exponent/],
    ['1E-7', /exponent/],
    ['-1', /negative/],
    ['+1', /"\+" sign/],
    ['922337203685.4775808', /outside int64/],
    ['', /empty/],
    ['   ', /empty/],
    ['1.', /not a decimal/],
    ['.5', /not a decimal/],
    ['0x10', /not a decimal/],
    ['1,000', /not a decimal/],
    ['NaN', /not a decimal/],
    ['Infinity', /not a decimal/],
    ['１', /not a decimal/],
    ['9'.repeat(65), /too long/],
  ])('rejects %j', (input, message) => {
    expect(() => parseAmount(input)).toThrow(message);
  });

  it('rejects non-strings from untyped callers', () => {
    expect(() => parseAmount(5 as unknown as string)).toThrow(AmountError);
  });

  it('round-trips every int64 value exactly (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: INT64_MIN, max: INT64_MAX }), (units) => {
        const text = formatAmount(units);
        expect(text).not.toMatch(/e/i);
        expect(parseAmount(text, { allowNegative: true })).toBe(units);
        expect(parseAmount(formatAmount(units, { fixed: true }), { allowNegative: true })).toBe(units);
      }),
      { numRuns: 2000 },
    );
  });

  it('canonicalises any accepted spelling to one form (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: INT64_MAX }), fc.nat({ max: 3 }), (units, zeros) => {
        const padded = formatAmount(units, { fixed: true }).replace(/^/, '0'.repeat(zeros));
        expect(canonicalDecimal(padded)).toBe(formatAmount(units));
      }),
    );
  });
});

describe('parseSum: a total, not an amount (issue 37.5)', () => {
  it('reads past int64 either way, where parseAmount stops at it', () => {
    expect(parseSum('922337203685.4775807')).toBe(INT64_MAX);
    expect(parseSum('922337203685.4775808')).toBe(INT64_MAX + 1n);
    expect(parseSum('-922337203685.4775809')).toBe(INT64_MIN - 1n);
    expect(parseSum('1844674407370.9551614')).toBe(2n * INT64_MAX);
    expect(() => parseAmount('922337203685.4775808')).toThrow('is outside int64');
  });

  it('keeps the decimal grammar and a bound on length', () => {
    expect(parseSum('9'.repeat(57))).toBe(BigInt('9'.repeat(57)) * 10_000_000n);
    expect(() => parseSum('9'.repeat(65))).toThrow('sum is too long');
    for (const bad of ['1e3', '+1', '1.00000001', 'abc', '']) expect(() => parseSum(bad), bad).toThrow(AmountError);
  });
});
