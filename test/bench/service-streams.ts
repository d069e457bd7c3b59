// Delivery latency of 1,000 concurrent payment streams: this script is the store's only writer
// (as the core is), commits ledgers of payments and measures, for every record on every stream,
// the time from the ledger's COMMIT starting (readers can see the ledger before COMMIT returns: it
// may go on to checkpoint the WAL) to the record's frame arriving.
//   node --import tsx test/bench/service-streams.ts [--streams 1000] [--ledgers 20] [--interval-ms 250]
import { fork } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { paymentOp, type SyntheticTx } from '../support/service-store';
import { START, buildStore, percentile, spawnService } from './service-support';

const { values } = parseArgs({
  options: {
    streams: { type: 'string', default: '1000' },
    ledgers: { type: 'string', default: '20' },
    'interval-ms': { type: 'string', default: '250' },
  },
});
const STREAMS = Number(values.streams);
const LEDGERS = Number(values.ledgers);
const INTERVAL = Number(values['interval-ms']);
const ACCOUNTS = 100;

const { dir, store, accounts } = buildStore(10_000, ACCOUNTS);
const { url, child } = await spawnService(dir);
const commitAt = new Map<bigint, number>();
const client = fork(fileURLToPath(new URL('./service-stream-client.ts', import.meta.url)), [], {
  execArgv: ['--import', 'tsx'],
});
const opened = new Promise<void>((resolve, reject) => {
  client.once('message', () => resolve());
  setTimeout(() => reject(new Error('the streams did not all open within 30 s')), 30_000).unref();
});
client.send({ url, accounts, streams: STREAMS });
await opened;

const firstLedger = START + 10;
for (let l = 0; l < LEDGERS; l += 1) {
  const txs: SyntheticTx[] = accounts.map((from, k) => ({
    source: from,
    successful: true,
    ops: [paymentOp(from, accounts[(k + 1) % ACCOUNTS]!, 1n)],
  }));
  const sequence = firstLedger + l;
  store.appendLedger(sequence, txs);
  commitAt.set(BigInt(sequence), store.commitStartedAt);
  await new Promise((resolve) => setTimeout(resolve, INTERVAL));
}
const expected = STREAMS * 2 * LEDGERS;
// The client answers once every expected frame has arrived (at most 10 s after this).
const report = new Promise<[string, number][]>((resolve) =>
  client.once('message', (m: { arrivals: [string, number][] }) => resolve(m.arrivals)),
);
client.send({ report: expected });
const latencies = (await report).flatMap(([id, at]) => {
  const committed = commitAt.get(BigInt(id) >> 32n);
  return committed === undefined ? [] : [at - committed];
});
child.kill('SIGTERM');
store.close();
rmSync(dir, { recursive: true, force: true });

console.log(
  `streams: ${STREAMS} on ${ACCOUNTS} accounts; ledgers: ${LEDGERS} of ${ACCOUNTS} payments every ${INTERVAL} ms`,
);
console.log(`deliveries: ${latencies.length} of ${expected} expected`);
console.log(
  `delivery latency from COMMIT: p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, ` +
    `max ${Math.max(...latencies).toFixed(1)} ms (target p99 <= 100 ms)`,
);
process.exit(latencies.length === expected ? 0 : 1);
