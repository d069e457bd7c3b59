// An indexed account's row as the app shows it (HistoryIndexInfo), and the row of an account with
// no index yet: service.ts answers status and list with them.
import type { HistoryIndexInfo } from '../../../shared/history';
import type { NetworkProfile } from '../../../shared/ipc';
import type { AccountMeta } from '../protocol';

export function emptyMeta(account: string): AccountMeta {
  return {
    acct: 0,
    address: account,
    lastToken: null,
    completeFrom: null,
    state: 'idle',
    rows: 0,
    bytes: 0,
    oldest: null,
    newest: null,
    damaged: null,
    sides: { transactions: null, trades: null, missing: [] },
    ledgers: null,
  };
}

export function infoOf(profile: NetworkProfile, meta: AccountMeta): HistoryIndexInfo {
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    account: meta.address,
    networkId: profile.id,
    rows: meta.rows,
    bytes: meta.bytes,
    oldest: iso(meta.oldest),
    newest: iso(meta.newest),
    completeFromLedger: meta.completeFrom,
    lastPagingToken: meta.lastToken,
    // A state written by a sync of an earlier session is history: nothing runs now.
    state: meta.state === 'syncing' || meta.state === 'current' ? 'idle' : meta.state,
  };
}
