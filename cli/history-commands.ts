// `ledgerscope sync | history | totals`: the history index from the command line, through the
// same dispatcher (and so the same validation) as the app's windows. Progress and summaries go
// to stderr, rows to stdout: for a person a table or a sentence (history-text.ts), for a machine
// --format json, ndjson or csv.
import { createReadStream, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { historyNdjsonRow } from '../core';
import { csvCells } from '../shared/csv-cell';
import { FEES_RULE } from '../shared/fees-rule';
import { PagingError } from '../shared/paging-guard';
import type { HistoryPage, HistoryProgress, HistoryRow, TotalsRow } from '../shared/history';
import { coverageText, type IndexCoverage } from '../shared/index-coverage';
import { lakeProgressText } from '../shared/lake-progress';
import { resolveAccount } from './account-names';
import { call, federationOf, shownOf, type Context } from './context';
import type { Shown } from './shown';
import type { HistoryCommand } from './history-args';
import { reconcileCommand } from './reconcile-command';
import { clip, MAX_COLUMNS, wrap } from './table';
import { historyTable, summaryLines, totalsTable } from './history-text';
import { waitText } from '../shared/wait-text';

/**
 * Whether figures from this index may be printed: a whole index's, or a partial one's with
 * --partial (then labelled so on stderr). A partial index without it: the reason on stderr, exit 1.
 */
function answerable(
  name: 'history' | 'totals',
  command: { account: string; partial: boolean },
  coverage: IndexCoverage | undefined,
  ctx: Context,
): boolean {
  if (!coverage?.partial) return true;
  const text = coverageText(coverage);
  if (command.partial) {
    ctx.io.err(`${name}: ${text}; the figures below are partial\n`);
    return true;
  }
  const remedy =
    coverage.partial === 'damaged'
      ? `remove and rebuild it: ledgerscope sync ${command.account}`
      : `finish it with \`ledgerscope sync ${command.account}\``;
  ctx.io.err(
    `${name}: the index of ${command.account} is ${text}. Its figures would be partial: ${remedy}, or give --partial to print them labelled partial.\n`,
  );
  return false;
}

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '…');

export function syncProgressLine(p: HistoryProgress): string {
  return `sync: ${syncStateText(p)}`;
}

/** Where a sync ended, for a person: "busy: current, 394 records, 2025-04-07 to 2026-11-26, complete from ledger 1". */
export function syncEndLine(p: HistoryProgress, shown: Shown): string {
  const line = `${shown.account(p.account)}: ${syncStateText(p, false)}`;
  // The state in one line; what went wrong whole beneath it, wrapped, never clipped (it names the ledger and key to look at).
  const head = shown.wide ? line : clip(line, MAX_COLUMNS);
  return p.message ? `${head}\n${wrap(p.message, shown.wide ? Infinity : MAX_COLUMNS, '  ').trimEnd()}` : head;
}

function syncStateText(p: HistoryProgress, withMessage = true): string {
  const message = withMessage && p.message ? ` (${p.message})` : '';
  if (p.lake) return `${p.state}, ${p.records} records, ${lakeProgressText(p.lake, p.state === 'syncing')}${message}`;
  const reach = p.records > 0 ? `, ${day(p.oldest)} to ${day(p.newest)}` : '';
  const rate = p.state === 'syncing' ? ` (${p.ratePerSecond}/s)` : '';
  // The client waits out a 429 or a 503 (rate-limit.ts): which one is said, and only while syncing.
  const limit = p.waitLimitMs ? ` (--max-wait ${Math.round(p.waitLimitMs / 1000)})` : '';
  const wait = p.waitingMs && p.state === 'syncing' ? `, ${waitText(p.waitingMs, p.waitingFor)}${limit}` : '';
  const complete = p.completeFromLedger !== null ? `, complete from ledger ${p.completeFromLedger}` : '';
  return `${p.state}, ${p.records} records${rate}${reach}${complete}${wait}${message}`;
}

const lakeRange = ({ from, to }: { from?: number; to?: number }) => ({
  ...(from === undefined ? {} : { from }),
  ...(to === undefined ? {} : { to }),
});

async function sync(command: Extract<HistoryCommand, { kind: 'sync' }>, ctx: Context): Promise<number> {
  let lastLine = 0;
  let final: HistoryProgress | null = null;
  let wake = () => {};
  const off = ctx.onEvent('history:progress', (p) => {
    if (p.account !== command.account) return;
    if (p.state !== 'syncing' || Date.now() - lastLine >= 1000) {
      lastLine = Date.now();
      ctx.io.err(`${syncProgressLine(p)}\n`);
    }
    if (p.state !== 'syncing' && (!command.follow || p.state !== 'current')) {
      final = p;
      wake();
    }
  });
  try {
    if (command.lake)
      await call(ctx, 'history:sync-lake', {
        account: command.account,
        lake: command.lake.where,
        ...lakeRange(command.lake),
      });
    else if (command.rebuild) await call(ctx, 'history:rebuild', { account: command.account });
    else await call(ctx, 'history:sync', { account: command.account, follow: command.follow });
    const settled = new Promise<void>((resolve) => (wake = resolve));
    await Promise.race([settled, ctx.interrupted]);
    if (!final) final = await call<HistoryProgress>(ctx, 'history:pause', { account: command.account });
    const done = final as HistoryProgress;
    ctx.io.out(`${command.format === 'json' ? JSON.stringify(done) : syncEndLine(done, shownOf(ctx))}\n`);
    return done.state === 'current' || done.state === 'paused' ? 0 : 1;
  } finally {
    off();
  }
}

type HistoryListing = Extract<HistoryCommand, { kind: 'history' }>;

/**
 * csv and accounting: the index writes the file (the same export as the workbench's, so the
 * same rows), in the directory of its own the command was given (cli/main.ts), then it is copied
 * to stdout and removed. The summary line and the coverage check come first, as for the table.
 */
async function historyFile(command: HistoryListing, ctx: Context): Promise<number> {
  const page = await call<HistoryPage>(ctx, 'history:query', {
    account: command.account,
    filter: command.filter,
    sort: command.sort,
    limit: 1,
    summary: true,
  });
  if (!answerable('history', command, page.coverage, ctx)) return 1;
  if (page.summary) ctx.io.err(summaryLines(page.summary, page.coverage, shownOf(ctx)));
  const done = await call<{ path: string; rows: number }>(ctx, 'history:export', {
    account: command.account,
    filter: command.filter,
    sort: command.sort,
    format: command.format,
    ...(command.limit !== null ? { maxRows: command.limit } : {}),
  });
  try {
    for await (const chunk of createReadStream(done.path, { encoding: 'utf8', highWaterMark: 1 << 20 }))
      ctx.io.out(chunk as string);
  } finally {
    rmSync(dirname(done.path), { recursive: true, force: true });
  }
  const matching = page.summary?.count ?? done.rows;
  if (done.rows < matching)
    ctx.io.err(`history: wrote ${done.rows} of ${matching} matching rows (--limit ${command.limit})\n`);
  return 0;
}

async function history(command: HistoryListing, ctx: Context): Promise<number> {
  if (command.format === 'csv' || command.format === 'accounting') return historyFile(command, ctx);
  let cursor: string | undefined;
  let written = 0;
  let first = true;
  let matching: number | null = null;
  const wanted = command.limit ?? Number.POSITIVE_INFINITY;
  const tableRows: HistoryRow[] = [];
  const shown = shownOf(ctx);
  for (;;) {
    const limit = Math.min(1000, wanted - written);
    const page = await call<HistoryPage>(ctx, 'history:query', {
      account: command.account,
      filter: command.filter,
      sort: command.sort,
      limit,
      includeRaw: command.format === 'ndjson' || command.format === 'json',
      summary: first,
      ...(cursor ? { cursor } : {}),
    });
    if (first && page.summary) {
      if (!answerable('history', command, page.coverage, ctx)) return 1;
      matching = page.summary.count;
      ctx.io.err(summaryLines(page.summary, page.coverage, shown));
    }
    first = false;
    for (const row of page.rows) {
      if (command.format === 'ndjson') ctx.io.out(historyNdjsonRow(row));
      else if (command.format === 'json')
        ctx.io.out(`${written === 0 && row === page.rows[0] ? '[\n' : ',\n'}${historyNdjsonRow(row).trimEnd()}`);
      else tableRows.push(row);
    }
    written += page.rows.length;
    if (!page.next || written >= wanted) break;
    // The one paging guard's sentence, should the index ever name the cursor it was asked from.
    if (page.next === cursor) throw new PagingError('not_advanced', cursor);
    cursor = page.next;
  }
  if (command.format === 'json') ctx.io.out(written === 0 ? '[]\n' : '\n]\n');
  if (command.format === 'table') ctx.io.out(historyTable(tableRows, shown) + more(matching, written));
  else if (matching !== null && written < matching)
    ctx.io.err(`history: wrote ${written} of ${matching} matching rows (--limit ${command.limit})\n`);
  return 0;
}

/** The command with its account and counterparty resolved from names or an id's start (account-names.ts). */
async function withAccounts(command: HistoryCommand, ctx: Context): Promise<HistoryCommand> {
  const book = () => ctx.core.book();
  const account = await resolveAccount(book, command.account, '<account>', federationOf(ctx));
  if (!('filter' in command) || command.filter.counterparty === undefined) return { ...command, account };
  const counterparty = await resolveAccount(book, command.filter.counterparty, '--counterparty', federationOf(ctx));
  return { ...command, account, filter: { ...command.filter, counterparty } } as HistoryCommand;
}

/** Under a table cut short: how many more rows match, and how to have them. */
function more(matching: number | null, shown: number): string {
  if (matching === null || matching <= shown) return '';
  return `… ${matching - shown} more matching rows: --limit N shows more, --format csv or ndjson writes them all\n`;
}

const TOTALS_COLUMNS = ['key', 'asset', 'in', 'out', 'fees', 'net', 'count', 'volume', 'first', 'last'] as const;

/** The totals for a machine (the rows as the index gives them) or a person (history-text.ts). */
function totalsOutput(rows: TotalsRow[], command: Extract<HistoryCommand, { kind: 'totals' }>, shown: Shown): string {
  const cells = (row: TotalsRow) => TOTALS_COLUMNS.map((c) => String(row[c] ?? ''));
  if (command.format === 'ndjson') return rows.map((row) => `${JSON.stringify(row)}\n`).join('');
  if (command.format === 'json') return `${JSON.stringify(rows)}\n`;
  if (command.format === 'csv')
    return [TOTALS_COLUMNS.join(','), ...rows.map((row) => csvCells(cells(row)))].join('\n') + '\n';
  return totalsTable(rows, command.by, shown);
}

export async function runHistoryCommand(given: HistoryCommand, ctx: Context): Promise<number> {
  const command = await withAccounts(given, ctx);
  switch (command.kind) {
    case 'sync':
      return sync(command, ctx);
    case 'reconcile':
      return reconcileCommand(command, ctx);
    case 'history':
      return history(command, ctx);
    case 'totals': {
      const { rows, coverage } = await call<{ rows: TotalsRow[]; coverage?: IndexCoverage }>(ctx, 'history:totals', {
        account: command.account,
        filter: command.filter,
        by: command.by,
        top: command.top,
      });
      if (!answerable('totals', command, coverage, ctx)) return 1;
      // Labelled in the table itself; csv and ndjson stay the rows alone, the label on stderr.
      const label = coverage?.partial && command.format === 'table' ? `${coverageText(coverage)}\n` : '';
      // Which fees the rows carry (issue #36), under the table; csv and ndjson stay the rows alone.
      const rule = command.format === 'table' ? wrap(FEES_RULE, ctx.wide ? Infinity : MAX_COLUMNS) : '';
      ctx.io.out(label + totalsOutput(rows, command, shownOf(ctx)) + rule);
      return 0;
    }
  }
}
