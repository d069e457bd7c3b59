// The command-line client spawned as a user runs it (node <the command line> …: cliEntry(), the
// bundle of the code bin/ledgerscope.mjs runs under tsx; test/support/cli-process.ts) against the real
// local network: listings in every format, inspect, submit, decode, stream, export, and errors.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Keypair } from '@stellar/stellar-base';
import { ACCOUNTING_COLUMNS } from '../../shared/accounting';
import { abbreviateId } from '../../shared/ids';
import { Operation } from '../../shared/model';
import { cliEntry, runCliEach } from '../support/cli-process';
import { startNetwork, type DemoAccount, type RunningNetwork } from '../support/network';
import { accountSequence, nativePayment, paymentTx, signedTx } from '../support/signed-tx';
import { waitFor } from '../support/wait';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
let net: RunningNetwork;
let alice: DemoAccount;
let bob: DemoAccount;
let userData: string;

beforeAll(async () => {
  net = await startNetwork({ startLedger: 60_000_000, closeIntervalMs: 200, historyOps: 300, accounts: 6 });
  alice = net.demoAccounts.find((a) => a.name === 'alice')!;
  bob = net.demoAccounts.find((a) => a.name === 'bob')!;
  userData = mkdtempSync(join(tmpdir(), 'ledgerscope-cli-'));
});

afterAll(async () => {
  await net?.stop();
});

function start(
  args: string[],
  stdin?: string,
  env: Record<string, string> = {},
): { child: ChildProcess; out: () => string; err: () => string; done: Promise<number> } {
  const child = spawn(process.execPath, [cliEntry(), ...args], {
    cwd: ROOT,
    env: { ...process.env, LEDGERSCOPE_USER_DATA: userData, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  child.stdin!.on('error', () => undefined); // the command may stop reading early (input too large)
  child.stdin!.end(stdin ?? '');
  const done = new Promise<number>((resolve) => child.once('close', (code) => resolve(code ?? -1)));
  return { child, out: () => out, err: () => err, done };
}

async function run(args: string[], stdin?: string, env?: Record<string, string>) {
  const proc = start(args, stdin, env);
  const code = await proc.done;
  return { code, out: proc.out(), err: proc.err() };
}

const network = () => ['--network', net.serviceUrl];

describe('ledgerscope listings', () => {
  it('pages through all payments as NDJSON of normalised records', async () => {
    const { code, out, err } = await run([
      'payments',
      alice.publicKey,
      ...network(),
      '--all',
      '--format',
      'ndjson',
      '--include-failed',
    ]);
    expect(err).toBe('');
    expect(code).toBe(0);
    const records = out
      .trimEnd()
      .split('\n')
      .map((line) => Operation.parse(JSON.parse(line)));
    expect(records.length).toBeGreaterThan(0);
    expect(new Set(records.map((r) => r.id)).size).toBe(records.length);
    expect(
      records.every((r) => ['payment', 'create_account', 'account_merge'].includes(r.type) || r.type === 'other'),
    ).toBe(true);
  });

  it('lists a ledger as CSV and a transaction as JSON, with the next cursor on stderr', async () => {
    const first = await run([
      'payments',
      alice.publicKey,
      ...network(),
      '--limit',
      '1',
      '--format',
      'json',
      '--join',
      'transactions',
    ]);
    expect(first.code).toBe(0);
    const [record] = JSON.parse(first.out) as Operation[];
    expect(record!.transaction?.hash).toBe(record!.transactionHash);
    expect(first.err).toMatch(/^next cursor: \d+\n$/);
    const ledger = String(BigInt(record!.id) >> 32n);
    const csv = await run(['operations', '--ledger', ledger, ...network(), '--format', 'csv', '--limit', '200']);
    expect(csv.code).toBe(0);
    const lines = csv.out.trimEnd().split('\n');
    expect(lines[0]).toBe(
      'time,type,direction,counterparty,counterparty_name,asset_code,asset_issuer,amount,fee_xlm,transaction_hash,operation_id,memo,successful,summary',
    );
    expect(lines.some((line) => line.includes(`,${record!.transactionHash},${record!.id},`))).toBe(true);
    const tx = await run([
      'operations',
      '--transaction',
      record!.transactionHash,
      ...network(),
      '--order',
      'desc',
      '--format',
      'json',
    ]);
    expect(tx.code).toBe(0);
    expect((JSON.parse(tx.out) as Operation[]).map((r) => r.transactionHash)).toContain(record!.transactionHash);
  });

  it('rejects bad flags with one line and exit 2, and failures with exit 1', async () => {
    const refused = [
      ['payments'],
      ['payments', alice.publicKey, '--limit', '0'],
      ['operations', '--ledger', '5', '--account', alice.publicKey],
      ['frobnicate'],
      ['payments', alice.publicKey, '--bogus'],
      ['--network', 'mars', 'payments', 'x'],
      ['payments', alice.publicKey, '--format', 'xml'],
    ];
    const results = await runCliEach(refused, userData);
    for (const [i, args] of refused.entries()) {
      const { code, out, err } = results[i]!;
      expect(code, args.join(' ')).toBe(2);
      expect(out).toBe('');
      expect(err.trimEnd().split('\n')).toHaveLength(1);
      expect(err).toMatch(/^ledgerscope: /);
    }
    const missing = await run(['operations', '--transaction', 'ab'.repeat(32), ...network()]);
    expect(missing).toMatchObject({ code: 1, out: '' });
    expect(missing.err).toMatch(/was not found on/);
    const bad = await run(['operations', '--ledger', 'abc', ...network()]);
    expect(bad.code).toBe(1);
  });
});

describe('ledgerscope transactions', () => {
  it('inspects a file, submits from stdin and follows it into a ledger, decodes its result', async () => {
    const tx = await paymentTx(net.serviceUrl, alice, bob.publicKey, { passphrase: net.passphrase, amount: '2' });
    const file = join(userData, 'payment.xdr');
    writeFileSync(file, tx.toXDR());
    const inspected = await run(['inspect', file, ...network(), '--format', 'json']);
    expect(inspected.code).toBe(0);
    expect(JSON.parse(inspected.out)).toMatchObject({
      hash: tx.hash().toString('hex'),
      sequenceCheck: { status: 'ok' },
    });
    // Without --format json: the verdict for a person, ready to submit.
    const verdict = await run(['inspect', file, ...network()]);
    expect(verdict.code).toBe(0);
    const lines = verdict.out.split('\n');
    const host = new URL(net.serviceUrl).host; // a --network URL is named by its host
    expect(lines[0]).toBe(`network:     ${host} (the signatures verify for it)`);
    expect(lines[1]).toBe(`source:      ${alice.publicKey}`);
    expect(lines[2]).toMatch(/^sequence: +\d+: ok, /);
    expect(lines.find((line) => line.startsWith('readiness:'))).toBe(`readiness:   ready to submit on ${host}`);
    expect(verdict.out).toContain(`hash:        ${tx.hash().toString('hex')}`);
    // For a person, sentences: what the server said, then where it ended (issue 36: raw JSON objects).
    const submitted = await run(['submit', '-', ...network()], tx.toXDR());
    expect(submitted.code).toBe(0);
    const hash = tx.hash().toString('hex');
    const [said, ended] = submitted.out.trimEnd().split('\n');
    expect(said).toBe(`received: transaction ${abbreviateId(hash)}`);
    expect(ended).toMatch(new RegExp(`^success: transaction ${abbreviateId(hash)} is in ledger [\\d,]+$`));
    // For a machine, the report and the final status as JSON objects, one a line.
    const again = await run(['submit', file, '--format', 'json', ...network()]);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.out.split('\n')[0]!)).toMatchObject({ result: 'already_finished', hash });
    const result = await fetch(`${net.serviceUrl}/transactions/${tx.hash().toString('hex')}`).then(
      (r) => r.json() as Promise<{ result_xdr: string }>,
    );
    const decoded = await run(['decode', 'TransactionResult', result.result_xdr]);
    expect(decoded.code).toBe(0);
    expect(JSON.parse(decoded.out)).toMatchObject({ result: { tx_success: [{ op_inner: { payment: 'success' } }] } });
    const guessed = await run(['decode', 'auto', tx.toXDR()]);
    expect(guessed.err).toBe('type: TransactionEnvelope\n');
  });

  it('flags a payment to the demo exchange without a memo (SEP-29), refuses to submit it unless --no-memo-check', async () => {
    const exchange = net.demoAccounts.find((a) => a.name === 'exchange')!;
    const bare = await paymentTx(net.serviceUrl, bob, exchange.publicKey, { passphrase: net.passphrase, amount: '3' });
    const short = `${exchange.publicKey.slice(0, 6)}…${exchange.publicKey.slice(-6)}`;
    const warning = `${short} requires a memo (SEP-29); this transaction has none: an exchange may not credit it.`;
    const inspected = await run(['inspect', '-', ...network()], bare.toXDR());
    expect(inspected.code).toBe(0);
    const lines = inspected.out.split('\n');
    expect(lines[lines.findIndex((l) => l.startsWith('  1. pay')) + 1]).toBe(`     warning: ${warning}`);
    const refused = await run(['submit', '-', ...network()], bare.toXDR());
    expect(refused).toMatchObject({ code: 1, out: '' });
    expect(refused.err).toContain(`refused: operation 1: ${warning}`);
    expect((await fetch(`${net.serviceUrl}/transactions/${bare.hash().toString('hex')}`)).status).toBe(404);
    // Without a memo only when told to; with one it goes.
    const forced = await run(['submit', '-', '--no-memo-check', ...network()], bare.toXDR());
    expect(forced.code).toBe(0);
    expect(forced.err).not.toContain('refused');
    const memo = await paymentTx(net.serviceUrl, bob, exchange.publicKey, {
      passphrase: net.passphrase,
      amount: '3',
      memo: 'deposit 1234',
      sequence: bare.sequence,
    });
    const withMemo = await run(['submit', '-', '--no-wait', ...network()], memo.toXDR());
    expect(withMemo.code).toBe(0);
    expect(withMemo.err).not.toContain('refused');
  });

  it('refuses a secret key without echoing it, says why a bad file is bad, and exits 1 on a verdict short of a signature', async () => {
    // Alice's payment signed by bob alone: it would fail with tx_bad_auth, so inspect's verdict is "not ready".
    const unsigned = signedTx(Keypair.fromSecret(alice.secretKey), [nativePayment(bob.publicKey, '1')], {
      passphrase: net.passphrase,
      sequence: await accountSequence(net.serviceUrl, alice.publicKey),
      signers: [Keypair.fromSecret(bob.secretKey)],
    });
    // Independent commands, run side by side: each is mostly its process's start.
    const [refused, missing, huge, junk, short] = await Promise.all([
      run(['inspect', '-', ...network()], alice.secretKey),
      run(['inspect', join(userData, 'nope.xdr')]),
      run(['inspect', '-', ...network()], 'A'.repeat(2 * 1024 * 1024)),
      run(['submit', '-', ...network()], 'hello, world!'),
      run(['inspect', '-', ...network()], unsigned.toXDR()),
    ]);
    expect(short.code).toBe(1);
    expect(short.out).toMatch(/^readiness: +(?!ready to submit)/m);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/secret key/);
    expect(refused.err + refused.out).not.toContain(alice.secretKey);
    expect(missing).toMatchObject({ code: 1, out: '' });
    expect(missing.err).toContain(`ledgerscope: cannot read ${join(userData, 'nope.xdr')}: no such file\n`);
    expect(missing.err).not.toMatch(/ENOENT/);
    expect(huge).toMatchObject({ code: 1, out: '' });
    expect(huge.err).toMatch(/larger than 1 MB/);
    expect(junk.code).toBe(1);
    expect(junk.err).toMatch(/neither hexadecimal nor base64/);
  });
});

describe('ledgerscope merge', () => {
  it('merges copies from files into a SEP-7 URI that submits, dropping a signature no threshold uses', async () => {
    const tx = await paymentTx(net.serviceUrl, alice, bob.publicKey, { passphrase: net.passphrase, amount: '1.5' });
    const a = join(userData, 'copy-a.xdr');
    const b = join(userData, 'copy-b.xdr');
    writeFileSync(a, tx.toXDR());
    tx.sign(Keypair.fromSecret(bob.secretKey)); // bob is no signer of alice: the network would answer tx_bad_auth_extra
    writeFileSync(b, Buffer.from(tx.toXDR(), 'base64').toString('hex')); // a hex copy reads the same
    const output = join(userData, 'merged.txt');
    const merged = await run(['merge', a, b, '--format', 'sep7', '--output', output, ...network()]);
    expect(merged.err).toMatch(/^merged 2 envelope\(s\): [0-9a-f]{64}\ndropped hint [0-9a-f]{8}: unknown signer\n/);
    expect(merged.err).toContain(`signature 1: valid, ${alice.publicKey}`);
    expect(merged.err).toContain('ready to submit');
    expect(merged).toMatchObject({ code: 0, out: `${output}\n` });
    const uri = readFileSync(output, 'utf8').trim();
    expect(uri).toMatch(/^web\+stellar:tx\?xdr=[^&]+&network_passphrase=/);
    const submitted = await run(['submit', output, '--format', 'ndjson', ...network()]);
    expect(submitted.code).toBe(0);
    expect(
      submitted.out
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .at(-1),
    ).toMatchObject({ state: 'success', hash: tx.hash().toString('hex') });
  });

  it('bad flags are one line and exit 2; a bad file one line and exit 1; secrets never echoed', async () => {
    const usage = await run(['merge', 'x.xdr', '--format', 'pdf', ...network()]);
    expect(usage).toMatchObject({ code: 2, out: '' });
    expect(usage.err).toMatch(
      /^ledgerscope: --format must be base64, hex or sep7, not "pdf" \(see ledgerscope --help\)\n$/,
    );
    const secret = await run([
      'merge',
      'x.xdr',
      '--add-signature',
      `${alice.publicKey}:${alice.secretKey}`,
      ...network(),
    ]);
    expect(secret.code).toBe(2);
    expect(secret.err.split('\n').filter(Boolean)).toHaveLength(1);
    expect(secret.err + secret.out).not.toContain(alice.secretKey);
    const huge = join(userData, 'huge.xdr');
    writeFileSync(huge, 'A'.repeat(5 * 1024 * 1024));
    const tooBig = await run(['merge', huge, ...network()]);
    expect(tooBig).toMatchObject({ code: 1, out: '' });
    expect(tooBig.err).toMatch(
      /^ledgerscope: .*huge\.xdr is larger than 200 kB; a transaction envelope is much smaller\n$/,
    );
  });
});

describe('ledgerscope stream and export', () => {
  it('streams new payments, a line for a person or NDJSON, until interrupted', async () => {
    const proc = start(['stream', 'payments', bob.publicKey, '--format', 'ndjson', ...network()]);
    // For a person: a line a payment.
    const person = start(['stream', 'payments', bob.publicKey, ...network()]);
    await waitFor('live', () => proc.err().includes('stream: live') && person.err().includes('stream: live'), 30_000);
    const tx = await paymentTx(net.serviceUrl, alice, bob.publicKey, { passphrase: net.passphrase, amount: '3.25' });
    await fetch(`${net.serviceUrl}/transactions`, { method: 'POST', body: new URLSearchParams({ tx: tx.toXDR() }) });
    const line = await waitFor(
      'the payment',
      () =>
        proc
          .out()
          .split('\n')
          .find((l) => l.includes(tx.hash().toString('hex'))),
      30_000,
    );
    expect(JSON.parse(line)).toMatchObject({ type: 'payment', amount: '3.25', to: bob.publicKey, direction: 'in' });
    const id = (JSON.parse(line) as Operation).id;
    const said = await waitFor(
      'the payment said',
      () =>
        person
          .out()
          .split('\n')
          .find((l) => l.includes('3.2500000')),
      30_000,
    );
    expect(said).toMatch(
      new RegExp(
        `^\\S+Z  payment  pay 3\\.2500000 XLM from ${abbreviateId(alice.publicKey)} to ${abbreviateId(bob.publicKey)}  ${id}$`,
      ),
    );
    proc.child.kill('SIGINT');
    person.child.kill('SIGINT');
    expect(await proc.done).toBe(0);
    expect(await person.done).toBe(0);
  });

  it('exports a listing to the named file', async () => {
    const output = join(userData, 'alice.csv');
    const { code, out, err } = await run([
      'export',
      'payments',
      alice.publicKey,
      '--output',
      output,
      '--include-failed',
      ...network(),
    ]);
    expect(code, err).toBe(0);
    expect(out.trim()).toBe(output);
    const rows = readFileSync(output, 'utf8').trimEnd().split('\n');
    expect(rows.length).toBeGreaterThan(1);
    expect(err).toMatch(/export: done, \d+ rows/);
    // The accounting layout: one row per transaction, Koinly's header.
    const accounting = join(userData, 'alice-accounting.csv');
    const second = await run([
      'export',
      'payments',
      alice.publicKey,
      '--output',
      accounting,
      '--format',
      'accounting',
      ...network(),
    ]);
    expect(second.code, second.err).toBe(0);
    const lines = readFileSync(accounting, 'utf8').trimEnd().split('\n');
    expect(lines[0]).toBe(ACCOUNTING_COLUMNS.join(','));
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((line) => /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,/.test(line))).toBe(true);
  });
});

describe('a federation address wherever an account is taken (SEP-2, issue 40.3)', () => {
  it("resolves alice*localhost through the local network's federation server and says whom it found", async () => {
    // The built-in local profile, pointed at this file's network: its own domain is read over plain HTTP.
    const env = { LEDGERSCOPE_LOCAL_URL: net.serviceUrl };
    const args = ['--network', 'local', 'payments', 'alice*localhost', '--limit', '1', '--format', 'ndjson'];
    const found = await run(args, undefined, env);
    expect(found.code, found.err).toBe(0);
    expect(found.err).toContain(`alice*localhost is ${alice.publicKey}\n`);
    const [record] = found.out
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { from?: string; to?: string });
    expect([record!.from, record!.to]).toContain(alice.publicKey);
    const unknown = await run(['--network', 'local', 'payments', 'nobody*localhost'], undefined, env);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain("localhost's federation server knows no nobody*localhost.");
  });
});

describe('ledgerscope --network local', () => {
  it('starts the embedded local network for the command when none runs, keeps its data, and stops it after', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-cli-local-'));
    const args = ['--user-data-dir', dir, 'operations', '--ledger', '2', '--limit', '5', '--format', 'ndjson'];
    const first = await run(args);
    expect(first.code, first.err).toBe(0);
    expect(first.err).toMatch(/starting the local network in .*local-network/);
    const records = first.out
      .trimEnd()
      .split('\n')
      .map((line) => Operation.parse(JSON.parse(line)));
    expect(records).toHaveLength(5);
    // Stopped with the command: the port it used no longer answers.
    const ports = JSON.parse(readFileSync(join(dir, 'local-network', 'ports.json'), 'utf8')) as { service: number };
    await expect(fetch(`http://127.0.0.1:${ports.service}/`)).rejects.toThrow();
    // A second run continues from the stored ledgers: the same history, not a new one.
    const second = await run(args);
    expect(second.code, second.err).toBe(0);
    expect(second.out).toBe(first.out);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('every command of --help, for a person by default (issue 36)', () => {
  /** A line a person reads: at most 120 columns, and no JSON (an object or an array) unless asked for. */
  const problems = (text: string, what: string) =>
    text
      .split('\n')
      .flatMap((line, i) =>
        line.length > 120 || /^\s*[[{]/.test(line)
          ? [`${what} line ${i + 1} (${line.length}): ${line.slice(0, 60)}`]
          : [],
      );

  it('writes lines of at most 120 columns and no JSON by default, JSON with --format json, and names accounts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-cli-people-'));
    const carol = net.demoAccounts.find((a) => a.name === 'carol')!;
    // The address book names three accounts; "ali" starts two of the names.
    const labels = [
      { account: alice.publicKey, label: 'alice' },
      { account: bob.publicKey, label: 'bob' },
      { account: carol.publicKey, label: 'alicia' },
    ];
    writeFileSync(join(dir, 'labels.json'), JSON.stringify({ labels }));
    const tx = await paymentTx(net.serviceUrl, alice, bob.publicKey, { passphrase: net.passphrase, amount: '0.5' });
    const file = join(dir, 'pay.xdr');
    writeFileSync(file, tx.toXDR());
    const on = (args: string[]) => [...args, ...network()];
    // The index first (history, totals and reconcile read it), then once more for a machine: one at a
    // time, since a second sync beside a reader marks the index in progress.
    const synced = await runCliEach([on(['sync', 'alice'])], dir);
    const [syncJson] = await runCliEach([on(['sync', 'alice', '--format', 'json'])], dir);
    expect(JSON.parse(syncJson!.out)).toMatchObject({ state: 'current' });
    // stream is the stream test's (a line a payment), decode's output is the JSON tree it is for.
    const people = [
      ['payments', 'alice'],
      ['operations', '--account', 'alice'],
      ['history', 'alice'],
      ['totals', 'alice', '--by', 'asset'],
      ['totals', 'alice', '--by', 'counterparty'],
      ['reconcile', 'alice'],
      ['inspect', file],
      ['merge', file],
      ['explain', 'tx_bad_seq', 'op_underfunded'],
      ['export', 'payments', 'alice', '--output', join(dir, 'alice.csv')],
    ];
    const machines = [
      ['payments', 'alice'],
      ['operations', '--account', 'alice'],
      ['history', 'alice', '--limit', '5'],
      ['totals', 'alice', '--by', 'asset'],
      ['reconcile', 'alice'],
      ['inspect', file],
    ].map((args) => [...args, '--format', 'json']);
    const others = [
      ['payments', 'ali'],
      ['payments', 'alice', '--wide'],
    ];
    const results = await runCliEach([...people, ...machines, ...others].map(on), dir);
    // After inspect and merge read it: submitted, then submitted again (already finished) for a machine.
    const [submitted, again] = await runCliEach([on(['submit', file])], dir).then(async (first) => [
      first[0]!,
      (await runCliEach([on(['submit', file, '--format', 'json'])], dir))[0]!,
    ]);
    const byPerson = [synced[0]!, ...results.slice(0, people.length), submitted];
    for (const [i, args] of [['sync', 'alice'], ...people, ['submit', file]].entries()) {
      const { code, out, err } = byPerson[i]!;
      const name = args.join(' ');
      expect({ name, code, err: code === 0 ? '' : err }).toEqual({ name, code: 0, err: '' });
      expect(out.trim(), name).not.toBe('');
      // merge writes the merged envelope, one line to paste whole: everything else it says is on stderr.
      const said = args[0] === 'merge' ? err : out + err;
      expect(problems(said, name)).toEqual([]);
      if (args[0] === 'merge') expect(out.trimEnd()).toMatch(/^[A-Za-z0-9+/=]+$/);
    }
    // Names where the address book has them: "pay … from alice to bob", "alice:" at the end of a sync.
    expect(byPerson[0]!.out).toMatch(/^alice: current, \d+ records/m);
    expect(byPerson[1]!.out).toMatch(/ from alicia to alice /);
    expect(byPerson[4]!.out).toMatch(/^XLM /m);
    expect(byPerson[4]!.out).not.toMatch(/\bnative\b/);
    for (const [i, args] of machines.entries()) {
      const { code, out } = results[people.length + i]!;
      expect({ args: args.join(' '), code }).toEqual({ args: args.join(' '), code: 0 });
      expect(() => JSON.parse(out), args.join(' ')).not.toThrow();
    }
    expect(JSON.parse(again!.out.split('\n')[0]!)).toMatchObject({ result: 'already_finished' });
    const [ambiguous, wide] = results.slice(people.length + machines.length);
    expect(ambiguous).toMatchObject({ code: 2, out: '' });
    expect(ambiguous!.err).toMatch(/"ali" matches 2 accounts: alice \(.*\), alicia \(.*\); type more of it/);
    expect(wide!.code).toBe(0);
    expect(wide!.out).toMatch(/G[A-Z2-7]{55}/);
    rmSync(dir, { recursive: true, force: true });
  }, 120_000);
});
