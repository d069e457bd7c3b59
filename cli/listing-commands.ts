// `ledgerscope payments | operations | stream payments`: a listing page by page through the same
// dispatcher as the app's windows. For a person (the default) a table: when, what type, what the
// operation did in one sentence (shared/operation-summary.ts, names from the address book), which
// operation; --format json, ndjson or csv for machines.
import { EXPORT_COLUMNS, LiveCsv, listingViewer, ndjsonRow, streamPayments } from '../core';
import { historyStartMessage } from '../shared/history-start';
import type { ListingTarget } from '../shared/ipc';
import type { Operation, OperationPage } from '../shared/model';
import { pages } from '../shared/paging';
import { resolveAccountOrId } from './account-names';
import type { Command } from './args';
import { call, CommandError, federationOf, shownOf, type Context } from './context';
import type { Shown } from './shown';
import { clip, MAX_COLUMNS, table, type Column } from './table';

/** The listing's columns for a person: when, what type, what it did (one sentence), which operation. */
const LISTING_COLUMNS: Column[] = [
  { name: 'time' },
  { name: 'type' },
  { name: 'what', flex: 32 },
  { name: 'operation', drop: 1 },
];

export function listingCells(record: Operation, shown: Shown): string[] {
  return [
    record.createdAt.replace('.000Z', 'Z'),
    record.type === 'other' ? record.typeName : record.type,
    shown.sentence(record),
    record.id,
  ];
}

/**
 * A listing's target with its account read from a name, an id's start or a federation address
 * (account-names.ts), as every account argument is.
 */
export async function namedTarget(target: ListingTarget, ctx: Context): Promise<ListingTarget> {
  const book = () => ctx.core.book();
  if (target.kind === 'payments')
    return { ...target, account: await resolveAccountOrId(book, target.account, '<account>', federationOf(ctx)) };
  if (target.scope === 'account')
    return { ...target, id: await resolveAccountOrId(book, target.id, '--account', federationOf(ctx)) };
  return target;
}

export async function list(command: Extract<Command, { kind: 'list' }>, ctx: Context): Promise<number> {
  const { flags } = command;
  const target = await namedTarget(command.target, ctx);
  const shown = shownOf(ctx);
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
      if (flags.format === 'table' && page.records.length > 0) {
        // A table a page at a time (so --all streams), its header once.
        const text = table(
          LISTING_COLUMNS,
          page.records.map((record) => listingCells(record, shown)),
          { wide: shown.wide },
        );
        ctx.io.out(first ? text : text.slice(text.indexOf('\n') + 1));
        first = false;
      }
      for (const record of flags.format === 'table' ? [] : page.records) {
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
  if (flags.format === 'table' && written === 0)
    ctx.io.out(`no ${target.kind === 'payments' ? 'payments' : 'operations'} listed\n`);
  if (historyStart) ctx.io.err(`${historyStartMessage(historyStart)}\n`);
  if (!flags.all && next !== null) ctx.io.err(`next cursor: ${next}\n`);
  return 0;
}

/**
 * New payments as they come: for a person one line each, the listing table's cells two spaces
 * apart (a stream has no widest cell to pad to); --format ndjson one JSON record a line.
 */
export async function stream(command: Extract<Command, { kind: 'stream' }>, ctx: Context): Promise<number> {
  const account = await resolveAccountOrId(() => ctx.core.book(), command.account, '<account>', federationOf(ctx));
  // Validates the account the same way the channel does before a connection opens.
  await call(ctx, 'account:get', { id: account }).catch((error: Error) => {
    if (!/not found/i.test(error.message)) throw error;
  });
  const profile = ctx.core.networks.selected();
  const shown = shownOf(ctx);
  const line = (record: Operation) => {
    const [time, type, what, id] = listingCells(record, shown);
    const head = `${time}  ${type}  `;
    const whole = `${head}${what}  ${id}`;
    // The operation's id where the line has room for it (always with --wide), else the sentence clipped.
    return `${shown.wide || whole.length <= MAX_COLUMNS ? whole : `${head}${clip(what!, MAX_COLUMNS - head.length)}`}\n`;
  };
  const handle = streamPayments(
    profile,
    account,
    {
      record: (record: Operation) => ctx.io.out(command.format === 'ndjson' ? ndjsonRow(record) : line(record)),
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
