// The network's entry points' flags: a table of known flags read with node:util parseArgs (as
// cli/ does), `--name value` or `--name=value`, integers checked. A bad or unknown flag is a
// FlagError with a one-line message, which the entry points print and exit with code 2.
import { parseArgs } from 'node:util';

export class FlagError extends Error {
  override name = 'FlagError';
}

/** `help`: what the flag does, one line of `--help`. */
export type FlagSpec =
  | { kind: 'int'; default?: number; min?: number; max?: number; help?: string }
  | { kind: 'string'; default?: string; help?: string };
export type FlagTable = Record<string, FlagSpec>;
export type FlagValues = Record<string, number | string | undefined>;

export function parseFlags(argv: string[], table: FlagTable): FlagValues {
  const options = Object.fromEntries(Object.keys(table).map((name) => [name, { type: 'string' as const }]));
  let parsed: Record<string, string | boolean | undefined>;
  try {
    parsed = parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new FlagError(parseError(error as Error & { code?: string }));
  }
  const values: FlagValues = {};
  for (const [name, spec] of Object.entries(table)) {
    const raw = Object.hasOwn(parsed, name) ? parsed[name] : undefined;
    if (typeof raw !== 'string') values[name] = spec.default;
    else if (spec.kind === 'int') values[name] = parseIntFlag(name, raw, spec);
    else values[name] = parseStringFlag(name, raw);
  }
  return values;
}

/** A value as it may be echoed in a one-line message: quoted, control characters escaped, cut short. */
export function shown(raw: string): string {
  return JSON.stringify(raw.length > 40 ? `${raw.slice(0, 40)}…` : raw);
}

/** parseArgs' messages name the flag but may run over several lines; ours are one line each. */
export function parseError(error: Error & { code?: string }): string {
  const quoted = /'([^']*)'/.exec(error.message)?.[1] ?? '';
  const flag = quoted.split(' ')[0] ?? '';
  switch (error.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown flag ${shown(quoted)}`;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `unexpected argument ${shown(quoted)}`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return /ambiguous/.test(error.message)
        ? `${flag} needs a value (a value starting with "-" is written ${flag}=-…)`
        : `${flag} needs a value`;
    default:
      return error.message.split('\n')[0]!;
  }
}

function parseStringFlag(name: string, raw: string): string {
  // Control characters (NUL, newlines) in a path or seed are a mistake or an attack, never meant.
  if (/\p{Cc}/u.test(raw)) throw new FlagError(`--${name} must not contain control characters, not ${shown(raw)}`);
  return raw;
}

function parseIntFlag(name: string, raw: string, spec: Extract<FlagSpec, { kind: 'int' }>): number {
  if (!/^\d+$/.test(raw)) throw new FlagError(`--${name} must be a non-negative integer, not ${shown(raw)}`);
  const value = Number(raw);
  if (!Number.isSafeInteger(value)) throw new FlagError(`--${name} is too large`);
  if (spec.min !== undefined && value < spec.min) throw new FlagError(`--${name} must be at least ${spec.min}`);
  if (spec.max !== undefined && value > spec.max) throw new FlagError(`--${name} must be at most ${spec.max}`);
  return value;
}

export function intFlag(values: FlagValues, name: string): number {
  const value = values[name];
  if (typeof value !== 'number') throw new FlagError(`--${name} is required`);
  return value;
}

export function stringFlag(values: FlagValues, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value === '') throw new FlagError(`--${name} is required`);
  return value;
}

/** The core's flags; network/cli.ts passes these through to network/validator-process.ts. */
export const CORE_FLAGS: FlagTable = {
  'data-dir': { kind: 'string', help: 'the store, the demo accounts and the logs' },
  port: { kind: 'int', default: 11626, max: 65535, help: "the core's port on 127.0.0.1" },
  'start-ledger': {
    kind: 'int',
    default: 2,
    min: 2,
    max: 2 ** 31 - 100_000_000,
    help: 'the first ledger with transactions (genesis is the one before)',
  },
  'close-interval-ms': {
    kind: 'int',
    default: 1000,
    min: 10,
    max: 3_600_000,
    help: 'a ledger closes this often, empty or not',
  },
  'history-ops': {
    kind: 'int',
    default: 0,
    max: 50_000_000,
    help: 'operations of history generated into a fresh store',
  },
  accounts: { kind: 'int', default: 8, max: 100_000, help: 'generated demo accounts' },
  seed: { kind: 'string', default: 'ledgerscope', help: "the generator's seed (same seed, same history)" },
  'max-queue': {
    kind: 'int',
    default: 5000,
    min: 1,
    max: 1_000_000,
    help: 'admitted transactions waiting for a ledger; beyond it, TRY_AGAIN_LATER',
  },
};
