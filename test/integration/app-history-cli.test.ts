// `ledgerscope sync | history | totals` spawned as a user runs them, against a real local network
// with a generated history whose service limits the request rate (so the sync meets real 429s):
// a sync interrupted with Ctrl-C and run again holds every operation once; history and totals
// agree with each other exactly; every malformed flag is a one-line usage error.
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { StrKey, type xdr } from '@stellar/stellar-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_COLUMNS, wrap } from '../../cli/table';
import { formatAmount, parseAmount } from '../../shared/amount';
import { EXPORT_COLUMNS } from '../../shared/export-columns';
import { FEES_RULE } from '../../shared/fees-rule';
import type { HistoryProgress, TotalsRow } from '../../shared/history';
import { parseCsv } from '../../shared/labels';
import { objectKey, readLakeConfig } from '../../shared/lake-layout';
import { readBatch } from '../../core/sources/lake/layout';
import { realFixtures } from '../support/real-fixtures';
import { indexedRows, listedIds, runCli, runCliEach, startCli } from '../support/cli-process';
import { startNetwork, type RunningNetwork } from '../support/network';
import { waitFor } from '../support/wait';

let net: RunningNetwork;
let busy: string;
const userData = mkdtempSync(join(tmpdir(), 'ledgerscope-history-cli-'));

beforeAll(async () => {
  net = await startNetwork({
    historyOps: 4000,
    accounts: 6,
    seed: 'history-cli',
    args: ['--loopback-rate-limit', '8', '--rate-limit-window-ms', '1000'],
    lake: true,
  });
  busy = net.demoAccounts[0]!.publicKey;
});

afterAll(async () => {
  await net?.stop();
});

const network = () => ['--network', net.serviceUrl];
/**
 * Waits until the service's rate-limit window (8 requests a second, fixed windows per client) has
 * just begun: a probe that is the window's first request is told 7 remain. The command run next
 * then has the window's budget, or a later window's, whatever the machine's load: a test that
 * checks a command's stderr is empty does not depend on how much of the window the sync before
 * it spent (it flaked so, with a `rate limited: waiting 1 s` line).
 */
async function freshRateWindow(): Promise<void> {
  await waitFor('a fresh rate-limit window', async () => {
    const response = await fetch(`${net.serviceUrl}/`);
    await response.arrayBuffer();
    return response.ok && response.headers.get('x-ratelimit-remaining') === '7';
  });
}

/** A CSV line's operation_id (the one column set: one row per leg). */
const operationId = (line: string) => parseCsv(line)[0]![EXPORT_COLUMNS.indexOf('operation_id')]!;

describe('ledgerscope sync', () => {
  it('stops cleanly on Ctrl-C and resumes with nothing lost or doubled', async () => {
    const first = startCli(['sync', busy, '--format', 'json', ...network()], userData);
    await waitFor('some pages in the index', () => indexedRows(userData, busy) >= 600, 60_000);
    first.child.kill('SIGINT');
    expect((await first.done).code).toBe(0);
    expect((JSON.parse(first.out()) as HistoryProgress).state).toBe('paused');
    const listed = await listedIds(net.serviceUrl, busy);
    expect(indexedRows(userData, busy)).toBeLessThan(listed.length);
    // #28.2: the paused index is partial: totals refuse it (exit 1, why on stderr) unless --partial.
    const held = indexedRows(userData, busy).toLocaleString('en');
    const refused = await runCli(['totals', busy, '--by', 'asset', ...network()], userData);
    expect(refused).toMatchObject({ code: 1, out: '' });
    expect(refused.err).toContain(`is partial: indexed ${held} records through ledger`);
    expect(refused.err).toContain('paused: resume to complete it');
    expect(refused.err).toContain('--partial');
    const labelled = await runCli(['totals', busy, '--by', 'asset', '--partial', ...network()], userData);
    expect(labelled.code).toBe(0);
    expect(labelled.out.split('\n')[0]).toMatch(
      new RegExp(`^partial: indexed ${held} records through ledger [\\d,]+; paused`),
    );
    expect(labelled.out.split('\n')[1]).toMatch(/^asset\s+in\s+out/);
    const history = await runCli(['history', busy, '--format', 'csv', ...network()], userData);
    expect(history).toMatchObject({ code: 1, out: '' });
    const second = await runCli(['sync', busy, '--format', 'json', ...network()], userData);
    expect(second.code).toBe(0);
    const summary = JSON.parse(second.out) as HistoryProgress;
    expect([summary.state, summary.records, summary.completeFromLedger]).toEqual(['current', listed.length, 1]);
    expect(second.err).toMatch(/^sync: current, \d+ records/m);
    // Its stderr is checked empty: it starts in a fresh rate-limit window, not in what is left of sync's.
    await freshRateWindow();
    const whole = await runCli(['totals', busy, '--by', 'asset', ...network()], userData);
    expect(whole.code).toBe(0);
    expect(whole.out).toMatch(/^asset\s+in\s+out/);
    expect(whole.err).toBe('');
    // Issue #36: the table says which fees its rows carry (in lines of at most 120 columns).
    expect(whole.out.endsWith(wrap(FEES_RULE, MAX_COLUMNS))).toBe(true);
    const all = await runCli(
      ['history', busy, '--failed', '--sort=time', '--limit', '1000000', '--format', 'ndjson', ...network()],
      userData,
    );
    expect(all.code).toBe(0);
    const ids = all.out
      .trimEnd()
      .split('\n')
      .map((line) => (JSON.parse(line) as { id: string }).id);
    expect(ids).toEqual(listed);
  }, 180_000);

  it('a sync killed mid-walk leaves an index that says interrupted (checked, not damaged), and sync resumes it', async () => {
    const killedData = mkdtempSync(join(tmpdir(), 'ledgerscope-history-killed-'));
    const first = startCli(['sync', busy, ...network()], killedData);
    await waitFor('some pages in the index', () => indexedRows(killedData, busy) >= 400, 60_000);
    first.child.kill('SIGKILL');
    expect((await first.done).signal).toBe('SIGKILL');
    // The killed process's marker is beside the file: the next open checks the file, finds it sound.
    expect(readdirSync(join(killedData, 'history')).some((name) => name.includes('.open-'))).toBe(true);
    const held = indexedRows(killedData, busy);
    const totals = await runCli(['totals', busy, '--by', 'asset', ...network()], killedData);
    expect(totals).toMatchObject({ code: 1, out: '' });
    expect(totals.err).toContain(`is partial: indexed ${held.toLocaleString('en')} records through ledger`);
    expect(totals.err).toContain('; interrupted: resume.');
    expect(totals.err).not.toContain('damaged');
    expect(readdirSync(join(killedData, 'history')).some((name) => name.includes('.open-'))).toBe(false);
    const resumed = await runCli(['sync', busy, '--format', 'json', ...network()], killedData);
    expect(resumed.code).toBe(0);
    const listed = await listedIds(net.serviceUrl, busy);
    expect(JSON.parse(resumed.out) as HistoryProgress).toMatchObject({ state: 'current', records: listed.length });
  }, 120_000);

  it('history and totals agree to the stroop', async () => {
    const rows = await runCli(
      [
        'history',
        busy,
        '--asset',
        'native',
        '--direction',
        'in',
        '--limit',
        '1000000',
        '--format',
        'ndjson',
        ...network(),
      ],
      userData,
    );
    expect(rows.code).toBe(0);
    const received = rows.out
      .trimEnd()
      .split('\n')
      .map(
        (line) =>
          JSON.parse(line) as {
            asset: string;
            amount: string;
            direction: string;
            successful: boolean;
            sourceAsset: string | null;
          },
      );
    expect(received.length).toBeGreaterThan(10);
    expect(
      received.every(
        (r) => r.direction === 'in' && r.successful && (r.asset === 'native' || r.sourceAsset === 'native'),
      ),
    ).toBe(true);
    const sum = received.filter((r) => r.asset === 'native').reduce((total, r) => total + parseAmount(r.amount), 0n);
    const totals = await runCli(
      ['totals', busy, '--by', 'asset', '--direction', 'in', '--format', 'ndjson', ...network()],
      userData,
    );
    const native = totals.out
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as TotalsRow)
      .find((row) => row.asset === 'native');
    expect(native?.in).toBe(formatAmount(sum));
    const csv = await runCli(['history', busy, '--limit', '3', '--format', 'csv', ...network()], userData);
    expect(csv.out.split('\n')[0]).toBe(
      'time,type,direction,counterparty,counterparty_name,asset_code,asset_issuer,amount,fee_xlm,transaction_hash,operation_id,memo,successful,summary',
    );
    // One row per leg: three operations, each at least one row.
    expect(new Set(csv.out.trimEnd().split('\n').slice(1).map(operationId)).size).toBe(3);
  }, 60_000);

  it('writes every matching row as csv and ndjson without --limit; the table a screenful and how many more', async () => {
    const listed = await listedIds(net.serviceUrl, busy);
    expect(listed.length).toBeGreaterThan(100);
    const csv = await runCli(['history', busy, '--failed', '--sort=time', '--format', 'csv', ...network()], userData);
    expect(csv.code).toBe(0);
    const lines = csv.out.trimEnd().split('\n');
    expect([...new Set(lines.slice(1).map(operationId))]).toEqual(listed);
    expect(csv.err).toMatch(new RegExp(`^history: ${listed.length} matching operations[;\\n]`, 'm'));
    expect(csv.err).not.toContain('wrote');
    const ndjson = await runCli(['history', busy, '--failed', '--format', 'ndjson', ...network()], userData);
    expect(ndjson.out.trimEnd().split('\n')).toHaveLength(listed.length);
    const limited = await runCli(
      ['history', busy, '--failed', '--format', 'csv', '--limit', '7', ...network()],
      userData,
    );
    expect(new Set(limited.out.trimEnd().split('\n').slice(1).map(operationId)).size).toBe(7);
    expect(limited.err).toContain(`history: wrote 7 of ${listed.length} matching rows (--limit 7)`);
    const table = await runCli(['history', busy, '--failed', ...network()], userData);
    const shown = table.out.trimEnd().split('\n');
    expect(shown).toHaveLength(1 + 40 + 1);
    expect(shown.at(-1)).toBe(
      `… ${listed.length - 40} more matching rows: --limit N shows more, --format csv or ndjson writes them all`,
    );
    // A row whose columns hold no amount says what it did, as the workbench does (issue 36): the
    // account's trust lines read "trust …", never a blank (--wide: the sentence whole, not clipped to 120 columns).
    const trusts = await runCli(['history', busy, '--type', 'change_trust', '--wide', ...network()], userData);
    const rows = trusts.out.trimEnd().split('\n').slice(1);
    expect(rows.length, trusts.err).toBeGreaterThan(0);
    for (const row of rows) expect(row).toMatch(/ (trusts .+ up to|removes its .+ trust line)/);
  }, 60_000);

  it('names a damaged index and how to rebuild it (exit 1, nothing on stdout); sync --rebuild makes it whole', async () => {
    const dir = join(userData, 'history');
    const file = join(
      dir,
      readdirSync(dir).find((name) => name.endsWith('.sqlite'))!,
    );
    const db = new DatabaseSync(file);
    const page = db.prepare('SELECT id, body FROM pages ORDER BY id DESC LIMIT 1').get() as {
      id: number;
      body: Uint8Array;
    };
    const flipped = Buffer.from(page.body);
    flipped[flipped.length >> 1]! ^= 0x40;
    db.prepare('UPDATE pages SET body = ? WHERE id = ?').run(flipped, page.id);
    db.close();
    const listed = await listedIds(net.serviceUrl, busy);
    const read = await runCli(['history', busy, '--failed', '--format', 'ndjson', ...network()], userData);
    expect(read.code).toBe(1);
    // This network allows 8 requests a second: a "rate limited: waiting …" line may come first.
    expect(
      read.err
        .trimEnd()
        .split('\n')
        .filter((line) => !line.startsWith('rate limited: ')),
    ).toEqual([
      `ledgerscope: The history index of ${busy} is damaged (stored page ${page.id} fails its checksum); nothing is read from it. Rebuild it: the "Rebuild" button of its index panel, or \`ledgerscope sync ${busy} --rebuild\`.`,
    ]);
    // Marked damaged: the totals, which read no page, are refused too.
    const totals = await runCli(['totals', busy, '--by', 'asset', '--partial', ...network()], userData);
    expect(totals).toMatchObject({ code: 1, out: '' });
    expect(totals.err).toContain(`ledgerscope sync ${busy} --rebuild`);
    const sync = await runCli(['sync', busy, '--format', 'json', ...network()], userData);
    expect(sync.code).toBe(1);
    expect((JSON.parse(sync.out) as HistoryProgress).state).toBe('error');
    const rebuilt = await runCli(['sync', busy, '--rebuild', '--format', 'json', ...network()], userData);
    expect(rebuilt.code).toBe(0);
    expect(JSON.parse(rebuilt.out) as HistoryProgress).toMatchObject({ state: 'current', records: listed.length });
    const whole = await runCli(['history', busy, '--failed', '--format', 'ndjson', ...network()], userData);
    expect(whole.code).toBe(0);
    expect(whole.out.trimEnd().split('\n')).toHaveLength(listed.length);
  }, 120_000);

  it('refuses every malformed flag with one usage line and exit code 2', async () => {
    const bad: string[][] = [
      ['history', busy, '--min', 'abc'],
      ['history', busy, '--min', '1.00000001'],
      ['history', busy, '--max', '-5'],
      ['history', busy, '--asset', `USD:${busy.slice(0, 55)}X`],
      ['history', busy, '--asset', 'TOOLONGASSETCODE'],
      ['history', busy, '--from', '2026-13-45'],
      ['history', busy, '--to', '2026-02-30'],
      ['history', busy, '--from', 'yesterday'],
      ['history', busy, '--unknown'],
      ['history', busy, '--memo', 'x'.repeat(10_000)],
      ['history', busy, '--counterparty', 'GABC'],
      ['history', busy, '--direction', 'up'],
      ['history', busy, '--sort', 'size'],
      ['history', busy, '--format', 'xml'],
      ['history', busy, '--limit', '1e3'],
      ['history', busy, '--failed', '--only-failed'],
      ['history', busy, '--type', "payment'; DROP TABLE ops"],
      ['history', 'not-an-account'],
      ['totals', busy],
      ['totals', busy, '--by', 'year'],
      ['sync'],
      ['sync', busy, 'extra'],
    ];
    const results = await runCliEach(
      bad.map((args) => [...args, '--network', 'http://127.0.0.1:9']),
      userData,
    );
    for (const [i, args] of bad.entries()) {
      const { code, out, err } = results[i]!;
      expect({ args: args.join(' ').slice(0, 80), code, out }).toEqual({
        args: args.join(' ').slice(0, 80),
        code: 2,
        out: '',
      });
      expect(err.trimEnd().split('\n')).toHaveLength(1);
      expect(err.length).toBeLessThan(400);
    }
  }, 120_000);
});

describe('ledgerscope sync --lake (issue 39.2, 39.3)', () => {
  // No server answers: the local profile's service is a closed port, and a lake's sync starts none.
  const offline = { LEDGERSCOPE_LOCAL_URL: 'http://127.0.0.1:9' };
  const lakeDir = () => join(net.dataDir, 'lake');

  /** The latest ledger the service reports, once its lake folder holds it. */
  async function lakeLedger(): Promise<number> {
    const root = (await (await fetch(net.serviceUrl)).json()) as { history_latest_ledger: number };
    const config = readLakeConfig(readFileSync(join(lakeDir(), '.config.json'), 'utf8'));
    const latest = root.history_latest_ledger;
    await waitFor(`the lake to hold ledger ${latest}`, () => existsSync(join(lakeDir(), objectKey(latest, config))));
    return latest;
  }

  it('indexes an account from a lake folder with no server, resumes after Ctrl-C, and reconciles offline over the range', async () => {
    const to = await lakeLedger();
    const home = mkdtempSync(join(tmpdir(), 'ledgerscope-lake-cli-'));
    const args = ['--network', 'local', 'sync', busy, '--lake', lakeDir(), '--ledgers', `-${to}`];
    const first = startCli([...args, '--format', 'json'], home, offline);
    await waitFor('some ledgers read into the index', () => indexedRows(home, busy) > 0, 60_000);
    first.child.kill('SIGINT');
    const stopped = await first.done;
    expect(stopped.code, first.err()).toBe(0);
    const paused = JSON.parse(first.out()) as HistoryProgress;
    expect(paused.state).toBe('paused');
    expect(paused.lake!.done).toBeLessThan(to - paused.lake!.from + 1);
    const rest = await runCli(args, home, offline);
    expect(rest.code, rest.err).toBe(0);
    expect(rest.out).toMatch(
      new RegExp(`current, [\\d,]+ records, [\\d,]+ of [\\d,]+ ledgers \\([\\d,]+–${to.toLocaleString('en')}\\)`),
    );
    const reconciled = await runCli(['--network', 'local', 'reconcile', busy], home, offline);
    expect(reconciled.code, reconciled.out + reconciled.err).toBe(0);
    expect(reconciled.out).toMatch(/Reconciled over ledgers [\d,]+–[\d,]+: /);
    expect(reconciled.out).toMatch(/No server was asked for the balances now\./);
    const totals = await runCli(
      ['--network', 'local', 'totals', busy, '--by', 'asset', '--format', 'json'],
      home,
      offline,
    );
    expect(totals.code, totals.err).toBe(0);
    const rows = JSON.parse(totals.out) as TotalsRow[];
    expect(rows.map((r) => r.key)).toContain('native');
  });

  it('refuses a lake of another network, and a range given without a lake, saying so', async () => {
    const home = mkdtempSync(join(tmpdir(), 'ledgerscope-lake-cli-'));
    const other = await runCli(
      ['--network', 'testnet', 'sync', busy, '--lake', lakeDir(), '--ledgers', '2-3'],
      home,
      offline,
    );
    expect(other.code).toBe(1);
    expect(other.err + other.out).toMatch(/Test SDF Network/);
    const noLake = await runCli(['sync', busy, '--ledgers', '2-3'], home, offline);
    expect(noLake.code).toBe(2);
    expect(noLake.err).toMatch(/--ledgers reads a range of a ledger data lake/);
  });

  it('stops at a bad object with a sentence naming its ledger and key, keeps nothing of it, and does not say reconciled', async () => {
    const to = await lakeLedger();
    const config = readLakeConfig(readFileSync(join(lakeDir(), '.config.json'), 'utf8'));
    // A copy of the lake whose object of a ledger of busy's history does not decompress.
    const copy = mkdtempSync(join(tmpdir(), 'ledgerscope-bad-lake-'));
    cpSync(lakeDir(), copy, { recursive: true });
    const bad = Math.floor(to / 2);
    writeFileSync(join(copy, objectKey(bad, config)), 'not zstd at all');
    const home = mkdtempSync(join(tmpdir(), 'ledgerscope-lake-cli-'));
    const run = await runCli(
      ['--network', 'local', 'sync', busy, '--lake', copy, '--ledgers', `-${to}`],
      home,
      offline,
    );
    expect(run.code).toBe(1);
    // Whole, wrapped beneath the state line (read as one text).
    expect(run.out.replace(/\s+/g, ' ')).toContain(`ledger ${bad.toLocaleString('en')} (${objectKey(bad, config)})`);
    const meta = new DatabaseSync(
      readdirSync(join(home, 'history'))
        .map((f) => join(home, 'history', f))
        .find((f) => f.endsWith('.sqlite'))!,
      {
        readOnly: true,
      },
    );
    const { next } = meta.prepare('SELECT ledger_next AS next FROM accounts').get() as { next: number };
    const newest = meta.prepare('SELECT max(ledger) AS ledger FROM ops').get() as { ledger: number | null };
    meta.close();
    expect(next).toBeLessThanOrEqual(bad);
    expect(newest.ledger ?? 0).toBeLessThan(bad);
    const reconciled = await runCli(['--network', 'local', 'reconcile', busy], home, offline);
    expect(reconciled.code).toBe(1);
    expect(reconciled.out).toMatch(/Not reconciled: the index is partial \(failed\)/);
  });

  it('indexes an account of the real pubnet lake object with --network public and no connection, and reconciles it over that ledger (conformance)', async () => {
    const fixtures = realFixtures('ledger-meta-real');
    if (!fixtures) return;
    const pubnet = mkdtempSync(join(tmpdir(), 'ledgerscope-pubnet-lake-'));
    const config = {
      networkPassphrase: 'Public Global Stellar Network ; September 2015',
      version: '1.0',
      compression: 'zstd' as const,
      ledgersPerBatch: 1,
      batchesPerPartition: 64_000,
    };
    writeFileSync(join(pubnet, '.config.json'), JSON.stringify(config));
    const key = objectKey(53_312_000, config, 'zstd');
    mkdirSync(dirname(join(pubnet, key)), { recursive: true });
    copyFileSync(join(fixtures, 'FCD285FF--53312000.xdr.zstd'), join(pubnet, key));
    // The ledger's first transaction's source: an account the ledger changed (its fee, at least).
    const [meta] = readBatch(readFileSync(join(pubnet, key)), 53_312_000, config, key);
    const set = (meta!.value() as xdr.LedgerCloseMetaV1).txSet().v1TxSet();
    const envelope = set.phases()[0]!.v0Components()[0]!.txsMaybeDiscountedFee().txes()[0]!;
    const inner =
      envelope.switch().name === 'envelopeTypeTxFeeBump'
        ? envelope.feeBump().tx().innerTx().v1().tx()
        : envelope.v1().tx();
    const muxed = inner.sourceAccount();
    const source = StrKey.encodeEd25519PublicKey(
      muxed.switch().name === 'keyTypeEd25519' ? muxed.ed25519() : muxed.med25519().ed25519(),
    );
    const home = mkdtempSync(join(tmpdir(), 'ledgerscope-lake-cli-'));
    const sync = await runCli(['--network', 'public', 'sync', source, '--lake', pubnet], home, offline);
    expect(sync.code, sync.err + sync.out).toBe(0);
    expect(sync.out).toMatch(/current, \d+ records, 1 of 1 ledgers \(53,312,000–53,312,000\)/);
    const reconciled = await runCli(['--network', 'public', 'reconcile', source, '--format', 'json'], home, offline);
    const answer = JSON.parse(reconciled.out) as { reconciled: boolean; summary: string; range: unknown };
    expect(answer.range).toEqual({ from: 53_312_000, to: 53_312_000 });
    expect(answer.reconciled, answer.summary).toBe(true);
    expect(reconciled.code).toBe(0);
  }, 120_000);
});
