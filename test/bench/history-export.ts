// Benchmark: the accounting export (and the column CSV) of a whole history of 1,000,000 operations
// from the history index, through the index worker as the history:export handler calls it. Reuses
// the synthetic index history-index-query.ts builds and keeps in $TMPDIR/ledgerscope-bench-cache
// (it is built first, by that benchmark, when it is not there).
//   node --import tsx test/bench/history-export.ts [operations] [runs]
// Target: the accounting export streams at least 100,000 operations a second, memory bounded (the
// process's resident memory grows by a bounded amount, whatever the history's length).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HistoryWorker } from '../../core/history-index/main-thread/client';
import { SCHEMA_VERSION } from '../../core/history-index/worker-thread/schema';
import { accountKeys } from '../support/service-store';

const OPERATIONS = Number(process.argv[2] ?? 1_000_000);
const RUNS = Number(process.argv[3] ?? 3);
const [ME] = accountKeys(2001, 5) as [string];
const file = join(tmpdir(), 'ledgerscope-bench-cache', `history-${OPERATIONS}-v${SCHEMA_VERSION}.sqlite`);

if (!existsSync(`${file}.ready`)) {
  console.log('building the index with history-index-query.ts (once)…');
  const built = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'test/bench/history-index-query.ts', String(OPERATIONS), '1'],
    { stdio: 'inherit' },
  );
  if (built.status !== 0 || !existsSync(`${file}.ready`)) throw new Error('the index was not built');
}

const worker = new HistoryWorker();
const out = mkdtempSync(join(tmpdir(), 'ledgerscope-bench-export-'));
const baseline = process.memoryUsage().rss;
let peak = baseline;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);

async function run(format: 'accounting' | 'csv', n: number) {
  const path = join(out, `${format}-${n}.csv`);
  writeFileSync(path, '');
  const started = performance.now();
  const { rows } = await worker.call(file, 'export', { account: ME, filter: {}, sort: 'time', format, path });
  const seconds = (performance.now() - started) / 1000;
  const bytes = statSync(path).size;
  rmSync(path);
  return { rows, seconds, bytes };
}

console.log(`index: ${OPERATIONS} operations of one account; ${RUNS} runs of each export`);
// The worker is started and the index opened before the first run, so no run's time holds them.
const opening = performance.now();
await worker.call(file, 'meta', { account: ME });
console.log(
  `worker started and index opened in ${((performance.now() - opening) / 1000).toFixed(2)} s (not in the runs)`,
);
let worst = Number.POSITIVE_INFINITY;
for (const format of ['accounting', 'csv'] as const)
  for (let n = 0; n < RUNS; n++) {
    const { rows, seconds, bytes } = await run(format, n);
    const rate = rows / seconds;
    if (format === 'accounting') worst = Math.min(worst, rate);
    console.log(
      `${format.padEnd(10)} run ${n + 1}: ${rows} operations in ${seconds.toFixed(2)} s = ${Math.round(rate).toLocaleString('en')} /s, ${(bytes / 1e6).toFixed(1)} MB written`,
    );
  }
clearInterval(sampler);
await worker.close();
rmSync(out, { recursive: true, force: true });
console.log(
  `resident memory: ${Math.round(baseline / 2 ** 20)} MB before, peak ${Math.round(peak / 2 ** 20)} MB (+${Math.round((peak - baseline) / 2 ** 20)} MB)`,
);
console.log(
  `accounting: slowest run ${Math.round(worst).toLocaleString('en')} operations/s, target 100,000: ${worst >= 100_000 ? 'ok' : 'UNDER'}`,
);
