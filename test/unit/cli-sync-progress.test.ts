// The command line's sync progress line (cli/history-commands.ts): a wait says how long, that it
// retries, and the most it waits (the client's --max-wait): a longer one ends the sync (issue 37.1).
import { describe, expect, it } from 'vitest';
import { syncProgressLine } from '../../cli/history-commands';
import type { HistoryProgress } from '../../shared/history';

const base: HistoryProgress = {
  account: 'G',
  networkId: 'local',
  state: 'syncing',
  records: 0,
  ratePerSecond: 0,
  oldest: null,
  newest: null,
  completeFromLedger: null,
};

describe('sync progress line', () => {
  it('names the wait, its retry and its bound while syncing; nothing of a wait once the sync ended', () => {
    expect(syncProgressLine({ ...base, waitingMs: 1500, waitLimitMs: 5000, waitingFor: 'rate_limit' })).toBe(
      'sync: syncing, 0 records (0/s), rate limited: waiting 2 s (--max-wait 5)',
    );
    expect(syncProgressLine({ ...base, waitingMs: 1500, waitingFor: 'unavailable' })).toBe(
      'sync: syncing, 0 records (0/s), server unavailable (503): retrying in 2 s',
    );
    expect(syncProgressLine({ ...base, state: 'error', waitingMs: 1500, waitLimitMs: 5000 })).toBe(
      'sync: error, 0 records',
    );
  });
});
