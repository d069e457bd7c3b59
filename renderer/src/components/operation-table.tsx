// A listing of payments or operations: infinite, virtualised, filterable, exportable.
import { failedAlwaysIncluded } from '../../../shared/failed-included';
import { useMemo, useState, type ReactNode } from 'react';
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
import { useInfiniteTable } from './virtual-table-hooks';

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
  const asked = useFilters(defaultOrder);
  const failedFixed = failedAlwaysIncluded(target);
  const filters = useMemo(() => (failedFixed ? { ...asked, includeFailed: true } : asked), [asked, failedFixed]);
  const query = useListing(target, filters);
  const [open, setOpen] = useState<Operation | null>(null);
  const [exporting, setExporting] = useState(false);
  const { base, rows } = useMemo(() => flattenPages(query.data?.pages), [query.data]);
  const columns = useOperationColumns(target, filters, viewed, numbered);
  const paging = useInfiniteTable(query);
  const reach = useReach(JSON.stringify([target, filters]), base + rows.length, query.isSuccess && !query.hasNextPage);
  // Where the server's kept history starts: at the end newest first, at the start oldest first.
  const pages = query.data?.pages;
  const historyStart =
    filters.order === 'asc' ? pages?.[0]?.historyStart : query.hasNextPage ? undefined : pages?.at(-1)?.historyStart;

  return (
    <section className="listing" aria-label={label}>
      <ListingToolbar
        label={label}
        filters={filters}
        defaultOrder={defaultOrder}
        failedFixed={failedFixed}
        onExport={() => setExporting(true)}
      >
        <LoadedCount kind={target.kind} reach={reach} kept={rows.length} />
      </ListingToolbar>
      <RateLimitCountdown />
      {historyStart && filters.order === 'asc' ? <HistoryStartRow start={historyStart} /> : null}
      <ViewBoundary name={`The ${label.toLowerCase()} table`}>
        <VirtualTable<Operation>
          label={label}
          columns={columns}
          rows={rows}
          base={base}
          rowKey={(op) => op.pagingToken}
          rowClass={(op) => (op.successful ? undefined : 'failed')}
          onOpen={setOpen}
          {...paging}
          empty={`No ${target.kind === 'payments' ? 'payments' : 'operations'}${filters.includeFailed ? '' : ' (failed ones are hidden: tick "Include failed")'}.`}
        />
      </ViewBoundary>
      {historyStart && filters.order === 'desc' ? <HistoryStartRow start={historyStart} /> : null}
      {open ? (
        <ViewBoundary name="The operation details">
          <DetailDrawer op={open} viewer={viewed} onClose={() => setOpen(null)} />
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

/**
 * The table's columns. The page's own account, pool or balance: its id gives way first in a narrow
 * Details cell. A transaction's own operations need no Transaction column, and they (like a
 * ledger's) share one time.
 */
function useOperationColumns(
  target: ListingTarget,
  filters: ListingFilters,
  viewed: string | undefined,
  numbered: boolean,
) {
  const own = viewed ?? (target.kind === 'operations' ? target.id : undefined);
  const scope = target.kind === 'operations' ? target.scope : undefined;
  return useMemo(
    () =>
      operationColumns(filters, viewed, numbered, {
        own,
        withTx: scope !== 'transaction',
        withTime: scope !== 'transaction' && scope !== 'ledger',
      }),
    [filters, viewed, numbered, own, scope],
  );
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
  /** Failed operations are always listed (a transaction's): no checkbox to untick. */
  failedFixed: boolean;
  onExport(): void;
  /** What is loaded, between the filters and the export button. */
  children: ReactNode;
}

/** The listing's filters (kept in the address), what is loaded, and "Export…". */
function ListingToolbar({ label, filters, defaultOrder, failedFixed, onExport, children }: ListingToolbarProps) {
  return (
    <div className="toolbar" role="toolbar" aria-label={`${label} filters`}>
      <button
        type="button"
        onClick={() => setParams({ order: flippedOrderParam(filters.order, defaultOrder) })}
        aria-label={`Order: ${filters.order === 'desc' ? 'newest first' : 'oldest first'}`}
      >
        {filters.order === 'desc' ? '↓ Newest first' : '↑ Oldest first'}
      </button>
      {failedFixed ? null : (
        <label>
          <input
            type="checkbox"
            checked={filters.includeFailed}
            onChange={(e) => setParams({ failed: e.target.checked ? '1' : undefined })}
          />{' '}
          Include failed
        </label>
      )}
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
/**
 * How far the listing has been read: the most rows it ever reached, and whether it reached the end.
 * Pages dropped from memory while scrolling (maxPages) do not unread them, so the count never falls
 * because the reader scrolled back; a new listing (other filters, other target) starts again.
 */
function useReach(key: string, loaded: number, ended: boolean): { most: number; ended: boolean } {
  const [reach, setReach] = useState({ key, most: loaded, ended });
  if (reach.key !== key) {
    setReach({ key, most: loaded, ended });
  } else if (loaded > reach.most || (ended && !reach.ended)) {
    setReach({ key, most: Math.max(reach.most, loaded), ended: reach.ended || ended });
  }
  return reach.key === key ? reach : { most: loaded, ended };
}

function LoadedCount({
  kind,
  reach,
  kept,
}: {
  kind: ListingTarget['kind'];
  reach: { most: number; ended: boolean };
  kept: number;
}) {
  const noun = (kind === 'payments' ? 'payment' : 'operation') + (reach.most === 1 ? '' : 's');
  return (
    <span className="muted small" data-testid="loaded-count">
      {reach.most.toLocaleString('en')} {noun} loaded{reach.ended ? ' (all)' : ''}
      {kept < reach.most ? ` · ${kept.toLocaleString('en')} kept in memory` : ''}
    </span>
  );
}
