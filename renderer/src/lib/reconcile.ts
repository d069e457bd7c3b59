// The renderer's side of the reconciliation and the balance history (issue #27, shared/reconcile.ts,
// shared/balance-history.ts). A reconciliation asks the network for the account's balances: it is
// read once per index state (never stale by time; "Check again" or a change of the index's state
// reads it anew), and the account page and the workbench share it.
import { useQuery } from '@tanstack/react-query';
import type { BalancePeriod } from '../../../shared/balance-history';
import { historyKey, useHistoryStatus } from './history';
import { call } from './bridge';
import { useUi } from './store';

/** The account's reconciliation, once its index holds records and is not syncing. */
export function useReconciliation(account: string) {
  const networkId = useUi((state) => state.networkId);
  const status = useHistoryStatus(account);
  const ready = !!status.data && status.data.records > 0 && status.data.state !== 'syncing';
  return useQuery({
    queryKey: historyKey(networkId, 'data', account, 'reconcile'),
    queryFn: ({ signal }) => call('history:reconcile', { account }, signal),
    enabled: ready,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });
}

/** "native", "CODE:ISSUER" or "pool:ID" as history:balance takes it. */
export function useBalanceHistory(account: string, asset: string | null, by: BalancePeriod) {
  const networkId = useUi((state) => state.networkId);
  return useQuery({
    queryKey: historyKey(networkId, 'data', account, 'balance', asset, by),
    queryFn: ({ signal }) => call('history:balance', { account, asset: asset ?? 'native', by }, signal),
    enabled: asset !== null,
    staleTime: 30_000,
    retry: false,
  });
}
