// What a history sync spends on a real local network, counted by a relay in front of its service:
// the root once (the app core's health reading serves the sync too) and each page once, so a
// first sync of N operations costs 1 + ⌈(N+1)/200⌉ requests (the last page short or empty), and
// the sync of a current account no root: its operations page's Latest-Ledger header says the
// server's latest ledger; at the edges N = 199, 200 and 201. Beside them, one page each
// of the account's transactions and trades (issue #27: fees it paid for others' transactions, fills
// of its offers), read up to the operations' token.
import { Keypair, Operation } from '@stellar/stellar-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryProgress } from '../../shared/history';
import { startCountingRelay, type CountingRelay } from '../support/counting-relay';
import { startNetwork, type RunningNetwork } from '../support/network';
import { submit } from '../support/service-tx';
import { accountSequence, nativePayment, signedTx } from '../support/signed-tx';
import { waitFor } from '../support/wait';
import { startCore, type CoreFixture } from './app-support';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../support/cli-process';

let net: RunningNetwork;
let relay: CountingRelay;
const account = Keypair.random();
let operations = 0;

beforeAll(async () => {
  net = await startNetwork({ historyOps: 0, closeIntervalMs: 200 });
  relay = await startCountingRelay(net.serviceUrl);
}, 120_000);

afterAll(async () => {
  await relay?.close();
  await net?.stop();
});

/** Brings the account's operations to `total`: its creation, then payments to it from root, ten to a transaction. */
async function operationsUpTo(total: number): Promise<void> {
  const root = net.demoAccounts.find((a) => a.name === 'root')!;
  const signer = Keypair.fromSecret(root.secretKey);
  while (operations < total) {
    const count = Math.min(10, total - operations);
    const ops = Array.from({ length: count }, (_, i) =>
      operations === 0 && i === 0
        ? Operation.createAccount({ destination: account.publicKey(), startingBalance: '1000' })
        : nativePayment(account.publicKey(), '1.5'),
    );
    const tx = signedTx(signer, ops, {
      passphrase: net.passphrase,
      sequence: await accountSequence(net.serviceUrl, root.publicKey),
    });
    const answer = await submit(net.serviceUrl, tx.toXDR());
    expect(answer.status).toBe(201);
    const hash = tx.hash().toString('hex');
    await waitFor(
      `transaction ${hash} in a ledger`,
      async () => (await fetch(`${net.serviceUrl}/transactions/${hash}`)).ok,
    );
    operations += count;
  }
}

/** Syncs the account in a core of its own on `userDataDir` (fresh by default) to current: the records and what the relay saw, the core's health reading included. */
async function syncCounted(
  userDataDir?: string,
): Promise<{ records: number; roots: number; pages: string[]; sides: string[]; all: number; core: CoreFixture }> {
  const started = relay.requests.length;
  const core = startCore(relay.url, {}, ...(userDataDir ? [userDataDir] : []));
  // The core's own start-up health reading (the root) is not the sync's: counted apart.
  await waitFor('the start-up health reading', () => relay.requests.slice(started).some((r) => r.path === '/'));
  const before = relay.requests.length;
  await core.call('history:sync', { account: account.publicKey(), follow: false });
  const done = await waitFor('the sync to settle', () =>
    core.events
      .map((e) => e.payload as HistoryProgress)
      .find((p) => p.account === account.publicKey() && (p.state === 'current' || p.state === 'error')),
  );
  await core.close();
  const seen = relay.requests.slice(before);
  expect(done.state).toBe('current');
  return {
    records: done.records,
    roots: seen.filter((r) => r.path === '/').length,
    pages: seen.filter((r) => r.path.endsWith('/operations')).map((r) => r.query.get('cursor') ?? ''),
    sides: seen.filter((r) => r.path !== '/' && !r.path.endsWith('/operations')).map((r) => r.path),
    all: seen.length,
    core,
  };
}

describe('requests of a history sync on the local network', () => {
  it.each([199, 200, 201])('a first sync of %i operations asks for the root once and each page once', async (n) => {
    await operationsUpTo(n);
    const first = await syncCounted();
    expect(first.records).toBe(n);
    // The start-up reading serves the first sync's root: none more.
    expect(first.roots).toBe(0);
    expect(first.pages).toHaveLength(Math.ceil((n + 1) / 200));
    // Each page once: no cursor asked for twice.
    expect(new Set(first.pages).size).toBe(first.pages.length);
    const sides = [`/accounts/${account.publicKey()}/transactions`, `/accounts/${account.publicKey()}/trades`];
    expect(first.sides).toEqual(sides);
    // The account is current: one (empty) page and one of each listing beside it, no root (issue
    // #36: the server's latest ledger, which bounds the walks beside the operations, is the
    // Latest-Ledger header of the operations page, which Horizon sends on every response).
    const again = await syncCounted(first.core.userDataDir);
    expect(again.records).toBe(n);
    expect([again.roots, again.pages.length]).toEqual([0, 1]);
    expect(again.sides).toEqual(sides);
    expect(again.all).toBe(3);
  });
});

describe('requests of the command line (issue 36)', () => {
  it('sync of a current account: one operations page and one of each listing beside it, no root; totals: none', async () => {
    if (operations === 0) await operationsUpTo(3);
    const userData = mkdtempSync(join(tmpdir(), 'ls-cli-requests-'));
    // The Local profile at the relay (what `npm run network` or the app's network would be).
    const saved = process.env['LEDGERSCOPE_LOCAL_URL'];
    process.env['LEDGERSCOPE_LOCAL_URL'] = relay.url;
    try {
      const id = account.publicKey();
      expect((await runCli(['sync', id], userData)).code).toBe(0);
      // Current now: a second sync, counted. No health reading at start: a command reads the root
      // only where it needs it, and a walk on from a stored token does not.
      let before = relay.requests.length;
      const again = await runCli(['sync', id], userData);
      expect(again.code, again.err).toBe(0);
      const seen = relay.requests.slice(before).map((r) => r.path);
      expect(seen).toEqual([`/accounts/${id}/operations`, `/accounts/${id}/transactions`, `/accounts/${id}/trades`]);
      // Figures from the index: nothing asked of the server.
      before = relay.requests.length;
      const totals = await runCli(['totals', id, '--by', 'asset'], userData);
      expect(totals.code, totals.err).toBe(0);
      expect(relay.requests.slice(before).map((r) => r.path)).toEqual([]);
    } finally {
      if (saved === undefined) delete process.env['LEDGERSCOPE_LOCAL_URL'];
      else process.env['LEDGERSCOPE_LOCAL_URL'] = saved;
      rmSync(userData, { recursive: true, force: true });
    }
  });
});
