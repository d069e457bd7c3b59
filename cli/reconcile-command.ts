// `ledgerscope reconcile <account>`: whether the account's indexed flows add up to the balances
// the network reports now, per asset, to the stroop (shared/reconcile.ts, the reading the
// workbench and the account page show). Exit 0 when every asset reconciles over a whole index;
// 1 when one does not, or when the index is partial (its sync failed, paused or still running:
// what it has not read can move a balance, issue 37.4), or on an error; 2 for a malformed flag.
// For a person a table (assets as cli/shown.ts writes them, at most 120 columns unless --wide)
// and sentences; --format json the whole reconciliation, ndjson and csv a row per asset.
import { csvCells } from '../shared/csv-cell';
import { coverageText, type IndexCoverage } from '../shared/index-coverage';
import { lineStatusText, type Reconciliation, type ReconcileLine } from '../shared/reconcile';
import { call, shownOf, type Context } from './context';
import type { HistoryCommand } from './history-args';
import type { Shown } from './shown';
import { table, wrap, MAX_COLUMNS, type Column } from './table';

const COLUMNS: Column[] = [
  { name: 'asset' },
  { name: 'opening' },
  { name: 'in' },
  { name: 'out' },
  { name: 'fees' },
  { name: 'closing' },
  // What the network reports: the closing balance where the asset reconciles, its status says by how much it differs where not.
  { name: 'reported', drop: 1 },
  { name: 'status', flex: 12 },
];

const CSV_COLUMNS = [
  'asset',
  'opening',
  'in',
  'out',
  'fees',
  'net',
  'closing',
  'reported',
  'difference',
  'status',
] as const;

function cells(line: ReconcileLine, shown: Shown): string[] {
  return [
    shown.asset(line.asset),
    line.opening === null ? 'unknown' : shown.amount(line.opening),
    shown.amount(line.in),
    shown.amount(line.out),
    shown.amount(line.fees),
    line.status === 'issued' ? '—' : line.closing === null ? 'unknown' : shown.amount(line.closing),
    shown.amount(line.reported),
    lineStatusText(line),
  ];
}

function machineOutput(command: { format: string }, reconciliation: Reconciliation, coverage?: IndexCoverage): string {
  if (command.format === 'json') return `${JSON.stringify({ ...reconciliation, ...(coverage ? { coverage } : {}) })}\n`;
  if (command.format === 'ndjson') return reconciliation.lines.map((line) => `${JSON.stringify(line)}\n`).join('');
  const rows = reconciliation.lines.map((line) => csvCells(CSV_COLUMNS.map((c) => String(line[c] ?? ''))));
  return [CSV_COLUMNS.join(','), ...rows].join('\n') + '\n';
}

export async function reconcileCommand(
  command: Extract<HistoryCommand, { kind: 'reconcile' }>,
  ctx: Context,
): Promise<number> {
  const { reconciliation, coverage } = await call<{ reconciliation: Reconciliation; coverage?: IndexCoverage }>(
    ctx,
    'history:reconcile',
    { account: command.account },
  );
  const code = reconciliation.reconciled ? 0 : 1;
  if (command.format !== 'table') {
    ctx.io.out(machineOutput(command, reconciliation, coverage));
    return code;
  }
  const shown = shownOf(ctx);
  const width = shown.wide ? Infinity : MAX_COLUMNS;
  const label = coverage ? `index ${coverageText(coverage)}\n` : '';
  ctx.io.out(
    label +
      table(
        // An index read from ledgers compares with the balance the ledgers record after the range.
        reconciliation.range
          ? COLUMNS.map((c) => (c.name === 'reported' ? { ...c, name: `after ${reconciliation.range!.to}` } : c))
          : COLUMNS,
        reconciliation.lines.map((line) => cells(line, shown)),
        { wide: shown.wide },
      ),
  );
  for (const line of reconciliation.lines)
    if (line.cause) ctx.io.out(wrap(`${shown.asset(line.asset)}: ${line.cause}`, width));
  ctx.io.out(wrap(reconciliation.summary, width));
  return code;
}
