// The commands: each one goes through the same dispatcher as the app's windows, so every input
// is validated by the channel map and every answer is a normalised record.
import { readFileSync } from 'node:fs';
import {
  containsSecretKey,
  EXPORT_COLUMNS,
  LiveCsv,
  listingViewer,
  ndjsonRow,
  SECRET_REFUSED,
  streamPayments,
} from '../core';
import { historyStartMessage } from '../shared/history-start';
import type { ExportProgress, Inspection, Operation, OperationPage, SubmissionReport, TxStatus } from '../shared/model';
import { pages } from '../shared/paging';
import type { Command } from './args';
import { checkSignatures, inspectSignatures, mergeCommand } from './merge-command';
import { inspectLines } from './inspect-text';
import { runHistoryCommand } from './history-commands';
import { call, CommandError, federationOf, type Context } from './context';
import { resolveAccount } from './account-names';
import { fileProblem } from './file-problem';
import { waitText } from '../shared/wait-text';

export { CommandError, type Context, type Io } from './context';

const MAX_INPUT = 1024 * 1024;

async function readSource(ctx: Context, source: string): Promise<string> {
  let text: string;
  if (source === '-') text = await ctx.io.readStdin();
  else {
    try {
      text = readFileSync(source, 'utf8');
    } catch (error) {
      throw new CommandError(fileProblem(source, error));
    }
  }
  if (text.length > MAX_INPUT)
    throw new CommandError(
      `${source === '-' ? 'standard input' : source} is larger than 1 MB; a transaction is much smaller`,
    );
  // Refused here, before any channel sees it, with the sentence every channel uses.
  if (containsSecretKey(text)) throw new CommandError(SECRET_REFUSED);
  return text.trim();
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** Returns the exit code. */
export async function runCommand(command: Command, ctx: Context): Promise<number> {
  switch (command.kind) {
    case 'help':
      return 0;
    case 'list':
      return list(await withListAccount(command, ctx), ctx);
    case 'stream':
      return stream(
        {
          ...command,
          account: await resolveAccount(() => ctx.core.book(), command.account, '<account>', federationOf(ctx)),
        },
        ctx,
      );
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
      for (const e of explanations) ctx.io.out(`${e.code}: ${e.title}\n  ${e.explanation}\n  Fix: ${e.fix}\n`);
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
    ctx.io.out(`${inspectLines(inspection, report).join('\n')}\n`);
    return report.readiness.ready ? 0 : 1;
  }
  for (const warning of inspection.warnings) ctx.io.err(`warning: ${warning}\n`);
  const signatureCheck = await inspectSignatures(ctx, input);
  ctx.io.out(`${json({ ...inspection, signatureCheck })}\n`);
  return signatureCheck.readiness.ready ? 0 : 1;
}

/** A payments listing's account as a person names it: an id, a name, an id's start or a federation address. */
async function withListAccount(command: Extract<Command, { kind: 'list' }>, ctx: Context) {
  if (command.target.kind !== 'payments') return command;
  const account = await resolveAccount(() => ctx.core.book(), command.target.account, '<account>', federationOf(ctx));
  return { ...command, target: { ...command.target, account } };
}

async function list(command: Extract<Command, { kind: 'list' }>, ctx: Context): Promise<number> {
  const { target, flags } = command;
  const channel = target.kind === 'payments' ? 'payments:list' : 'operations:list';
  const base = target.kind === 'payments' ? { account: target.account } : { scope: target.scope, id: target.id };
  let first = true;
  let opened = false;
  // A 410 (history starts later on this server) ends the walk; the page says from which ledger.
  let historyStart: OperationPage['historyStart'];
  const fetchRecords = async (cursor: string | undefined, limit: number) => {
    const query = {
      limit,
      order: flags.order,
      includeFailed: flags.includeFailed,
      includeTransactions: flags.includeTransactions,
      ...(cursor ? { cursor } : {}),
    };
    const page = await call<OperationPage>(ctx, channel, { ...base, query });
    historyStart = page.historyStart ?? historyStart;
    return page.records;
  };
  let next: string | null = null;
  // The counterparty_name column names accounts by the address book (the local network's demo accounts).
  const csv = new LiveCsv('csv', listingViewer(target), ctx.core.names());
  let written = 0;
  try {
    for await (const page of pages(fetchRecords, { cursor: flags.cursor, limit: flags.limit, order: flags.order })) {
      if (!opened) {
        // Only once the first page is in, so an error leaves stdout empty.
        if (flags.format === 'json') ctx.io.out('[');
        if (flags.format === 'csv') ctx.io.out(`${EXPORT_COLUMNS.join(',')}\n`);
        opened = true;
      }
      for (const record of page.records) {
        if (flags.format === 'ndjson') ctx.io.out(ndjsonRow(record));
        else if (flags.format === 'csv') ctx.io.out(csv.rows(record));
        else ctx.io.out(`${first ? '\n' : ',\n'}${JSON.stringify(record)}`);
        first = false;
      }
      written += page.records.length;
      next = page.next;
      if (!flags.all) break;
      if (ctx.signal?.aborted) throw new CommandError('interrupted');
    }
  } catch (error) {
    if (!opened) throw error;
    // What stdout holds is a part: say so, and exit 1, so no script takes it for the whole (issue 36).
    const reason = ctx.signal?.aborted ? 'interrupted' : (error as Error).message;
    const unclosed = flags.format === 'json' ? ', its JSON array not closed' : '';
    throw new CommandError(
      `stopped after ${written} records (${reason}): the output on stdout is incomplete${unclosed}`,
    );
  }
  if (flags.format === 'json') ctx.io.out(first ? ']\n' : '\n]\n');
  if (historyStart) ctx.io.err(`${historyStartMessage(historyStart)}\n`);
  if (!flags.all && next !== null) ctx.io.err(`next cursor: ${next}\n`);
  return 0;
}

async function stream(command: Extract<Command, { kind: 'stream' }>, ctx: Context): Promise<number> {
  // Validates the account the same way the channel does before a connection opens.
  await call(ctx, 'account:get', { id: command.account }).catch((error: Error) => {
    if (!/not found/i.test(error.message)) throw error;
  });
  const profile = ctx.core.networks.selected();
  const handle = streamPayments(
    profile,
    command.account,
    {
      record: (record: Operation) => ctx.io.out(ndjsonRow(record)),
      status: (status) =>
        ctx.io.err(
          `stream: ${status.state}${status.attempt ? ` (attempt ${status.attempt})` : ''}${status.behindBy ? ` (behind by ${status.behindBy} ledgers)` : ''}\n`,
        ),
    },
    // Through the core's client of the network: a 429 holds the stream as it holds every request.
    { clientFor: () => ctx.core.http(), ...(command.cursor ? { cursor: command.cursor } : {}) },
  );
  await ctx.interrupted;
  handle.stop();
  return 0;
}

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

async function submit(command: Extract<Command, { kind: 'submit' }>, ctx: Context): Promise<number> {
  const finals: TxStatus[] = [];
  let wake = () => {};
  const off = ctx.onEvent('tx:status', (status) => {
    if (status.state !== 'pending') {
      finals.push(status);
      wake();
    }
  });
  try {
    const input = await readSource(ctx, command.source);
    if (command.memoCheck && !(await memoCheckPasses(ctx, input))) return 1;
    const report = await call<SubmissionReport>(ctx, 'tx:submit', { input });
    ctx.io.out(`${JSON.stringify({ ...report, resultJson: undefined })}\n`);
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
    ctx.io.out(`${JSON.stringify(final)}\n`);
    for (const e of final.explanations ?? [])
      if (e.code !== 'tx_success' && e.code !== 'op_success') ctx.io.err(`${e.code}: ${e.title}. Fix: ${e.fix}\n`);
    return final.state === 'success' ? 0 : 1;
  } finally {
    off();
  }
}

async function exportListing(command: Extract<Command, { kind: 'export' }>, ctx: Context): Promise<number> {
  const { fileName } = exportTarget(command.output);
  const started = await call<ExportProgress>(ctx, 'export:start', {
    target: command.target,
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
