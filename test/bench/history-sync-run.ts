// One run of the history sync benchmark (history-sync.ts) in a process of its own, so that what it
// measures is the process a user's app core is: its peak resident memory (the kernel's VmHWM:
// main thread, index worker, SQLite, every buffer) and its main thread's event-loop delay. The
// benchmark bundles it as the app is bundled (esbuild, plain node, no tsx), and each mode loads
// only what it runs: the app core, or the SDK.
//   node <bundle>/history-sync-run.mjs sync <url> <account> <worker.mjs URL> [userDataDir]
//   node <bundle>/history-sync-run.mjs sdk <url> <account>
// prints one line of JSON: ms (from the request to the last record), records, cpuMs (this
// process, every thread), peakRssMb, and for a sync lagP99Ms and lagMaxMs.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { EventChannel, EventPayload } from '../../shared/ipc';

const [kind, url, account, worker, kept] = process.argv.slice(2) as [
  string,
  string,
  string,
  string | undefined,
  string | undefined,
];

/** The process's peak resident set (VmHWM), MB: every thread's memory, native included. */
function peakRssMb(): number {
  const line = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  return line ? Number(line[1]) / 1024 : process.resourceUsage().maxRSS / 1024;
}

async function sync(): Promise<Record<string, number>> {
  const userDataDir = kept ?? mkdtempSync(join(tmpdir(), 'history-bench-'));
  let done: (records: number) => void = () => undefined;
  let failed: (error: Error) => void = () => undefined;
  const finished = new Promise<number>((resolve, reject) => ((done = resolve), (failed = reject)));
  const emit = <C extends EventChannel>(channel: C, payload: EventPayload<C>) => {
    if (channel !== 'history:progress') return;
    const progress = payload as EventPayload<'history:progress'>;
    if (progress.state === 'current') done(progress.records);
    if (progress.state === 'error') failed(new Error(progress.message));
  };
  const { createAppCore, createDispatcher } = await import('../../core');
  const core = createAppCore({
    userDataDir,
    localUrl: url,
    host: 'web',
    version: 'bench',
    healthIntervalMs: 0,
    emit,
    historyWorker: new URL(worker!),
  });
  const dispatch = createDispatcher(core.handlers);
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const reply = await dispatch('history:sync', { account, follow: false });
  if (!reply.ok) throw new Error(reply.error.message);
  const records = await finished;
  const ms = performance.now() - started;
  lag.disable();
  const used = process.cpuUsage(cpu);
  await core.close();
  if (!kept) rmSync(userDataDir, { recursive: true, force: true });
  return {
    ms,
    records,
    cpuMs: (used.user + used.system) / 1000,
    peakRssMb: peakRssMb(),
    lagP99Ms: lag.percentile(99) / 1e6,
    lagMaxMs: lag.max / 1e6,
  };
}

/** The SDK merely paging the same listing, the cursor set explicitly so every page has 200. */
async function sdk(): Promise<Record<string, number>> {
  const { Horizon } = await import('@stellar/stellar-sdk');
  const server = new Horizon.Server(url, { allowHttp: true });
  const cpu = process.cpuUsage();
  const started = performance.now();
  let records = 0;
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
    records += page.records.length;
    if (page.records.length < 200) break;
    cursor = page.records.at(-1)!.paging_token;
  }
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { ms, records, cpuMs: (used.user + used.system) / 1000, peakRssMb: peakRssMb() };
}

const result = kind === 'sync' ? await sync() : await sdk();
process.stdout.write(`${JSON.stringify(result)}\n`);
