// Issue 36: `payments --all --format json` stopped mid-walk left an unclosed array on stdout and
// nothing to say it was a part. It now ends with one sentence (how many records, why, that the
// output is incomplete) and exit code 1, the JSON array left open where it stopped.
import { describe, expect, it } from 'vitest';
import { parseInvocation } from '../../cli/args';
import { runCommand, type Context } from '../../cli/commands';
import { CommandError } from '../../cli/context';

const ACCOUNT = 'GBNAZFZQUMCGVVMZDOFA4AWMIMNSQ3G42DOJYQZQVV5GIQDB73GCLCH4';
const record = (n: number) => ({ id: String(n), pagingToken: String(n), type: 'payment' });

function run(format: string, failOnPage: number, abort?: AbortController) {
  let out = '';
  let pages = 0;
  const ctx = {
    core: { names: () => () => undefined },
    dispatch: async () => {
      pages += 1;
      if (pages === failOnPage) return { ok: false, error: { code: 'unavailable', message: 'the server went away' } };
      if (pages === 2) abort?.abort();
      const records = [record(pages * 2 - 1), record(pages * 2)];
      return { ok: true, value: { records, next: String(pages * 2) } };
    },
    io: { out: (text: string) => (out += text), err: () => undefined, readStdin: async () => '' },
    ...(abort ? { signal: abort.signal } : {}),
  } as unknown as Context;
  const { command } = parseInvocation(['payments', ACCOUNT, '--all', '--limit', '2', '--format', format]);
  return { done: runCommand(command, ctx), out: () => out };
}

describe('an aborted --all listing', () => {
  it('ends a JSON array cut by an error with a sentence and a refusal, not a close', async () => {
    const { done, out } = run('json', 3);
    await expect(done).rejects.toThrow(CommandError);
    await expect(done).rejects.toThrow(
      'stopped after 4 records (the server went away): the output on stdout is incomplete, its JSON array not closed',
    );
    expect(out().startsWith('[')).toBe(true);
    expect(out().trimEnd().endsWith(']')).toBe(false);
  });

  it('says the same of NDJSON interrupted between pages (Ctrl-C)', async () => {
    const { done, out } = run('ndjson', 99, new AbortController());
    await expect(done).rejects.toThrow('stopped after 4 records (interrupted): the output on stdout is incomplete');
    expect(out().trimEnd().split('\n')).toHaveLength(4);
  });

  it('an error before the first page writes nothing and is the error itself', async () => {
    const { done, out } = run('json', 1);
    await expect(done).rejects.toThrow('the server went away');
    expect(out()).toBe('');
  });
});
