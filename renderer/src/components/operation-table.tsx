// A listing of payments or operations: infinite, virtualised, filterable, exportable.
import { useCallback, useMemo, useState } from 'react';
import type { ListingTarget } from '../../../shared/ipc';
import type { Operation } from '../../../shared/model';
import { formatAmount, shortId } from '../lib/format';
import { flattenPages, useListing, type ListingFilters } from '../lib/listing';
import { setParams, useRoute } from '../lib/router';
import { DetailDrawer } from './detail-drawer';
import { ExportDialog } from './export-dialog';
import { IdLink } from './id-link';
import { HistoryStartRow, RateLimitCountdown } from './listing-notices';
import { amountCell, amountText, detailsCell, detailsText, DirectionBadge, TimeCell, timeText, typeLabel } from './operation-cells';
import { VirtualTable, type Column } from './virtual-table';

/** Filters live in the address (order, failed, txs) so back/forward and reload keep them. */
export function useFilters(): ListingFilters {
  const { params } = useRoute();
  const order = params.get('order') === 'asc' ? 'asc' : 'desc';
  const includeFailed = params.get('failed') === '1';
  const includeTransactions = params.get('txs') === '1';
  // One object per combination, so memoised columns and rows survive unrelated renders.
  return useMemo(() => ({ order, includeFailed, includeTransactions }), [order, includeFailed, includeTransactions]);
}

export function operationColumns(filters: ListingFilters, viewed?: string): Column<Operation>[] {
  const columns: Column<Operation>[] = [
    { key: 'time', header: 'Time (UTC)', width: '200px', render: (op) => <TimeCell iso={op.createdAt} />, text: (op) => timeText(op.createdAt) },
    {
      key: 'type',
      header: 'Type',
      width: '118px',
      render: (op) => (
        <>
          {typeLabel(op)}
          {op.successful ? null : <span className="badge bad">failed</span>}
        </>
      ),
    },
  ];
  if (viewed) {
    columns.push({
      key: 'dir',
      header: 'Dir',
      width: '46px',
      render: (op) => <DirectionBadge op={op} viewed={viewed} />,
    });
  }
  columns.push(
    { key: 'amount', header: 'Amount', width: 'minmax(130px, 0.8fr)', align: 'end', render: (op) => amountCell(op), text: amountText },
    { key: 'details', header: 'Details', width: 'minmax(200px, 2fr)', render: (op) => detailsCell(op), text: detailsText },
    { key: 'tx', header: 'Transaction', width: '118px', render: (op) => <IdLink kind="tx" id={op.transactionHash} inRow />, text: (op) => shortId(op.transactionHash) },
    { key: 'op', header: 'Operation', width: '164px', render: (op) => <IdLink kind="op" id={op.id} inRow />, text: (op) => op.id },
  );
  if (filters.includeTransactions) {
    columns.push(
      { key: 'fee', header: 'Fee', width: '80px', align: 'end', render: (op) => (op.transaction ? <span className="num">{formatAmount(op.transaction.feeCharged)}</span> : null) },
      { key: 'memo', header: 'Memo', width: '110px', render: (op) => <span className="mono clip" title={op.transaction?.memo}>{op.transaction?.memo ?? ''}</span> },
      { key: 'ok', header: 'Successful', width: '80px', render: (op) => (op.transaction ? (op.transaction.successful ? 'yes' : <span className="bad">no</span>) : null) },
    );
  }
  return columns;
}

export interface OperationTableProps {
  target: ListingTarget;
  label: string;
  /** The account whose view this is: rows get a direction relative to it. */
  viewed?: string;
}

export function OperationTable({ target, label, viewed }: OperationTableProps) {
  const filters = useFilters();
  const query = useListing(target, filters);
  const [open, setOpen] = useState<Operation | null>(null);
  const [exporting, setExporting] = useState(false);
  const { base, rows } = useMemo(() => flattenPages(query.data?.pages), [query.data]);
  const columns = useMemo(() => operationColumns(filters, viewed), [filters, viewed]);
  const { fetchNextPage, fetchPreviousPage, refetch } = query;
  const fetchNext = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const fetchPrev = useCallback(() => void fetchPreviousPage(), [fetchPreviousPage]);
  const retry = useCallback(() => void (query.data ? fetchNextPage() : refetch()), [query.data, fetchNextPage, refetch]);
  const loaded = base + rows.length;
  const historyStart = query.data?.pages.at(-1)?.historyStart;
  const noun = (target.kind === 'payments' ? 'payment' : 'operation') + (loaded === 1 ? '' : 's');

  return (
    <section className="listing" aria-label={label}>
      <div className="toolbar" role="toolbar" aria-label={`${label} filters`}>
        <button type="button" onClick={() => setParams({ order: filters.order === 'desc' ? 'asc' : undefined })} aria-label={`Order: ${filters.order === 'desc' ? 'newest first' : 'oldest first'}`}>
          {filters.order === 'desc' ? '↓ Newest first' : '↑ Oldest first'}
        </button>
        <label>
          <input type="checkbox" checked={filters.includeFailed} onChange={(e) => setParams({ failed: e.target.checked ? '1' : undefined })} /> Include failed
        </label>
        <label>
          <input type="checkbox" checked={filters.includeTransactions} onChange={(e) => setParams({ txs: e.target.checked ? '1' : undefined })} /> Include transactions
        </label>
        <span className="muted small" data-testid="loaded-count">
          {loaded.toLocaleString('en')} {noun} loaded{query.hasNextPage ? '' : query.isSuccess ? ' (all)' : ''}
          {base > 0 ? ` · ${rows.length.toLocaleString('en')} kept in memory` : ''}
        </span>
        <span className="spacer" />
        <button type="button" onClick={() => setExporting(true)}>
          Export…
        </button>
      </div>
      <RateLimitCountdown />
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
      {historyStart && !query.hasNextPage ? <HistoryStartRow start={historyStart} /> : null}
      {open ? <DetailDrawer op={open} onClose={() => setOpen(null)} /> : null}
      {exporting ? <ExportDialog target={target} filters={filters} onClose={() => setExporting(false)} /> : null}
    </section>
  );
}
