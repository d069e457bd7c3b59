// A listing of payments or operations: infinite, virtualised, filterable, exportable.
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import type { ListingTarget } from '../../../shared/ipc';
import type { Operation } from '../../../shared/model';
import { flattenPages, useListing, type ListingFilters } from '../lib/listing';
import { setParams, useRoute } from '../lib/router';
import { ViewBoundary } from './view-boundary';
import { DetailDrawer } from './detail-drawer';
import { ExportDialog } from './export-dialog';
import { HistoryStartRow, RateLimitCountdown } from './listing-notices';
import { operationColumns } from './operation-columns';
import { VirtualTable } from './virtual-table';

/** Filters live in the address (order, failed, txs) so back/forward and reload keep them. */
export function useFilters(defaultOrder: 'asc' | 'desc' = 'desc'): ListingFilters {
  const { params } = useRoute();
  const asked = params.get('order');
  const order = asked === 'asc' || asked === 'desc' ? asked : defaultOrder;
  const includeFailed = params.get('failed') === '1';
  const includeTransactions = params.get('txs') === '1';
  // One object per combination, so memoised columns and rows survive unrelated renders.
  return useMemo(() => ({ order, includeFailed, includeTransactions }), [order, includeFailed, includeTransactions]);
}

export { operationColumns, operationIndex } from './operation-columns';

export interface OperationTableProps {
  target: ListingTarget;
  label: string;
  /** The account whose view this is: rows get a direction relative to it. */
  viewed?: string;
  /** The order when the address names none (a transaction's operations read 1, 2, 3). */
  defaultOrder?: 'asc' | 'desc';
  /** Show each operation's place in its transaction. */
  numbered?: boolean;
}

export function OperationTable({
  target,
  label,
  viewed,
  defaultOrder = 'desc',
  numbered = false,
}: OperationTableProps) {
  const filters = useFilters(defaultOrder);
  const query = useListing(target, filters);
  const [open, setOpen] = useState<Operation | null>(null);
  const [exporting, setExporting] = useState(false);
  const { base, rows } = useMemo(() => flattenPages(query.data?.pages), [query.data]);
  // The page's own account, pool or balance: its id gives way first in a narrow Details cell. A
  // transaction's own operations need no Transaction column, and they (like a ledger's) share one time.
  const own = viewed ?? (target.kind === 'operations' ? target.id : undefined);
  const scope = target.kind === 'operations' ? target.scope : undefined;
  const columns = useMemo(
    () =>
      operationColumns(filters, viewed, numbered, {
        own,
        withTx: scope !== 'transaction',
        withTime: scope !== 'transaction' && scope !== 'ledger',
      }),
    [filters, viewed, numbered, own, scope],
  );
  const { fetchNext, fetchPrev, retry } = usePaging(query);
  const historyStart = query.data?.pages.at(-1)?.historyStart;

  return (
    <section className="listing" aria-label={label}>
      <ListingToolbar label={label} filters={filters} defaultOrder={defaultOrder} onExport={() => setExporting(true)}>
        <LoadedCount
          kind={target.kind}
          base={base}
          kept={rows.length}
          hasNext={query.hasNextPage}
          success={query.isSuccess}
        />
      </ListingToolbar>
      <RateLimitCountdown />
      <ViewBoundary name={`The ${label.toLowerCase()} table`}>
        <VirtualTable<Operation>
          label={label}
          columns={columns}
          rows={rows}
          base={base}
          rowKey={(op) => op.pagingToken}
          rowClass={(op) => (op.successful ? undefined : 'failed')}
          onOpen={setOpen}
          status={query.status}
          error={query.error}
          onRetry={retry}
          hasNext={query.hasNextPage}
          fetchingNext={query.isFetchingNextPage}
          fetchNext={fetchNext}
          hasPrev={query.hasPreviousPage}
          fetchingPrev={query.isFetchingPreviousPage}
          fetchPrev={fetchPrev}
          empty={`No ${target.kind === 'payments' ? 'payments' : 'operations'}${filters.includeFailed ? '' : ' (failed ones are hidden: tick "Include failed")'}.`}
        />
      </ViewBoundary>
      {historyStart && !query.hasNextPage ? <HistoryStartRow start={historyStart} /> : null}
      {open ? (
        <ViewBoundary name="The operation details">
          <DetailDrawer op={open} onClose={() => setOpen(null)} />
        </ViewBoundary>
      ) : null}
      {exporting ? (
        <ViewBoundary name="The export dialog">
          <ExportDialog target={target} filters={filters} onClose={() => setExporting(false)} />
        </ViewBoundary>
      ) : null}
    </section>
  );
}

/** Stable callbacks for the table: the next and previous pages, and a retry (the next page, or the first). */
function usePaging(query: ReturnType<typeof useListing>) {
  const { fetchNextPage, fetchPreviousPage, refetch } = query;
  const fetchNext = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const fetchPrev = useCallback(() => void fetchPreviousPage(), [fetchPreviousPage]);
  const retry = useCallback(
    () => void (query.data ? fetchNextPage() : refetch()),
    [query.data, fetchNextPage, refetch],
  );
  return { fetchNext, fetchPrev, retry };
}

/** The order the order button switches to, as an address parameter: none when that is the default. */
function flippedOrderParam(order: 'asc' | 'desc', defaultOrder: 'asc' | 'desc'): 'asc' | 'desc' | undefined {
  const flipped = order === 'desc' ? 'asc' : 'desc';
  return flipped === defaultOrder ? undefined : flipped;
}

interface ListingToolbarProps {
  label: string;
  filters: ListingFilters;
  defaultOrder: 'asc' | 'desc';
  onExport(): void;
  /** What is loaded, between the filters and the export button. */
  children: ReactNode;
}

/** The listing's filters (kept in the address), what is loaded, and "Export…". */
function ListingToolbar({ label, filters, defaultOrder, onExport, children }: ListingToolbarProps) {
  return (
    <div className="toolbar" role="toolbar" aria-label={`${label} filters`}>
      <button
        type="button"
        onClick={() => setParams({ order: flippedOrderParam(filters.order, defaultOrder) })}
        aria-label={`Order: ${filters.order === 'desc' ? 'newest first' : 'oldest first'}`}
      >
        {filters.order === 'desc' ? '↓ Newest first' : '↑ Oldest first'}
      </button>
      <label>
        <input
          type="checkbox"
          checked={filters.includeFailed}
          onChange={(e) => setParams({ failed: e.target.checked ? '1' : undefined })}
        />{' '}
        Include failed
      </label>
      <label>
        <input
          type="checkbox"
          checked={filters.includeTransactions}
          onChange={(e) => setParams({ txs: e.target.checked ? '1' : undefined })}
        />{' '}
        Include transactions
      </label>
      {children}
      <span className="spacer" />
      <button type="button" onClick={onExport}>
        Export…
      </button>
    </div>
  );
}

/** "1,234 payments loaded (all) · 800 kept in memory". */
function LoadedCount({
  kind,
  base,
  kept,
  hasNext,
  success,
}: {
  kind: ListingTarget['kind'];
  base: number;
  kept: number;
  hasNext: boolean;
  success: boolean;
}) {
  const loaded = base + kept;
  const noun = (kind === 'payments' ? 'payment' : 'operation') + (loaded === 1 ? '' : 's');
  return (
    <span className="muted small" data-testid="loaded-count">
      {loaded.toLocaleString('en')} {noun} loaded{hasNext ? '' : success ? ' (all)' : ''}
      {base > 0 ? ` · ${kept.toLocaleString('en')} kept in memory` : ''}
    </span>
  );
}
