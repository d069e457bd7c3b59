// `ledgerscope submit`: the SEP-29 memo check, the submission, and (unless --no-wait) its
// following into a ledger. For a person, sentences; --format json or ndjson writes the report and
// the final status as JSON objects, one a line.
import type { Inspection, SubmissionReport, TxStatus } from '../shared/model';
import type { Command } from './args';
import { call, shownOf, type Context } from './context';
import { oneLine } from './inspect-text';
import type { Shown } from './shown';
import { clip, MAX_COLUMNS } from './table';
import { readSource } from './read-source';

/**
 * SEP-29 before a submission: a destination that requires a memo the transaction lacks refuses it
 * (`--no-memo-check` sends it anyway); a check that could not be made is said, and does not refuse.
 */
async function memoCheckPasses(ctx: Context, input: string): Promise<boolean> {
  const inspection = await call<Inspection>(ctx, 'tx:inspect', { input });
  const checks = inspection.operations.flatMap((op) => (op.memoCheck ? [{ index: op.index, ...op.memoCheck }] : []));
  for (const c of checks.filter((c) => c.status === 'could_not_check'))
    ctx.io.err(`note: operation ${c.index + 1}: ${c.message}\n`);
  const required = checks.filter((c) => c.status === 'required');
  for (const c of required) ctx.io.err(`refused: operation ${c.index + 1}: ${c.message}\n`);
  if (required.length > 0)
    ctx.io.err('Nothing was sent. Add the memo the account asks for, or send anyway with --no-memo-check.\n');
  return required.length === 0;
}

/** What a submission came to, in a sentence: "success: transaction 3f9a1c…b7e2d0 is in ledger 1,204". */
export function submissionLine(
  outcome: {
    result?: string;
    state?: string;
    hash: string;
    ledger?: number | undefined;
    transactionCode?: string | undefined;
    message?: string | undefined;
  },
  shown: Shown,
): string {
  const what = (outcome.result ?? outcome.state ?? '').replace(/_/g, ' ');
  const ledger = outcome.ledger === undefined ? '' : ` is in ledger ${outcome.ledger.toLocaleString('en')}`;
  const code =
    outcome.transactionCode && outcome.transactionCode !== 'tx_success' ? ` (${outcome.transactionCode})` : '';
  const message = outcome.message ? `: ${oneLine(outcome.message, 200)}` : '';
  const line = `${what}: transaction ${shown.id(outcome.hash)}${ledger}${code}${message}`;
  return `${shown.wide ? line : clip(line, MAX_COLUMNS)}\n`;
}

export async function submit(command: Extract<Command, { kind: 'submit' }>, ctx: Context): Promise<number> {
  const finals: TxStatus[] = [];
  let wake = () => {};
  const off = ctx.onEvent('tx:status', (status) => {
    if (status.state !== 'pending') {
      finals.push(status);
      wake();
    }
  });
  const shown = shownOf(ctx);
  // For a person a sentence; for a machine the report (less its XDR's JSON tree) and the final status, a JSON object a line.
  const say = (value: SubmissionReport | TxStatus) =>
    ctx.io.out(
      command.format === 'table'
        ? submissionLine(value, shown)
        : `${JSON.stringify({ ...value, resultJson: undefined })}\n`,
    );
  try {
    const input = await readSource(ctx, command.source);
    if (command.memoCheck && !(await memoCheckPasses(ctx, input))) return 1;
    const report = await call<SubmissionReport>(ctx, 'tx:submit', { input });
    say(report);
    for (const e of report.explanations)
      if (e.code !== 'tx_success') ctx.io.err(`${e.code}: ${e.title}. ${e.explanation} Fix: ${e.fix}\n`);
    if (!report.following) return report.result === 'success' || report.result === 'already_finished' ? 0 : 1;
    if (!command.wait) return 0;
    ctx.io.err(`${report.result}: following ${report.hash} until it is in a ledger…\n`);
    const final =
      finals.find((s) => s.hash === report.hash) ??
      (await new Promise<TxStatus>((resolve) => {
        wake = () => {
          const found = finals.find((s) => s.hash === report.hash);
          if (found) resolve(found);
        };
      }));
    say(final);
    for (const e of final.explanations ?? [])
      if (e.code !== 'tx_success' && e.code !== 'op_success') ctx.io.err(`${e.code}: ${e.title}. Fix: ${e.fix}\n`);
    return final.state === 'success' ? 0 : 1;
  } finally {
    off();
  }
}
