// The columns of a payments or operations table (operation-table.tsx): which show depends on the
// filters, on whether the table belongs to an account's view, and on whether rows are numbered.
import { abbreviateId } from '../../../shared/ids';
import type { Operation } from '../../../shared/model';
import { showHidden } from '../../../shared/visible-text';
import type { ListingFilters } from '../lib/listing';
import { Fee, feeText } from './fee';
import { IdLink } from './id-link';
import { Untrusted } from './untrusted';
import {
  amountCell,
  amountFit,
  amountText,
  detailsCell,
  detailsText,
  DirectionBadge,
  TimeCell,
  timeText,
  TypeCell,
  typeLabel,
} from './operation-cells';
import type { Column } from './virtual-table';

/** An operation's place in its transaction (1, 2, 3…): the low 12 bits of its id. */
export function operationIndex(op: Operation): number {
  return Number(BigInt(op.id) & 0xfffn);
}

/** Which columns a page's table leaves out, and the id of its own entity. */
export interface PageColumns {
  /** The page's own account, pool or balance: shortened first in Details. */
  own?: string | undefined;
  /** false: no Transaction column (a transaction's own operations). */
  withTx?: boolean;
  /** false: no Time column (the operations of one transaction or one ledger share their time). */
  withTime?: boolean;
}

export function operationColumns(
  filters: ListingFilters,
  viewed?: string,
  numbered = false,
  page: PageColumns = { own: viewed },
): Column<Operation>[] {
  const columns: Column<Operation>[] = leadingColumns(numbered).filter(
    (column) => page.withTime !== false || column.key !== 'time',
  );
  if (viewed) {
    columns.push({
      key: 'dir',
      header: 'Dir',
      width: '36px',
      render: (op) => <DirectionBadge op={op} />,
    });
  }
  columns.push(...recordColumns(page.own, viewed).filter((column) => page.withTx !== false || column.key !== 'tx'));
  if (filters.includeTransactions) columns.push(...transactionColumns());
  return columns;
}

/** The operation's place (when numbered), its time and its type. */
function leadingColumns(numbered: boolean): Column<Operation>[] {
  return [
    ...(numbered
      ? [
          {
            key: 'index',
            header: '#',
            width: '32px',
            align: 'end' as const,
            render: (op: Operation) => <span className="num">{operationIndex(op)}</span>,
            text: (op: Operation) => String(operationIndex(op)),
          },
        ]
      : []),
    {
      key: 'time',
      header: 'Time (UTC)',
      width: 'minmax(130px, 1.2fr)',
      render: (op) => <TimeCell iso={op.createdAt} />,
      text: (op) => timeText(op.createdAt),
    },
    {
      key: 'type',
      header: 'Type',
      width: 'minmax(68px, 0.6fr)',
      render: (op) => <TypeCell op={op} />,
      // The full label on hover; a narrow column puts "pool withdraw" and its kin on two lines.
      text: (op) => (op.successful ? typeLabel(op) : `${typeLabel(op)} (failed)`),
    },
  ];
}

/**
 * What every row shows: amount (from `viewed`'s side, shared/moves.ts), details, its transaction
 * and its own id.
 */
function recordColumns(own: string | undefined, viewed: string | undefined): Column<Operation>[] {
  return [
    {
      key: 'amount',
      header: 'Amount',
      width: 'minmax(110px, 1fr)',
      align: 'end',
      render: (op) => amountCell(op, true, viewed),
      text: (op) => amountText(op, viewed),
      fit: (op) => amountFit(op, viewed),
    },
    {
      key: 'details',
      header: 'Details',
      width: 'minmax(158px, 3fr)',
      render: (op) => detailsCell(op, true, own),
      text: detailsText,
    },
    {
      key: 'tx',
      header: 'Transaction',
      width: 'minmax(80px, 0.7fr)',
      render: (op) => <IdLink kind="tx" id={op.transactionHash} inRow />,
      text: (op) => abbreviateId(op.transactionHash),
    },
    {
      key: 'op',
      header: 'Operation',
      width: 'minmax(76px, 0.9fr)',
      render: (op) => <IdLink kind="op" id={op.id} inRow />,
      text: (op) => op.id,
    },
  ];
}

/** The joined transaction's fee, memo and outcome ("Include transactions"). */
function transactionColumns(): Column<Operation>[] {
  return [
    {
      key: 'fee',
      header: 'Fee',
      width: 'minmax(104px, 0.6fr)',
      align: 'end',
      render: (op) => (op.transaction ? <Fee stroops={op.transaction.feeCharged} /> : null),
      text: (op) => (op.transaction ? feeText(op.transaction.feeCharged) : ''),
    },
    {
      key: 'memo',
      header: 'Memo',
      width: 'minmax(60px, 0.6fr)',
      render: (op) => <Untrusted text={op.transaction?.memo ?? ''} className="mono" />,
      text: (op) => showHidden(op.transaction?.memo ?? ''),
    },
    {
      key: 'ok',
      header: 'Successful',
      width: '76px',
      render: (op) => (op.transaction ? op.transaction.successful ? 'yes' : <span className="bad">no</span> : null),
    },
  ];
}
