// `ledgerscope reconcile <account>`: whether the account's indexed flows add up to the balances
// the network reports now, per asset, to the stroop (shared/reconcile.ts, the reading the
// workbench and the account page show). Exit 0 when every asset reconciles over a whole index;
// 1 when one does not, or when the index is partial (its sync failed, paused or still running:
// what it has not read can move a balance, issue 37.4), or on an error; 2 for a malformed flag.
import { displayAmount } from '../shared/amount';
import { coverageText, type IndexCoverage } from '../shared/index-coverage';
import { assetCodeOf, lineStatusText, type Reconciliation } from '../shared/reconcile';
import { showHidden } from '../shared/visible-text';
import { call, type Context } from './context';
import type { HistoryCommand } from './history-args';
import { table } from './table';

const COLUMNS = ['asset', 'opening', 'in', 'out', 'fees', 'closing', 'reported', 'status'];

/** "USD (GABC…)" for a credit asset: the code and its issuer; "XLM"; "pool shares (ab12…)". */
function assetText(asset: string): string {
  const code = showHidden(assetCodeOf(asset));
  const [, rest] = asset.split(':');
  return rest ? `${code} (${rest})` : code;
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
  if (command.format === 'json') {
    ctx.io.out(`${JSON.stringify({ ...reconciliation, ...(coverage ? { coverage } : {}) })}\n`);
    return code;
  }
  const rows = reconciliation.lines.map((line) => [
    assetText(line.asset),
    line.opening === null ? 'unknown' : displayAmount(line.opening),
    displayAmount(line.in),
    displayAmount(line.out),
    displayAmount(line.fees),
    line.status === 'issued' ? '—' : line.closing === null ? 'unknown' : displayAmount(line.closing),
    displayAmount(line.reported),
    lineStatusText(line),
  ]);
  const label = coverage ? `index ${coverageText(coverage)}\n` : '';
  ctx.io.out(label + table(COLUMNS, rows));
  for (const line of reconciliation.lines) if (line.cause) ctx.io.out(`${assetText(line.asset)}: ${line.cause}\n`);
  ctx.io.out(`${reconciliation.summary}\n`);
  return code;
}
