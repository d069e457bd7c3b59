// The commands: each one goes through the same dispatcher as the app's windows, so every input
// is validated by the channel map and every answer is a normalised record.
import type { ExportProgress, Inspection } from '../shared/model';
import type { Command } from './args';
import { checkSignatures, inspectSignatures, mergeCommand } from './merge-command';
import { inspectLines } from './inspect-text';
import { runHistoryCommand } from './history-commands';
import { call, CommandError, type Context } from './context';
import { list, namedTarget, stream } from './listing-commands';
import { hang, MAX_COLUMNS, wrap } from './table';
import { readSource } from './read-source';
import { submit } from './submit-command';
import { waitText } from '../shared/wait-text';

export { CommandError, type Context, type Io } from './context';

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** Returns the exit code. */
export async function runCommand(command: Command, ctx: Context): Promise<number> {
  switch (command.kind) {
    case 'help':
      return 0;
    case 'list':
      return list(command, ctx);
    case 'stream':
      return stream(command, ctx);
    case 'inspect':
      return inspect(command, ctx);
    case 'merge':
      return mergeCommand(command, ctx);
    case 'submit':
      return submit(command, ctx);
    case 'decode': {
      const xdr = command.xdr === '-' ? await readSource(ctx, '-') : command.xdr;
      const decoded = await call<{ type: string; json: unknown }>(ctx, 'xdr:decode', {
        xdr,
        ...(command.type === 'auto' ? {} : { type: command.type }),
      });
      if (command.type === 'auto') ctx.io.err(`type: ${decoded.type}\n`);
      ctx.io.out(`${json(decoded.json)}\n`);
      return 0;
    }
    case 'explain': {
      const { explanations } = await call<{
        explanations: { code: string; title: string; explanation: string; fix: string }[];
      }>(ctx, 'tx:explain', { codes: command.codes });
      const width = ctx.wide ? Infinity : MAX_COLUMNS;
      for (const e of explanations)
        ctx.io.out(`${e.code}: ${e.title}\n${wrap(e.explanation, width, '  ')}${wrap(`Fix: ${e.fix}`, width, '  ')}`);
      return explanations.some((e) => e.title === 'Unknown code') ? 1 : 0;
    }
    case 'export':
      return exportListing(command, ctx);
    case 'sync':
    case 'history':
    case 'totals':
    case 'reconcile':
      return runHistoryCommand(command, ctx);
  }
}

/** The verdict for a person (inspect-text.ts); the whole inspection as JSON with --format json. */
async function inspect(command: Extract<Command, { kind: 'inspect' }>, ctx: Context): Promise<number> {
  const input = await readSource(ctx, command.source);
  const inspection = await call<Inspection>(ctx, 'tx:inspect', { input });
  // The exit code is the verdict: 0 ready to submit, 1 not (a signature short, a threshold unmet).
  if (command.format === 'text') {
    const report = await checkSignatures(ctx, input);
    const width = ctx.wide ? Infinity : MAX_COLUMNS;
    ctx.io.out(
      inspectLines(inspection, report)
        .map((line) => hang(line, width))
        .join(''),
    );
    return report.readiness.ready ? 0 : 1;
  }
  for (const warning of inspection.warnings) ctx.io.err(`warning: ${warning}\n`);
  const signatureCheck = await inspectSignatures(ctx, input);
  ctx.io.out(`${json({ ...inspection, signatureCheck })}\n`);
  return signatureCheck.readiness.ready ? 0 : 1;
}

async function exportListing(command: Extract<Command, { kind: 'export' }>, ctx: Context): Promise<number> {
  const { fileName } = exportTarget(command.output);
  const started = await call<ExportProgress>(ctx, 'export:start', {
    target: await namedTarget(command.target, ctx),
    query: {
      order: command.order,
      includeFailed: command.includeFailed,
      includeTransactions: command.includeTransactions,
      ...(command.maxRows ? { maxRows: command.maxRows } : {}),
    },
    format: command.format,
    fileName,
  });
  let lastReport = 0;
  const off = ctx.onEvent('export:progress', (progress) => {
    if (progress.exportId !== started.exportId || Date.now() - lastReport < 1000) return;
    lastReport = Date.now();
    ctx.io.err(
      `export: ${progress.rows} rows${progress.waitingMs ? ` (${waitText(progress.waitingMs, progress.waitingFor)})` : ''}\n`,
    );
  });
  void ctx.interrupted.then(() => ctx.core.exports.cancel(started.exportId));
  const done = await ctx.core.exports.wait(started.exportId);
  off();
  ctx.io.err(`export: ${done.state}, ${done.rows} rows, ${done.path}\n`);
  if (done.state !== 'done') throw new CommandError(done.message ?? `export ${done.state}`);
  ctx.io.out(`${done.path}\n`);
  return 0;
}

/** The export directory and file name of `--output` (the core writes there, never elsewhere). */
export function exportTarget(output: string): { directory: string; fileName: string } {
  const slash = Math.max(output.lastIndexOf('/'), output.lastIndexOf('\\'));
  const fileName = output.slice(slash + 1);
  if (!fileName) throw new CommandError('--output must name a file');
  return { directory: slash >= 0 ? output.slice(0, slash) || '/' : '.', fileName };
}
