// Horizon's documented limits (issue #12, item 3), against a stand-in Horizon on loopback
// (test/support/standin-horizon.ts): a long 429 is announced and held behind the gate, never
// retried in a loop, and cancellable; --max-wait bounds the command line's wait; a 410
// before_history ends a listing with where history starts; a 504 with extras.hash is followed
// until final; /transactions_async is used where the server links it; streams the server closes
// (timeout or `limit`) resume at once from the last token with nothing lost or repeated.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Account, Asset, Keypair, Operation as StellarOperation, TransactionBuilder } from '@stellar/stellar-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RateLimitNotice } from '../../shared/ipc';
import type { ExportProgress, Operation, OperationPage, SubmissionReport, TxStatus } from '../../shared/model';
import { cliEntry } from '../support/cli-process';
import { StandinHorizon } from '../support/standin-horizon';
import { waitFor } from '../support/wait';
import { startCore, type CoreFixture } from './app-support';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PASSPHRASE = 'Ledgerscope Stand-in ; 2026';
const ELDER = 5_000;
let horizon: StandinHorizon;
const apps: CoreFixture[] = [];

beforeAll(async () => {
  horizon = await new StandinHorizon({
    passphrase: PASSPHRASE,
    elderLedger: ELDER,
    latestLedger: ELDER + 40,
    streamTimeoutMs: 400,
    streamLimit: 3,
  }).start();
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await horizon?.close();
});

/** An app core on the stand-in: its profile saved (passphrase checked) and selected. */
async function appOn(standin: StandinHorizon, options: Parameters<typeof startCore>[1] = {}): Promise<CoreFixture> {
  const app = startCore('http://127.0.0.1:9', { follow: { pollMs: 20, timeoutMs: 10_000 }, ...options });
  apps.push(app);
  const profile = await app.call<{ id: string; dialect: string }>('network:add', {
    name: `Standin ${apps.length}`,
    baseUrl: standin.url,
    passphrase: PASSPHRASE,
  });
  expect(profile.dialect).toBe('horizon');
  await app.call('network:select', { id: profile.id });
  return app;
}

const accountRequests = (standin: StandinHorizon) =>
  standin.requests.filter((r) => r.path.startsWith('/accounts/') && !r.stream);
const token = (ledger: number) => (StandinHorizon.firstToken(ledger) + 4097n).toString();

function envelope(): string {
  const source = Keypair.random();
  const tx = new TransactionBuilder(new Account(source.publicKey(), '41'), {
    fee: '100',
    networkPassphrase: PASSPHRASE,
  })
    .addOperation(StellarOperation.payment({ destination: horizon.account, asset: Asset.native(), amount: '1.5' }))
    .setTimeout(0)
    .build();
  tx.sign(source);
  return tx.toXDR();
}

describe('429 with a long Retry-After', () => {
  it('announces the wait, holds every request to the server behind one gate, and can be cancelled', async () => {
    const app = await appOn(horizon);
    const before = accountRequests(horizon).length;
    horizon.rateLimit('/accounts/', 1, { 'retry-after': '120', 'x-ratelimit-reset': '3000' });
    const controller = new AbortController();
    const query = { limit: 10, order: 'desc' };
    const first = app
      .call('payments:list', { account: horizon.account, query }, controller.signal)
      .catch((error: unknown) => error);
    const notice = await waitFor(
      'network:rate-limit',
      () => app.events.find((e) => e.channel === 'network:rate-limit')?.payload as RateLimitNotice | undefined,
    );
    expect(notice).toMatchObject({ waitMs: 120_000, source: 'Retry-After' });
    expect(notice.until - Date.now()).toBeGreaterThan(110_000);
    expect(notice.until - Date.now()).toBeLessThanOrEqual(121_000);
    // The limit was one answer long: a second caller that reached the server would succeed. It is held instead.
    const second = app
      .call('payments:list', { account: horizon.account, query }, controller.signal)
      .catch((error: unknown) => error);
    controller.abort();
    expect(await first).toMatchObject({ code: 'cancelled' });
    expect(await second).toMatchObject({ code: 'cancelled' });
    expect(accountRequests(horizon).length - before).toBe(1); // nothing retried, nothing spun
  });
});

describe('command line --max-wait', () => {
  const userData = mkdtempSync(join(tmpdir(), 'ledgerscope-standin-cli-'));
  function cli(args: string[]) {
    const child = spawn(process.execPath, [cliEntry(), ...args], {
      cwd: ROOT,
      env: { ...process.env, LEDGERSCOPE_USER_DATA: userData },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const io = { out: '', err: '' };
    child.stdout.on('data', (chunk: Buffer) => (io.out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (io.err += chunk.toString()));
    const done = new Promise<number>((resolve) => child.once('close', (code) => resolve(code ?? -1)));
    return { child, io, done };
  }

  it('says how long it waits (Retry-After) and stops waiting when interrupted', async () => {
    horizon.rateLimit('/accounts/', 1, { 'retry-after': '120' });
    const run = cli(['--network', horizon.url, 'payments', horizon.account]);
    await waitFor('the wait line', () => run.io.err.includes('rate limited: waiting 120 s (Retry-After)'), 30_000);
    run.child.kill('SIGTERM');
    expect(await run.done).toBe(1);
    expect(run.io.out).toBe('');
  });

  it('waits out a 429 on the root (the probe of a --network URL) before its next request to that server', async () => {
    const before = horizon.requests.length;
    horizon.rateLimit('/', 1, { 'retry-after': '1' });
    const run = cli(['--network', horizon.url, 'payments', horizon.account, '--limit', '1', '--format', 'json']);
    expect(await run.done).toBe(0);
    const [limited, next, ...rest] = horizon.requests.slice(before);
    expect(limited).toMatchObject({ path: '/', status: 429 });
    // The probe asks again once the wait is over (the passphrase is the root's), then the listing.
    expect(next).toMatchObject({ path: '/', status: 200 });
    expect(next!.at - limited!.at).toBeGreaterThanOrEqual(1_000);
    // Then the listing, and (its first page oldest first, or its end newest first, on a server that
    // keeps history from its elder ledger) where that history starts: no request is refused again.
    expect(rest.map((r) => r.path)).toEqual([
      `/accounts/${horizon.account}/payments`,
      '/',
      expect.stringMatching(/^\/ledgers\/\d+$/),
    ]);
    expect(rest.every((r) => r.status === 200)).toBe(true);
    expect(run.io.err).toContain('rate limited: waiting 1 s (Retry-After)');
    expect((JSON.parse(run.io.out) as Operation[]).length).toBe(1);
  });

  it('fails at once with one line when the server asks for more than --max-wait', async () => {
    horizon.rateLimit('/accounts/', 1, { 'retry-after': '120' });
    const run = cli(['--network', horizon.url, '--max-wait', '1', 'payments', horizon.account]);
    const code = await run.done;
    expect(code).toBe(1);
    expect(run.io.err.trimEnd().split('\n')).toEqual([
      expect.stringMatching(/^ledgerscope: .*asks to wait 120 s \(Retry-After\).*1 s/),
    ]);
  });

  it.each([
    ['1000000000', '5', 86_400],
    ['15', '2', 15],
  ])(
    'ends a sync at once when its walk is asked to wait %s s past --max-wait %s, with the listing sentence (#37.1)',
    async (retryAfter, maxWait, seconds) => {
      horizon.rateLimit(`/accounts/${horizon.account}/operations`, 50, { 'retry-after': retryAfter });
      const started = Date.now();
      const run = cli(['--network', horizon.url, '--max-wait', maxWait, 'sync', horizon.account]);
      expect(await run.done).toBe(1);
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(run.io.err).toContain(
        `asks to wait ${seconds} s (Retry-After): longer than the ${maxWait} s this client waits.`,
      );
      horizon.rateLimit('/', 0, {});
    },
  );

  it('bounds an export by --max-wait too: it fails with the wait named, leaving a clear message', async () => {
    horizon.rateLimit('/accounts/', 1, { 'retry-after': '120' });
    const output = join(userData, 'bounded.ndjson');
    const run = cli([
      '--network',
      horizon.url,
      '--max-wait',
      '2',
      'export',
      'payments',
      horizon.account,
      '--output',
      output,
    ]);
    expect(await run.done).toBe(1);
    expect(run.io.err).toMatch(/asks to wait 120 s \(Retry-After\)/);
  });

  it('refuses malformed and hostile --max-wait values with a usage line', async () => {
    const values = ['-1', 'abc', '1e9', '', '99999999', '0x10', ' 5', '1.5'];
    const runs = values.map((value) => ({ value, run: cli(['--max-wait', value, 'explain', 'tx_bad_seq']) }));
    for (const { value, run } of runs) {
      expect(await run.done, value).toBe(2);
      expect(run.io.err.trimEnd().split('\n'), value).toEqual([
        expect.stringMatching(/^ledgerscope: --max-wait (must be a whole number of seconds|needs a value)/),
      ]);
    }
  });

  it('ends a newest-first walk past the elder ledger with where history starts', async () => {
    const run = cli([
      '--network',
      horizon.url,
      'payments',
      horizon.account,
      '--order',
      'desc',
      '--all',
      '--format',
      'ndjson',
      '--cursor',
      token(ELDER - 7),
    ]);
    expect(await run.done).toBe(0);
    expect(run.io.out).toBe('');
    expect(run.io.err).toContain(`This server keeps history from ledger ${ELDER} (2025-01-`);
    expect(run.io.err).toContain('full-history server');
  });
});

describe('pruned history', () => {
  it('ends a desc listing past the elder ledger with historyStart, not an error; asc from a cursor starts at the elder ledger', async () => {
    const app = await appOn(horizon);
    const past = await app.call<OperationPage>('payments:list', {
      account: horizon.account,
      query: { limit: 10, order: 'desc', cursor: token(ELDER - 3) },
    });
    expect(past).toMatchObject({
      records: [],
      next: null,
      historyStart: { ledger: ELDER, closedAt: expect.stringMatching(/^2025-01-/) },
    });
    const asc = await app.call<OperationPage>('payments:list', {
      account: horizon.account,
      query: { limit: 5, order: 'asc', cursor: token(ELDER - 3) },
    });
    expect(asc.records[0]!.pagingToken).toBe(token(ELDER));
    expect(asc.historyStart).toBeUndefined();
    expect(await app.call('network:health', {})).toMatchObject({ online: true, historyElderLedger: ELDER });
  });

  it('says where history starts when a newest-first walk of an account ends without its creation (Horizon sends no 410 then)', async () => {
    const app = await appOn(horizon);
    const walk = await app.call<OperationPage>('payments:list', {
      account: horizon.account,
      query: { limit: 200, order: 'desc' },
    });
    expect(walk.records.at(-1)!.pagingToken).toBe(token(ELDER));
    expect(walk).toMatchObject({ next: null, historyStart: { ledger: ELDER } });
    // A full page goes on (no end yet).
    const full = await app.call<OperationPage>('payments:list', {
      account: horizon.account,
      query: { limit: 5, order: 'desc' },
    });
    expect(full.historyStart).toBeUndefined();
    // Oldest first, the listing starts at the elder ledger: its first page says so, a later one does not.
    const asc = await app.call<OperationPage>('payments:list', {
      account: horizon.account,
      query: { limit: 5, order: 'asc' },
    });
    expect(asc.records[0]!.pagingToken).toBe(token(ELDER));
    expect(asc.historyStart).toMatchObject({ ledger: ELDER });
    const later = await app.call<OperationPage>('payments:list', {
      account: horizon.account,
      query: { limit: 5, order: 'asc', cursor: asc.next! },
    });
    expect(later.historyStart).toBeUndefined();
  });

  it('ends an export cleanly and says where history starts', async () => {
    const app = await appOn(horizon);
    const started = await app.call<ExportProgress>('export:start', {
      target: { kind: 'payments', account: horizon.account },
      query: { order: 'desc', includeFailed: false, includeTransactions: false, cursor: token(ELDER - 1) },
      format: 'ndjson',
    });
    const done = await app.core.exports.wait(started.exportId);
    expect(done).toMatchObject({
      state: 'done',
      rows: 0,
      message: expect.stringContaining(`keeps history from ledger ${ELDER}`),
    });
  });
});

describe('submission', () => {
  it('follows a 504 transaction_submission_timeout by extras.hash until the transaction is in a ledger', async () => {
    const app = await appOn(horizon);
    const report = await app.call<SubmissionReport>('tx:submit', { input: envelope() });
    const [hash] = [...horizon.submitted.keys()].slice(-1);
    expect(report).toMatchObject({
      result: 'timeout',
      hash,
      following: true,
      message: expect.stringMatching(/not known yet/),
    });
    expect(horizon.requests.filter((r) => r.method === 'POST').at(-1)!.path).toBe('/transactions');
    const final = await waitFor(
      'the final status',
      () =>
        app.events.find((e) => e.channel === 'tx:status' && (e.payload as TxStatus).state !== 'pending')?.payload as
          TxStatus | undefined,
    );
    expect(final).toMatchObject({ hash, state: 'success', ledger: expect.any(Number) });
  });

  it('after a plain 504 (older Horizon, no extras.hash) follows the hash computed for the network the server names', async () => {
    const older = await new StandinHorizon({
      passphrase: PASSPHRASE,
      elderLedger: 1,
      latestLedger: 3,
      plainTimeout: true,
    }).start();
    try {
      // A URL for this run only: the profile does not know the passphrase; the server's root does.
      const app = startCore('http://127.0.0.1:9', { follow: { pollMs: 20, timeoutMs: 10_000 } });
      apps.push(app);
      app.core.networks.useTransient({
        id: 'url',
        name: 'older',
        baseUrl: older.url,
        passphrase: 'unknown',
        dialect: 'horizon',
        builtIn: false,
      });
      const report = await app.call<SubmissionReport>('tx:submit', { input: envelope() });
      const [hash] = [...older.submitted.keys()];
      expect(report).toMatchObject({ result: 'timeout', hash, following: true });
      const final = await waitFor(
        'the final status',
        () =>
          app.events.find((e) => e.channel === 'tx:status' && (e.payload as TxStatus).state !== 'pending')?.payload as
            TxStatus | undefined,
      );
      expect(final).toMatchObject({ hash, state: 'success' });
    } finally {
      await older.close();
    }
  });

  it('uses /transactions_async where the root links it, then follows the hash; a resend is DUPLICATE', async () => {
    const asyncHorizon = await new StandinHorizon({
      passphrase: PASSPHRASE,
      elderLedger: 1,
      latestLedger: 3,
      asyncSubmission: true,
    }).start();
    try {
      const app = await appOn(asyncHorizon);
      const input = envelope();
      const report = await app.call<SubmissionReport>('tx:submit', { input });
      expect(report).toMatchObject({ result: 'received', following: true, message: expect.stringMatching(/PENDING/) });
      expect(asyncHorizon.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
        '/transactions_async',
      ]);
      const final = await waitFor(
        'the final status',
        () =>
          app.events.find((e) => e.channel === 'tx:status' && (e.payload as TxStatus).state === 'success')?.payload as
            TxStatus | undefined,
      );
      expect(final.hash).toBe(report.hash);
      expect(await app.call<SubmissionReport>('tx:submit', { input })).toMatchObject({
        result: 'received',
        message: expect.stringMatching(/DUPLICATE/),
      });
    } finally {
      await asyncHorizon.close();
    }
  });

  it('refuses a profile whose passphrase the server contradicts, naming both', async () => {
    const app = startCore('http://127.0.0.1:9');
    apps.push(app);
    const reply = await app.dispatch('network:add', {
      name: 'Wrong',
      baseUrl: horizon.url,
      passphrase: 'Test SDF Network ; September 2015',
    });
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const message = reply.ok ? '' : reply.error.message;
    expect(message).toContain(`"${PASSPHRASE}"`);
    expect(message).toContain('"Test SDF Network ; September 2015"');
  });
});

describe('streams Horizon closes', () => {
  it('resumes at once from the last token after each event: close, with nothing lost or repeated, never torn down first', async () => {
    // A backoff this long would stall the test: only an immediate reconnect passes.
    const app = await appOn(horizon, { streams: { backoffBaseMs: 60_000, backoffCapMs: 60_000 } });
    const opened = horizon.streams.length;
    await app.call('stream:watch', { account: horizon.account });
    // Idle streams: the stand-in closes each after 400 ms; the app reconnects.
    await waitFor('three idle closes', () => horizon.streams.length - opened >= 3);
    const added: string[] = [];
    for (let i = 0; i < 7; i++) added.push(horizon.addPayment().token);
    const delivered = () =>
      app.events
        .filter((e) => e.channel === 'stream:record')
        .map((e) => (e.payload as { record: Operation }).record.pagingToken);
    await waitFor('seven records', () => delivered().length >= 7);
    await waitFor('the stream after the last record', () =>
      horizon.streams.slice(opened).some((s) => s.cursor === added.at(-1)),
    );
    expect(delivered()).toEqual(added);
    const mine = horizon.streams.slice(opened).filter((s) => s.account === horizon.account);
    // Every reconnect carried a cursor the app had: the pinned start or a delivered token.
    const pinned = mine[0]!.cursor;
    for (const stream of mine) expect([pinned, ...added]).toContain(stream.cursor);
    // Horizon ended every finished stream; the app tore none down before it.
    expect(mine.filter((s) => s.closedBy === 'client')).toEqual([]);
    await app.call('stream:unwatch', { account: horizon.account });
  });
});

describe('reconnect budget', () => {
  it('spaces the reconnects of many watched accounts to the network budget instead of exceeding it', async () => {
    const busy = await new StandinHorizon({
      passphrase: PASSPHRASE,
      elderLedger: 1,
      latestLedger: 3,
      streamTimeoutMs: 50,
    }).start();
    try {
      // 2 a second with a burst of 3: ten connections need at least 3.5 s, however often Horizon closes them.
      const app = await appOn(busy, { streams: { budgetPolicy: { perHour: 7_200, burst: 3 } } });
      const accounts = Array.from({ length: 4 }, () => Keypair.random().publicKey());
      for (const account of accounts) await app.call('stream:watch', { account });
      await waitFor('ten stream connections', () => busy.streams.length >= 10, 30_000);
      const span = busy.streams[9]!.at - busy.streams[0]!.at;
      expect(span).toBeGreaterThanOrEqual(3_000);
      const waiting = app.events.filter(
        (e) =>
          e.channel === 'stream:status' && /reconnect budget/.test((e.payload as { message?: string }).message ?? ''),
      );
      expect(waiting.length).toBeGreaterThan(0);
      expect(new Set(busy.streams.map((s) => s.account))).toEqual(new Set(accounts));
      for (const account of accounts) await app.call('stream:unwatch', { account });
    } finally {
      await busy.close();
    }
  });
});
