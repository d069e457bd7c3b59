// The history index's answers as a person reads them (issue #36): the history table, the
// summary of a matching set, the totals table. Amounts by displayAmount (grouped, seven
// decimals), XLM for the native asset, accounts by name or abbreviated id (cli/shown.ts), and a
// row that moved no amount says what it did: the index's one sentence (shared/operation-summary.ts).
import { formatAmount } from '../shared/amount';
import type { HistoryPage, HistoryRow, TotalsBy, TotalsRow } from '../shared/history';
import { coverageText, type IndexCoverage } from '../shared/index-coverage';
import { showHidden } from '../shared/visible-text';
import type { Shown } from './shown';
import { table, type Column } from './table';

type Cell<T> = (row: T, shown: Shown) => string;

/**
 * A row's amount and asset ("89.3853566 GOLDCOIN (issuer-b)"), or where it moved none, what it did:
 * the index's sentence (as the workbench shows it), its abbreviated accounts named where the
 * address book knows them.
 */
function amountCell(row: HistoryRow, shown: Shown): string {
  if (row.amount !== null)
    return `${shown.amount(row.amount)}${row.asset === null ? '' : ` ${shown.asset(row.asset)}`}`;
  return row.summary === undefined ? '' : shown.named(showHidden(row.summary));
}

const HISTORY: [Column, Cell<HistoryRow>][] = [
  [{ name: 'time' }, (r) => r.createdAt.replace('.000Z', 'Z')],
  [{ name: 'type', flex: 20 }, (r) => r.type],
  [{ name: 'dir' }, (r) => r.direction],
  [{ name: 'amount', flex: 30 }, amountCell],
  // The transaction's fee where the account paid it (XLM), on its first row: a fee row's only figure.
  [{ name: 'fee' }, (r, shown) => (r.feePaid === null ? '' : shown.amount(formatAmount(BigInt(r.feePaid))))],
  [{ name: 'counterparty', flex: 13 }, (r, shown) => (r.counterparty ? shown.account(r.counterparty) : '')],
  [{ name: 'ok' }, (r) => (r.successful ? 'yes' : 'no')],
  [{ name: 'memo', flex: 8, drop: 2 }, (r) => showHidden(r.memo ?? '')],
  [{ name: 'id', drop: 1 }, (r) => r.id],
];

export function historyTable(rows: HistoryRow[], shown: Shown): string {
  return table(
    HISTORY.map(([column]) => column),
    rows.map((row) => HISTORY.map(([, cell]) => cell(row, shown))),
    { wide: shown.wide },
  );
}

/**
 * The count and totals of the matching set, on stderr before the rows (labelled when the index is
 * partial): a line, then a line per asset.
 */
export function summaryLines(
  summary: NonNullable<HistoryPage['summary']>,
  coverage: IndexCoverage | undefined,
  shown: Shown,
): string {
  const label = coverage?.partial ? ` (${coverageText(coverage)})` : '';
  const assets = summary.totals.map((t) => {
    const fees = t.asset === 'native' ? `, fees ${shown.amount(t.fees)}` : '';
    return `  ${shown.asset(t.asset)}: in ${shown.amount(t.in)}, out ${shown.amount(t.out)}${fees}, net ${shown.amount(t.net)}\n`;
  });
  return `history: ${summary.count} matching operations${label}\n${assets.join('')}`;
}

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '');

/** The totals' key column: the asset, the counterparty or the period, as a person reads it. */
function keyColumn(by: TotalsBy): [Column, Cell<TotalsRow>] | null {
  if (by === 'asset') return null; // the key is the asset column itself
  if (by === 'counterparty') return [{ name: 'counterparty', flex: 13 }, (r, shown) => shown.account(r.key)];
  return [{ name: by }, (r) => r.key];
}

const TOTALS: [Column, Cell<TotalsRow>][] = [
  [{ name: 'asset' }, (r, shown) => shown.asset(r.asset)],
  [{ name: 'in' }, (r, shown) => shown.amount(r.in)],
  [{ name: 'out' }, (r, shown) => shown.amount(r.out)],
  // Fees are paid in XLM only: another asset's row has none to show.
  [{ name: 'fees' }, (r, shown) => (r.asset === 'native' ? shown.amount(r.fees) : '')],
  [{ name: 'net' }, (r, shown) => shown.amount(r.net)],
  [{ name: 'count' }, (r) => r.count.toLocaleString('en')],
  [{ name: 'first', drop: 2 }, (r) => day(r.first)],
  [{ name: 'last', drop: 1 }, (r) => day(r.last)],
];

export function totalsTable(rows: TotalsRow[], by: TotalsBy, shown: Shown): string {
  const key = keyColumn(by);
  const columns = key ? [key, ...TOTALS] : TOTALS;
  return table(
    columns.map(([column]) => column),
    rows.map((row) => columns.map(([, cell]) => cell(row, shown))),
    { wide: shown.wide },
  );
}
