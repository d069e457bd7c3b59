// Benchmark (issue 38, speed): an account's first page of payments on a Stellar RPC network, in
// round trips of the server's time. A real local network with its RPC (test/support/network.ts),
// the busiest demo account, the RPC source's `listings.page({kind: 'payments'}, {limit: 50, order:
// 'desc'})` through the latency relay at each round trip, beside the Horizon-shaped service's first
// page of the same account through a relay of the same round trip, in the same run. Every request
// is recorded (rpc-support.ts): how many, how many in flight at once, and the round trips that
// stood one after the other (requests sent while another was in flight share its round trip).
// Each page must hold the service's records, by id and in order.
//   node --import tsx test/bench/rpc-first-page.ts [--rtts 20,80] [--rounds 3] [--history-ops 20000]
// Two readings of the RPC source: "known window" (the source has read the server's window before,
// as the app's health reading does at its start and every 15 s: one getHealth, not timed), and
// "cold" (a source that has read nothing from this server). The bound, at most two round trips, is
// the known window's; the cold reading is printed beside it. Exits 1 when the bound is not met.
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { NetworkProfile } from '../../shared/ipc';
import { sourceOf } from '../../core/sources/registry';
import type { SourceListings } from '../../core/sources/source';
import { startNetwork } from '../support/network';
import { countingClient, median, roundTrips, type Sent, startProxy } from './rpc-support';

const { values } = parseArgs({
  options: {
    rtts: { type: 'string', default: '20,80' },
    rounds: { type: 'string', default: '3' },
    'history-ops': { type: 'string', default: '20000' },
  },
});
const rtts = values.rtts.split(',').map(Number);
const rounds = Number(values.rounds);
const LIMIT = 50;
const BOUND = 2;

const network = await startNetwork({ rpc: true, historyOps: Number(values['history-ops']) });
const children: { kill(): boolean }[] = [];
let failed = false;
try {
  const profile = (dialect: 'horizon' | 'rpc', baseUrl: string): NetworkProfile => ({
    id: `bench-${dialect}`,
    name: `bench ${dialect}`,
    baseUrl,
    passphrase: network.passphrase,
    dialect,
    builtIn: false,
  });
  // The busiest demo account: the longest first page of 200 payments on the service.
  let account = network.demoAccounts[0]!.publicKey;
  let most = -1;
  for (const demo of network.demoAccounts) {
    const page = (await (
      await fetch(`${network.serviceUrl}/accounts/${demo.publicKey}/payments?limit=200`)
    ).json()) as {
      _embedded?: { records: unknown[] };
    };
    const n = page._embedded?.records.length ?? 0;
    if (n > most) [most, account] = [n, demo.publicKey];
  }
  const target = { kind: 'payments' as const, account };
  const query = { limit: LIMIT, order: 'desc' as const, includeFailed: false, includeTransactions: false };
  console.log(
    `account ${account.slice(0, 8)}… (${most >= 200 ? 'at least 200' : most} payments), page of ${LIMIT}, newest first`,
  );

  // Warm-up, untimed: a just-started RPC's first getEvents waits for its index of events to catch up.
  const warm = sourceOf(profile('rpc', network.rpcUrl));
  await (warm.listings as SourceListings).page(target, query);

  for (const rtt of rtts) {
    const rpcProxy = await startProxy(network.rpcUrl, rtt);
    const serviceProxy = await startProxy(network.serviceUrl, rtt);
    children.push(rpcProxy.child, serviceProxy.child);
    const results: Record<'horizon' | 'known' | 'cold', { ms: number; log: Sent[]; records: number; ids: string }[]> = {
      horizon: [],
      known: [],
      cold: [],
    };
    for (let round = 0; round < rounds; round++) {
      for (const reading of ['horizon', 'known', 'cold'] as const) {
        const log: Sent[] = [];
        const http = countingClient(reading === 'horizon' ? serviceProxy.url : rpcProxy.url, log);
        const source = sourceOf(profile(reading === 'horizon' ? 'horizon' : 'rpc', http.baseUrl.href), http);
        if (reading === 'known') {
          await source.health();
          log.length = 0;
        }
        const started = performance.now();
        const page = await (source.listings as SourceListings).page(target, query);
        results[reading].push({
          ms: performance.now() - started,
          log,
          records: page.records.length,
          ids: page.records.map((r) => r.id).join(','),
        });
      }
    }
    for (const reading of ['horizon', 'known', 'cold'] as const) {
      const runs = results[reading];
      const ms = median(runs.map((r) => r.ms));
      const last = runs.at(-1)!;
      const { trips, widest, shape } = roundTrips(last.log);
      const label = { horizon: 'service (Horizon-shaped)', known: 'RPC, window known', cold: 'RPC, cold' }[reading];
      console.log(
        `rtt ${rtt} ms  ${label.padEnd(24)} ${ms.toFixed(0).padStart(5)} ms (median of ${runs.length}; ${runs.map((r) => r.ms.toFixed(0)).join(', ')}), ` +
          `${last.records} records, ${last.log.length} requests, at most ${widest} at once, ${trips} round trips: ${shape.join(' → ')}`,
      );
      // The same page, record for record: the RPC's operations are the service's.
      const same = runs.every((r) => r.ids === results.horizon[0]!.ids);
      if (!same) {
        failed = true;
        console.log(`  NOT THE SAME RECORDS as the service's first page`);
      }
      if (reading === 'known') {
        const worst = Math.max(...runs.map((r) => roundTrips(r.log).trips));
        if (worst > BOUND) {
          failed = true;
          console.log(`  NOT MET: ${worst} round trips (bound ${BOUND})`);
        } else
          console.log(
            `  met: ${worst} round trips at most (bound ${BOUND}); ${(ms / rtt).toFixed(1)} round trips of time`,
          );
      }
    }
    rpcProxy.child.kill();
    serviceProxy.child.kill();
  }
  console.log(`load ${loadavg()[0]!.toFixed(2)}`);
} finally {
  for (const child of children) child.kill();
  await network.stop();
}
process.exit(failed ? 1 : 0);
