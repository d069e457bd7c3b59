// `ledgerscope sync | history | totals`: the history index from the command line, through the
// same dispatcher (and so the same validation) as the app's windows. Progress and summaries go
// to stderr, rows to stdout.
import { createReadStream, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { historyNdjsonRow } from '../core';
import { csvCells } from '../shared/csv-cell';
import { FEES_RULE } from '../shared/fees-rule';
import { PagingError } from '../shared/paging-guard';
import type { HistoryPage, HistoryProgress, HistoryRow, TotalsRow } from '../shared/history';
import { coverageText, type IndexCoverage } from '../shared/index-coverage';
import { resolveAccount } from './account-names';
import { call, federationOf, type Context } from './context';
import type { HistoryCommand, HistoryFormat } from './history-args';
import { displayAmount, formatAmount } from '../shared/amount';
import { shortener } from '../shared/operation-summary';
import { showHidden } from '../shared/visible-text';
import { reconcileCommand } from './reconcile-command';
import { table } from './table';
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
  const reach = p.records > 0 ? `, ${day(p.oldest)} to ${day(p.newest)}` : '';
  const rate = p.state === 'syncing' ? ` (${p.ratePerSecond}/s)` : '';
  // The client waits out a 429 or a 503 (rate-limit.ts): which one is said, and only while syncing.
  const limit = p.waitLimitMs ? ` (--max-wait ${Math.round(p.waitLimitMs / 1000)})` : '';
  const wait = p.waitingMs && p.state === 'syncing' ? `, ${waitText(p.waitingMs, p.waitingFor)}${limit}` : '';
  const complete = p.completeFromLedger !== null ? `, complete from ledger ${p.completeFromLedger}` : '';
  return `sync: ${p.state}, ${p.records} records${rate}${reach}${complete}${wait}${p.message ? ` (${p.message})` : ''}`;
}

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
    if (command.rebuild) await call(ctx, 'history:rebuild', { account: command.account });
    else await call(ctx, 'history:sync', { account: command.account, follow: command.follow });
    const settled = new Promise<void>((resolve) => (wake = resolve));
    await Promise.race([settled, ctx.interrupted]);
    if (!final) final = await call<HistoryProgress>(ctx, 'history:pause', { account: command.account });
    const done = final as HistoryProgress;
    ctx.io.out(`${JSON.stringify(done)}\n`);
    return done.state === 'current' || done.state === 'paused' ? 0 : 1;
  } finally {
    off();
  }
}

/** An account as a table cell writes it: its address-book name (hidden characters written out), else its short id. */
type Named = (account: string) => string;

const TABLE_COLUMNS: [string, (row: HistoryRow, named: Named) => string][] = [
  ['created_at', (r) => r.createdAt.replace('.000Z', 'Z')],
  ['type', (r) => r.type],
  ['dir', (r) => r.direction],
  // A row whose columns hold no amount (a trust line, a bump, options, an offer) says what it did
  // there, as the workbench does: the one operation summary (issue 36).
  ['amount', (r) => (r.amount === null ? (r.summary ?? '') : displayAmount(r.amount))],
  ['asset', (r) => (r.asset ?? '').replace(/:(G.{3}).*(.{4})$/, ':$1…$2')],
  // The transaction's fee where the account paid it (XLM), on its first row: a fee row's only figure.
  ['fee', (r) => (r.feePaid === null ? '' : displayAmount(formatAmount(BigInt(r.feePaid))))],
  ['counterparty', (r, named) => (r.counterparty ? named(r.counterparty) : '')],
  ['ok', (r) => (r.successful ? 'yes' : 'no')],
  ['memo', (r) => (r.memo ?? '').slice(0, 28)],
  ['id', (r) => r.id],
];

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
  if (page.summary) ctx.io.err(summaryLine(page.summary, page.coverage));
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

/** The count and totals of the matching set, on stderr before the rows (labelled when the index is partial). */
function summaryLine(summary: NonNullable<HistoryPage['summary']>, coverage: IndexCoverage | undefined): string {
  const totals = summary.totals.map((t) => `${t.asset}: in ${t.in}, out ${t.out}, net ${t.net}`).join('; ');
  const label = coverage?.partial ? ` (${coverageText(coverage)})` : '';
  return `history: ${summary.count} matching operations${label}${totals ? `; ${totals}` : ''}\n`;
}

async function history(command: HistoryListing, ctx: Context): Promise<number> {
  if (command.format === 'csv' || command.format === 'accounting') return historyFile(command, ctx);
  let cursor: string | undefined;
  let written = 0;
  let first = true;
  let matching: number | null = null;
  const wanted = command.limit ?? Number.POSITIVE_INFINITY;
  const tableRows: string[][] = [];
  const short = shortener(ctx.core.names());
  const named: Named = (account) => showHidden(short(account));
  for (;;) {
    const limit = Math.min(1000, wanted - written);
    const page = await call<HistoryPage>(ctx, 'history:query', {
      account: command.account,
      filter: command.filter,
      sort: command.sort,
      limit,
      includeRaw: command.format === 'ndjson',
      summary: first,
      ...(cursor ? { cursor } : {}),
    });
    if (first && page.summary) {
      if (!answerable('history', command, page.coverage, ctx)) return 1;
      matching = page.summary.count;
      ctx.io.err(summaryLine(page.summary, page.coverage));
    }
    first = false;
    for (const row of page.rows) {
      if (command.format === 'ndjson') ctx.io.out(historyNdjsonRow(row));
      else tableRows.push(TABLE_COLUMNS.map(([, cell]) => cell(row, named)));
    }
    written += page.rows.length;
    if (!page.next || written >= wanted) break;
    // The one paging guard's sentence, should the index ever name the cursor it was asked from.
    if (page.next === cursor) throw new PagingError('not_advanced', cursor);
    cursor = page.next;
  }
  if (command.format === 'table')
    ctx.io.out(
      table(
        TABLE_COLUMNS.map(([name]) => name),
        tableRows,
      ) + more(matching, written),
    );
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

function totalsOutput(rows: TotalsRow[], format: HistoryFormat): string {
  const cells = (row: TotalsRow) => TOTALS_COLUMNS.map((c) => String(row[c] ?? ''));
  if (format === 'ndjson') return rows.map((row) => `${JSON.stringify(row)}\n`).join('');
  if (format === 'csv') return [TOTALS_COLUMNS.join(','), ...rows.map((row) => csvCells(cells(row)))].join('\n') + '\n';
  return table([...TOTALS_COLUMNS], rows.map(cells));
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
      const rule = command.format === 'table' ? `${FEES_RULE}\n` : '';
      ctx.io.out(label + totalsOutput(rows, command.format) + rule);
      return 0;
    }
  }
}
