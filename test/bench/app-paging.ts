// Benchmark: paging through 100,000 payments of one account, 200 per page, with this core
// (`payments:list` through the dispatcher: validation, lossless parse, normalisation) versus
// @stellar/stellar-sdk's CallBuilder (`payments().forAccount().limit(200)`, `page.next()`),
// against the same local service process, alternating runs in the same process.
//   node --import tsx test/bench/app-paging.ts [payments] [rounds]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Horizon } from '@stellar/stellar-sdk';
import { createAppCore } from '../../core/app/app';
import { createDispatcher } from '../../core/app/dispatch';
import type { OperationPage } from '../../shared/model';
import { buildStore, spawnService } from './service-support';

const PAYMENTS = Number(process.argv[2] ?? 100_000);
const ROUNDS = Number(process.argv[3] ?? 3);

async function withCore(url: string, account: string): Promise<number> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'app-bench-'));
  const core = createAppCore({ userDataDir, localUrl: url, host: 'web', version: 'bench', healthIntervalMs: 0 });
  const dispatch = createDispatcher(core.handlers);
  let count = 0;
  let cursor: string | undefined;
  for (;;) {
    const reply = await dispatch('payments:list', {
      account,
      query: { limit: 200, order: 'asc', includeFailed: true, ...(cursor ? { cursor } : {}) },
    });
    if (!reply.ok) throw new Error(reply.error.message);
    const page = reply.value as OperationPage;
    count += page.records.length;
    if (page.next === null) break;
    cursor = page.next;
  }
  await core.close();
  rmSync(userDataDir, { recursive: true, force: true });
  return count;
}

async function withSdk(url: string, account: string): Promise<number> {
  const server = new Horizon.Server(url, { allowHttp: true });
  let page = await server.payments().forAccount(account).limit(200).order('asc').includeFailed(true).call();
  let count = 0;
  while (page.records.length > 0) {
    count += page.records.length;
    page = await page.next();
  }
  return count;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const built = Date.now();
const { dir, store, accounts } = buildStore(PAYMENTS, 20);
store.close();
console.log(`store: ${PAYMENTS} payments of one account in ${Date.now() - built} ms`);
const { url, child } = await spawnService(dir);
process.once('exit', () => child.kill('SIGTERM'));
const account = accounts[0]!;
try {
  // Warm both paths (JIT, connection pool, SQLite page cache) before measuring.
  await withCore(url, account);
  await withSdk(url, account);
  const core: number[] = [];
  const sdk: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    let started = performance.now();
    const a = await withCore(url, account);
    core.push(performance.now() - started);
    started = performance.now();
    const b = await withSdk(url, account);
    sdk.push(performance.now() - started);
    if (a !== PAYMENTS || b !== PAYMENTS) throw new Error(`counted ${a} (core) and ${b} (sdk), expected ${PAYMENTS}`);
  }
  const c = median(core);
  const s = median(sdk);
  console.log(
    `core  (payments:list, normalised): median ${c.toFixed(0)} ms = ${Math.round((PAYMENTS / c) * 1000)} records/s  runs ${core.map((v) => v.toFixed(0)).join(', ')}`,
  );
  console.log(
    `sdk   (CallBuilder + page.next()): median ${s.toFixed(0)} ms = ${Math.round((PAYMENTS / s) * 1000)} records/s  runs ${sdk.map((v) => v.toFixed(0)).join(', ')}`,
  );
  console.log(`time ratio core/sdk: ${(c / s).toFixed(2)} (target <= 1.0)`);
} finally {
  child.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
