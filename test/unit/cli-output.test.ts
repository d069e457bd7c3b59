// Issue #36: the command line writes for people first. A table is at most 120 columns unless
// --wide (a sentence or a name clipped with "…", never an amount; an optional column left out and
// said so); an account by its name or its id abbreviated by the one rule; XLM, never "native";
// every --format the same one-of flag, anything else a usage error (exit 2).
import { Keypair } from '@stellar/stellar-base';
import { describe, expect, it } from 'vitest';
import { parseInvocation, USAGE } from '../../cli/args';
import { formatOf } from '../../cli/flags';
import { parseHistoryCommand } from '../../cli/history-args';
import { shownFor } from '../../cli/shown';
import { clip, hang, MAX_COLUMNS, table, wrap } from '../../cli/table';
import { UsageError } from '../../cli/usage-error';
import { abbreviateId } from '../../shared/ids';

const widest = (text: string) =>
  Math.max(
    ...text
      .trimEnd()
      .split('\n')
      .map((line) => line.length),
  );

describe('a table for a person', () => {
  const rows = (width: number) => [['2026-01-01', 'x'.repeat(width), '1,000.0000000', '12345678901234567']];
  const columns = [{ name: 'time' }, { name: 'what', flex: 20 }, { name: 'amount' }, { name: 'id', drop: 1 }];

  it('is as wide as its cells up to 120 columns, at 121 clips its sentence', () => {
    // 10 + 2 + w + 2 + 13 + 2 + 17: 120 at w = 74.
    expect(widest(table(columns, rows(74)))).toBe(MAX_COLUMNS);
    expect(table(columns, rows(74))).toContain('x'.repeat(74));
    const clipped = table(columns, rows(75));
    expect(widest(clipped)).toBe(MAX_COLUMNS);
    expect(clipped).toContain(`${'x'.repeat(73)}…`);
    expect(clipped).toContain('1,000.0000000');
  });

  it('leaves out an optional column, and says so, where clipping is not enough; --wide keeps everything', () => {
    const tight = table(columns, rows(300), { max: 60 });
    expect(widest(tight)).toBeLessThanOrEqual(60);
    expect(tight).not.toContain('12345678901234567');
    expect(tight).toContain('1,000.0000000');
    expect(tight.trimEnd().split('\n').at(-1)).toBe('(id left out to fit 60 columns: --wide shows every column)');
    const wide = table(columns, rows(300), { wide: true });
    expect(wide).toContain('x'.repeat(300));
    expect(wide).toContain('12345678901234567');
    expect(wide).not.toContain('left out');
  });

  it('clips a sentence before a figure it would cut, never inside it (issue 36)', () => {
    const trust = 'busy trusts pool 426e45…202dd3 up to 10,000.0000000';
    // Cut inside "10,000.0000000": back to before it.
    expect(clip(trust, 42)).toBe('busy trusts pool 426e45…202dd3 up to …');
    // Cut at the space before it, or at the end of the word before: nothing of the figure either way.
    expect(clip(trust, 38)).toBe('busy trusts pool 426e45…202dd3 up to …');
    expect(clip(trust, 37)).toBe('busy trusts pool 426e45…202dd3 up to…');
    // Cut inside a word without a digit: cut there, as before.
    expect(clip(trust, 11)).toBe('busy trust…');
    // Whole when it fits, at exactly its width and one over.
    expect(clip(trust, trust.length)).toBe(trust);
    expect(clip(trust, trust.length - 1)).toBe('busy trusts pool 426e45…202dd3 up to …');
    // A first word with a digit is cut where it is (nothing before it to go back to).
    expect(clip('1234567890', 5)).toBe('1234…');
  });

  it('wraps a sentence between words at its width', () => {
    expect(wrap('aaa bbb ccc', 7)).toBe('aaa bbb\nccc\n');
    expect(wrap('aaa bbb ccc', 6)).toBe('aaa\nbbb\nccc\n');
    expect(wrap('aaa bbb ccc', 11)).toBe('aaa bbb ccc\n');
  });

  it('carries a long "label: value" line on under its value, a line of 20 whole', () => {
    expect(hang('sequence:  12 ok, the account', 20)).toBe('sequence:  12 ok,\n           the\n           account\n');
    expect(hang('  1. pay 2 XLM to bo', 20)).toBe('  1. pay 2 XLM to bo\n');
    expect(hang('  1. pay 2 XLM to bob', 20)).toBe('  1. pay 2 XLM to\n    bob\n');
  });

  it('clips text to its width with an ellipsis, not a character more', () => {
    expect(clip('abcdef', 6)).toBe('abcdef');
    expect(clip('abcdefg', 6)).toBe('abcde…');
  });
});

describe('ids, accounts, assets and amounts as a person reads them', () => {
  const [busy, issuer, stranger] = [Keypair.random(), Keypair.random(), Keypair.random()].map((k) => k.publicKey()) as [
    string,
    string,
    string,
  ];
  const names = (account: string) => ({ [busy]: 'busy', [issuer]: 'issuer-a' })[account];
  const pool = 'f2246a1c58f4227b0d39c9943f3cace438162f0ce063daa1a60baa74dde96edd';

  it('names an account it knows, abbreviates one it does not, and writes XLM for the native asset', () => {
    const shown = shownFor(names, false);
    expect(shown.account(busy)).toBe('busy');
    expect(shown.account(stranger)).toBe(abbreviateId(stranger));
    expect(shown.asset('native')).toBe('XLM');
    expect(shown.asset(`USD:${issuer}`)).toBe('USD (issuer-a)');
    expect(shown.asset(`USD:${stranger}`)).toBe(`USD (${abbreviateId(stranger)})`);
    expect(shown.asset(`pool:${pool}`)).toBe(`pool shares (${abbreviateId(pool)})`);
    expect(shown.amount('2650.563165')).toBe('2,650.5631650');
  });

  it("names the abbreviated accounts of the index's sentences where the address book knows them", () => {
    const shown = shownFor(names, false, () => [{ account: busy }, { account: issuer }]);
    const said = `${abbreviateId(busy)} trusts USD of ${abbreviateId(issuer)}; ${abbreviateId(stranger)} signs`;
    expect(shown.named(said)).toBe(`busy trusts USD of issuer-a; ${abbreviateId(stranger)} signs`);
  });

  it('with --wide writes every id whole', () => {
    const shown = shownFor(names, true);
    expect(shown.account(busy)).toBe(`busy (${busy})`);
    expect(shown.account(stranger)).toBe(stranger);
    expect(shown.asset(`USD:${stranger}`)).toBe(`USD (${stranger})`);
    expect(shown.asset(`pool:${pool}`)).toBe(`pool shares (${pool})`);
  });
});

describe('--format and --wide', () => {
  it('is the table by default, a machine layout the command writes when asked, anything else refused', () => {
    expect(formatOf(undefined, ['json', 'csv'] as const)).toBe('table');
    expect(formatOf('csv', ['json', 'csv'] as const)).toBe('csv');
    expect(() => formatOf('xml', ['json', 'csv'] as const)).toThrow(
      new UsageError('--format must be table or json or csv, not "xml"'),
    );
    const busy = Keypair.random().publicKey();
    for (const args of [
      ['payments', busy],
      ['operations', '--ledger', '5'],
      ['submit', 'tx.xdr'],
      ['stream', 'payments', busy],
    ])
      expect(parseInvocation(args).command).toMatchObject({
        ...(args[0] === 'submit' || args[0] === 'stream' ? { format: 'table' } : { flags: { format: 'table' } }),
      });
    expect(parseHistoryCommand('reconcile', [busy])).toMatchObject({ format: 'table' });
    expect(parseHistoryCommand('sync', [busy])).toMatchObject({ format: 'table' });
    expect(parseHistoryCommand('totals', [busy, '--by', 'asset', '--format', 'json'])).toMatchObject({
      format: 'json',
    });
    expect(() => parseHistoryCommand('reconcile', [busy, '--format', 'yaml'])).toThrow(UsageError);
    expect(() => parseHistoryCommand('sync', [busy, '--format', 'csv'])).toThrow(UsageError);
  });

  it('--help keeps to 120 columns and names --wide, the formats and the exit codes', () => {
    expect(USAGE.split('\n').filter((line) => line.length > MAX_COLUMNS)).toEqual([]);
    for (const said of ['--wide', '--format table|json|ndjson|csv', 'exit codes: 0', '  2 a malformed command line'])
      expect(USAGE).toContain(said);
  });

  it('--top ranks counterparties only: with --by counterparty it is read, with any other grouping refused (exit 2)', () => {
    const busy = Keypair.random().publicKey();
    expect(parseHistoryCommand('totals', [busy, '--by', 'counterparty', '--top', '5'])).toMatchObject({ top: 5 });
    expect(parseHistoryCommand('totals', [busy, '--by', 'month'])).toMatchObject({ by: 'month' });
    for (const by of ['asset', 'day', 'week', 'month'])
      expect(() => parseHistoryCommand('totals', [busy, '--by', by, '--top', '5'])).toThrow(
        new UsageError(`totals: --top ranks counterparties (--by counterparty); --by ${by} lists every ${by}`),
      );
  });

  it('--wide is a global flag, taken anywhere on the line', () => {
    const busy = Keypair.random().publicKey();
    expect(parseInvocation(['payments', busy]).wide).toBe(false);
    expect(parseInvocation(['payments', busy, '--wide']).wide).toBe(true);
    expect(parseInvocation(['--wide', 'totals', busy, '--by', 'asset']).wide).toBe(true);
  });
});
