// Flags of `ledgerscope sync | history | totals` (the history index, docs/history-index.md):
// every mistake is one UsageError line (exit 2), before anything is opened or fetched.
import { StrKey } from '@stellar/stellar-base';
import { parseAmount } from '../shared/amount';
import type { HistoryFilter, HistorySort, TotalsBy } from '../shared/history';
import { formatOf, oneOf, parseFlags, positionals, type OptionTable, type Values } from './flags';
import { UsageError } from './usage-error';

export type HistoryFormat = 'table' | 'csv' | 'accounting' | 'ndjson' | 'json';

export type HistoryCommand =
  | {
      kind: 'sync';
      account: string;
      follow: boolean;
      rebuild: boolean;
      format: 'table' | 'json';
      /** Index from a ledger data lake (a folder or an http(s) base URL), over `ledgers` (default: the whole lake). */
      lake?: { where: string; from?: number; to?: number };
    }
  | {
      kind: 'history';
      account: string;
      filter: HistoryFilter;
      sort: HistorySort;
      format: HistoryFormat;
      /** Rows to write; null: every matching row (csv and ndjson without --limit). */
      limit: number | null;
      /** Answer from an index that is not complete, its figures labelled partial (else: refused, exit 1). */
      partial: boolean;
    }
  | { kind: 'reconcile'; account: string; format: 'table' | 'json' | 'ndjson' | 'csv' }
  | {
      kind: 'totals';
      account: string;
      filter: HistoryFilter;
      by: TotalsBy;
      top: number;
      format: HistoryFormat;
      partial: boolean;
    };

/** Rows the table format shows without --limit: a screenful; it then says how many more match. */
export const TABLE_ROWS = 40;

export const HISTORY_USAGE = `  sync <account> [--follow] [--rebuild] [--format json]
      index the account's history locally (resumable), then keep it current with --follow; --rebuild deletes a
      damaged index first (the whole network's file when the file is damaged) and syncs afresh; ends with a line
      saying where the index stands (its progress state as JSON with --format json)
  sync <account> --lake <folder|url> [--ledgers FROM-TO] [--format json]
      index the account from a ledger data lake (SEP-54: a folder, or an http(s) base URL such as a public
      bucket's), over ledgers FROM to TO (default: the whole lake; FROM- or -TO leave an end open), with no server
      asked: the lake's manifest must name the network; an interrupted sync goes on from the next ledger; history,
      totals and reconcile then answer from the index offline, reconciled over the range from the ledgers' balances
  history <account> [filters] [--sort time|-time|amount|-amount] [--format table|json|ndjson|csv|accounting] [--limit N]
      the table shows ${TABLE_ROWS} rows and says how many more; json, ndjson, csv and accounting write every matching
      row unless --limit; a row that moved no amount says what it did; csv: the explorer's columns (one row per leg,
      fee_xlm once per transaction the account paid, names from the address book, summary); accounting: one row
      per transaction in Koinly's universal layout, in time order
  totals <account> --by asset|counterparty|day|week|month [filters] [--top N] [--format table|json|ndjson|csv]
      filters: --type T[,T…] --asset CODE[:ISSUER]|native --counterparty <account> --direction in|out
               --min AMOUNT --max AMOUNT --from DATE --to DATE (YYYY-MM-DD or RFC 3339) --memo TEXT
               --failed (include failed) | --only-failed
  reconcile <account> [--format table|json|ndjson|csv]
      per asset: opening, in, out, fees and closing balance from the index beside the balance the network
      reports now; exit 0 when every asset reconciles to the stroop over a whole index; 1 when one does not (the
      difference and its likely cause) or the index is partial (its first line says so); 2 for a malformed flag
      an index whose sync has not finished (syncing, paused, interrupted, failed) is partial: history and
      totals refuse it (exit 1, the reason on stderr) unless --partial, which prints its figures labelled partial`;

const FILTER_OPTIONS = {
  type: { type: 'string', multiple: true },
  asset: { type: 'string' },
  counterparty: { type: 'string' },
  direction: { type: 'string' },
  min: { type: 'string' },
  max: { type: 'string' },
  from: { type: 'string' },
  to: { type: 'string' },
  memo: { type: 'string' },
  failed: { type: 'boolean' },
  'only-failed': { type: 'boolean' },
  format: { type: 'string' },
  partial: { type: 'boolean' },
} as const;

const MAX_VALUE = 200;

function parse(
  args: string[],
  options: OptionTable,
  names: string[],
  command: string,
): { values: Values; positionals: string[] } {
  const { values, positionals: found } = parseFlags(args, options, { command, maxValue: MAX_VALUE });
  return { values, positionals: positionals(found, names, command) };
}

function account(text: string, what = '<account>'): string {
  if (!StrKey.isValidEd25519PublicKey(text))
    throw new UsageError(
      `${what} must be an account id (G…, 56 characters with a valid checksum), not "${text.slice(0, 60)}"`,
    );
  return text;
}

/**
 * An account id, or a name or the start of an id, which the command resolves against the address
 * book when it runs (account-names.ts: issue #36). Text no name can be (empty, or with a control
 * character) is refused here.
 */
function accountOrName(text: string, what = '<account>'): string {
  if (StrKey.isValidEd25519PublicKey(text)) return text;
  // eslint-disable-next-line no-control-regex
  if (text.trim() === '' || /[\u0000-\u001f\u007f]/.test(text))
    throw new UsageError(`${what} must be an account id (G…), a name in the address book or the start of an id`);
  return text;
}

function amount(name: string, value: string): string {
  try {
    parseAmount(value);
    return value;
  } catch (error) {
    throw new UsageError(`--${name}: ${(error as Error).message}`);
  }
}

/** YYYY-MM-DD (midnight UTC; for --to, the end of that day) or an RFC 3339 date-time, as epoch ms. */
export function parseDate(name: string, value: string, endOfDay: boolean): number {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const instant = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/.exec(value);
  const parts = day ?? instant;
  if (!parts)
    throw new UsageError(
      `--${name} must be YYYY-MM-DD or an RFC 3339 date-time (2026-01-31T12:00:00Z), not "${value.slice(0, 40)}"`,
    );
  const [y, m, d] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const check = new Date(Date.UTC(y, m - 1, d));
  const valid = check.getUTCFullYear() === y && check.getUTCMonth() === m - 1 && check.getUTCDate() === d;
  if (!valid || (instant && (Number(instant[4]) > 23 || Number(instant[5]) > 59 || Number(instant[6]) > 59)))
    throw new UsageError(`--${name}: "${value.slice(0, 40)}" is not a real date`);
  if (day) return check.getTime() + (endOfDay ? 86_400_000 : 0);
  return Math.floor(Date.parse(value));
}

function filterOf(values: Values): HistoryFilter {
  const filter: HistoryFilter = {};
  const str = (key: string) => (typeof values[key] === 'string' ? (values[key] as string) : undefined);
  const types = (values['type'] as string[] | undefined)?.flatMap((t) => t.split(','));
  if (types) {
    for (const type of types)
      if (!/^[a-z_]{1,40}$/.test(type))
        throw new UsageError(
          `--type must be operation type names (payment, create_account, …), not "${type.slice(0, 40)}"`,
        );
    filter.types = types;
  }
  const asset = str('asset');
  if (asset !== undefined) {
    const [code = '', issuer, extra] = asset.split(':');
    if (extra !== undefined || !/^(native|[A-Za-z0-9]{1,12})$/.test(code))
      throw new UsageError(`--asset must be native, CODE or CODE:ISSUER, not "${asset.slice(0, 60)}"`);
    if (issuer !== undefined) account(issuer, '--asset issuer');
    filter.asset = asset;
  }
  if (str('counterparty') !== undefined) filter.counterparty = accountOrName(str('counterparty')!, '--counterparty');
  if (values['direction'] !== undefined)
    filter.direction = oneOf('direction', values['direction'], ['in', 'out'] as const, 'in');
  if (str('min') !== undefined) filter.minAmount = amount('min', str('min')!);
  if (str('max') !== undefined) filter.maxAmount = amount('max', str('max')!);
  if (filter.minAmount && filter.maxAmount && parseAmount(filter.minAmount) > parseAmount(filter.maxAmount))
    throw new UsageError('--min is larger than --max');
  if (str('from') !== undefined) filter.from = parseDate('from', str('from')!, false);
  if (str('to') !== undefined) filter.to = parseDate('to', str('to')!, true);
  if (filter.from !== undefined && filter.to !== undefined && filter.from >= filter.to)
    throw new UsageError('--from must be before --to');
  if (str('memo') !== undefined) {
    if (str('memo') === '') throw new UsageError('--memo needs some text');
    filter.memo = str('memo')!;
  }
  if (values['failed'] && values['only-failed']) throw new UsageError('give --failed or --only-failed, not both');
  filter.status = values['only-failed'] ? 'failed' : values['failed'] ? 'all' : 'successful';
  return filter;
}

function count(name: string, value: unknown, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  const text = String(value);
  if (!/^\d{1,7}$/.test(text) || Number(text) < 1 || Number(text) > max)
    throw new UsageError(`--${name} must be a whole number from 1 to ${max}, not "${text.slice(0, 20)}"`);
  return Number(text);
}

/** `--ledgers FROM-TO` (either end may be left out: `FROM-`, `-TO`), ledger numbers with or without separators. */
export function ledgerRange(text: string | undefined): { from?: number; to?: number } {
  if (text === undefined) return {};
  const match = /^\s*([\d,_]*)\s*[-–]\s*([\d,_]*)\s*$/.exec(text);
  const number = (part: string) => {
    if (part === '') return undefined;
    const n = Number(part.replace(/[,_]/g, ''));
    if (!Number.isSafeInteger(n) || n < 1 || n > 0xffff_ffff)
      throw new UsageError(`sync: --ledgers ${text}: ${part} is not a ledger number (1 to 4,294,967,295)`);
    return n;
  };
  if (!match || (match[1] === '' && match[2] === ''))
    throw new UsageError(`sync: --ledgers ${text} is not a range: give FROM-TO (e.g. 1000-2000), FROM- or -TO`);
  const [from, to] = [number(match[1]!), number(match[2]!)];
  if (from !== undefined && to !== undefined && from > to)
    throw new UsageError(`sync: --ledgers ${text}: the first ledger is after the last`);
  return { ...(from === undefined ? {} : { from }), ...(to === undefined ? {} : { to }) };
}

/** `sync <account>`: from the server, or from a lake's range (--lake, --ledgers). */
function parseSync(rest: string[]): HistoryCommand {
  const { values, positionals } = parse(
    rest,
    {
      follow: { type: 'boolean' },
      rebuild: { type: 'boolean' },
      format: { type: 'string' },
      lake: { type: 'string' },
      ledgers: { type: 'string' },
    },
    ['account'],
    'sync',
  );
  const where = values['lake'] as string | undefined;
  if (where === undefined && values['ledgers'] !== undefined)
    throw new UsageError('sync: --ledgers reads a range of a ledger data lake: give the lake with --lake <folder|url>');
  if (where !== undefined && (values['follow'] === true || values['rebuild'] === true))
    throw new UsageError('sync: --lake reads a range of ledgers once: --follow and --rebuild are for a server');
  return {
    kind: 'sync',
    account: accountOrName(positionals[0]!),
    follow: values['follow'] === true,
    rebuild: values['rebuild'] === true,
    format: formatOf(values['format'], ['json'] as const),
    ...(where === undefined ? {} : { lake: { where, ...ledgerRange(values['ledgers'] as string | undefined) } }),
  };
}

export function parseHistoryCommand(name: 'sync' | 'history' | 'totals' | 'reconcile', rest: string[]): HistoryCommand {
  if (name === 'reconcile') {
    const { values, positionals } = parse(rest, { format: { type: 'string' } }, ['account'], 'reconcile');
    return {
      kind: 'reconcile',
      account: accountOrName(positionals[0]!),
      format: formatOf(values['format'], ['json', 'ndjson', 'csv'] as const),
    };
  }
  if (name === 'sync') return parseSync(rest);
  if (name === 'history') {
    const HISTORY_FORMATS = ['csv', 'accounting', 'ndjson', 'json'] as const;
    const { values, positionals } = parse(
      rest,
      { ...FILTER_OPTIONS, sort: { type: 'string' }, limit: { type: 'string' } },
      ['account'],
      'history',
    );
    const format = formatOf(values['format'], HISTORY_FORMATS);
    const given = values['limit'] === undefined ? null : count('limit', values['limit'], TABLE_ROWS, 10_000_000);
    return {
      kind: 'history',
      account: accountOrName(positionals[0]!),
      filter: filterOf(values),
      sort: oneOf('sort', values['sort'], ['time', '-time', 'amount', '-amount'] as const, '-time'),
      format,
      // A file for a spreadsheet holds the whole answer; a table for a person a screenful.
      limit: given ?? (format === 'table' ? TABLE_ROWS : null),
      partial: values['partial'] === true,
    };
  }
  const { values, positionals } = parse(
    rest,
    { ...FILTER_OPTIONS, by: { type: 'string' }, top: { type: 'string' } },
    ['account'],
    'totals',
  );
  if (values['by'] === undefined) throw new UsageError('totals: --by asset|counterparty|day|week|month is required');
  const by = oneOf('by', values['by'], ['asset', 'counterparty', 'day', 'week', 'month'] as const, 'asset');
  // Only counterparties are ranked; a figure for every asset or period is listed whole, so --top
  // elsewhere would be a promise the table does not keep.
  if (values['top'] !== undefined && by !== 'counterparty')
    throw new UsageError(`totals: --top ranks counterparties (--by counterparty); --by ${by} lists every ${by}`);
  return {
    kind: 'totals',
    account: accountOrName(positionals[0]!),
    filter: filterOf(values),
    by,
    top: count('top', values['top'], 50, 10_000),
    format: formatOf(values['format'], ['csv', 'ndjson', 'json'] as const),
    partial: values['partial'] === true,
  };
}
