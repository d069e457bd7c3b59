// Issue #28.1: a server whose paging never ends must not make a walk loop. Four stand-in Horizons
// on loopback (test/support/standin-horizon.ts `pageFrom` / `nextCursor`), each hostile one way —
// the same full page for every cursor, a page from behind the cursor, a page that repeats half the
// page before, a `next` link naming the request's own cursor — are read by the three clients of a
// listing: the listing handler (payments:list), an export (export:start) and the command line's
// `operations --all`. Each walk ends within a deadline, having asked the server a bounded number
// of pages and written only what came before the bad page; the command line runs under a heap cap
// (the memory bound: a walk that kept going would die of it or of the deadline, not pass).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportProgress, OperationPage } from '../../shared/model';
import { PAGING_FAULTS } from '../../shared/paging-guard';
import { StandinHorizon, type StandinOptions } from '../support/standin-horizon';
import { startCore, type CoreFixture } from './app-support';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PASSPHRASE = 'Ledgerscope Hostile Paging ; 2026';
const ELDER = 2_000;
/** 1,000 payments, one a ledger: five full pages of 200. */
const PAYMENTS = 1_000;
const LIMIT = 200;
/** The command line's wall-clock deadline and heap cap. */
const CLI_DEADLINE_MS = 60_000;
const CLI_HEAP_MB = 256;

interface Case {
  name: string;
  paging: Pick<StandinOptions, 'pageFrom' | 'nextCursor'>;
  /** The guard's sentence, or null: the walk must finish with every record once. */
  sentence: string | null;
  /** Which of the listing's records a walk from the start writes, before the bad page. */
  written: [from: number, to: number];
}

const CASES: Case[] = [
  {
    name: 'the same full page for every cursor',
    paging: { pageFrom: () => 0 },
    sentence: PAGING_FAULTS.same_page,
    written: [0, LIMIT],
  },
  {
    name: 'a page from behind the cursor',
    // The first page starts at the fourth; every later one three pages back from where it should.
    paging: { pageFrom: (asked, limit) => (asked === 0 ? 3 * limit : asked - 3 * limit) },
    sentence: PAGING_FAULTS.backwards,
    written: [3 * LIMIT, 4 * LIMIT],
  },
  {
    name: 'a page repeating half the page before',
    paging: { pageFrom: (asked, limit) => Math.max(0, asked - limit / 2) },
    sentence: PAGING_FAULTS.repeated,
    written: [0, LIMIT],
  },
  {
    name: 'a next link equal to the request’s cursor',
    paging: { nextCursor: (last, asked) => asked ?? last },
    sentence: null,
    written: [0, PAYMENTS],
  },
];

const servers = new Map<string, StandinHorizon>();
const apps: CoreFixture[] = [];

beforeAll(async () => {
  for (const c of CASES) {
    const options = { passphrase: PASSPHRASE, elderLedger: ELDER, latestLedger: ELDER + PAYMENTS - 1, ...c.paging };
    servers.set(c.name, await new StandinHorizon(options).start());
  }
});

afterAll(async () => {
  for (const app of apps) await app.close();
  for (const server of servers.values()) await server.close();
});

const listings = (server: StandinHorizon) => server.requests.filter((r) => r.path.startsWith('/accounts/'));

async function appOn(server: StandinHorizon): Promise<CoreFixture> {
  const app = startCore('http://127.0.0.1:9');
  apps.push(app);
  const { id } = await app.call<{ id: string }>('network:add', {
    name: `Hostile ${apps.length}`,
    baseUrl: server.url,
    passphrase: PASSPHRASE,
  });
  await app.call('network:select', { id });
  return app;
}

function cli(args: string[], userData: string) {
  const child = spawn(
    process.execPath,
    [`--max-old-space-size=${CLI_HEAP_MB}`, join(ROOT, 'bin', 'ledgerscope.mjs'), ...args],
    { cwd: ROOT, env: { ...process.env, LEDGERSCOPE_USER_DATA: userData }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), CLI_DEADLINE_MS);
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) =>
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, out, err });
    }),
  );
}

describe.each(CASES)('$name', (c) => {
  const server = () => servers.get(c.name)!;

  it('the listing handler answers a good first page, then refuses the bad one with the sentence', async () => {
    const app = await appOn(server());
    const query = { limit: LIMIT, order: 'asc' as const };
    const first = await app.call<OperationPage>('payments:list', { account: server().account, query });
    expect(first.records).toHaveLength(LIMIT);
    expect(first.next).toBe(first.records.at(-1)!.pagingToken);
    const second = app.call<OperationPage>('payments:list', {
      account: server().account,
      query: { ...query, cursor: first.next! },
    });
    if (c.sentence === null) {
      const page = await second;
      expect(BigInt(page.records[0]!.pagingToken)).toBeGreaterThan(BigInt(first.next!));
    } else {
      await expect(second).rejects.toMatchObject({ code: 'bad_response' });
      await expect(second).rejects.toThrow(c.sentence);
      await expect(second).rejects.toThrow(`after cursor ${first.next}`);
    }
  });

  it('an export stops (failed, partial file of the good rows) or finishes with every row once', async () => {
    const app = await appOn(server());
    const before = listings(server()).length;
    const started = await app.call<ExportProgress>('export:start', {
      target: { kind: 'payments', account: server().account },
      query: { order: 'asc', includeFailed: false, includeTransactions: false },
      format: 'ndjson',
      fileName: 'walk.ndjson',
    });
    const done = await Promise.race([
      app.core.exports.wait(started.exportId),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the export never ended')), 30_000)),
    ]);
    const ids = readFileSync(done.path, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => (JSON.parse(line) as { id: string }).id);
    expect(ids).toEqual(server().ids.slice(...c.written));
    if (c.sentence === null) {
      expect(done).toMatchObject({ state: 'done', rows: PAYMENTS });
      expect(listings(server()).length - before).toBe(PAYMENTS / LIMIT + 1);
    } else {
      expect(done).toMatchObject({ state: 'failed', rows: LIMIT });
      expect(done.message).toContain(c.sentence);
      expect(basename(done.path)).toBe('walk-partial.ndjson');
      expect(listings(server()).length - before).toBe(2);
    }
  });

  it('`operations --all` ends (exit 1, the sentence on stderr) or lists every record once, within its deadline and heap', async () => {
    const userData = mkdtempSync(join(tmpdir(), 'ledgerscope-hostile-'));
    const before = listings(server()).length;
    const args = [
      '--network',
      server().url,
      'operations',
      '--account',
      server().account,
      '--all',
      '--format',
      'ndjson',
    ];
    const run = await cli(args, userData);
    const ids = run.out
      .trimEnd()
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { id: string }).id);
    expect(ids).toEqual(server().ids.slice(...c.written));
    if (c.sentence === null) {
      // The whole listing, and at its end where this pruned-history server's records start (the
      // account's payments begin in its elder ledger, without the account's creation).
      expect(run.code).toBe(0);
      expect(run.err).toMatch(/^This server keeps history from ledger \d+ \(\d{4}-\d\d-\d\d\); older operations/);
      expect(run.err.trimEnd().split('\n')).toHaveLength(1);
      expect(listings(server()).length - before).toBe(PAYMENTS / LIMIT + 1);
    } else {
      expect(run.code).toBe(1);
      expect(run.err.trimEnd().split('\n')).toEqual([expect.stringContaining(c.sentence)]);
      expect(listings(server()).length - before).toBe(2);
    }
  });
});
