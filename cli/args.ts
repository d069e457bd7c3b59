// Command-line parsing: strict flags per command, every mistake a one-line UsageError (exit 2).
import { parseNetworkFlag, containsSecretKey, SECRET_REFUSED } from '../core';
import type { ListingTarget, OperationScope } from '../shared/ipc';
import { parseMerge, type MergeCommand } from './merge-args';
import { parseHistoryCommand, type HistoryCommand } from './history-args';
import { formatOf, oneOf, parseFlags, positionals, str, type OptionTable, type Values } from './flags';
import { UsageError } from './usage-error';
export { UsageError };

export { USAGE } from './usage-text';

export type Format = 'table' | 'json' | 'ndjson' | 'csv';

export interface ListingFlags {
  limit: number;
  order: 'asc' | 'desc';
  cursor?: string | undefined;
  includeFailed: boolean;
  includeTransactions: boolean;
  all: boolean;
  format: Format;
}

export type Command =
  | { kind: 'list'; target: ListingTarget; flags: ListingFlags }
  | { kind: 'stream'; account: string; cursor?: string | undefined; format: 'table' | 'ndjson' }
  | { kind: 'inspect'; source: string; format: 'text' | 'json' }
  | { kind: 'submit'; source: string; wait: boolean; memoCheck: boolean; format: 'table' | 'json' | 'ndjson' }
  | { kind: 'decode'; type: string; xdr: string }
  | { kind: 'explain'; codes: string[] }
  | {
      kind: 'export';
      target: ListingTarget;
      output: string;
      format: 'csv' | 'accounting' | 'ndjson';
      order: 'asc' | 'desc';
      includeFailed: boolean;
      includeTransactions: boolean;
      maxRows?: number | undefined;
    }
  | MergeCommand
  | HistoryCommand
  | { kind: 'help' };

export interface Invocation {
  network: string;
  userDataDir?: string | undefined;
  /** --wide: tables as wide as their cells, every id whole (else at most 120 columns, ids abbreviated). */
  wide: boolean;
  /** --max-wait: the longest rate-limit wait accepted, in seconds (default 300). */
  maxWaitSeconds: number;
  command: Command;
}

export const DEFAULT_MAX_WAIT_SECONDS = 300;
const MAX_WAIT_LIMIT_SECONDS = 86_400;

/** --max-wait N: whole seconds, 0 to a day. */
export function parseMaxWait(value: string): number {
  const seconds = /^\d{1,6}$/.test(value) ? Number(value) : NaN;
  if (!(seconds <= MAX_WAIT_LIMIT_SECONDS))
    throw new UsageError(
      `--max-wait must be a whole number of seconds from 0 to ${MAX_WAIT_LIMIT_SECONDS}, not "${value.slice(0, 20)}"`,
    );
  return seconds;
}

const SCOPE_FLAGS: Record<string, OperationScope> = {
  account: 'account',
  ledger: 'ledger',
  transaction: 'transaction',
  'claimable-balance': 'claimable_balance',
  'liquidity-pool': 'liquidity_pool',
};

const LISTING_OPTIONS = {
  limit: { type: 'string' },
  order: { type: 'string' },
  cursor: { type: 'string' },
  'include-failed': { type: 'boolean' },
  join: { type: 'string' },
  all: { type: 'boolean' },
  format: { type: 'string' },
} as const;

const SCOPE_OPTIONS = Object.fromEntries(Object.keys(SCOPE_FLAGS).map((flag) => [flag, { type: 'string' }])) as Record<
  string,
  { type: 'string' }
>;

function joinFlag(value: string | undefined): boolean {
  if (value === undefined) return false;
  if (value !== 'transactions') throw new UsageError(`--join must be "transactions", not "${value.slice(0, 40)}"`);
  return true;
}

function listingFlags(values: Values): ListingFlags {
  const all = values['all'] === true;
  const limitText = values['limit'] as string | undefined;
  const limit = limitText === undefined ? (all ? 200 : 10) : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > 200 || !/^\d+$/.test(limitText ?? '1'))
    throw new UsageError(`--limit must be a whole number from 1 to 200, not "${String(limitText).slice(0, 20)}"`);
  const cursor = values['cursor'] as string | undefined;
  if (cursor !== undefined && !/^(now|[0-9A-Za-z_-]{0,40})$/.test(cursor))
    throw new UsageError('--cursor must be a paging token (digits)');
  return {
    limit,
    order: oneOf('order', values['order'] as string | undefined, ['asc', 'desc'] as const, 'asc'),
    cursor,
    includeFailed: values['include-failed'] === true,
    includeTransactions: joinFlag(values['join'] as string | undefined),
    all,
    format: formatOf(values['format'], ['json', 'ndjson', 'csv'] as const),
  };
}

function scopeTarget(values: Values, command: string): ListingTarget {
  const given = Object.keys(SCOPE_FLAGS).filter((flag) => values[flag] !== undefined);
  if (given.length !== 1)
    throw new UsageError(
      `${command} needs exactly one of --account, --ledger, --transaction, --claimable-balance, --liquidity-pool`,
    );
  const flag = given[0]!;
  return { kind: 'operations', scope: SCOPE_FLAGS[flag]!, id: String(values[flag]) };
}

export function parseInvocation(argv: string[]): Invocation {
  // A secret key pasted as an argument (or split over several) is refused before anything could echo it.
  if (containsSecretKey(argv.join(' '))) throw new UsageError(SECRET_REFUSED);
  // --network and --user-data-dir are global: accepted anywhere, taken out before the command.
  let network = 'local';
  let userDataDir: string | undefined;
  let maxWaitSeconds = DEFAULT_MAX_WAIT_SECONDS;
  let wide = false;
  const rest: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!;
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=')
        ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
        : [arg, undefined];
    if (flag === '--network' || flag === '--user-data-dir' || flag === '--max-wait') {
      const value = inline ?? argv[++index];
      if (value === undefined || value === '' || (inline === undefined && value.startsWith('--')))
        throw new UsageError(`${flag} needs a value`);
      if (flag === '--network') network = value;
      else if (flag === '--max-wait') maxWaitSeconds = parseMaxWait(value);
      else userDataDir = value;
    } else if (arg === '--help' || arg === '-h') {
      return { network, maxWaitSeconds, wide, command: { kind: 'help' } };
    } else if (arg === '--wide') {
      wide = true;
    } else {
      rest.push(arg);
    }
  }
  try {
    parseNetworkFlag(network);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const [name, ...args] = rest;
  return { network, userDataDir, maxWaitSeconds, wide, command: parseCommand(name, args) };
}

function parseCommand(name: string | undefined, rest: string[]): Command {
  switch (name) {
    case undefined:
    case '':
      throw new UsageError(
        'a command is needed (payments, operations, stream, inspect, merge, submit, decode, explain, export, sync, history, totals, reconcile)',
      );
    case 'help':
      return { kind: 'help' };
    case 'payments': {
      const { values, positionals: found } = parseFlags(rest, LISTING_OPTIONS);
      const [account] = positionals(found, ['account'], 'payments');
      return { kind: 'list', target: { kind: 'payments', account: account! }, flags: listingFlags(values) };
    }
    case 'operations': {
      const { values, positionals: found } = parseFlags(rest, { ...LISTING_OPTIONS, ...SCOPE_OPTIONS });
      positionals(found, [], 'operations');
      return { kind: 'list', target: scopeTarget(values, 'operations'), flags: listingFlags(values) };
    }
    case 'stream':
      return parseStream(rest);
    case 'inspect': {
      const { values, positionals: found } = parseFlags(rest, { format: { type: 'string' } });
      return {
        kind: 'inspect',
        source: positionals(found, ['file|-'], 'inspect')[0]!,
        format: oneOf('format', str(values, 'format'), ['text', 'json'] as const, 'text'),
      };
    }
    case 'submit':
      return parseSubmit(rest);
    case 'decode': {
      const { positionals: found } = parseFlags(rest, {});
      const [type, xdr] = positionals(found, ['type', 'xdr'], 'decode');
      if (!/^[A-Za-z0-9_]{1,100}$/.test(type!))
        throw new UsageError(
          'decode: <type> is an XDR type name (TransactionEnvelope, TransactionResult, …) or "auto"',
        );
      return { kind: 'decode', type: type!, xdr: xdr! };
    }
    case 'explain': {
      const { positionals: found } = parseFlags(rest, {});
      if (found.length === 0)
        throw new UsageError('explain: give one or more result codes (tx_bad_seq, op_underfunded, …)');
      return { kind: 'explain', codes: found };
    }
    case 'export':
      return parseExport(rest);
    case 'merge':
      return parseMerge(parseFlags(rest, MERGE_FLAGS));
    case 'sync':
    case 'history':
    case 'totals':
    case 'reconcile':
      return parseHistoryCommand(name, rest);
    default:
      throw new UsageError(`unknown command "${name.slice(0, 40)}"`);
  }
}

const MERGE_FLAGS = {
  'add-signature': { type: 'string', multiple: true },
  output: { type: 'string', short: 'o' },
  format: { type: 'string' },
} as OptionTable;

function parseExport(rest: string[]): Command {
  const { values, positionals: found } = parseFlags(rest, {
    ...SCOPE_OPTIONS,
    output: { type: 'string', short: 'o' },
    format: { type: 'string' },
    order: { type: 'string' },
    'include-failed': { type: 'boolean' },
    join: { type: 'string' },
    'max-rows': { type: 'string' },
  });
  const [what, account] = found;
  let target: ListingTarget;
  if (what === 'payments') {
    positionals(found, ['payments', 'account'], 'export payments');
    target = { kind: 'payments', account: account! };
  } else if (what === 'operations') {
    positionals(found, ['operations'], 'export operations');
    target = scopeTarget(values, 'export operations');
  } else {
    throw new UsageError('export: say what to export: "payments <account>" or "operations --<scope> <id>"');
  }
  const output = str(values, 'output');
  if (!output) throw new UsageError('export: --output FILE is required');
  const byName = output.endsWith('.csv') ? 'csv' : 'ndjson';
  const maxText = str(values, 'max-rows');
  const maxRows = maxText === undefined ? undefined : Number(maxText);
  if (maxRows !== undefined && (!Number.isInteger(maxRows) || maxRows < 1))
    throw new UsageError('--max-rows must be a positive whole number');
  return {
    kind: 'export',
    target,
    output,
    format: oneOf('format', str(values, 'format'), ['csv', 'accounting', 'ndjson'] as const, byName),
    order: oneOf('order', str(values, 'order'), ['asc', 'desc'] as const, 'asc'),
    includeFailed: values['include-failed'] === true,
    includeTransactions: joinFlag(str(values, 'join')),
    maxRows,
  };
}

function parseStream(rest: string[]): Command {
  const { values, positionals: found } = parseFlags(rest, { cursor: { type: 'string' }, format: { type: 'string' } });
  const [what, account] = positionals(found, ['payments', 'account'], 'stream');
  if (what !== 'payments') throw new UsageError(`stream: only "payments" can be streamed, not "${what!.slice(0, 40)}"`);
  return {
    kind: 'stream',
    account: account!,
    cursor: str(values, 'cursor'),
    format: formatOf(str(values, 'format'), ['ndjson'] as const),
  };
}

function parseSubmit(rest: string[]): Command {
  const flags = {
    'no-wait': { type: 'boolean' },
    'no-memo-check': { type: 'boolean' },
    format: { type: 'string' },
  } as const;
  const { values, positionals: found } = parseFlags(rest, flags);
  const source = positionals(found, ['file|-'], 'submit')[0]!;
  return {
    kind: 'submit',
    source,
    wait: !values['no-wait'],
    memoCheck: !values['no-memo-check'],
    format: formatOf(str(values, 'format'), ['json', 'ndjson'] as const),
  };
}
