// Benchmark (issue 38, speed): the live feed on a Stellar RPC network. A real local network with its
// RPC, ledgers closing every second; the RPC source's payment streams
// (`source.streams.payments.open(...)`) watch N demo accounts through the latency relay while a
// sender pays them, one payment at a time (each waits for the one before to land), round robin.
//   node --import tsx test/bench/rpc-live.ts [--accounts 1,5,20] [--rtts 20,80] [--seconds 8]
// For each round trip and N it prints the requests per ledger by method (every request the
// source's HttpClient sent, rpc-support.ts) and checks the bound payment-streams.ts states:
// getLatestLedger at most one per tick (POLL_MS apart, whatever N), getEvents at most ⌈N/5⌉ per
// ledger closed (plus one round at the start), getTransaction once per transaction that names a
// watched account, never twice. And for every payment, the time from its ledger's close (the moment
// the service first answers its transaction, polled every 10 ms: up to 10 ms late) to its record
// reaching the stream's sink; p50, p95 and max per round trip. The bound: the close interval plus
// 300 ms (1,300 ms). Exits 1 when a bound is not met.
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sourceOf } from '../../core/sources/registry';
import type { PaymentStreams } from '../../core/sources/source';
import { POLL_MS } from '../../core/sources/rpc/payment-streams';
import type { NetworkProfile } from '../../shared/ipc';
import type { StreamStatus } from '../../shared/model';
import { postTransaction } from '../e2e/support/app';
import { startNetwork } from '../support/network';
import { envelopeOf, paymentTx } from '../support/signed-tx';
import { waitFor } from '../support/wait';
import { countingClient, percentile, type Sent, startProxy } from './rpc-support';

const { values } = parseArgs({
  options: {
    accounts: { type: 'string', default: '1,5,20' },
    rtts: { type: 'string', default: '20,80' },
    seconds: { type: 'string', default: '8' },
  },
});
const counts = values.accounts.split(',').map(Number);
const rtts = values.rtts.split(',').map(Number);
const seconds = Number(values.seconds);
const CLOSE_MS = 1000;
const LATENCY_BOUND = CLOSE_MS + 300;

const network = await startNetwork({
  rpc: true,
  historyOps: 0,
  accounts: Math.max(...counts) + 1,
  closeIntervalMs: CLOSE_MS,
  seed: 'bench-rpc-live',
});
let failed = false;
const children: { kill(): boolean }[] = [];

async function rpcDirect(method: string): Promise<Record<string, unknown>> {
  const response = await fetch(network.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method }),
  });
  return ((await response.json()) as { result: Record<string, unknown> }).result;
}
const latestLedger = async () => Number((await rpcDirect('getLatestLedger')).sequence);

/** When the service first answers the transaction (its ledger closed), polled every 10 ms. */
async function landedAt(hash: string): Promise<number> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const response = await fetch(new URL(`/transactions/${hash}`, network.serviceUrl));
    await response.body?.cancel();
    if (response.ok) return performance.now();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`transaction ${hash} not in a ledger after 20 s`);
}

try {
  const root = network.demoAccounts.find((a) => a.name === 'root')!;
  const others = network.demoAccounts.filter((a) => a !== root);
  let amountSeq = 0;
  for (const rtt of rtts) {
    const proxy = await startProxy(network.rpcUrl, rtt);
    children.push(proxy.child);
    const latencies: number[] = [];
    for (const n of counts) {
      const watched = others.slice(0, n).map((a) => a.publicKey);
      const log: Sent[] = [];
      const http = countingClient(proxy.url, log);
      const profile: NetworkProfile = {
        id: `bench-rpc-${rtt}-${n}`,
        name: 'bench rpc',
        baseUrl: proxy.url,
        passphrase: network.passphrase,
        dialect: 'rpc',
        builtIn: false,
      };
      const source = sourceOf(profile, http);
      const delivered = new Map<string, number>(); // transaction hash -> performance.now()
      const states = new Map<string, StreamStatus['state']>();
      const streams = watched.map((account) => {
        const stream = (source.streams.payments as PaymentStreams).open(
          { account, networkId: profile.id },
          {},
          {
            status: (status) => states.set(account, status.state),
            record: (record) => {
              if (!delivered.has(record.transactionHash)) delivered.set(record.transactionHash, performance.now());
            },
          },
        );
        stream.start();
        return stream;
      });
      await waitFor('every stream live', () => watched.every((a) => states.get(a) === 'live'), 30_000);
      log.length = 0;
      const fromLedger = await latestLedger();
      const started = performance.now();
      const sent: { hash: string; landed: number }[] = [];
      for (let i = 0; performance.now() - started < seconds * 1000; i++) {
        const to = watched[i % watched.length]!;
        const amount = `3.${String(++amountSeq).padStart(6, '0')}1`;
        const { xdr, hash } = envelopeOf(
          await paymentTx(network.serviceUrl, root, to, {
            amount,
            passphrase: network.passphrase,
            timeoutSeconds: 600,
          }),
        );
        const posted = await postTransaction(network.serviceUrl, xdr);
        if (posted.body.result !== 'received') throw new Error(`payment ${i} was ${posted.body.result}`);
        sent.push({ hash, landed: await landedAt(hash) });
      }
      const elapsed = performance.now() - started;
      await waitFor('every payment delivered', () => sent.every((s) => delivered.has(s.hash)), 20_000);
      const toLedger = await latestLedger();
      for (const stream of streams) stream.stop();
      const ledgers = Math.max(1, toLedger - fromLedger);
      const inWindow = log.filter((s) => s.start - started <= elapsed);
      const by = (method: string) => inWindow.filter((s) => s.method === method);
      const ticks = by('getLatestLedger').length;
      const events = by('getEvents').length;
      const txHashes = by('getTransaction').map((s) => s.hash ?? '');
      const sentHashes = new Set(sent.map((s) => s.hash));
      const repeated = txHashes.length - new Set(txHashes).size;
      const foreign = txHashes.filter((h) => !sentHashes.has(h)).length;
      const groups = Math.ceil(n / 5);
      const tickBound = Math.ceil(elapsed / POLL_MS) + 1;
      const perLedger = (count: number) => (count / ledgers).toFixed(2);
      const bound = tickBound / ledgers + groups + sent.length / ledgers;
      const total = inWindow.length / ledgers;
      const lat = sent.map((s) => delivered.get(s.hash)! - s.landed);
      latencies.push(...lat);
      console.log(
        `rtt ${rtt} ms, ${String(n).padStart(2)} accounts: ${ledgers} ledgers in ${(elapsed / 1000).toFixed(1)} s, ${sent.length} payments; per ledger ` +
          `getLatestLedger ${perLedger(ticks)}, getEvents ${perLedger(events)}, getTransaction ${perLedger(txHashes.length)}, ` +
          `total ${total.toFixed(2)} (bound ${bound.toFixed(2)}: ticks ${(tickBound / ledgers).toFixed(2)} + ⌈N/5⌉ ${groups} + transactions ${(sent.length / ledgers).toFixed(2)}); ` +
          `transactions read twice ${repeated}, not ours ${foreign}; close → sink p50 ${percentile(lat, 50).toFixed(0)} ms, max ${Math.max(...lat).toFixed(0)} ms`,
      );
      if (
        ticks > tickBound ||
        events > (ledgers + 1) * groups ||
        repeated > 0 ||
        txHashes.length > sent.length ||
        total > bound + groups / ledgers
      ) {
        failed = true;
        console.log('  NOT MET: requests per ledger over the bound');
      }
    }
    const [p50, p95, max] = [percentile(latencies, 50), percentile(latencies, 95), Math.max(...latencies)];
    const met = p95 <= LATENCY_BOUND && max <= LATENCY_BOUND;
    if (!met) failed = true;
    console.log(
      `rtt ${rtt} ms: ledger close → record at the sink, ${latencies.length} payments: p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, max ${max.toFixed(0)} ms (bound ${LATENCY_BOUND}: ${met ? 'met' : 'NOT MET'})`,
    );
    proxy.child.kill();
  }
  console.log(`load ${loadavg()[0]!.toFixed(2)}`);
} finally {
  for (const child of children) child.kill();
  await network.stop();
}
process.exit(failed ? 1 : 0);
