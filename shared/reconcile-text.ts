// A reconciliation line's status as words (shared/reconcile.ts): every view and the command line say it so.
import { displayMoney } from './amount';
import { assetCodeOf } from './moves';
import type { ReconcileLine } from './reconcile';

/** The status of a line as a word: "reconciled", "differs by 1.0000000 XLM", "opening unknown". */
export function lineStatusText(line: ReconcileLine): string {
  if (line.status === 'reconciled') return 'reconciled';
  if (line.status === 'issued') return 'issued by this account';
  const by = displayMoney(line.difference, assetCodeOf(line.asset));
  return line.status === 'differs' ? `differs by ${by}` : `opening unknown (${by} before the indexed history)`;
}
