// Infinite listings over cursor pages. Pages carry their absolute index so that, with maxPages
// bounding memory, dropped pages keep their place: rows before the first kept page are shown
// as placeholders and fetched again (backwards from the first kept record) when scrolled to.
// Every page passes the paging guard (shared/paging-guard.ts) against its cursor and the page
// before it: a cursor that does not advance, goes backwards, or a page answered again stops the
// table's fetching, and its error row says which.
import { useInfiniteQuery } from '@tanstack/react-query';
import type { HistoryStart } from '../../../shared/history-start';
import type { ListingTarget } from '../../../shared/ipc';
import type { Operation } from '../../../shared/model';
import { cursorAfter, nextCursor } from '../../../shared/paging';
import { pageFault, PagingError, type PageSeen } from '../../../shared/paging-guard';
import { call } from './bridge';
import { useUi } from './store';

export interface ListingFilters {
  order: 'asc' | 'desc';
  includeFailed: boolean;
  includeTransactions: boolean;
}

export interface PageParam {
  index: number;
  cursor?: string;
  /** Fetch the records before `cursor` (reversed order), to refill a dropped page. */
  backwards?: boolean;
  /** What the paging guard keeps of the page before (forwards only). */
  previous?: PageSeen;
}

export interface LoadedPage {
  index: number;
  /** The cursor it was fetched from (undefined: the start, or a refilled page). */
  cursor?: string;
  records: Operation[];
  /** Cursor for the next page, null at the end. */
  next: string | null;
  /** Set on the last page when the listing reached the start of the server's history (a 410). */
  historyStart?: HistoryStart;
}

export const PAGE_SIZE = 100;
/** Pages kept in memory (PAGE_SIZE × MAX_PAGES rows); scrolling back refetches. */
export const MAX_PAGES = 12;

/** The cache key of a listing: the network first, so no network's pages show under another's name. */
export function listingKey(target: ListingTarget, filters: ListingFilters, networkId: string | null = null) {
  const who = target.kind === 'payments' ? ['payments', target.account] : ['operations', target.scope, target.id];
  return [
    'listing',
    networkId ?? '',
    ...who,
    filters.order,
    filters.includeFailed,
    filters.includeTransactions,
  ] as const;
}

export async function fetchListingPage(
  target: ListingTarget,
  filters: ListingFilters,
  param: PageParam,
  signal?: AbortSignal,
): Promise<LoadedPage> {
  const flip = param.backwards ? (filters.order === 'asc' ? 'desc' : 'asc') : filters.order;
  const query = {
    limit: PAGE_SIZE,
    order: flip,
    includeFailed: filters.includeFailed,
    includeTransactions: filters.includeTransactions,
    ...(param.cursor !== undefined ? { cursor: param.cursor } : {}),
  };
  const page =
    target.kind === 'payments'
      ? await call('payments:list', { account: target.account, query }, signal)
      : await call('operations:list', { scope: target.scope, id: target.id, query }, signal);
  const tokens = page.records.map((record) => record.pagingToken);
  // A refilled page continues after its last record (the page after it was loaded before).
  if (param.backwards) {
    guard(flip, { cursor: param.cursor, tokens, next: null });
    const records = [...page.records].reverse();
    return { index: param.index, records, next: cursorAfter(records) };
  }
  const next = nextCursor(page.records, PAGE_SIZE);
  guard(flip, { cursor: param.cursor, tokens, next }, param.previous);
  return {
    index: param.index,
    ...(param.cursor !== undefined ? { cursor: param.cursor } : {}),
    records: page.records,
    next,
    ...(page.historyStart ? { historyStart: page.historyStart } : {}),
  };
}

/** The paging guard: a page it refuses is an error (the table's error row), never rows. */
function guard(order: ListingFilters['order'], page: Parameters<typeof pageFault>[1], previous?: PageSeen): void {
  const fault = pageFault(order, page, previous);
  if (fault) throw new PagingError(fault, page.cursor);
}

/** What the guard keeps of a loaded page for the next one's check. */
function seen(page: LoadedPage): PageSeen | undefined {
  const first = page.records[0]?.pagingToken;
  const last = page.records.at(-1)?.pagingToken;
  return first !== undefined && last !== undefined ? { cursor: page.cursor, first, last } : undefined;
}

export function useListing(target: ListingTarget, filters: ListingFilters) {
  const networkId = useUi((state) => state.networkId);
  return useInfiniteQuery({
    queryKey: listingKey(target, filters, networkId),
    queryFn: ({ pageParam, signal }) => fetchListingPage(target, filters, pageParam, signal),
    initialPageParam: { index: 0 } as PageParam,
    getNextPageParam: (last): PageParam | undefined => {
      if (!last.next) return undefined;
      const previous = seen(last);
      return { index: last.index + 1, cursor: last.next, ...(previous ? { previous } : {}) };
    },
    getPreviousPageParam: (first): PageParam | undefined => {
      const head = first.records[0];
      return first.index > 0 && head
        ? { index: first.index - 1, cursor: head.pagingToken, backwards: true }
        : undefined;
    },
    maxPages: MAX_PAGES,
    staleTime: 30_000,
  });
}

/** Rows by absolute index: `base` is the index of the first kept row. */
export function flattenPages(pages: LoadedPage[] | undefined): { base: number; rows: Operation[] } {
  if (!pages || pages.length === 0) return { base: 0, rows: [] };
  return { base: pages[0]!.index * PAGE_SIZE, rows: pages.flatMap((page) => page.records) };
}
