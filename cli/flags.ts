// The command line's flag reading, shared by every command's parser (args.ts, history-args.ts):
// strict node:util parseArgs whose every mistake is one UsageError line, positionals counted
// exactly, and one-of choices that name what they take.
import { parseArgs } from 'node:util';
import { UsageError } from './usage-error';

export type OptionTable = Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }>;
export type Values = Record<string, string | boolean | string[] | undefined>;

export interface ParseOptions {
  /** Named before the message (`history: Unknown option '--x'`). */
  command?: string;
  /** Refuse a value longer than this many characters. */
  maxValue?: number;
}

/**
 * `--name -value` as `--name=-value` where `--name` takes a value and `-value` is no short flag of
 * the table: the spelling `--help` writes (`--sort -amount`), which node's parseArgs calls
 * ambiguous (issue 37.10). A `--`-led word after it stays a flag (`--sort --limit 3` is refused).
 */
function joinDashValues(args: string[], options: OptionTable): string[] {
  const shorts = new Set(Object.values(options).flatMap((o) => (o.short ? [`-${o.short}`] : [])));
  const joined: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    const next = args[i + 1];
    if (arg === '--') return [...joined, ...args.slice(i)];
    const option = arg.startsWith('--') && !arg.includes('=') ? options[arg.slice(2)] : undefined;
    if (option?.type === 'string' && next?.startsWith('-') && !next.startsWith('--') && !shorts.has(next)) {
      joined.push(`${arg}=${next}`);
      i += 1;
    } else joined.push(arg);
  }
  return joined;
}

/** Strict flags and positionals; a mistake is one line (node's hint about dash-led values kept). */
export function parseFlags(
  args: string[],
  options: OptionTable,
  how: ParseOptions = {},
): { values: Values; positionals: string[] } {
  let parsed: { values: Values; positionals: string[] };
  try {
    parsed = parseArgs({ args: joinDashValues(args, options), options, strict: true, allowPositionals: true }) as {
      values: Values;
      positionals: string[];
    };
  } catch (error) {
    const line = (error as Error).message
      .replace(/\s*\n\s*/g, ' ')
      .replace(/ To specify a positional argument.*$/, '')
      .slice(0, 200);
    throw new UsageError(how.command ? `${how.command}: ${line}` : line);
  }
  if (how.maxValue !== undefined) {
    for (const [name, value] of Object.entries(parsed.values)) {
      for (const item of Array.isArray(value) ? value : [value]) {
        if (typeof item === 'string' && item.length > how.maxValue)
          throw new UsageError(`--${name} is longer than ${how.maxValue} characters`);
      }
    }
  }
  return parsed;
}

/** Exactly these positionals, else a line naming the missing or the unexpected one. */
export function positionals(found: string[], names: string[], command: string): string[] {
  if (found.length < names.length) throw new UsageError(`${command}: missing <${names[found.length]}>`);
  if (found.length > names.length)
    throw new UsageError(`${command}: unexpected argument "${found[names.length]!.slice(0, 40)}"`);
  return found;
}

/** A string flag's value, or undefined. */
export const str = (values: Values, key: string): string | undefined =>
  typeof values[key] === 'string' ? (values[key] as string) : undefined;

/** One of `allowed`, or `fallback` when the flag is absent. */
export function oneOf<T extends string>(name: string, value: unknown, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value as string))
    throw new UsageError(`--${name} must be ${allowed.join(' or ')}, not "${String(value).slice(0, 40)}"`);
  return value as T;
}

/** What --format may name: a person's table or sentences (the default), or a machine's layout. */
export type OutputFormat = 'table' | 'json' | 'ndjson' | 'csv';

/**
 * --format of every command that writes data (issue #36): the person's table or sentences when
 * absent; else one of the machine layouts the command writes (`allowed`), and anything else is a
 * usage error that names them.
 */
export function formatOf<T extends string>(value: unknown, allowed: readonly T[]): T | 'table' {
  return oneOf('format', value, ['table', ...allowed] as const, 'table');
}
