// The columns of a payments or operations table (operation-table.tsx): which show depends on the
// filters, on whether the table belongs to an account's view, and on whether rows are numbered.
import type { Operation } from '../../../shared/model';
import { shortId } from '../lib/format';
import type { ListingFilters } from '../lib/listing';
import { Fee, feeText } from './fee';
import { IdLink } from './id-link';
import {
  amountCell,
  amountText,
  detailsCell,
  detailsText,
  DirectionBadge,
  TimeCell,
  timeText,
  typeLabel,
} from './operation-cells';
import type { Column } from './virtual-table';

/** An operation's place in its transaction (1, 2, 3…): the low 12 bits of its id. */
export function operationIndex(op: Operation): number {
  return Number(BigInt(op.id) & 0xfffn);
}

export function operationColumns(filters: ListingFilters, viewed?: string, numbered = false): Column<Operation>[] {
  const columns: Column<Operation>[] = leadingColumns(numbered);
  if (viewed) {
    columns.push({
      key: 'dir',
      header: 'Dir',
      width: '46px',
      render: (op) => <DirectionBadge op={op} />,
    });
  }
  columns.push(...recordColumns());
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
            width: '44px',
            align: 'end' as const,
            render: (op: Operation) => <span className="num">{operationIndex(op)}</span>,
            text: (op: Operation) => String(operationIndex(op)),
          },
        ]
      : []),
    {
      key: 'time',
      header: 'Time (UTC)',
      width: 'minmax(148px, 200px)',
      render: (op) => <TimeCell iso={op.createdAt} />,
      text: (op) => timeText(op.createdAt),
    },
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
}

/** What every row shows: amount, details, its transaction and its own id. */
function recordColumns(): Column<Operation>[] {
  return [
    {
      key: 'amount',
      header: 'Amount',
      width: 'minmax(130px, 1.2fr)',
      align: 'end',
      render: (op) => amountCell(op),
      text: amountText,
    },
    {
      key: 'details',
      header: 'Details',
      width: 'minmax(104px, 1.6fr)',
      render: (op) => detailsCell(op),
      text: detailsText,
    },
    {
      key: 'tx',
      header: 'Transaction',
      width: '108px',
      render: (op) => <IdLink kind="tx" id={op.transactionHash} inRow />,
      text: (op) => shortId(op.transactionHash),
    },
    {
      key: 'op',
      header: 'Operation',
      width: 'minmax(120px, 164px)',
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
      width: 'minmax(96px, 130px)',
      align: 'end',
      render: (op) => (op.transaction ? <Fee stroops={op.transaction.feeCharged} /> : null),
      text: (op) => (op.transaction ? feeText(op.transaction.feeCharged) : ''),
    },
    {
      key: 'memo',
      header: 'Memo',
      width: 'minmax(60px, 110px)',
      render: (op) => (
        <span className="mono clip" title={op.transaction?.memo}>
          {op.transaction?.memo ?? ''}
        </span>
      ),
    },
    {
      key: 'ok',
      header: 'Successful',
      width: '76px',
      render: (op) => (op.transaction ? op.transaction.successful ? 'yes' : <span className="bad">no</span> : null),
    },
  ];
}
