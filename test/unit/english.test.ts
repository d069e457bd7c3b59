// shared/english.ts: the article and the counted noun that sentences built from parts use.
import { describe, expect, it } from 'vitest';
import { counted, withArticle } from '../../shared/english';

describe('english', () => {
  it('puts "an" before a vowel and "a" before a consonant, whatever the case', () => {
    expect(withArticle('account')).toBe('an account');
    expect(withArticle('Operation')).toBe('an Operation');
    expect(withArticle('ledger')).toBe('a ledger');
    expect(withArticle('claimable balance')).toBe('a claimable balance');
  });

  it('agrees the noun with its count at 0, 1 and 2, and groups thousands', () => {
    expect(counted(0, 'asset')).toBe('0 assets');
    expect(counted(1, 'asset')).toBe('1 asset');
    expect(counted(2, 'asset')).toBe('2 assets');
    expect(counted(1200, 'entry', 'entries')).toBe('1,200 entries');
    expect(counted(1, 'entry', 'entries')).toBe('1 entry');
  });
});
