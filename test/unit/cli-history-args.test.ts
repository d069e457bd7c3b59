// The history commands' flags (cli/history-args.ts on cli/flags.ts): a value that starts with a
// dash, as `--help` writes `--sort -amount`, in both spellings (issue 37.10).
import { describe, expect, it } from 'vitest';
import { parseHistoryCommand } from '../../cli/history-args';
import { UsageError } from '../../cli/usage-error';

const ACCOUNT = 'GBNAZFZQUMCGVVMZDOFA4AWMIMNSQ3G42DOJYQZQVV5GIQDB73GCLCH4';
const sortOf = (...flags: string[]) => {
  const command = parseHistoryCommand('history', [ACCOUNT, ...flags]);
  return command.kind === 'history' ? command.sort : null;
};

describe('history --sort, as --help writes it', () => {
  it.each([
    [['--sort', '-amount'], '-amount'],
    [['--sort=-amount'], '-amount'],
    [['--sort', '-time'], '-time'],
    [['--sort', 'amount'], 'amount'],
    [['--sort', '-amount', '--limit', '3'], '-amount'],
    [[], '-time'],
  ])('%j sorts by %s', (flags, sort) => {
    expect(sortOf(...flags)).toBe(sort);
  });

  it.each([
    [['--sort', '-size'], '--sort must be time or -time or amount or -amount, not "-size"'],
    [['--sort', '--limit', '3'], "history: Option '--sort' argument is ambiguous"],
    [['--sort'], "Option '--sort <value>' argument missing"],
    [['--max', '-5'], '--max'],
  ])('refuses %j with one line', (flags, line) => {
    expect(() => sortOf(...flags)).toThrow(UsageError);
    expect(() => sortOf(...flags)).toThrow(line);
  });
});
