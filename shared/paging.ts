// Cursor paging, the one way: a page's next cursor is worked out here (nextCursor), and walking
// pages is one async generator (pages) that the command line and export use; the renderer's
// infinite listings take their cursors from the same functions. Pure: shared/ imports no Node.

/** Anything a listing returns: records carry the token a cursor names. */
export interface Paged {
  pagingToken: string;
}

/** The cursor that continues after these records (the last one's token), null when there are none. */
export function cursorAfter(records: readonly Paged[]): string | null {
  return records.at(-1)?.pagingToken ?? null;
}

/**
 * The next page's cursor: after the last record when the page is full, else null. A page shorter
 * than asked is the last one, so no request is spent on an empty page at the end.
 */
export function nextCursor(records: readonly Paged[], limit: number): string | null {
  return records.length > 0 && records.length >= limit ? cursorAfter(records) : null;
}

export interface Page<T extends Paged> {
  /** The cursor this page was fetched from (undefined: the start). */
  cursor: string | undefined;
  records: T[];
  /** The next page's cursor, null on the last page. */
  next: string | null;
}

export interface PagingOptions {
  /** Where to start (undefined: the start of the listing). */
  cursor?: string | undefined;
  /** Records per page asked of the server; a shorter page is the last. */
  limit: number;
  /** Stops the walk: the pending fetch gets it, and no further page is asked for. */
  signal?: AbortSignal | undefined;
}

export type FetchRecords<T> = (
  cursor: string | undefined,
  limit: number,
  signal: AbortSignal | undefined,
) => Promise<readonly T[]>;

/** Pages from `cursor` until a page is not full; the consumer may stop early (break). */
export async function* pages<T extends Paged>(
  fetchRecords: FetchRecords<T>,
  options: PagingOptions,
): AsyncGenerator<Page<T>, void, undefined> {
  let cursor = options.cursor || undefined;
  for (;;) {
    options.signal?.throwIfAborted();
    const records = [...(await fetchRecords(cursor, options.limit, options.signal))];
    options.signal?.throwIfAborted();
    const next = nextCursor(records, options.limit);
    yield { cursor, records, next };
    if (next === null) return;
    cursor = next;
  }
}
