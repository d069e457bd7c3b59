// Benchmark: the history sync as users meet it, with the server a round trip away. The real
// service process on a store of N operations of one account (cachedStore), behind latency-proxy.ts
// (a relay in its own process: every request reaches the server `rtt` ms later, the answers come
// back over a link of `mbit` megabits a second); for each round trip, alternating in the same run
// through the same relay: `history:sync` (follow off) into a fresh user-data directory until
// `current`, and @stellar/stellar-sdk merely paging the same listing at limit 200. Each run is a
// process of its own (history-sync-run.ts, bundled as the app is, its index worker too), so its
// peak resident memory and its main thread's event-loop delay are the sync's alone. Then the sync
// of the account now current, through the same relay. Per round trip it prints the times, their
// ratio (target <= 1.0), every request the relay saw (target: the root once, ⌈(N+1)/200⌉ pages
// and a page of each listing beside them for a first sync; for a current account one page of each
// listing and the run's core's start-up root, the sync's own latest ledger from the Latest-Ledger
// header), the event-loop delay p99 (target <= 20 ms
// at 1,000,000) and the peak memory (target <= 256 MB at 1,000,000).
//   node --import tsx test/bench/history-sync.ts [operations=100000] [rounds=1] [rtts=20,80] [mbit=100]
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { waitFor } from '../support/wait';
import { cachedStore, spawnService } from './service-support';

const OPERATIONS = Number(process.argv[2] ?? 100_000);
const ROUNDS = Number(process.argv[3] ?? 1);
const RTTS = (process.argv[4] ?? '20,80').split(',').map(Number);
const MBIT = Number(process.argv[5] ?? 100);
for (const [name, value, least] of [
  ['operations', OPERATIONS, 1],
  ['rounds', ROUNDS, 1],
  ['mbit', MBIT, 0],
  ...RTTS.map((rtt) => ['rtt', rtt, 1] as const),
] as const) {
  if (!Number.isSafeInteger(value) || value < least)
    throw new Error(
      `${name} must be a whole number, ${least} or more (usage: history-sync.ts [operations] [rounds] [rtts=20,80] [mbit=100])`,
    );
}
const PAGES = Math.ceil((OPERATIONS + 1) / 200);

/** The index worker and the run script, bundled as scripts/build.mjs bundles the app (plain node, no tsx). */
async function bundles(): Promise<{ worker: string; run: string }> {
  const outdir = mkdtempSync(join(tmpdir(), 'history-bench-bundle-'));
  const banner = {
    js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
  };
  const common = {
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'esm',
    banner,
    logLevel: 'warning',
  } as const;
  await build({
    ...common,
    entryPoints: ['core/history-index/worker-thread/worker.ts'],
    outfile: join(outdir, 'history-worker.mjs'),
  });
  await build({
    ...common,
    entryPoints: ['test/bench/history-sync-run.ts'],
    outdir,
    splitting: true,
    outExtension: { '.js': '.mjs' },
    external: ['electron'],
  });
  return { worker: pathToFileURL(join(outdir, 'history-worker.mjs')).href, run: join(outdir, 'history-sync-run.mjs') };
}

interface Run {
  ms: number;
  records: number;
  cpuMs: number;
  peakRssMb: number;
  lagP99Ms?: number;
  lagMaxMs?: number;
  roots: number;
  pages: number;
  /** The pages of the listings beside the operations (transactions, trades). */
  sides: number;
  /** Every request the relay saw. */
  all: number;
}

type Counts = Pick<Run, 'roots' | 'pages' | 'sides' | 'all'>;

/** The relay in its own process, and the requests it reports (latency-proxy.ts prints each, and a mark when asked). */
class Link {
  private paths: string[] = [];
  private marks = 0;
  private constructor(
    readonly url: string,
    private readonly child: ChildProcess,
  ) {}

  static async open(target: string, rttMs: number, mbit: number): Promise<Link> {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'test/bench/latency-proxy.ts',
        '--target',
        target,
        '--rtt-ms',
        String(rttMs),
        '--mbit',
        String(mbit),
      ],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    let link: Link | null = null;
    let out = '';
    const url = new Promise<string>((resolve, reject) => {
      child.on('exit', (code) => reject(new Error(`latency-proxy.ts exited with ${code}`)));
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const lines = out.split('\n');
        out = lines.pop()!;
        for (const line of lines) {
          if (line.startsWith('listening on ')) resolve(line.slice('listening on '.length).trim());
          else if (line.startsWith('request ')) link?.paths.push(line.slice('request '.length));
          else if (line === 'mark' && link) link.marks += 1;
        }
      });
    });
    link = new Link(await url, child);
    return link;
  }

  /** Runs `task`; with it, every request through the relay meanwhile: roots, operations pages, side pages, all. */
  async counted<T>(task: () => Promise<T>): Promise<T & Counts> {
    await this.settle();
    const from = this.paths.length;
    const result = await task();
    await this.settle();
    const paths = this.paths.slice(from);
    return {
      ...result,
      roots: paths.filter((p) => p === '/').length,
      pages: paths.filter((p) => p.includes('/operations')).length,
      sides: paths.filter((p) => /\/(transactions|trades)(\?|$)/.test(p)).length,
      all: paths.length,
    };
  }

  close(): void {
    this.child.kill('SIGTERM');
  }

  /** Waits until every request line the relay printed so far has been read here. */
  private async settle(): Promise<void> {
    const want = this.marks + 1;
    this.child.stdin!.write('\n');
    await waitFor('the relay to report its requests', () => this.marks >= want, 10_000, 5);
  }
}

async function runOnce(run: string, args: string[]): Promise<Omit<Run, keyof Counts>> {
  const { stdout } = await promisify(execFile)(process.execPath, [run, ...args], { maxBuffer: 1 << 20 });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as Omit<Run, keyof Counts>;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const fixed = (value: number, digits = 1) => value.toFixed(digits);

/** The sync and the SDK alternating through one relay `rttMs` away; then the sync of the now current account. */
async function condition(
  serviceUrl: string,
  account: string,
  worker: string,
  run: string,
  rttMs: number,
): Promise<void> {
  const link = await Link.open(serviceUrl, rttMs, MBIT);
  const kept = mkdtempSync(join(tmpdir(), 'history-bench-kept-'));
  try {
    const syncs: Run[] = [];
    const sdks: Run[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // The last round's sync keeps its index, for the sync of a current account below.
      const sync = () =>
        link.counted(() => runOnce(run, ['sync', link.url, account, worker, ...(round === ROUNDS - 1 ? [kept] : [])]));
      const sdk = () => link.counted(() => runOnce(run, ['sdk', link.url, account]));
      // Alternating, and which goes first alternates too.
      if (round % 2 === 1) sdks.push(await sdk());
      syncs.push(await sync());
      if (round % 2 === 0) sdks.push(await sdk());
      for (const r of [syncs.at(-1)!, sdks.at(-1)!])
        if (r.records !== OPERATIONS) throw new Error(`counted ${r.records} records, expected ${OPERATIONS}`);
    }
    const current = await link.counted(() => runOnce(run, ['sync', link.url, account, worker, kept]));
    report(rttMs, syncs, sdks, current);
  } finally {
    link.close();
    rmSync(kept, { recursive: true, force: true });
  }
}

function report(rttMs: number, syncs: Run[], sdks: Run[], current: Run): void {
  const [sync, sdk] = [median(syncs.map((r) => r.ms)), median(sdks.map((r) => r.ms))];
  const runs = (list: Run[]) => list.map((r) => fixed(r.ms / 1000, 2)).join(', ');
  const perPage = (list: Run[]) => fixed(list.reduce((sum, r) => sum + r.cpuMs, 0) / list.length / PAGES, 2);
  console.log(`round trip ${rttMs} ms, ${MBIT > 0 ? `${MBIT} Mbit/s` : 'no limit on bandwidth'}:`);
  console.log(
    `  sync ${fixed(sync / 1000, 2)} s (runs ${runs(syncs)}), sdk ${fixed(sdk / 1000, 2)} s (runs ${runs(sdks)}): ratio sync/sdk ${fixed(sync / sdk, 2)} (target <= 1.0)`,
  );
  const counts = (r: Counts) => `${r.all} (root ${r.roots} + pages ${r.pages} + beside ${r.sides})`;
  console.log(
    `  requests, every one: first sync ${syncs.map(counts).join(', ')} (target 1 + ${PAGES} + 2); sync of the current account ${counts(current)} (target 4: the core's start-up root, a page of each listing); sdk ${sdks.map((r) => r.all).join(', ')}`,
  );
  console.log(
    `  sync main-thread event-loop delay: p99 ${syncs.map((r) => fixed(r.lagP99Ms!)).join(', ')} ms, max ${syncs.map((r) => fixed(r.lagMaxMs!)).join(', ')} ms (target p99 <= 20)`,
  );
  console.log(
    `  peak memory (VmHWM of the process): sync ${syncs.map((r) => fixed(r.peakRssMb, 0)).join(', ')} MB (target <= 256), sdk ${sdks.map((r) => fixed(r.peakRssMb, 0)).join(', ')} MB`,
  );
  console.log(
    `  CPU per page of 200 (the run's process, every thread): sync ${perPage(syncs)} ms, sdk ${perPage(sdks)} ms; the current account's sync ${fixed(current.ms / 1000, 2)} s`,
  );
}

const { dir, accounts, built } = cachedStore(OPERATIONS, 20, join(tmpdir(), 'ledgerscope-bench-cache'));
console.log(
  `store: ${OPERATIONS} operations of one account (${built ? 'built now' : 'cached'}); ${ROUNDS} round(s) per round trip; load average ${(
    await import('node:os')
  )
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
const { worker, run } = await bundles();
const service = await spawnService(dir);
try {
  for (const rtt of RTTS) await condition(service.url, accounts[0]!, worker, run, rtt);
} finally {
  service.child.kill('SIGTERM');
}
