// A listing of payments or operations: infinite, virtualised, filterable, exportable.
import { useCallback, useMemo, useState } from 'react';
import type { ListingTarget } from '../../../shared/ipc';
import type { Operation } from '../../../shared/model';
import { shortId } from '../lib/format';
import { flattenPages, useListing, type ListingFilters } from '../lib/listing';
import { setParams, useRoute } from '../lib/router';
import { ViewBoundary } from './view-boundary';
import { DetailDrawer } from './detail-drawer';
import { ExportDialog } from './export-dialog';
import { Fee, feeText } from './fee';
import { IdLink } from './id-link';
import { HistoryStartRow, RateLimitCountdown } from './listing-notices';
import { amountCell, amountText, detailsCell, detailsText, DirectionBadge, TimeCell, timeText, typeLabel } from './operation-cells';
import { VirtualTable, type Column } from './virtual-table';

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

/** An operation's place in its transaction (1, 2, 3…): the low 12 bits of its id. */
export function operationIndex(op: Operation): number {
  return Number(BigInt(op.id) & 0xfffn);
}

export function operationColumns(filters: ListingFilters, viewed?: string, numbered = false): Column<Operation>[] {
  const columns: Column<Operation>[] = [
    ...(numbered ? [{ key: 'index', header: '#', width: '44px', align: 'end' as const, render: (op: Operation) => <span className="num">{operationIndex(op)}</span>, text: (op: Operation) => String(operationIndex(op)) }] : []),
    { key: 'time', header: 'Time (UTC)', width: 'minmax(148px, 200px)', render: (op) => <TimeCell iso={op.createdAt} />, text: (op) => timeText(op.createdAt) },
    {
      key: 'type',
      header: 'Type',
      width: 'minmax(76px, 118px)',
      render: (op) => (
        <>
          {typeLabel(op)}
          {op.successful ? null : <span className="badge bad">failed</span>}
        </>
      ),
      // The full label on hover: a narrow column ellipsizes "pool withdraw" and its kin.
      text: (op) => (op.successful ? typeLabel(op) : `${typeLabel(op)} (failed)`),
    },
  ];
  if (viewed) {
    columns.push({
      key: 'dir',
      header: 'Dir',
      width: '46px',
      render: (op) => <DirectionBadge op={op} />,
    });
  }
  columns.push(
    { key: 'amount', header: 'Amount', width: 'minmax(130px, 1.2fr)', align: 'end', render: (op) => amountCell(op), text: amountText },
    { key: 'details', header: 'Details', width: 'minmax(104px, 1.6fr)', render: (op) => detailsCell(op), text: detailsText },
    { key: 'tx', header: 'Transaction', width: '108px', render: (op) => <IdLink kind="tx" id={op.transactionHash} inRow />, text: (op) => shortId(op.transactionHash) },
    { key: 'op', header: 'Operation', width: 'minmax(120px, 164px)', render: (op) => <IdLink kind="op" id={op.id} inRow />, text: (op) => op.id },
  );
  if (filters.includeTransactions) {
    columns.push(
      { key: 'fee', header: 'Fee', width: 'minmax(96px, 130px)', align: 'end', render: (op) => (op.transaction ? <Fee stroops={op.transaction.feeCharged} /> : null), text: (op) => (op.transaction ? feeText(op.transaction.feeCharged) : '') },
      { key: 'memo', header: 'Memo', width: 'minmax(60px, 110px)', render: (op) => <span className="mono clip" title={op.transaction?.memo}>{op.transaction?.memo ?? ''}</span> },
      { key: 'ok', header: 'Successful', width: '76px', render: (op) => (op.transaction ? (op.transaction.successful ? 'yes' : <span className="bad">no</span>) : null) },
    );
  }
  return columns;
}

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

export function OperationTable({ target, label, viewed, defaultOrder = 'desc', numbered = false }: OperationTableProps) {
  const filters = useFilters(defaultOrder);
  const query = useListing(target, filters);
  const [open, setOpen] = useState<Operation | null>(null);
  const [exporting, setExporting] = useState(false);
  const { base, rows } = useMemo(() => flattenPages(query.data?.pages), [query.data]);
  const columns = useMemo(() => operationColumns(filters, viewed, numbered), [filters, viewed, numbered]);
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
        <button type="button" onClick={() => setParams({ order: (filters.order === 'desc' ? 'asc' : 'desc') === defaultOrder ? undefined : filters.order === 'desc' ? 'asc' : 'desc' })} aria-label={`Order: ${filters.order === 'desc' ? 'newest first' : 'oldest first'}`}>
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
