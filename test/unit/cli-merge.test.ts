// `ledgerscope merge` and inspect's signature lines: every bad flag a one-line usage error, bad
// files and bad envelopes one-line errors, a secret key refused without being echoed. Runs the
// commands on the real app core (an unreachable network: accounts stay unknown).
import { mkdtempSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseInvocation, UsageError } from '../../cli/args';
import { CommandError, runCommand, type Context } from '../../cli/commands';
import { createAppCore } from '../../core/app/app';
import { createDispatcher } from '../../core/app/dispatch';
import { A, B, payment, signed } from './signatures-support';

const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-cli-merge-'));
const core = createAppCore({
  userDataDir: dir,
  localUrl: 'http://127.0.0.1:9',
  host: 'web',
  version: 'test',
  healthIntervalMs: 0,
  http: { timeoutMs: 2_000, maxRetries: 0 },
});
afterAll(() => core.close());

function context() {
  const out: string[] = [];
  const err: string[] = [];
  const ctx: Context = {
    core,
    dispatch: createDispatcher(core.handlers),
    io: { out: (t) => void out.push(t), err: (t) => void err.push(t), readStdin: async () => '' },
    interrupted: new Promise(() => undefined),
    onEvent: () => () => undefined,
  };
  return { ctx, out, err };
}

const file = (name: string, content: string) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};

const usage = (argv: string[]) => {
  try {
    parseInvocation(argv);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).not.toContain('\n');
    return (error as Error).message;
  }
  throw new Error(`no usage error for ${argv.join(' ')}`);
};

const tx = payment();
const sigOfB = B.sign(tx.hash()).toString('base64');

describe('merge flags', () => {
  it('parses files, repeated --add-signature, --output and --format', () => {
    const { command } = parseInvocation([
      'merge',
      'a.xdr',
      'b.xdr',
      '--add-signature',
      `${B.publicKey()}:${sigOfB}`,
      '--add-signature',
      `${A.publicKey()}:${sigOfB}`,
      '-o',
      'out.txt',
      '--format',
      'sep7',
    ]);
    expect(command).toEqual({
      kind: 'merge',
      sources: ['a.xdr', 'b.xdr'],
      detached: [
        { publicKey: B.publicKey(), signature: sigOfB },
        { publicKey: A.publicKey(), signature: sigOfB },
      ],
      output: 'out.txt',
      format: 'sep7',
    });
    expect(parseInvocation(['merge', 'a.xdr']).command).toMatchObject({ format: 'base64', detached: [] });
  });

  it.each([
    [['merge'], /give one or more envelope files/],
    [['merge', 'a', '--format', 'pdf'], /--format must be base64, hex or sep7, not "pdf"/],
    [['merge', 'a', '--add-signature', 'nocolon'], /PUBLIC_KEY:BASE64_SIGNATURE/],
    [['merge', 'a', '--add-signature', `GABC:${sigOfB}`], /must be a G… public key/],
    [['merge', 'a', '--add-signature', `${B.publicKey()}:!!!`], /64-byte signature in base64/],
    [['merge', 'a', '--add-signature', `${B.publicKey()}:AAAA`], /64-byte signature in base64/],
    [['merge', 'a', '--add-signature'], /argument missing|--add-signature/],
    [['merge', 'a', '--bogus'], /Unknown option '--bogus'/],
    [['merge', ...Array.from({ length: 21 }, (_, i) => `f${i}`)], /at most 20 envelope files/],
  ])('%j is a one-line usage error', (argv, message) => {
    expect(usage(argv)).toMatch(message);
  });

  it('refuses a secret key anywhere on the command line without echoing it', () => {
    for (const argv of [
      ['merge', 'a', '--add-signature', `${B.publicKey()}:${A.secret()}`],
      ['merge', A.secret()],
      ['inspect', `x${A.secret()}y`],
    ]) {
      const message = usage(argv);
      expect(message).toMatch(/secret key/);
      expect(message).not.toContain(A.secret().slice(1, 30));
    }
  });
});

describe('merge runs', () => {
  const run = async (argv: string[]) => {
    const io = context();
    const invocation = parseInvocation(argv);
    const code = await runCommand(invocation.command, { ...io.ctx, wide: invocation.wide }).catch(
      (error: unknown) => error,
    );
    return { ...io, result: code };
  };

  it('merges two files and a detached signature, writing hex to --output', async () => {
    const output = join(dir, 'merged.hex');
    const { result, out, err } = await run([
      'merge',
      file('a.xdr', signed(tx, A)),
      file('b.xdr', signed(tx, A)),
      '--add-signature',
      `${B.publicKey()}:${sigOfB}`,
      '--output',
      output,
      '--format',
      'hex',
    ]);
    expect(result).toBe(0);
    expect(out.join('')).toBe(`${output}\n`);
    const hex = readFileSync(output, 'utf8').trim();
    expect(hex).toMatch(/^[0-9a-f]+$/);
    expect(err.join('')).toMatch(/^merged 2 envelope\(s\) and 1 detached signature\(s\): [0-9a-f]{64}\n/);
    expect(err.join('')).toContain(`signature 1: valid, ${A.publicKey()}`);
    expect(err.join('')).toMatch(/held back: .*could not be read/);
  });

  it.each([
    ['a missing file', () => join(dir, 'nope.xdr'), /^cannot read .*nope\.xdr: no such file$/],
    ['a 5 MB file', () => file('huge.xdr', 'A'.repeat(5 * 1024 * 1024)), /larger than 200 kB/],
    [
      'garbage base64',
      () => file('garbage.xdr', 'bm90IGFuIGVudmVsb3BlIGF0IGFsbA=='),
      /^Envelope 1: .*not a TransactionEnvelope/,
    ],
    ['a pasted secret key', () => file('secret.txt', A.secret()), /secret key/],
  ])('%s is a one-line error', async (_name, make, message) => {
    const { result, out } = await run(['merge', make()]);
    expect(result).toBeInstanceOf(CommandError);
    const text = (result as Error).message;
    expect(text).toMatch(message);
    expect(text).not.toContain('\n');
    expect(text).not.toContain(A.secret().slice(1, 30));
    expect(out).toEqual([]);
  });

  it('inspect --format json prints the signature lines and puts the check in its JSON', async () => {
    const { result, out, err } = await run(['inspect', file('one.xdr', signed(tx, A, B)), '--format', 'json']);
    // B's signature is no signer's: held back, so the verdict, and the exit code, is "not ready".
    expect(result).toBe(1);
    const printed = JSON.parse(out.join('')) as { signatureCheck: { signatures: { signer?: string }[] } };
    expect(printed.signatureCheck.signatures.map((s) => s.signer)).toEqual([A.publicKey(), undefined]);
    expect(err.join('')).toContain('signature 2: unknown signer (hint');
  });

  it('inspect speaks to a person first: its verdict, in order, and no JSON', async () => {
    // By default no line is wider than 120 columns: a longer one goes on under its value.
    const narrow = await run(['inspect', file('one.xdr', signed(tx, A, B))]);
    expect(
      narrow.out
        .join('')
        .split('\n')
        .filter((line) => line.length > 120),
    ).toEqual([]);
    expect(narrow.out.join('')).toMatch(/^ {13}\S/m);
    // With --wide a line each, as below.
    const { result, out, err } = await run(['inspect', file('one.xdr', signed(tx, A, B)), '--wide']);
    expect(result).toBe(1); // held back (below): not ready to submit
    expect(err).toEqual([]);
    const lines = out.join('').trimEnd().split('\n');
    const heads = lines.filter((line) => !line.startsWith(' ')).map((line) => line.slice(0, line.indexOf(':')));
    expect(heads.slice(0, 8)).toEqual([
      'network',
      'source',
      'sequence',
      'fee',
      'operations',
      'signatures',
      'thresholds',
      'readiness',
    ]);
    expect(lines[0]).toBe('network:     Local (the signatures verify for it)');
    expect(lines[1]).toBe(`source:      ${A.publicKey()}`);
    expect(lines[2]).toMatch(/^sequence: +\d+: unknown, /);
    expect(lines[3]).toMatch(/^fee: +at most 0\.0000100 XLM \(100 stroops\)$/);
    expect(lines[4]).toBe('operations:  1');
    expect(lines[5]).toMatch(/^ {2}1\. /);
    // No server answers here: the memo-required check (SEP-29) says it could not be made, under its operation.
    expect(lines[6]).toMatch(
      /^ {5}note: Could not check whether \S+ requires a memo \(SEP-29\): the server did not answer/,
    );
    expect(lines[7]).toBe('signatures:  1 of 2 valid');
    expect(lines).toContain(
      '  signature 2: unknown signer (hint ' + B.rawPublicKey().subarray(28).toString('hex') + ')',
    );
    expect(lines.find((line) => line.startsWith('readiness:'))).toBe('readiness:   held back');
    expect(out.join('')).not.toMatch(/^[{[]/m);
  });

  it('merge --output never overwrites a file: the next free name is written and printed', async () => {
    const output = join(dir, 'kept.txt');
    writeFileSync(output, 'mine\n');
    const first = await run(['merge', file('c.xdr', signed(tx, A)), '--output', output]);
    const second = await run(['merge', file('d.xdr', signed(tx, A)), '--output', output]);
    expect([first.result, second.result]).toEqual([0, 0]);
    expect(readFileSync(output, 'utf8')).toBe('mine\n');
    expect(first.out.join('')).toBe(`${join(dir, 'kept (2).txt')}\n`);
    expect(second.out.join('')).toBe(`${join(dir, 'kept (3).txt')}\n`);
    expect(readFileSync(join(dir, 'kept (2).txt'), 'utf8')).toMatch(/^[A-Za-z0-9+/=]+\n$/);
  });
});
