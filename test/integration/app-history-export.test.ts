// The exports of an indexed account against the real local network (issue #27 point 4): the busy
// demo account is indexed, then exported in the one column set and the accounting layout from the
// workbench's channel (history:export) and from the command line (`history --format csv|accounting`).
// Each file is read back and summed per asset, exactly: the column CSV's legs in and out and its
// fees equal the index's totals; the accounting file's received minus sent equals each asset's net
// flow (in − out), and its fees the fees the account paid.
import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAmount } from '../../shared/amount';
import { ACCOUNTING_COLUMNS } from '../../shared/accounting';
import { EXPORT_COLUMNS } from '../../shared/export-columns';
import type { AssetFlow, HistoryPage, HistoryProgress } from '../../shared/history';
import { parseCsv } from '../../shared/labels';
import { runCli } from '../support/cli-process';
import { startNetwork, type RunningNetwork } from '../support/network';
import { waitFor } from '../support/wait';
import { startCore, type CoreFixture } from './app-support';

let net: RunningNetwork;
let app: CoreFixture;
let busy: string;
let totals: AssetFlow[];
const cliData = mkdtempSync(join(tmpdir(), 'ledgerscope-export-cli-'));

beforeAll(async () => {
  net = await startNetwork({ historyOps: 1200, accounts: 6, seed: 'history-export' });
  busy = net.demoAccounts[0]!.publicKey;
  app = startCore(net.serviceUrl, { localDataDir: net.dataDir });
  await app.call('history:sync', { account: busy, follow: false });
  await waitFor(
    'the index to be current',
    () => {
      const last = app.events
        .filter((e) => e.channel === 'history:progress' && (e.payload as HistoryProgress).account === busy)
        .at(-1)?.payload as HistoryProgress | undefined;
      return last?.state === 'current';
    },
    120_000,
  );
  const page = await app.call<HistoryPage>('history:query', { account: busy, limit: 1, summary: true });
  totals = page.summary!.totals;
}, 180_000);

afterAll(async () => {
  await app?.close();
  await net?.stop();
});

/** The accounting layout's name of an index asset key, up to the -XXXX of a code two issuers share. */
function codeOf(key: string): string {
  if (key === 'native') return 'XLM';
  if (key.startsWith('pool:')) return `POOL-${key.slice(5, 13)}`;
  return key.split(':')[0]!;
}

const add = (sums: Map<string, bigint>, key: string, amount: bigint) => sums.set(key, (sums.get(key) ?? 0n) + amount);

/** The column CSV summed: legs in and out per asset key, and the fees. */
function columnSums(text: string) {
  const [header, ...rows] = parseCsv(text);
  expect(header).toEqual([...EXPORT_COLUMNS]);
  const at = (row: string[], name: (typeof EXPORT_COLUMNS)[number]) => row[EXPORT_COLUMNS.indexOf(name)]!;
  const into = new Map<string, bigint>();
  const out = new Map<string, bigint>();
  let fees = 0n;
  for (const row of rows) {
    if (at(row, 'fee_xlm')) fees += parseAmount(at(row, 'fee_xlm'));
    if (!at(row, 'amount')) continue;
    const [code, issuer] = [at(row, 'asset_code'), at(row, 'asset_issuer')];
    const key = code === 'XLM' && !issuer ? 'native' : code === 'pool-shares' ? `pool:${issuer}` : `${code}:${issuer}`;
    add(at(row, 'direction') === 'in' ? into : out, key, parseAmount(at(row, 'amount')));
  }
  return { into, out, fees, rows: rows.length };
}

/** The accounting file summed: received − sent per currency (the -XXXX of a shared code dropped), and the fees. */
function accountingSums(text: string) {
  const [header, ...rows] = parseCsv(text);
  expect(header).toEqual([...ACCOUNTING_COLUMNS]);
  const at = (row: string[], name: (typeof ACCOUNTING_COLUMNS)[number]) => row[ACCOUNTING_COLUMNS.indexOf(name)]!;
  const net = new Map<string, bigint>();
  let fees = 0n;
  const code = (currency: string) => (currency.startsWith('POOL-') ? currency : currency.replace(/-[A-Z2-7]{4}$/, ''));
  for (const row of rows) {
    if (at(row, 'Fee Amount')) fees += parseAmount(at(row, 'Fee Amount'));
    if (at(row, 'Sent Amount')) add(net, code(at(row, 'Sent Currency')), -parseAmount(at(row, 'Sent Amount')));
    if (at(row, 'Received Amount'))
      add(net, code(at(row, 'Received Currency')), parseAmount(at(row, 'Received Amount')));
  }
  return { net, fees, rows: rows.length };
}

function checkColumns(text: string, totals: AssetFlow[]): void {
  const sums = columnSums(text);
  expect(sums.rows).toBeGreaterThan(100);
  for (const flow of totals) {
    expect([flow.asset, sums.into.get(flow.asset) ?? 0n]).toEqual([flow.asset, parseAmount(flow.in)]);
    expect([flow.asset, sums.out.get(flow.asset) ?? 0n]).toEqual([flow.asset, parseAmount(flow.out)]);
  }
  const feesPaid = totals.reduce((sum, flow) => sum + parseAmount(flow.fees), 0n);
  expect(feesPaid).toBeGreaterThan(0n);
  expect(sums.fees).toBe(feesPaid);
}

function checkAccounting(text: string, totals: AssetFlow[]): void {
  const sums = accountingSums(text);
  expect(sums.rows).toBeGreaterThan(50);
  const expected = new Map<string, bigint>();
  for (const flow of totals) add(expected, codeOf(flow.asset), parseAmount(flow.in) - parseAmount(flow.out));
  const nonZero = (m: Map<string, bigint>) => [...m].filter(([, v]) => v !== 0n).sort(([a], [b]) => (a < b ? -1 : 1));
  expect(nonZero(sums.net)).toEqual(nonZero(expected));
  expect(sums.fees).toBe(totals.reduce((sum, flow) => sum + parseAmount(flow.fees), 0n));
}

describe('the exports of an indexed account add up to the index', () => {
  it('from the workbench channel: the column CSV and the accounting file', async () => {
    const csv = await app.call<{ path: string; rows: number; exportId?: string }>('history:export', {
      account: busy,
      format: 'csv',
    });
    expect(csv.exportId).toMatch(/^[0-9a-f]{8}$/);
    expect(app.core.exports.finishedFile(csv.exportId!)?.path).toBe(csv.path);
    checkColumns(readFileSync(csv.path, 'utf8'), totals);
    const accounting = await app.call<{ path: string }>('history:export', { account: busy, format: 'accounting' });
    expect(accounting.path).toMatch(/-accounting-.*\.csv$/);
    checkAccounting(readFileSync(accounting.path, 'utf8'), totals);
  }, 60_000);

  it('from the command line: history --format csv and --format accounting', async () => {
    const network = ['--network', net.serviceUrl];
    expect((await runCli(['sync', busy, ...network], cliData)).code).toBe(0);
    // The command line's own index, and its totals (the same reading as the channel's).
    const byAsset = await runCli(['totals', busy, '--by', 'asset', '--format', 'ndjson', ...network], cliData);
    const cliTotals = byAsset.out
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as AssetFlow & { key: string });
    // --failed: the command line lists successful operations unless told, and a failed transaction's fee is a fee paid.
    const csv = await runCli(['history', busy, '--failed', '--format', 'csv', ...network], cliData);
    expect(csv.code, csv.err).toBe(0);
    checkColumns(csv.out, cliTotals);
    const accounting = await runCli(['history', busy, '--failed', '--format', 'accounting', ...network], cliData);
    expect(accounting.code, accounting.err).toBe(0);
    checkAccounting(accounting.out, cliTotals);
  }, 120_000);
});
