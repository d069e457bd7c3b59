// A sync's page against the walk's paging guard (shared/paging-guard.ts, the listings' own), in
// the index worker, before anything of the page is written: a page from behind the cursor would
// otherwise add rows the index then calls complete, and move its token back.
import { pageFault, PagingError } from '../../../shared/paging-guard';
import type { PageGuardArgs } from '../protocol';
import type { IndexRow } from './extract';

export type { PageGuardArgs } from '../protocol';

/** Throws the walk's PagingError for a page its guard refuses; `next`: the cursor the walk asks next (null: the page ends it). */
export function checkPage({ cursor, previous }: PageGuardArgs, rows: IndexRow[], next: string | null): void {
  const fault = pageFault('asc', { cursor, tokens: rows.map((row) => row.pagingToken), next }, previous);
  if (fault) throw new PagingError(fault, cursor || undefined);
}
