// kill -9 of the service while streams are open: clients that resume with Last-Event-ID (the
// `eventsource` package does so by itself) miss nothing and see nothing twice. Payments keep
// arriving through the core while the service is down.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Account, Keypair } from '@stellar/stellar-base';
import { EventSource } from 'eventsource';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningNetwork, startNetwork } from '../support/network';
import { waitFor } from '../support/wait';
import { accountSequence, nativePayment, signedTx } from '../support/signed-tx';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PAIRS = 4;
const ROUNDS = 8;
let net: RunningNetwork;
let service: ChildProcess | undefined;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function startService(port: number): Promise<void> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'network/service/process.ts',
      '--data-dir',
      net.dataDir,
      '--port',
      String(port),
      '--core-url',
      net.coreUrl,
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  service = child;
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  await waitFor(
    'the service to listen',
    () => {
      if (child.exitCode !== null) throw new Error(`service exited with ${child.exitCode}`);
      return out.includes('ledgerscope-service listening on');
    },
    30_000,
  );
}

async function coreLedger(): Promise<number> {
  const info = (await (await fetch(`${net.coreUrl}/info`)).json()) as { info: { ledger: { num: number } } };
  return info.info.ledger.num;
}

beforeAll(async () => {
  net = await startNetwork({ historyOps: 200, startLedger: 60_000_000, closeIntervalMs: 200 });
});

afterAll(async () => {
  service?.kill('SIGKILL');
  await net?.stop();
});

describe('service killed with streams open', () => {
  it('lets resuming clients miss nothing and see nothing twice', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    await startService(port);
    const senders = net.demoAccounts.slice(1, 1 + PAIRS);
    const receivers = net.demoAccounts.slice(1 + PAIRS, 1 + 2 * PAIRS).map((a) => a.publicKey);
    const accounts = await Promise.all(
      senders.map(async (s) => new Account(s.publicKey, await accountSequence(url, s.publicKey))),
    );
    const start = (((BigInt(await coreLedger()) + 1n) << 32n) - 1n).toString();
    const received = receivers.map(() => [] as string[]);
    const sources = receivers.map((receiver, i) => {
      const source = new EventSource(`${url}/accounts/${receiver}/payments?cursor=${start}`);
      source.onmessage = (event) => received[i]!.push(event.lastEventId);
      return source;
    });
    try {
      for (let round = 0; round < ROUNDS; round += 1) {
        if (round === 3) {
          // The streams are live (they delivered the first rounds) when the service dies.
          await waitFor('the streams to be live', () => received.every((ids) => ids.length >= 2), 10_000);
          service!.kill('SIGKILL');
        }
        if (round === 6) await startService(port);
        const ledger = await coreLedger();
        await Promise.all(
          senders.map(async (sender, i) => {
            const tx = signedTx(Keypair.fromSecret(sender.secretKey), [nativePayment(receivers[i]!, '1')], {
              passphrase: net.passphrase,
              sequence: accounts[i]!,
            });
            const blob = encodeURIComponent(tx.toEnvelope().toXDR('base64'));
            const answer = (await (await fetch(`${net.coreUrl}/tx?blob=${blob}`)).json()) as { status: string };
            expect(answer.status).toBe('PENDING');
          }),
        );
        await waitFor('the next ledger', async () => (await coreLedger()) > ledger + 1, 10_000);
      }
      for (const [i, receiver] of receivers.entries()) {
        const page = (await (await fetch(`${url}/accounts/${receiver}/payments?cursor=${start}&limit=200`)).json()) as {
          _embedded: { records: { paging_token: string }[] };
        };
        const expected = page._embedded.records.map((r) => r.paging_token);
        expect(expected).toHaveLength(ROUNDS);
        await waitFor(`stream ${i} to catch up`, () => received[i]!.length >= expected.length, 15_000);
        expect(received[i]).toEqual(expected);
      }
    } finally {
      for (const source of sources) source.close();
    }
  });
});
