// Benchmark: admission over HTTP (GET /tx) of distinct signed payment transactions, against a
// core process started as `npm run network` starts it, 32 connections driven by autocannon.
//   node --import tsx test/bench/core-admission.ts [transactions=10000]
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Account, Keypair } from '@stellar/stellar-base';
import autocannon from 'autocannon';
import { NETWORK_PASSPHRASE } from '../../network/validator/model';
import { openStore, storePath } from '../../network/store/db';
import { nativePayment, signedTx } from '../support/signed-tx';

const total = Number(process.argv[2] ?? 10_000);
const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-bench-'));
const core = spawn(
  process.execPath,
  [
    '--import',
    'tsx',
    'network/validator-process.ts',
    '--data-dir',
    dir,
    '--port',
    '0',
    '--accounts',
    String(total),
    '--close-interval-ms',
    '3600000',
    '--max-queue',
    String(total + 10),
  ],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);

/** User + system CPU seconds the core process has used (Linux /proc; clock ticks of 1/100 s). */
function coreCpuSeconds(): number {
  const fields = readFileSync(`/proc/${core.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function main(): Promise<void> {
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: core.stdout }).on('line', (line) => {
      if (line.startsWith('ledgerscope-core listening on ')) resolve(line.split(' ').pop() ?? '');
    });
    core.on('exit', () => reject(new Error('core exited')));
  });
  const demo = JSON.parse(readFileSync(join(dir, 'demo-accounts.json'), 'utf8')) as {
    accounts: { publicKey: string; secretKey: string; signers?: unknown[] }[];
  };
  const db = openStore(storePath(dir), { readonly: true });
  // The multisig accounts' master keys cannot sign (weight 0): the bench pays from the others.
  const keys = demo.accounts.filter((a) => !a.signers).map((a) => Keypair.fromSecret(a.secretKey));
  const accounts = keys.map(
    (k) =>
      new Account(
        k.publicKey(),
        String(
          (db.prepare('SELECT sequence FROM accounts WHERE id = ?').get(k.publicKey()) as { sequence: bigint })
            .sequence,
        ),
      ),
  );
  db.close();
  const blobs: string[] = [];
  for (let i = 0; i < total; i++) {
    const n = i % keys.length; // one transaction per account: no ordering between requests matters
    const tx = signedTx(keys[n] as Keypair, [nativePayment(keys[(n + 1) % keys.length]?.publicKey() ?? '', '0.1')], {
      passphrase: NETWORK_PASSPHRASE,
      sequence: accounts[n] as Account,
    });
    blobs.push(encodeURIComponent(tx.toXDR()));
  }
  // autocannon drives the requests (its client is light enough that the core is the bottleneck);
  // each request takes the next distinct envelope.
  let next = 0;
  const cpuBefore = coreCpuSeconds();
  const result = await autocannon({
    url,
    connections: 32,
    amount: blobs.length,
    requests: [
      {
        method: 'GET',
        setupRequest: (req: Record<string, unknown>) => ({ ...req, path: `/tx?blob=${blobs[next++ % blobs.length]}` }),
      },
    ],
  });
  const seconds = result.duration;
  const cpu = coreCpuSeconds() - cpuBefore;
  const info = (await (await fetch(`${url}/info`)).json()) as { info: { queue: { pending: number } } };
  console.log(
    `admission over HTTP: ${result.requests.total} signed payments in ${seconds.toFixed(2)} s = ${Math.round(result.requests.total / seconds)} tx/s ` +
      `(non-2xx ${result.non2xx}, errors ${result.errors}, queued PENDING ${info.info.queue.pending}, latency p50 ${result.latency.p50} ms p99 ${result.latency.p99} ms)`,
  );
  const perRequest = (cpu / result.requests.total) * 1e6;
  console.log(
    `  core process CPU: ${cpu.toFixed(2)} s, ${perRequest.toFixed(0)} us per request = ${Math.round(1e6 / perRequest)} tx/s per core of the core's own work`,
  );
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    core.kill('SIGTERM');
    core.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  });
