// The filtered rows in the explorer's virtual table, paged with the index's keyset cursor.
import { useMemo } from 'react';
import type { HistoryFilter, HistoryRow, HistorySort } from '../../../../shared/history';
import { formatAmount } from '../../../../shared/amount';
import { abbreviateId } from '../../../../shared/ids';
import { AMOUNT_UNKNOWN } from '../../../../shared/operation-summary';
import { showHidden } from '../../../../shared/visible-text';
import { legsFit, type AmountFit } from '../../components/amount-fit';
import { IdLink } from '../../components/id-link';
import { Money, moneyText } from '../../components/money';
import { TimeCell, timeText, typeName } from '../../components/operation-cells';
import { Untrusted } from '../../components/untrusted';
import { VirtualTable, type Column } from '../../components/virtual-table';
import { useInfiniteTable } from '../../components/virtual-table-hooks';
import { assetCode, assetCurrency, HISTORY_PAGE_SIZE, useHistoryRows } from '../../lib/history';
import { href, navigate, setParams } from '../../lib/router';

/**
 * The legs a row shows, [amount, asset key]: what was received, after what a path payment sent;
 * with further legs (a pool deposit's second reserve), every leg of a side in one line, what left
 * above what came in ("9.6875000 XLM + 3.1000000 USDX → 5.4800712 shares").
 */
function legsOf(row: HistoryRow): [string, string][] {
  if (row.amount === null || row.asset === null) return [];
  const received: [string, string] = [row.amount, row.asset];
  if (row.sourceAmount !== null && row.sourceAsset !== null) return [[row.sourceAmount, row.sourceAsset], received];
  return [received];
}

/** The row's lines of legs: each side's legs (its columns' and its further ones), out before in. */
function lineLegs(row: HistoryRow): [string, string][][] {
  const columns = legsOf(row);
  const further = (row.legs ?? []).filter((leg) => leg.amount !== null);
  if (further.length === 0) return columns.map((leg) => [leg]);
  const [first, second] = columns;
  const outColumn = row.direction === 'out' ? first : second ? first : undefined;
  const inColumn = row.direction === 'out' ? undefined : (second ?? first);
  const out = [
    ...(outColumn ? [outColumn] : []),
    ...further.filter((l) => l.side === 'out').map((l) => [l.amount!, l.asset] as [string, string]),
  ];
  const into = [
    ...(inColumn ? [inColumn] : []),
    ...further.filter((l) => l.side === 'in').map((l) => [l.amount!, l.asset] as [string, string]),
  ];
  return [out, into].filter((line) => line.length > 0);
}

/** One leg as text: pool shares read "shares", an unknown balance "amount unknown". */
function legText([amount, asset]: [string, string]): string {
  if (asset.startsWith('balance:')) return AMOUNT_UNKNOWN;
  if (asset.startsWith('pool:')) return moneyText(amount, 'shares');
  return moneyText(amount, assetCurrency(asset));
}

/** A fee row's fee (issue #27: paid for a transaction none of whose operations is the account's), in XLM; else null. */
function rowFee(row: HistoryRow): string | null {
  return row.type === 'transaction_fee' && row.feePaid !== null ? formatAmount(BigInt(row.feePaid)) : null;
}

/** "1,000.0000000 USD", or "5.0000000 EUR → 1,000.0000000 USD" for a path payment's two legs; "fee 0.0000500 XLM" for a fee row. */
export function rowAmountText(row: HistoryRow): string {
  const fee = rowFee(row);
  if (fee !== null) return `fee ${moneyText(fee, assetCurrency('native'))}`;
  if (row.summary !== undefined && row.amount === null) return showHidden(row.summary);
  return lineLegs(row)
    .map((line) => line.map(legText).join(' + '))
    .join(' → ');
}

/** Which way a leg of the row moved (the index reads it with shared/moves.ts); none for a failed row. */
function legDirection(row: HistoryRow, i: number, count: number): 'in' | 'out' | undefined {
  if (!row.successful || row.direction === 'none') return undefined;
  if (row.direction === 'both') return count > 1 && i === 0 ? 'out' : 'in';
  return row.direction;
}

function RowAmount({ row }: { row: HistoryRow }) {
  const fee = rowFee(row);
  if (fee !== null)
    return (
      <span className="amounts">
        <span className="muted">fee </span>
        <Money amount={fee} currency={assetCurrency('native')} direction="out" inRow />
      </span>
    );
  // A row that moved no amount says what it did (the index's sentence; untrusted text isolated).
  if (row.summary !== undefined && row.amount === null)
    return (
      <span className="amounts muted clip-end" title={showHidden(row.summary)}>
        <Untrusted text={row.summary} />
      </span>
    );
  // One line per side; a side of several legs (a pool deposit's reserves) shows its first, the
  // others counted ("+1") and written in full in the title.
  const lines = lineLegs(row);
  return (
    <span
      className={`amounts${lines.length > 1 ? ' stacked' : ''}${row.successful ? '' : ' attempted'}`}
      title={rowAmountText(row)}
    >
      {lines.map((line, i) => {
        const [amount, asset] = line[0]!;
        return (
          <span key={i} className="leg">
            {i > 0 ? <span className="muted"> → </span> : null}
            {line.length > 1 ? <span className="muted num">+{line.length - 1} </span> : null}
            {asset.startsWith('balance:') ? (
              <span className="muted">{AMOUNT_UNKNOWN}</span>
            ) : asset.startsWith('pool:') ? (
              <Money amount={amount} shares direction={legDirection(row, i, lines.length)} />
            ) : (
              <Money
                amount={amount}
                currency={assetCurrency(asset)}
                direction={legDirection(row, i, lines.length)}
                inRow
              />
            )}
          </span>
        );
      })}
    </span>
  );
}

function rowAmountFit(row: HistoryRow): AmountFit | null {
  return legsFit(lineLegs(row).map((line) => [line[0]![0], assetCode(line[0]![1])]));
}

const COLUMNS: Column<HistoryRow>[] = [
  {
    key: 'time',
    header: 'Time (UTC)',
    width: 'minmax(130px, 1.2fr)',
    render: (row) => <TimeCell iso={row.createdAt} />,
    text: (row) => timeText(row.createdAt),
  },
  {
    key: 'type',
    header: 'Type',
    width: 'minmax(68px, 0.6fr)',
    render: (row) => (
      <span className="type-cell">
        {typeName(row.type)}
        {row.successful ? null : <span className="badge bad">failed</span>}
      </span>
    ),
    text: (row) => row.type,
  },
  {
    key: 'dir',
    header: 'Dir',
    width: '36px',
    render: (row) =>
      row.direction === 'none' ? null : <span className={`badge dir-${row.direction}`}>{row.direction}</span>,
  },
  {
    key: 'amount',
    header: 'Amount',
    width: 'minmax(110px, 1fr)',
    align: 'end',
    render: (row) => <RowAmount row={row} />,
    text: rowAmountText,
    fit: rowAmountFit,
  },
  {
    key: 'cp',
    header: 'Counterparty',
    width: 'minmax(100px, 1.2fr)',
    render: (row) => (row.counterparty ? <IdLink kind="account" id={row.counterparty} inRow /> : null),
    text: (row) => (row.counterparty ? abbreviateId(row.counterparty) : ''),
  },
  {
    key: 'tx',
    header: 'Transaction',
    width: 'minmax(84px, 0.7fr)',
    render: (row) => <IdLink kind="tx" id={row.transactionHash} inRow />,
    text: (row) => abbreviateId(row.transactionHash),
  },
  {
    key: 'op',
    header: 'Operation',
    width: 'minmax(80px, 0.9fr)',
    render: (row) => <IdLink kind="op" id={row.id} inRow />,
    text: (row) => row.id,
  },
];

const MEMO: Column<HistoryRow> = {
  key: 'memo',
  header: 'Memo',
  width: 'minmax(48px, 0.8fr)',
  render: (row) => <Untrusted text={row.memo ?? ''} className="mono" />,
  text: (row) => showHidden(row.memo ?? ''),
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
  const paging = useInfiniteTable(query);
  return (
    <VirtualTable<HistoryRow>
      label="Indexed operations"
      columns={columns}
      rows={rows}
      base={base}
      rowKey={(row) => row.id}
      rowClass={(row) => (row.successful ? undefined : 'failed')}
      // A fee row's id is its transaction's (no operation has it); a trade row's is the operation that filled the offer.
      onOpen={(row) => navigate(row.type === 'transaction_fee' ? href('tx', row.transactionHash) : href('op', row.id))}
      {...paging}
      empty="No indexed record matches these filters."
    />
  );
}
