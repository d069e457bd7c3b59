// What an index covers (#28.2): the state of this session's sync wins over the file's; the file's
// `syncing` with no sync running is an interrupted one; the one sentence names the core's own numbers.
import { describe, expect, it } from 'vitest';
import { coverageOf, partialOf } from '../../core/history-index/main-thread/coverage';
import { coverageText, tokenLedger } from '../../shared/index-coverage';

describe('partialOf', () => {
  it('reads the running sync first, then the file', () => {
    expect(partialOf('syncing', undefined)).toBe('interrupted');
    expect(partialOf('idle', undefined)).toBe('interrupted');
    expect(partialOf('current', undefined)).toBeNull();
    expect(partialOf('error', undefined)).toBe('failed');
    expect(partialOf('syncing', 'syncing')).toBe('syncing');
    expect(partialOf('syncing', 'current')).toBeNull();
    expect(partialOf('current', 'paused')).toBe('paused');
    expect(partialOf('syncing', 'idle')).toBe('interrupted');
  });
});

describe('coverageText', () => {
  const base = { records: 5898, throughLedger: 1234, latestLedger: 5000 };
  it('says partial with the ledger reached, of the latest only when known and not behind', () => {
    expect(coverageText({ ...base, partial: 'syncing' })).toBe(
      'partial: indexed 5,898 records through ledger 1,234 of 5,000; syncing',
    );
    expect(coverageText({ ...base, latestLedger: null, partial: 'interrupted' })).toBe(
      'partial: indexed 5,898 records through ledger 1,234; interrupted: resume',
    );
    expect(coverageText({ ...base, latestLedger: 1233, partial: 'paused' })).toBe(
      'partial: indexed 5,898 records through ledger 1,234; paused: resume to complete it',
    );
    expect(coverageText({ records: 1, throughLedger: null, latestLedger: null, partial: 'failed' })).toBe(
      'partial: indexed 1 record; the sync failed: resume',
    );
    expect(coverageText({ ...base, partial: null })).toBe('complete: 5,898 records');
  });

  it('reads the ledger of a paging token, and nothing of one that is not a TOID', () => {
    expect(tokenLedger(String((1234n << 32n) + 7n))).toBe(1234);
    expect(tokenLedger('now')).toBeNull();
    expect(tokenLedger(null)).toBeNull();
    expect(coverageOf(null, undefined, null)).toEqual({
      partial: 'interrupted',
      records: 0,
      throughLedger: null,
      latestLedger: null,
    });
  });
});
