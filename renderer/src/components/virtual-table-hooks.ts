// The behaviour of VirtualTable (virtual-table.tsx) apart from its drawing: an infinite query as
// the table's paging props, fetching pages at the edges, keyboard navigation, and the fling mode
// that draws rows as plain text.
import { useCallback, useEffect, useState, type KeyboardEvent, type MouseEvent, type RefObject } from 'react';
import type { VirtualTableProps } from './virtual-table-types';

/** What useInfiniteTable reads of a TanStack infinite query (of any page type). */
export interface InfiniteTableQuery {
  status: VirtualTableProps<unknown>['status'];
  error: Error | null;
  data: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): Promise<unknown>;
  hasPreviousPage: boolean;
  isFetchingPreviousPage: boolean;
  fetchPreviousPage(): Promise<unknown>;
  refetch(): Promise<unknown>;
}

/**
 * An infinite query as a VirtualTable's paging props (spread them into the table): its state, the
 * next and previous pages as stable callbacks, and a retry (the next page, or the first when none
 * has loaded).
 */
export function useInfiniteTable(query: InfiniteTableQuery) {
  const { fetchNextPage, fetchPreviousPage, refetch } = query;
  const fetchNext = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const fetchPrev = useCallback(() => void fetchPreviousPage(), [fetchPreviousPage]);
  const onRetry = useCallback(
    () => void (query.data ? fetchNextPage() : refetch()),
    [query.data, fetchNextPage, refetch],
  );
  return {
    status: query.status,
    error: query.error,
    onRetry,
    hasNext: query.hasNextPage,
    fetchingNext: query.isFetchingNextPage,
    fetchNext,
    hasPrev: query.hasPreviousPage,
    fetchingPrev: query.isFetchingPreviousPage,
    fetchPrev,
  };
}

/** The table's window: the rows in view, and what it lays out (virtual-table.tsx). */
export interface EdgeView {
  firstIndex: number;
  lastIndex: number;
  base: number;
  count: number;
  hasNext: boolean;
  fetchingNext: boolean;
  failedNext: boolean;
}

/**
 * Fetches the next page when the loader row past the end comes into view (not again after it
 * failed: that row offers Retry), the previous page when dropped rows before `base` do, and
 * reports the range in view.
 */
export function useEdgeLoading<Row>(table: VirtualTableProps<Row>, view: EdgeView): void {
  const { firstIndex, lastIndex, base, count, hasNext, fetchingNext, failedNext } = view;
  const { hasPrev = false, fetchingPrev = false, fetchNext, fetchPrev, onRange } = table;
  const loaded = table.rows.length;
  useEffect(() => {
    if (count === 0) return;
    if (lastIndex >= base + loaded && hasNext && !fetchingNext && !failedNext) fetchNext?.();
    if (firstIndex < base && hasPrev && !fetchingPrev) fetchPrev?.();
    onRange?.(firstIndex, lastIndex);
  }, [
    firstIndex,
    lastIndex,
    base,
    loaded,
    count,
    hasNext,
    fetchingNext,
    failedNext,
    hasPrev,
    fetchingPrev,
    fetchNext,
    fetchPrev,
    onRange,
  ]);
}

export interface RowNavigation<Row> {
  /** The first row in view, where j/ArrowDown start when no row is active. */
  firstIndex: number;
  base: number;
  /** Absolute index of the last loaded row. */
  last: number;
  rowHeight: number;
  scrollRef: RefObject<HTMLDivElement | null>;
  scrollToIndex(index: number): void;
  rowAt(index: number): Row | undefined;
  onOpen: ((row: Row) => void) | undefined;
}

/**
 * The active row (-1 before one is chosen) and the grid's handlers: j/k and the arrows move,
 * PageUp/PageDown move a screen, Home/End go to the ends, Enter opens; a click on a row makes it
 * active and opens it, unless the click was on a link or button inside it.
 */
export function useRowNavigation<Row>(nav: RowNavigation<Row>) {
  const [active, setActive] = useState(-1);
  const { firstIndex, base, last, rowHeight, scrollRef, rowAt, onOpen } = nav;

  function move(to: number) {
    const next = Math.max(0, Math.min(last, to));
    setActive(next);
    nav.scrollToIndex(next);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.target !== event.currentTarget || event.ctrlKey || event.metaKey || event.altKey) return;
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 300) / rowHeight) - 1);
    const actions: Record<string, () => void> = {
      j: () => move(active < 0 ? Math.max(firstIndex, base) : active + 1),
      ArrowDown: () => move(active < 0 ? Math.max(firstIndex, base) : active + 1),
      k: () => move(active - 1),
      ArrowUp: () => move(active - 1),
      PageDown: () => move(active + page),
      PageUp: () => move(active - page),
      Home: () => move(0),
      End: () => move(last),
      Enter: () => {
        const row = rowAt(active);
        if (row) onOpen?.(row);
      },
    };
    const action = actions[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  }

  function onClick(event: MouseEvent<HTMLDivElement>) {
    const element = (event.target as HTMLElement).closest<HTMLElement>('[data-row]');
    if (!element) return;
    const index = Number(element.dataset.index);
    setActive(index);
    const row = rowAt(index);
    if (row !== undefined && !(event.target as HTMLElement).closest('a,button')) onOpen?.(row);
  }

  return { active, onKeyDown, onClick };
}

/**
 * True while the table moves more than a screen's worth of rows between renders: rows then mount
 * as plain text, and get their links and copy buttons when the scroll slows or stops.
 */
export function useFling(isScrolling: boolean, offset: number, rowHeight: number): boolean {
  const [previous, setPrevious] = useState(offset);
  const [fast, setFast] = useState(false);
  // Derived from the scroll position between renders (React's "adjust state while rendering").
  if (offset !== previous) {
    setPrevious(offset);
    setFast(isScrolling && Math.abs(offset - previous) > rowHeight * 8);
  } else if (fast && !isScrolling) {
    setFast(false);
  }
  return fast;
}
