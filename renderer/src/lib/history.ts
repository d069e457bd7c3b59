// The renderer's side of the history index (issue #13, docs/history-index.md): the status of a
// sync (kept current from `history:progress` events), the list of indexes, the filtered rows as
// keyset pages, totals and flow. Every key starts ['history', networkId, …], so nothing of one
// network is shown under another's name, and a change of state refreshes what was read.
import { useInfiniteQuery, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { HistoryFilter, HistoryPage, HistoryProgress, HistorySort, TotalsBy } from '../../../shared/history';
import { call, onEvent } from './bridge';
import { useUi } from './store';

export const HISTORY_PAGE_SIZE = 200;

export function historyKey(networkId: string | null, ...rest: unknown[]) {
  return ['history', networkId ?? '', ...rest] as const;
}

/**
 * Applies a progress event to the cache: the status, and what was read when the state changes or
 * a followed (current) index gains records. Not on every event while syncing: each read of the
 * count and totals goes over the whole set, and events come up to four a second.
 */
export function applyProgress(client: QueryClient, networkId: string | null, progress: HistoryProgress): void {
  if (networkId === null || progress.networkId !== networkId) return;
  const key = historyKey(networkId, 'status', progress.account);
  const before = client.getQueryData<HistoryProgress>(key);
  client.setQueryData(key, progress);
  const grew = progress.state === 'current' && before !== undefined && before.records !== progress.records;
  if (before?.state !== progress.state || grew) {
    void client.invalidateQueries({ queryKey: historyKey(networkId, 'list') });
    void client.invalidateQueries({ queryKey: historyKey(networkId, 'data', progress.account) });
  }
}

/** Listens to `history:progress` for as long as a view shows a sync. */
export function useProgressEvents(): void {
  const client = useQueryClient();
  const networkId = useUi((state) => state.networkId);
  useEffect(() => {
    const off = onEvent('history:progress', (progress) => applyProgress(client, networkId, progress));
    return off;
  }, [client, networkId]);
}

export function useHistoryStatus(account: string) {
  const networkId = useUi((state) => state.networkId);
  useProgressEvents();
  return useQuery({
    queryKey: historyKey(networkId, 'status', account),
    queryFn: ({ signal }) => call('history:status', { account }, signal),
    staleTime: Infinity,
    retry: false,
  });
}

export function useHistoryList() {
  const networkId = useUi((state) => state.networkId);
  useProgressEvents();
  return useQuery({ queryKey: historyKey(networkId, 'list'), queryFn: ({ signal }) => call('history:list', {}, signal), retry: false });
}

/** Starts, pauses, cancels or removes, then puts the answer in the cache at once. */
export function useHistoryActions() {
  const client = useQueryClient();
  const networkId = useUi((state) => state.networkId);
  const settle = (progress: HistoryProgress) => applyProgress(client, networkId, progress);
  return {
    sync: (account: string) => call('history:sync', { account }).then(settle),
    pause: (account: string) => call('history:pause', { account }).then(settle),
    cancel: (account: string) => call('history:cancel', { account }).then(settle),
    async remove(account: string) {
      await call('history:remove', { account });
      client.removeQueries({ queryKey: historyKey(networkId, 'data', account) });
      await client.invalidateQueries({ queryKey: historyKey(networkId, 'status', account) });
      await client.invalidateQueries({ queryKey: historyKey(networkId, 'list') });
    },
  };
}

/** The filtered rows in keyset pages; the first page carries the count and per-asset totals. */
export function useHistoryRows(account: string, filter: HistoryFilter, sort: HistorySort) {
  const networkId = useUi((state) => state.networkId);
  return useInfiniteQuery({
    queryKey: historyKey(networkId, 'data', account, 'rows', filter, sort),
    queryFn: ({ pageParam, signal }): Promise<HistoryPage> =>
      call('history:query', { account, filter, sort, limit: HISTORY_PAGE_SIZE, summary: pageParam === null, ...(pageParam ? { cursor: pageParam } : {}) }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next ?? undefined,
    staleTime: 30_000,
    retry: false,
  });
}

export function useHistoryTotals(account: string, filter: HistoryFilter, by: TotalsBy, top = 50) {
  const networkId = useUi((state) => state.networkId);
  return useQuery({
    queryKey: historyKey(networkId, 'data', account, 'totals', filter, by, top),
    queryFn: ({ signal }) => call('history:totals', { account, filter, by, top }, signal),
    staleTime: 30_000,
    retry: false,
  });
}

export function useHistoryFlow(account: string, filter: HistoryFilter, asset: string | null) {
  const networkId = useUi((state) => state.networkId);
  return useQuery({
    queryKey: historyKey(networkId, 'data', account, 'flow', filter, asset),
    queryFn: ({ signal }) => call('history:flow', { account, filter, asset: asset ?? 'native' }, signal),
    enabled: asset !== null,
    staleTime: 30_000,
    retry: false,
  });
}

/** "native" or "CODE:ISSUER" as a short label: the code ("XLM" for native). */
export function assetCode(asset: string): string {
  return asset === 'native' ? 'XLM' : (asset.split(':')[0] ?? asset);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
