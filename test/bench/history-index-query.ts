// Benchmark: queries of a history index of 1,000,000 operations of one account, through the
// index worker (the path the app's handlers take: message, query, answer). Synthetic rows go in
// through the ingest path (IndexWriter.ingestRows, 5,000 rows, their page and their token per
// transaction);
// the index is kept under the OS temp directory between runs.
//   node --import tsx test/bench/history-index-query.ts [operations] [runs]
// Targets: first page (100 rows) of any single filter and of three combined, p95 <= 30 ms;
// totals by asset and top-50 counterparties <= 300 ms each; volume per day <= 300 ms.
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HistoryFilter, HistorySort } from '../../shared/history';
import { HistoryWorker } from '../../core/history-index/main-thread/client';
import type { IndexRow } from '../../core/history-index/worker-thread/extract';
import { packPageSync, pageOfRecords } from '../../core/history-index/worker-thread/pages';
import { openIndex, SCHEMA_VERSION } from '../../core/history-index/worker-thread/schema';
import { IndexWriter } from '../../core/history-index/worker-thread/store';
import { accountKeys } from '../support/service-store';
import { percentile } from './service-support';

const OPERATIONS = Number(process.argv[2] ?? 1_000_000);
const RUNS = Number(process.argv[3] ?? 40);
const [ME, ...PEOPLE] = accountKeys(2001, 5) as [string, ...string[]];
const ISSUERS = accountKeys(3, 6);
const ASSETS = ['native', ...['USD', 'EUR', 'BTC'].flatMap((code) => ISSUERS.map((issuer) => `${code}:${issuer}`))];
const TYPES: [string, number][] = [
  ['payment', 70],
  ['path_payment_strict_send', 7],
  ['path_payment_strict_receive', 3],
  ['create_account', 3],
  ['change_trust', 6],
  ['manage_data', 6],
  ['set_options', 5],
];
const START = Date.UTC(2023, 0, 1);
const SPAN = 3 * 365 * 86_400_000;

function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function syntheticRow(i: number, random: () => number): IndexRow {
  let roll = random() * 100;
  let type = 'payment';
  for (const [name, weight] of TYPES)
    if ((roll -= weight) < 0) {
      type = name;
      break;
    }
  const paymentLike = type.startsWith('pay') || type.startsWith('path') || type === 'create_account';
  // A few counterparties carry most of the traffic (as a real account's do).
  const other = PEOPLE[Math.floor(PEOPLE.length * random() ** 3)]!;
  const direction = paymentLike ? (random() < 0.5 ? 'in' : 'out') : 'none';
  const asset = type === 'create_account' ? 'native' : ASSETS[Math.floor(random() * ASSETS.length)]!;
  const path = type.startsWith('path');
  const id = (BigInt(1_000_000 + Math.floor(i / 8)) << 32n) | (BigInt((i % 8) + 1) << 12n) | 1n;
  const memo = random() < 0.3 ? `invoice ${Math.floor(random() * 5000)}` : null;
  return {
    id,
    pagingToken: id.toString(),
    ledger: 1_000_000 + Math.floor(i / 8),
    createdAt: START + Math.floor((i / OPERATIONS) * SPAN),
    type,
    txHash: id.toString(16).padStart(64, '0'),
    successful: random() > 0.04,
    source: direction === 'in' ? other : ME,
    counterparty: paymentLike ? other : null,
    direction,
    asset: paymentLike ? asset : null,
    amount: paymentLike ? BigInt(1 + Math.floor(random() * 1e12)) : null,
    sourceAsset: path ? ASSETS[Math.floor(random() * ASSETS.length)]! : null,
    sourceAmount: path ? BigInt(1 + Math.floor(random() * 1e12)) : null,
    memo,
    memoType: memo ? 'text' : 'none',
    fee: 100n,
    // The account pays the fee of each transaction it sends (one transaction per operation here).
    feeAccount: direction === 'in' ? other : ME,
    extra: [],
    slot: i % 5_000,
  };
}

function buildIndex(file: string): void {
  const building = `${file}.building-${process.pid}`;
  const db = openIndex(building);
  const writer = new IndexWriter(db);
  const random = seeded(13);
  const started = performance.now();
  for (let i = 0; i < OPERATIONS; i += 5_000) {
    const rows = Array.from({ length: Math.min(5_000, OPERATIONS - i) }, (_, k) => syntheticRow(i + k, random));
    // Each batch is one stored page of its records' texts (pages.ts), as a sync stores its pages.
    const texts = rows.map(
      (r) =>
        `{"id":"${r.id}","type":"${r.type}","source_account":"${ME}","note":"synthetic record of the history benchmark"}`,
    );
    writer.ingestRows(ME, rows, rows.at(-1)!.pagingToken, packPageSync(pageOfRecords(texts)));
  }
  db.exec('PRAGMA optimize=0x10002; PRAGMA wal_checkpoint(TRUNCATE);');
  db.close();
  renameSync(building, file);
  console.log(
    `built: ${OPERATIONS} rows through the ingest path in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

const cacheDir = join(tmpdir(), 'ledgerscope-bench-cache');
mkdirSync(cacheDir, { recursive: true });
// The schema version is in the name: a file of another version would be rebuilt empty at open.
const file = join(cacheDir, `history-${OPERATIONS}-v${SCHEMA_VERSION}.sqlite`);
if (!existsSync(`${file}.ready`)) {
  for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  buildIndex(file);
  writeFileSync(`${file}.ready`, `${OPERATIONS}\n`);
}

const worker = new HistoryWorker();
const top = PEOPLE[0]!;
const rare = PEOPLE[1_500]!;
const month = (k: number) => ({ from: START + k * 30 * 86_400_000, to: START + (k + 1) * 30 * 86_400_000 });

async function timed(run: () => Promise<unknown>, runs = RUNS): Promise<number[]> {
  await run(); // warm: statement compiled, pages cached
  const times: number[] = [];
  for (let r = 0; r < runs; r++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times;
}

const firstPage = (filter: (r: number) => HistoryFilter, sort: HistorySort = '-time') => {
  let r = 0;
  return () => worker.call(file, 'query', { account: ME, filter: filter(r++), sort, limit: 100 });
};

const single: [string, () => Promise<unknown>][] = [
  ['type path_payment_strict_send', firstPage(() => ({ types: ['path_payment_strict_send'] }))],
  ['asset USD:issuer', firstPage((r) => ({ asset: ASSETS[1 + (r % 9)]! }))],
  ['asset code BTC', firstPage(() => ({ asset: 'BTC' }))],
  ['counterparty (busiest)', firstPage(() => ({ counterparty: top }))],
  ['counterparty (rare)', firstPage(() => ({ counterparty: rare }))],
  ['direction in', firstPage(() => ({ direction: 'in' }))],
  ['amount 1000..1001', firstPage(() => ({ minAmount: '1000', maxAmount: '1001' }))],
  ['date: one month', firstPage((r) => month(r % 30))],
  ['memo "invoice 12"', firstPage(() => ({ memo: 'invoice 12' }))],
  ['failed only', firstPage(() => ({ status: 'failed' }))],
  ['no filter, by amount desc', firstPage(() => ({}), '-amount')],
];
const combined: [string, () => Promise<unknown>][] = [
  [
    'type payment + asset native + direction out',
    firstPage(() => ({ types: ['payment'], asset: 'native', direction: 'out' })),
  ],
  [
    'asset + counterparty + month',
    firstPage((r) => ({ asset: ASSETS[1 + (r % 9)]!, counterparty: top, ...month(r % 30) })),
  ],
  [
    'amount range + direction + successful',
    firstPage(() => ({ minAmount: '100', maxAmount: '5000', direction: 'in', status: 'successful' })),
  ],
];
const analyses: [string, () => Promise<unknown>][] = [
  ['totals by asset (all rows)', () => worker.call(file, 'totals', { account: ME, filter: {}, by: 'asset', top: 50 })],
  [
    'top-50 counterparties (all rows)',
    () => worker.call(file, 'totals', { account: ME, filter: {}, by: 'counterparty', top: 50 }),
  ],
  ['volume per day (all rows)', () => worker.call(file, 'totals', { account: ME, filter: {}, by: 'day', top: 50 })],
  // Issue #27: what the reconciliation reads (every asset: in, out, fees) and one asset's balance per day over the whole history.
  ['reconciliation sums (every asset)', () => worker.call(file, 'sums', { account: ME })],
  [
    'balance history of native, per day (all rows)',
    () => worker.call(file, 'balance', { account: ME, asset: 'native', by: 'day', opening: 0n }),
  ],
  [
    'count + per-asset totals of "direction in"',
    () =>
      worker.call(file, 'query', { account: ME, filter: { direction: 'in' }, sort: '-time', limit: 1, summary: true }),
  ],
];

const report = (name: string, times: number[], target: number) => {
  const p95 = percentile(times, 95);
  console.log(
    `${name.padEnd(48)} p50 ${percentile(times, 50).toFixed(1).padStart(7)} ms  p95 ${p95.toFixed(1).padStart(7)} ms  ${p95 <= target ? 'ok' : `OVER ${target} ms`}`,
  );
};
console.log(`index: ${OPERATIONS} operations of one account, ${RUNS} runs each (p95 target 30 ms for first pages)`);
for (const [name, run] of [...single, ...combined]) report(name, await timed(run), 30);
for (const [name, run] of analyses) report(name, await timed(run, 5), 300);
await worker.close();
