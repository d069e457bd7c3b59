// The renderer's side of the history index (issue #13, docs/history-index.md): the status of a
// sync (kept current from `history:progress` events), the list of indexes, the filtered rows as
// keyset pages, totals and flow. Every key starts ['history', networkId, …], so nothing of one
// network is shown under another's name, and a change of state refreshes what was read.
import { abbreviateId } from '../../../shared/ids';
import { useInfiniteQuery, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { HistoryFilter, HistoryProgress, HistoryRow, HistorySort, TotalsBy } from '../../../shared/history';
import type { Currency } from '../../../shared/model';
import { call, onEvent } from './bridge';
import { useUi } from './store';

export const HISTORY_PAGE_SIZE = 200;
/** Pages kept in memory (HISTORY_PAGE_SIZE × this many rows); scrolling back reads again. */
export const HISTORY_MAX_PAGES = 12;

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
  return useQuery({
    queryKey: historyKey(networkId, 'list'),
    queryFn: ({ signal }) => call('history:list', {}, signal),
    retry: false,
  });
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
    /** A damaged index: deleted and synced afresh; what was read of it is dropped. */
    async rebuild(account: string) {
      const progress = await call('history:rebuild', { account });
      client.removeQueries({ queryKey: historyKey(networkId, 'data') });
      settle(progress);
      await client.invalidateQueries({ queryKey: historyKey(networkId, 'list') });
    },
    async remove(account: string) {
      await call('history:remove', { account });
      client.removeQueries({ queryKey: historyKey(networkId, 'data', account) });
      await client.invalidateQueries({ queryKey: historyKey(networkId, 'status', account) });
      await client.invalidateQueries({ queryKey: historyKey(networkId, 'list') });
    },
  };
}

interface RowsParam {
  index: number;
  cursor: string | null;
}

export interface RowsPage {
  /** The page's place in the whole listing (rows index × HISTORY_PAGE_SIZE on). */
  index: number;
  rows: HistoryRow[];
  next: string | null;
}

/**
 * The cursor each page was read from, per listing. Only HISTORY_MAX_PAGES pages are kept; a
 * dropped page is read again forwards from its own cursor (the keyset has no backwards cursor).
 * Outside the cache so a table mounted again (another tab and back) still finds them.
 */
const CURSORS = new Map<string, Map<number, string | null>>();

function cursorsOf(listing: string): Map<number, string | null> {
  let found = CURSORS.get(listing);
  if (!found) {
    if (CURSORS.size >= 200) CURSORS.clear();
    found = new Map();
    CURSORS.set(listing, found);
  }
  return found;
}

/** The filtered rows in keyset pages, at most HISTORY_MAX_PAGES of them in memory. */
export function useHistoryRows(account: string, filter: HistoryFilter, sort: HistorySort) {
  const networkId = useUi((state) => state.networkId);
  const queryKey = historyKey(networkId, 'data', account, 'rows', filter, sort);
  const listing = JSON.stringify(queryKey);
  return useInfiniteQuery({
    queryKey,
    queryFn: async ({ pageParam, signal }): Promise<RowsPage> => {
      cursorsOf(listing).set(pageParam.index, pageParam.cursor);
      const page = await call(
        'history:query',
        { account, filter, sort, limit: HISTORY_PAGE_SIZE, ...(pageParam.cursor ? { cursor: pageParam.cursor } : {}) },
        signal,
      );
      return { index: pageParam.index, rows: page.rows, next: page.next };
    },
    initialPageParam: { index: 0, cursor: null } as RowsParam,
    getNextPageParam: (last): RowsParam | undefined =>
      last.next ? { index: last.index + 1, cursor: last.next } : undefined,
    getPreviousPageParam: (first): RowsParam | undefined => {
      const cursor = first.index > 0 ? cursorsOf(listing).get(first.index - 1) : undefined;
      return cursor === undefined ? undefined : { index: first.index - 1, cursor };
    },
    maxPages: HISTORY_MAX_PAGES,
    staleTime: 30_000,
    retry: false,
  });
}

/** Count and per-asset totals of the whole filtered set (one row asked for, with the summary), and what the index covers. */
export function useHistorySummary(account: string, filter: HistoryFilter) {
  const networkId = useUi((state) => state.networkId);
  return useQuery({
    queryKey: historyKey(networkId, 'data', account, 'summary', filter),
    queryFn: async ({ signal }) => {
      const page = await call('history:query', { account, filter, limit: 1, summary: true }, signal);
      return page.summary ? { ...page.summary, coverage: page.coverage ?? null } : null;
    },
    staleTime: 30_000,
    retry: false,
  });
}

export function useHistoryTotals(account: string, filter: HistoryFilter | null, by: TotalsBy, top = 50) {
  const networkId = useUi((state) => state.networkId);
  return useQuery({
    queryKey: historyKey(networkId, 'data', account, 'totals', filter, by, top),
    queryFn: ({ signal }) => call('history:totals', { account, filter: filter ?? {}, by, top }, signal),
    // No filter: nothing to ask (a chart's optional second series).
    enabled: filter !== null,
    staleTime: 30_000,
    retry: false,
  });
}

/**
 * The filter of the account's opening deposits within `filter`: its create_account legs in (the
 * funding that opened it, and opened it again after a merge). Null when the filter leaves none
 * (another type chosen, or out only). Charts draw these apart from the flows.
 */
export function openingDepositFilter(filter: HistoryFilter): HistoryFilter | null {
  if (filter.direction === 'out') return null;
  if (filter.types && !filter.types.includes('create_account')) return null;
  return { ...filter, types: ['create_account'], direction: 'in' };
}

/** The types of the account's indexed operations with their counts (the type filter's choices). */
export function useHistoryTypes(account: string) {
  const networkId = useUi((state) => state.networkId);
  return useQuery({
    queryKey: historyKey(networkId, 'data', account, 'types'),
    queryFn: ({ signal }) => call('history:types', { account }, signal),
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

/**
 * "native" or "CODE:ISSUER" as a short label: the code ("XLM" for native; "pool" for a pool's
 * shares, where a table's narrow Amount column has no room for shared/moves.ts assetCodeOf's
 * "pool shares").
 */
export function assetCode(asset: string): string {
  return asset === 'native' ? 'XLM' : (asset.split(':')[0] ?? asset);
}

/**
 * An asset key as a totals row names it: the code, or for a pool's shares the pool, abbreviated
 * ("pool 1a2b3c…7e8f9a shares"), so the rows of several pools read apart.
 */
export function assetLabel(asset: string): string {
  return asset.startsWith('pool:') ? `pool ${abbreviateId(asset.slice(5))} shares` : assetCode(asset);
}

/** "native" or "CODE:ISSUER" as the asset it names (undefined: the native asset), for an amount's code. */
export function assetCurrency(asset: string): Currency | undefined {
  if (asset === 'native') return undefined;
  const [code = asset, issuer] = asset.split(':');
  return issuer ? { code, issuer } : { code };
}

export { formatBytes } from '../../../shared/bytes';
