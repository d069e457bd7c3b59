// Payments-page throughput and latency against the trivial /health route of the same server in
// the same run, with 10,000 and with 1,000,000 operations stored.
//   node --import tsx test/bench/service-throughput.ts [--seconds 5] [--connections 10] [--rounds 3]
//     [--sizes 10000,1000000] [--store-cache <dir>]
// Two measures of the page: the same page on every request (served from the cache of final pages
// after the first) and a random page (a different cursor per request, so the index scan, the row
// reads and the record encoding run on nearly every request). The random page is the honest one.
// Each round measures /health, then both pages, then /health again, back to back, on the same
// server; the ratios are per round, and the median of the rounds is reported.
// --store-cache keeps the generated stores in that directory between runs (the 1,000,000-operation
// store takes minutes to fill); without it they are built in a temporary directory and removed.
import { readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { pageBytes } from '../../network/service/listing';
import { Store } from '../../network/service/queries';
import { listingLinks } from '../../network/service/links';
import { operationText } from '../../network/service/records';
import { storePath } from '../../network/store/db';
import { buildStore, cachedStore, spawnService } from './service-support';

interface Figures {
  rps: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** CPU time (user + system, all threads) of the service process per request, in microseconds. */
  cpuUs: number;
}

interface Round {
  trivial: Figures;
  same: Figures;
  random: Figures;
}

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    sizes: { type: 'string', default: '10000,1000000' },
    'store-cache': { type: 'string' },
  },
});
const duration = Number(values.seconds);
const connections = Number(values.connections);
const rounds = Number(values.rounds);
const sizes = values.sizes.split(',').map(Number);
const storeCache = values['store-cache'];

/** CPU ticks (1/100 s) the process has used: utime + stime of /proc/<pid>/stat. */
function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

async function measure(url: string, pid: number, randomPath?: () => string, seconds = duration): Promise<Figures> {
  const requests = randomPath
    ? [{ setupRequest: (request: object) => ({ ...request, path: randomPath() }) }]
    : undefined;
  const before = cpuTicks(pid);
  const result = await autocannon({ url, connections, duration: seconds, requests });
  const cpuUs = ((cpuTicks(pid) - before) * 10_000) / Math.max(1, result.requests.total);
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx, cpuUs };
}

/**
 * The page the service writes in one statement (listing.ts, queries.ts) against the records
 * written one by one from full rows (records.ts operationText, what streams and /operations/{id}
 * serve): the same text, or the bench stops before it measures anything.
 */
function checkPages(dir: string, account: string, ledgers: number, count: number): void {
  const store = new Store(storePath(dir));
  try {
    const target = {
      path: `/accounts/${account}/payments`,
      source: { kind: 'scope' as const, scope: 'payment' as const, key: account },
      alwaysFailed: false,
    };
    for (let i = 0; i < count; i += 1) {
      const cursor =
        (BigInt(60_000_000 + Math.floor(Math.random() * ledgers)) << 32n) +
        (BigInt(Math.floor(Math.random() * 1000)) << 12n);
      const desc = i % 2 === 1;
      const includeFailed = i % 4 >= 2;
      const params = { cursor, limit: 1 + (i % 200), desc, includeFailed, join: false };
      const page = pageBytes(store, target, params, `${cursor}`, 'http://127.0.0.1').bytes.toString();
      const rows = store.listOperations({
        source: target.source,
        after: desc ? -1n : cursor,
        before: desc ? cursor : 2n ** 63n - 1n,
        desc,
        includeFailed,
        limit: params.limit,
      });
      const links = listingLinks('http://127.0.0.1', target.path, includeFailed ? '&include_failed=true' : '');
      const records = rows.map((row) => operationText(row, links)).join(',');
      if (!page.endsWith(`"_embedded":{"records":[${records}]}}`))
        throw new Error(
          `page text differs from the records' text at cursor ${cursor} (${JSON.stringify(params, (_k, v) => (typeof v === 'bigint' ? `${v}` : v))})`,
        );
    }
  } finally {
    store.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function run(operations: number) {
  const built = Date.now();
  let dir: string;
  let accounts: string[];
  let temporary = false;
  if (storeCache) {
    ({ dir, accounts } = cachedStore(operations, 1000, storeCache));
  } else {
    const fresh = buildStore(operations, 1000);
    fresh.store.close();
    ({ dir, accounts } = fresh);
    temporary = true;
  }
  const fillSeconds = (Date.now() - built) / 1000;
  const ledgers = Math.ceil(operations / 1000);
  const base = `/accounts/${accounts[0]}/payments?limit=10`;
  // A different page on almost every request: a cursor at any transaction of the history, so the
  // page and record caches mostly miss and each request runs the index scan and row reads.
  const randomPath = () => {
    const ledger = 60_000_000n + BigInt(Math.floor(Math.random() * ledgers));
    return `${base}&cursor=${(ledger << 32n) + (BigInt(1 + Math.floor(Math.random() * 1000)) << 12n)}`;
  };
  checkPages(dir, accounts[0]!, ledgers, 400);
  const { url, child } = await spawnService(dir);
  const pid = child.pid!;
  try {
    // Warm-up: the JIT, and the store's pages into the OS page cache.
    await measure(`${url}/health`, pid, undefined, 2);
    await measure(url, pid, randomPath, 3);
    const results: Round[] = [];
    const loads: string[] = [load()];
    for (let r = 0; r < rounds; r += 1) {
      const trivialBefore = await measure(`${url}/health`, pid);
      const same = await measure(`${url}${base}`, pid);
      const random = await measure(url, pid, randomPath);
      const trivialAfter = await measure(`${url}/health`, pid);
      // The machine is shared: the baseline is the mean of a run before and one after.
      const trivial = {
        ...trivialBefore,
        rps: (trivialBefore.rps + trivialAfter.rps) / 2,
        p99: Math.max(trivialBefore.p99, trivialAfter.p99),
        cpuUs: (trivialBefore.cpuUs + trivialAfter.cpuUs) / 2,
      };
      results.push({ trivial, same, random });
      loads.push(load());
    }
    return { operations, fillSeconds, results, loads };
  } finally {
    child.kill('SIGTERM');
    if (temporary) rmSync(dir, { recursive: true, force: true });
  }
}

const runs: Awaited<ReturnType<typeof run>>[] = [];
for (const size of sizes) runs.push(await run(size));
const line = (name: string, f: Figures) =>
  `    ${name.padEnd(24)} ${f.rps.toFixed(0).padStart(7)} req/s  p99 ${String(f.p99).padStart(3)} ms  ` +
  `service CPU ${f.cpuUs.toFixed(0).padStart(4)} us/request  errors ${f.errors}  non-2xx ${f.non2xx}`;
for (const r of runs) {
  console.log(
    `operations stored: ${r.operations} (store ready in ${r.fillSeconds.toFixed(1)} s); load average (1/5/15 min) before and after each round: ${r.loads.join(' | ')}`,
  );
  r.results.forEach((round, i) => {
    console.log(`  round ${i + 1}`);
    console.log(line('trivial /health', round.trivial));
    console.log(line('payments, same page', round.same));
    console.log(line('payments, random page', round.random));
    console.log(
      `    payments/trivial req/s: same page ${(round.same.rps / round.trivial.rps).toFixed(2)}, random page ${(round.random.rps / round.trivial.rps).toFixed(2)}`,
    );
  });
  const same = median(r.results.map((x) => x.same.rps / x.trivial.rps));
  const random = median(r.results.map((x) => x.random.rps / x.trivial.rps));
  const cpu = median(r.results.map((x) => x.trivial.cpuUs / x.random.cpuUs));
  console.log(
    `  median of ${r.results.length} rounds, payments/trivial req/s: random page ${random.toFixed(2)} (the honest figure), same page ${same.toFixed(2)} (target >= 0.4)`,
  );
  console.log(
    `  median service CPU per request: trivial ${median(r.results.map((x) => x.trivial.cpuUs)).toFixed(0)} us, random page ${median(r.results.map((x) => x.random.cpuUs)).toFixed(0)} us (trivial/random ${cpu.toFixed(2)})`,
  );
}
// autocannon's latencies are whole milliseconds: a ratio of two sub-millisecond figures is not one.
const ratio = (a: number, b: number) => (a === 0 || b === 0 ? 'n/a (below 1 ms)' : (a / b).toFixed(2));
if (runs.length >= 2) {
  const [small, large] = [runs[0]!, runs[runs.length - 1]!];
  const p99 = (r: (typeof runs)[number], key: 'same' | 'random') => median(r.results.map((x) => x[key].p99));
  console.log(
    `p99 ratio ${large.operations} / ${small.operations} operations (medians of the rounds): ` +
      `random page ${ratio(p99(large, 'random'), p99(small, 'random'))} (${p99(large, 'random')} / ${p99(small, 'random')} ms), ` +
      `same page ${ratio(p99(large, 'same'), p99(small, 'same'))} (${p99(large, 'same')} / ${p99(small, 'same')} ms) (target <= 1.5)`,
  );
}
