// Benchmark: the history sync (`history:sync` through the dispatcher: pages of 200 operations
// with their transactions, failed ones included, written by the index worker with their tokens)
// versus @stellar/stellar-sdk merely paging the same listing at limit 200, alternating runs
// against the same local service process; the main thread's event-loop delay during the sync
// (what the UI and the streams would feel); and the requests a sync spends against a stand-in
// Horizon: a full sync (target <= ceil(N/200) + 2) and the re-sync of a current account (<= 2).
// Then the same comparison (two rounds) through a relay that puts the service a round trip away,
// as a remote Horizon is, over a link of `mbit` megabits a second (latency-proxy.ts; rtt-ms 0
// leaves it out, mbit 0 sets no limit on bandwidth).
// The index worker runs as the app ships it: bundled (scripts/build.mjs), not through tsx.
//   node --import tsx test/bench/history-sync.ts [operations] [rounds] [rtt-ms=20] [mbit=0]
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { Horizon } from '@stellar/stellar-sdk';
import { build } from 'esbuild';
import { createAppCore } from '../../core/app';
import { createDispatcher } from '../../core/dispatch';
import type { EventChannel, EventPayload } from '../../shared/ipc';
import { accountKeys } from '../support/service-store';
import { waitFor } from '../support/wait';
import { StandinHorizon } from '../support/standin-horizon';
import { cachedStore, spawnLatencyProxy, spawnService } from './service-support';

const OPERATIONS = Number(process.argv[2] ?? 100_000);
const ROUNDS = Number(process.argv[3] ?? 3);
/** The round trip of the second comparison, through latency-proxy.ts (0: leave it out). */
const RTT_MS = Number(process.argv[4] ?? 20);
/** Its link's bandwidth in megabits a second (0: no limit). */
const MBIT = Number(process.argv[5] ?? 0);
const NETWORK_ROUNDS = 2;
for (const [name, value, least] of [
  ['operations', OPERATIONS, 1],
  ['rounds', ROUNDS, 1],
  ['rtt-ms', RTT_MS, 0],
  ['mbit', MBIT, 0],
] as const) {
  if (!Number.isSafeInteger(value) || value < least)
    throw new Error(
      `${name} must be a whole number, ${least} or more (usage: history-sync.ts [operations] [rounds] [rtt-ms] [mbit])`,
    );
}

/** The index worker bundled as scripts/build.mjs bundles it for the app (dist/electron/history-worker.mjs). */
async function bundledWorker(): Promise<URL> {
  const outfile = join(mkdtempSync(join(tmpdir(), 'history-bench-worker-')), 'history-worker.mjs');
  const banner = {
    js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
  };
  await build({
    entryPoints: ['core/history-index/worker-thread/worker.ts'],
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'esm',
    banner,
    outfile,
    logLevel: 'warning',
  });
  return pathToFileURL(outfile);
}

const WORKER = await bundledWorker();

/** One sync from scratch into a fresh user-data directory; resolves with the records indexed. */
async function withCore(
  url: string,
  account: string,
  userDataDir = mkdtempSync(join(tmpdir(), 'history-bench-')),
): Promise<{ records: number; lagP99: number; lagMax: number }> {
  let done: (records: number) => void = () => undefined;
  const finished = new Promise<number>((resolve) => (done = resolve));
  const emit = <C extends EventChannel>(channel: C, payload: EventPayload<C>) => {
    if (channel !== 'history:progress') return;
    const progress = payload as EventPayload<'history:progress'>;
    if (progress.state === 'current') done(progress.records);
    if (progress.state === 'error') throw new Error(progress.message);
  };
  const core = createAppCore({
    userDataDir,
    localUrl: url,
    host: 'web',
    version: 'bench',
    healthIntervalMs: 0,
    emit,
    historyWorker: WORKER,
  });
  const dispatch = createDispatcher(core.handlers);
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const reply = await dispatch('history:sync', { account, follow: false });
  if (!reply.ok) throw new Error(reply.error.message);
  const records = await finished;
  lag.disable();
  await core.close();
  rmSync(userDataDir, { recursive: true, force: true });
  return { records, lagP99: lag.percentile(99) / 1e6, lagMax: lag.max / 1e6 };
}

async function withSdk(url: string, account: string): Promise<number> {
  const server = new Horizon.Server(url, { allowHttp: true });
  let count = 0;
  let cursor = '';
  for (;;) {
    const page = await server
      .operations()
      .forAccount(account)
      .limit(200)
      .order('asc')
      .includeFailed(true)
      .join('transactions')
      .cursor(cursor)
      .call();
    count += page.records.length;
    if (page.records.length < 200) return count;
    cursor = page.records.at(-1)!.paging_token;
  }
}

/** CPU time (ms) of this process (every thread) and of the service process over the runs it times. */
class CpuTally {
  private clientMs = 0;
  private serverMs = 0;
  constructor(private readonly servicePid: number) {}

  async during<T>(run: () => Promise<T>): Promise<T> {
    const [client, server] = [process.cpuUsage(), this.serviceMs()];
    const result = await run();
    const used = process.cpuUsage(client);
    this.clientMs += (used.user + used.system) / 1000;
    this.serverMs += this.serviceMs() - server;
    return result;
  }

  client = (pages: number) => (this.clientMs / pages).toFixed(2);
  server = (pages: number) =>
    existsSync(`/proc/${this.servicePid}/stat`) ? (this.serverMs / pages).toFixed(2) : 'n/a';

  /** utime + stime of the service from /proc (Linux; 0 elsewhere), in ms at 100 ticks a second. */
  private serviceMs(): number {
    const stat = `/proc/${this.servicePid}/stat`;
    if (!existsSync(stat)) return 0;
    const fields = readFileSync(stat, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function speed(): Promise<void> {
  const { dir, accounts, built } = cachedStore(OPERATIONS, 20, join(tmpdir(), 'ledgerscope-bench-cache'));
  console.log(
    `store: ${OPERATIONS} operations of one account (${built ? 'built now' : 'cached'}); index worker bundled as the app ships it`,
  );
  const { url, child } = await spawnService(dir);
  try {
    const account = accounts[0]!;
    await withCore(url, account);
    await withSdk(url, account);
    const core = await compare(url, account, child.pid!, ROUNDS);
    // The same measure over an idle stretch as long as one sync: what the machine's load alone costs.
    const idle = monitorEventLoopDelay({ resolution: 10 });
    idle.enable();
    await new Promise((resolve) => setTimeout(resolve, core));
    idle.disable();
    console.log(
      `main-thread event-loop delay while idle as long: p99 ${(idle.percentile(99) / 1e6).toFixed(1)} ms / max ${(idle.max / 1e6).toFixed(1)} ms`,
    );
    if (RTT_MS > 0) {
      // A remote Horizon: the same service, each request a round trip away.
      const proxy = await spawnLatencyProxy(url, RTT_MS, MBIT);
      try {
        console.log(
          `through a relay adding a ${RTT_MS} ms round trip to every request, ${MBIT > 0 ? `over a link of ${MBIT} Mbit/s` : 'with no limit on bandwidth'}:`,
        );
        await compare(proxy.url, account, child.pid!, NETWORK_ROUNDS);
      } finally {
        proxy.child.kill('SIGTERM');
      }
    }
  } finally {
    child.kill('SIGTERM');
  }
}

/** Alternating runs of the sync and of the SDK against `url`; prints them, resolves with the sync's median (ms). */
async function compare(url: string, account: string, servicePid: number, rounds: number): Promise<number> {
  const core: number[] = [];
  const sdk: number[] = [];
  const lags: string[] = [];
  const cpu = { core: new CpuTally(servicePid), sdk: new CpuTally(servicePid) };
  for (let round = 0; round < rounds; round++) {
    let started = performance.now();
    const result = await cpu.core.during(() => withCore(url, account));
    core.push(performance.now() - started);
    lags.push(`p99 ${result.lagP99.toFixed(1)} ms / max ${result.lagMax.toFixed(1)} ms`);
    started = performance.now();
    const counted = await cpu.sdk.during(() => withSdk(url, account));
    sdk.push(performance.now() - started);
    if (result.records !== OPERATIONS || counted !== OPERATIONS)
      throw new Error(`indexed ${result.records}, sdk counted ${counted}, expected ${OPERATIONS}`);
  }
  const c = median(core);
  const s = median(sdk);
  console.log(
    `sync (history:sync, indexed):     median ${c.toFixed(0)} ms = ${Math.round((OPERATIONS / c) * 1000)} records/s  runs ${core.map((v) => v.toFixed(0)).join(', ')}`,
  );
  console.log(
    `sdk  (operations().call() pages): median ${s.toFixed(0)} ms = ${Math.round((OPERATIONS / s) * 1000)} records/s  runs ${sdk.map((v) => v.toFixed(0)).join(', ')}`,
  );
  console.log(`time ratio sync/sdk: ${(c / s).toFixed(2)}`);
  const pages = (OPERATIONS / 200) * rounds;
  console.log(
    `CPU per page of 200, sync: this process (all threads) ${cpu.core.client(pages)} ms, the service ${cpu.core.server(pages)} ms`,
  );
  console.log(
    `CPU per page of 200, sdk:  this process ${cpu.sdk.client(pages)} ms, the service ${cpu.sdk.server(pages)} ms`,
  );
  console.log(`main-thread event-loop delay during each sync: ${lags.join('; ')}`);
  return c;
}

async function requests(): Promise<void> {
  const [account, ...others] = accountKeys(4, 41) as [string, ...string[]];
  const n = 10_000;
  const standIn = await new StandinHorizon({
    account,
    counterparties: others,
    operations: n,
    elderLedger: 100,
  }).start();
  const userDataDir = mkdtempSync(join(tmpdir(), 'history-bench-'));
  try {
    const full = await syncOnce(standIn, account, userDataDir);
    const again = await syncOnce(standIn, account, userDataDir);
    console.log(
      `requests, full sync of ${full.records} operations: ${full.requests} (target <= ${Math.ceil(n / 200) + 2})`,
    );
    console.log(`requests, re-sync of the current account: ${again.requests} (target <= 2)`);
  } finally {
    rmSync(userDataDir, { recursive: true, force: true });
    await standIn.close();
  }
}

/** A sync into `userDataDir` (kept); counts the requests after the core's own health reading. */
async function syncOnce(
  standIn: StandinHorizon,
  account: string,
  userDataDir: string,
): Promise<{ records: number; requests: number }> {
  let done: (records: number) => void = () => undefined;
  const finished = new Promise<number>((resolve) => (done = resolve));
  const roots = () => standIn.requests.filter((r) => r.path === '/').length;
  const rootsBefore = roots();
  const core = createAppCore({
    userDataDir,
    localUrl: standIn.url,
    host: 'web',
    version: 'bench',
    healthIntervalMs: 0,
    historyWorker: WORKER,
    emit: (channel, payload) => {
      const progress = payload as EventPayload<'history:progress'>;
      if (channel === 'history:progress' && progress.state === 'current') done(progress.records);
    },
  });
  await waitFor('the health reading', () => roots() > rootsBefore, 10_000);
  const before = standIn.requests.length;
  await createDispatcher(core.handlers)('history:sync', { account, follow: false });
  const records = await finished;
  const requests = standIn.requests.length - before;
  await core.close();
  return { records, requests };
}

await speed();
await requests();
