// A sync's page against the walk's paging guard (shared/paging-guard.ts, the listings' own), in
// the index worker, before anything of the page is written: a page from behind the cursor would
// otherwise add rows the index then calls complete, and move its token back.
import { pageFault, PagingError, type PageSeen } from '../../../shared/paging-guard';
import type { IndexRow } from './extract';

/** Throws the walk's PagingError for a page its guard refuses; `next`: the cursor the walk asks next (null: the page ends it). */
/** Where the walk stands before a page: the cursor it asked with, and the page before (the main thread sends it). */
export interface PageGuardArgs {
  cursor: string | undefined;
  previous: PageSeen | null;
}

export function checkPage({ cursor, previous }: PageGuardArgs, rows: IndexRow[], next: string | null): void {
  const fault = pageFault('asc', { cursor, tokens: rows.map((row) => row.pagingToken), next }, previous);
  if (fault) throw new PagingError(fault, cursor || undefined);
}
