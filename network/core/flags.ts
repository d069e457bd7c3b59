// A small command-line flag parser shared by the network's entry points: a table of known flags,
// `--name value` or `--name=value`, integers checked. A bad or unknown flag is a FlagError, which
// the entry points turn into a one-line message and exit code 2.
export class FlagError extends Error {
  override name = 'FlagError';
}

export type FlagSpec = { kind: 'int'; default?: number; min?: number; max?: number } | { kind: 'string'; default?: string };
export type FlagTable = Record<string, FlagSpec>;
export type FlagValues = Record<string, number | string | undefined>;

export function parseFlags(argv: string[], table: FlagTable): FlagValues {
  const values: FlagValues = {};
  for (const [name, spec] of Object.entries(table)) values[name] = spec.default;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (!arg.startsWith('--')) throw new FlagError(`unexpected argument "${arg}"`);
    const eq = arg.indexOf('=');
    const name = eq >= 0 ? arg.slice(2, eq) : arg.slice(2);
    const spec = table[name];
    if (!spec) throw new FlagError(`unknown flag --${name}`);
    let raw: string | undefined;
    if (eq >= 0) raw = arg.slice(eq + 1);
    else {
      raw = argv[i + 1];
      i += 1;
    }
    if (raw === undefined) throw new FlagError(`--${name} needs a value`);
    values[name] = spec.kind === 'int' ? parseIntFlag(name, raw, spec) : raw;
  }
  return values;
}

function parseIntFlag(name: string, raw: string, spec: Extract<FlagSpec, { kind: 'int' }>): number {
  if (!/^\d+$/.test(raw)) throw new FlagError(`--${name} must be a non-negative integer, not "${raw}"`);
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

/** The core's flags; network/cli.ts passes these through to network/core/process.ts. */
export const CORE_FLAGS: FlagTable = {
  'data-dir': { kind: 'string' },
  port: { kind: 'int', default: 11626, max: 65535 },
  'start-ledger': { kind: 'int', default: 2, min: 2, max: 2 ** 31 - 100_000_000 },
  'close-interval-ms': { kind: 'int', default: 1000, min: 10, max: 3_600_000 },
  'history-ops': { kind: 'int', default: 0, max: 50_000_000 },
  accounts: { kind: 'int', default: 8, max: 100_000 },
  seed: { kind: 'string', default: 'ledgerscope' },
  'max-queue': { kind: 'int', default: 5000, min: 1, max: 1_000_000 },
};
