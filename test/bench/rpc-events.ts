// Benchmark (issue 38): the local RPC's getEvents over its whole window for one account's transfers,
// against the Horizon-shaped service listing the same account's payments, both over HTTP from their
// own processes on the same generated store, in the same run. The bound: getEvents in at most 2×
// the service's time.
//   node --import tsx test/bench/rpc-events.ts [operations=100000] [--limit 10000] [--rounds 3]
// getEvents: topics [["transfer", A, "*", "*"], ["transfer", "*", A, "*"]] from the oldest ledger,
// paged with the cursor to the latest (each page scans at most 10,000 ledgers, as stellar-rpc's),
// `limit` events a page. The service: /accounts/A/payments?limit=200, followed by its next links
// to the end. A is the account with the most transfers. The RPC reads the store's meta into its
// index of events first (its ingestion, timed and printed apart, as stellar-rpc ingests as
// ledgers close); each round then times both listings, the service first, and the median round's
// figures are printed.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Address, nativeToScVal, xdr } from '@stellar/stellar-base';
import { historyGenesisTime } from '../../network/demo-generator/calendar';
import { generateHistory } from '../../network/demo-generator/generate';
import { openStore, storePath } from '../../network/store/db';
import { CoreNode } from '../../network/validator/node';
import { spawnListening, spawnService } from './service-support';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { limit: { type: 'string', default: '10000' }, rounds: { type: 'string', default: '3' } },
});
const ops = Number(positionals[0] ?? 100_000);
const limit = Number(values.limit);
const rounds = Number(values.rounds);

async function rpc(url: string, method: string, params: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const answer = (await response.json()) as { result?: Record<string, unknown>; error?: unknown };
  if (!answer.result) throw new Error(`${method}: ${JSON.stringify(answer.error)}`);
  return answer.result;
}

interface EventsPage {
  events: { id: string }[];
  cursor: string;
  oldestLedger: number;
  latestLedger: number;
}

/** Every transfer of `account` in the window, paged to the latest ledger: [events, requests]. */
async function allTransfers(url: string, account: string): Promise<[number, number]> {
  const address = xdr.ScVal.scvAddress(Address.fromString(account).toScAddress()).toXDR('base64');
  const transfer = nativeToScVal('transfer', { type: 'symbol' }).toXDR('base64');
  const filters = [
    {
      topics: [
        [transfer, address, '*', '*'],
        [transfer, '*', address, '*'],
      ],
    },
  ];
  const health = await rpc(url, 'getHealth', {});
  let page = (await rpc(url, 'getEvents', {
    startLedger: health.oldestLedger,
    filters,
    pagination: { limit },
  })) as unknown as EventsPage;
  let events = page.events.length;
  let requests = 1;
  // A page short of the limit ends its range (at most 10,000 ledgers); the last range ends at the latest ledger.
  while (page.events.length === limit || Number(BigInt(page.cursor.split('-')[0]!) >> 32n) < page.latestLedger) {
    page = (await rpc(url, 'getEvents', {
      filters,
      pagination: { cursor: page.cursor, limit },
    })) as unknown as EventsPage;
    events += page.events.length;
    requests += 1;
  }
  return [events, requests];
}

/** Every payment of `account` from the service, 200 a page, by its next links: [records, requests]. */
async function allPayments(url: string, account: string): Promise<[number, number]> {
  let next = `${url}/accounts/${account}/payments?limit=200`;
  let records = 0;
  let requests = 0;
  for (;;) {
    const page = (await (await fetch(next)).json()) as {
      _embedded: { records: unknown[] };
      _links: { next: { href: string } };
    };
    requests += 1;
    records += page._embedded.records.length;
    if (page._embedded.records.length < 200) return [records, requests];
    // The next link is templated (`{&limit}`): the same limit again.
    next = `${page._links.next.href.replace(/\{&limit\}$/, '')}&limit=200`;
  }
}

const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-bench-rpc-events-'));
const children: { kill(): boolean }[] = [];
try {
  let started = performance.now();
  const db = openStore(storePath(dir));
  const core = new CoreNode(db, { startLedger: 60_000_000, maxQueue: 1000, genesisTime: historyGenesisTime() });
  generateHistory(core, { historyOps: ops, accounts: 20, seed: 'bench', dataDir: dir });
  // The account with the most transfers: the one whose listing is longest.
  const busiest = db
    .prepare(
      `SELECT key AS account, count(*) AS n FROM operation_scopes WHERE scope = 'payment'
        GROUP BY key ORDER BY n DESC LIMIT 1`,
    )
    .get() as { account: string };
  db.close();
  console.log(`history: ${ops} operations generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const service = await spawnService(dir);
  children.push(service.child);
  started = performance.now();
  const rpcProcess = await spawnListening([
    'network/rpc/process.ts',
    '--data-dir',
    dir,
    '--port',
    '0',
    '--core-url',
    'http://127.0.0.1:9',
  ]);
  children.push(rpcProcess.child);
  // The first getEvents waits for the index to hold the window: the ingestion, timed apart.
  await rpc(rpcProcess.url, 'getEvents', { startLedger: 60_000_000, pagination: { limit: 1 } }).catch(() =>
    rpc(rpcProcess.url, 'getHealth', {}),
  );
  const health = await rpc(rpcProcess.url, 'getHealth', {});
  await rpc(rpcProcess.url, 'getEvents', { startLedger: health.oldestLedger, pagination: { limit: 1 } });
  console.log(`rpc: index of events read in ${((performance.now() - started) / 1000).toFixed(1)} s (start included)`);

  const results: { service: number; events: number; payments: [number, number]; transfers: [number, number] }[] = [];
  for (let round = 0; round < rounds; round++) {
    let t = performance.now();
    const payments = await allPayments(service.url, busiest.account);
    const serviceMs = performance.now() - t;
    t = performance.now();
    const transfers = await allTransfers(rpcProcess.url, busiest.account);
    const eventsMs = performance.now() - t;
    results.push({ service: serviceMs, events: eventsMs, payments, transfers });
    console.log(
      `round ${round + 1}: service ${payments[0]} payments in ${payments[1]} pages, ${serviceMs.toFixed(0)} ms; ` +
        `getEvents ${transfers[0]} transfers in ${transfers[1]} requests (limit ${limit}), ${eventsMs.toFixed(0)} ms; ` +
        `ratio ${(eventsMs / serviceMs).toFixed(2)}`,
    );
  }
  const ratios = results.map((r) => r.events / r.service).sort((a, b) => a - b);
  const median = results.find((r) => r.events / r.service === ratios[Math.floor(ratios.length / 2)])!;
  console.log(
    `median: getEvents ${median.events.toFixed(0)} ms vs service ${median.service.toFixed(0)} ms: ` +
      `ratio ${(median.events / median.service).toFixed(2)} (bound 2.00), load ${loadavg()[0]!.toFixed(2)}`,
  );
} finally {
  for (const child of children) child.kill();
  rmSync(dir, { recursive: true, force: true });
}
