import { describe, expect, it } from 'vitest';
import { AmountError, stroopsToNative } from '../../shared/amount';

describe('stroopsToNative', () => {
  it('writes stroops in the native unit with all seven decimals, exactly', () => {
    expect(stroopsToNative('100')).toBe('0.0000100');
    expect(stroopsToNative('0')).toBe('0.0000000');
    expect(stroopsToNative('1')).toBe('0.0000001');
    expect(stroopsToNative('10000000')).toBe('1.0000000');
    expect(stroopsToNative('9223372036854775807')).toBe('922,337,203,685.4775807');
    expect(stroopsToNative('-150')).toBe('-0.0000150');
  });

  it('refuses what is not a whole number of stroops', () => {
    for (const bad of ['', '1.5', 'abc', '1e3', ' 100', '1'.repeat(21)])
      expect(() => stroopsToNative(bad)).toThrow(AmountError);
  });
});
