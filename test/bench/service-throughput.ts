// Payments-page throughput and latency against the trivial /health route of the same server in
// the same run, with 10,000 and with 1,000,000 operations stored.
//   node --import tsx test/bench/service-throughput.ts [--seconds 5] [--connections 10]
import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { buildStore, spawnService } from './service-support';

interface Figures {
  rps: number;
  p99: number;
  errors: number;
  non2xx: number;
}

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' }, connections: { type: 'string', default: '10' } } });
const duration = Number(values.seconds);
const connections = Number(values.connections);

async function measure(url: string, randomPath?: () => string): Promise<Figures> {
  const requests = randomPath ? [{ setupRequest: (request: object) => ({ ...request, path: randomPath() }) }] : undefined;
  const result = await autocannon({ url, connections, duration, requests });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx };
}

async function run(operations: number) {
  const built = Date.now();
  const { dir, store, accounts } = buildStore(operations, 1000);
  const ledgers = Math.ceil(operations / 1000);
  const base = `/accounts/${accounts[0]}/payments?limit=10`;
  // A different page on almost every request: a cursor at any transaction of the history, so the
  // page and record caches mostly miss and each request runs the index scan and row reads.
  const randomPath = () => {
    const ledger = 60_000_000n + BigInt(Math.floor(Math.random() * ledgers));
    return `${base}&cursor=${(ledger << 32n) + (BigInt(1 + Math.floor(Math.random() * 1000)) << 12n)}`;
  };
  store.close();
  const fillSeconds = (Date.now() - built) / 1000;
  const { url, child } = await spawnService(dir);
  try {
    await measure(`${url}/health`); // warm-up
    const trivialBefore = await measure(`${url}/health`);
    const first = await measure(`${url}${base}`);
    const random = await measure(url, randomPath);
    const trivialAfter = await measure(`${url}/health`);
    // The machine is shared: the baseline is the mean of a run before and one after.
    const trivial = { ...trivialBefore, rps: (trivialBefore.rps + trivialAfter.rps) / 2, p99: Math.max(trivialBefore.p99, trivialAfter.p99) };
    return { operations, fillSeconds, trivial, first, random };
  } finally {
    child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

const small = await run(10_000);
const large = await run(1_000_000);
for (const r of [small, large]) {
  console.log(`operations stored: ${r.operations} (filled in ${r.fillSeconds.toFixed(1)} s)`);
  for (const [name, f] of [['trivial /health', r.trivial], ['payments, same page', r.first], ['payments, random page', r.random]] as const) {
    console.log(`  ${name.padEnd(30)} ${f.rps.toFixed(0).padStart(7)} req/s  p99 ${f.p99} ms  errors ${f.errors}  non-2xx ${f.non2xx}`);
  }
  console.log(`  payments/trivial req/s ratio: same page ${(r.first.rps / r.trivial.rps).toFixed(2)}, random page ${(r.random.rps / r.trivial.rps).toFixed(2)} (target >= 0.4)`);
}
const ratio = (a: number, b: number) => (b === 0 ? a === 0 ? 1 : Infinity : a / b);
console.log(
  `p99 ratio 1,000,000 / 10,000 operations: same page ${ratio(large.first.p99, small.first.p99).toFixed(2)}, ` +
    `random page ${ratio(large.random.p99, small.random.p99).toFixed(2)} (target <= 1.5)`,
);
