// The filtered rows in the explorer's virtual table, paged with the index's keyset cursor.
import { useCallback, useMemo } from 'react';
import type { HistoryFilter, HistoryRow, HistorySort } from '../../../../shared/history';
import { IdLink } from '../../components/id-link';
import { TimeCell, timeText } from '../../components/operation-cells';
import { VirtualTable, type Column } from '../../components/virtual-table';
import { shortId, tableAmount } from '../../lib/format';
import { assetCode, HISTORY_PAGE_SIZE, useHistoryRows } from '../../lib/history';
import { href, navigate, setParams } from '../../lib/router';

/** "1,000.0000000 USD", or "5.0000000 EUR → 1,000.0000000 USD" for a path payment's two legs. */
export function rowAmountText(row: HistoryRow): string {
  if (row.amount === null || row.asset === null) return '';
  const received = `${tableAmount(row.amount)} ${assetCode(row.asset)}`;
  if (row.sourceAmount !== null && row.sourceAsset !== null)
    return `${tableAmount(row.sourceAmount)} ${assetCode(row.sourceAsset)} → ${received}`;
  return received;
}

const COLUMNS: Column<HistoryRow>[] = [
  {
    key: 'time',
    header: 'Time (UTC)',
    width: 'minmax(146px, 200px)',
    render: (row) => <TimeCell iso={row.createdAt} />,
    text: (row) => timeText(row.createdAt),
  },
  {
    key: 'type',
    header: 'Type',
    width: 'minmax(72px, 130px)',
    render: (row) => (
      <>
        {row.type.replace(/_/g, ' ')}
        {row.successful ? null : <span className="badge bad">failed</span>}
      </>
    ),
    text: (row) => row.type,
  },
  {
    key: 'dir',
    header: 'Dir',
    width: '42px',
    render: (row) =>
      row.direction === 'none' ? null : <span className={`badge dir-${row.direction}`}>{row.direction}</span>,
  },
  {
    key: 'amount',
    header: 'Amount',
    width: 'minmax(140px, 1.3fr)',
    align: 'end',
    render: (row) => (
      <span className="num" title={row.asset ?? undefined}>
        {rowAmountText(row)}
      </span>
    ),
    text: rowAmountText,
  },
  {
    key: 'cp',
    header: 'Counterparty',
    width: 'minmax(104px, 1fr)',
    render: (row) => (row.counterparty ? <IdLink kind="account" id={row.counterparty} inRow /> : null),
    text: (row) => (row.counterparty ? shortId(row.counterparty) : ''),
  },
  {
    key: 'tx',
    header: 'Transaction',
    width: '108px',
    render: (row) => <IdLink kind="tx" id={row.transactionHash} inRow />,
    text: (row) => shortId(row.transactionHash),
  },
  {
    key: 'op',
    header: 'Operation',
    width: 'minmax(120px, 164px)',
    render: (row) => <IdLink kind="op" id={row.id} inRow />,
    text: (row) => row.id,
  },
];

const MEMO: Column<HistoryRow> = {
  key: 'memo',
  header: 'Memo',
  width: 'minmax(60px, 0.8fr)',
  render: (row) => (
    <span className="mono clip" title={row.memo ?? undefined}>
      {row.memo ?? ''}
    </span>
  ),
  text: (row) => row.memo ?? '',
};

/** The memo column only when memos are asked for or shown (it would be empty, and crowd a narrow window). */
export function historyColumns(withMemo: boolean): Column<HistoryRow>[] {
  return withMemo ? [...COLUMNS.slice(0, 5), MEMO, ...COLUMNS.slice(5)] : COLUMNS;
}

const SORT_TEXT: Record<HistorySort, string> = {
  '-time': 'Newest first',
  time: 'Oldest first',
  '-amount': 'Largest amount first',
  amount: 'Smallest amount first',
};

export function SortPicker({ sort }: { sort: HistorySort }) {
  return (
    <label className="small">
      Sort{' '}
      <select
        aria-label="Sort"
        value={sort}
        onChange={(e) => setParams({ sort: e.target.value === '-time' ? undefined : e.target.value })}
      >
        {(Object.keys(SORT_TEXT) as HistorySort[]).map((s) => (
          <option key={s} value={s}>
            {SORT_TEXT[s]}
          </option>
        ))}
      </select>
    </label>
  );
}

export function HistoryTable({ account, filter, sort }: { account: string; filter: HistoryFilter; sort: HistorySort }) {
  const query = useHistoryRows(account, filter, sort);
  const pages = query.data?.pages;
  const base = (pages?.[0]?.index ?? 0) * HISTORY_PAGE_SIZE;
  const rows = useMemo(() => pages?.flatMap((page) => page.rows) ?? [], [pages]);
  const withMemo = filter.memo !== undefined || rows.some((row) => row.memo);
  const columns = useMemo(() => historyColumns(withMemo), [withMemo]);
  const { fetchNextPage, fetchPreviousPage, refetch } = query;
  const fetchNext = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const fetchPrev = useCallback(() => void fetchPreviousPage(), [fetchPreviousPage]);
  const retry = useCallback(
    () => void (query.data ? fetchNextPage() : refetch()),
    [query.data, fetchNextPage, refetch],
  );
  return (
    <VirtualTable<HistoryRow>
      label="Indexed operations"
      columns={columns}
      rows={rows}
      base={base}
      rowKey={(row) => row.id}
      rowClass={(row) => (row.successful ? undefined : 'failed')}
      onOpen={(row) => navigate(href('op', row.id))}
      status={query.status}
      error={query.error}
      onRetry={retry}
      hasNext={query.hasNextPage}
      fetchingNext={query.isFetchingNextPage}
      fetchNext={fetchNext}
      hasPrev={query.hasPreviousPage}
      fetchingPrev={query.isFetchingPreviousPage}
      fetchPrev={fetchPrev}
      empty="No indexed operation matches these filters."
    />
  );
}
