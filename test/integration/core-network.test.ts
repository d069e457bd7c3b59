// The core node as a process: started through network/cli.ts (test/support/network.ts), fed over
// HTTP with envelopes built and signed by @stellar/stellar-base, observed through its store.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Asset, hash, Keypair, Operation, TransactionBuilder, type xdr } from '@stellar/stellar-base';
import { parse as parseToml } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInvariants } from '../../network/validator/invariants';
import { openStore, storePath } from '../../network/store/db';
import { describe as codes } from '../support/core-harness';
import { type RunningNetwork, startNetwork } from '../support/network';
import { nativePayment, signedTx } from '../support/signed-tx';
import { waitFor } from '../support/wait';

let net: RunningNetwork;

beforeAll(async () => {
  net = await startNetwork({
    historyOps: 3000,
    accounts: 6,
    seed: 'core-network',
    startLedger: 60_000_000,
    closeIntervalMs: 200,
  });
});
afterAll(async () => {
  await net?.stop();
});

function store() {
  return openStore(storePath(net.dataDir), { readonly: true });
}

async function getJson(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(url);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

function signedPayment(from: Keypair, to: string, amount: string): string {
  const db = store();
  const row = db.prepare('SELECT sequence FROM accounts WHERE id = ?').get(from.publicKey()) as { sequence: bigint };
  db.close();
  return signedTx(from, [nativePayment(to, amount)], {
    passphrase: net.passphrase,
    sequence: row.sequence.toString(),
  }).toXDR();
}

async function waitForTransaction(hash: string) {
  return waitFor(
    `transaction ${hash} in history`,
    () => {
      const db = store();
      const row = db.prepare('SELECT * FROM transactions WHERE hash = ?').get(hash) as
        Record<string, unknown> | undefined;
      db.close();
      return row;
    },
    30_000,
  );
}

describe('core node process', () => {
  it('starts on free ports at the requested ledger, with the demo accounts funded', async () => {
    expect(net.coreUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const info = await getJson(`${net.coreUrl}/info`);
    const ledger = (info.body.info as { ledger: { num: number } }).ledger.num;
    expect(ledger).toBeGreaterThan(60_000_000);
    expect(net.passphrase).toBe('Ledgerscope Local Network ; 2026');
    expect(net.demoAccounts[0]?.name).toBe('busy');
    expect(net.demoAccounts[1]).toMatchObject({ name: 'root', publicKey: Keypair.master(net.passphrase).publicKey() });
    const db = store();
    for (const account of net.demoAccounts) {
      expect(Keypair.fromSecret(account.secretKey).publicKey()).toBe(account.publicKey);
      const row = db.prepare('SELECT balance FROM accounts WHERE id = ?').get(account.publicKey) as
        { balance: bigint } | undefined;
      expect(row?.balance ?? 0n).toBeGreaterThan(0n);
    }
    const busiest = db
      .prepare("SELECT key FROM operation_scopes WHERE scope = 'payment' GROUP BY key ORDER BY count(*) DESC LIMIT 1")
      .get() as { key: string };
    expect(busiest.key).toBe(net.demoAccounts[0]?.publicKey);
    const types = db
      .prepare('SELECT DISTINCT type FROM operations ORDER BY type')
      .all()
      .map((r) => Number((r as { type: bigint }).type));
    expect(types).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(
      Number((db.prepare('SELECT count(*) AS c FROM transactions WHERE successful = 0').get() as { c: bigint }).c),
    ).toBeGreaterThan(0);
    expect(checkInvariants(db)).toEqual([]);
    db.close();
  });

  it('admits a signed payment over HTTP and applies it in a later ledger', async () => {
    const [busy, root] = net.demoAccounts.map((a) => Keypair.fromSecret(a.secretKey));
    if (!busy || !root) throw new Error('demo accounts missing');
    const blob = signedPayment(root, busy.publicKey(), '12.5');
    const answer = await getJson(`${net.coreUrl}/tx?blob=${encodeURIComponent(blob)}`);
    expect(answer.body.status).toBe('PENDING');
    const again = await getJson(`${net.coreUrl}/tx?blob=${encodeURIComponent(blob)}`);
    expect(again.body.status).toBe('DUPLICATE');
    const row = await waitForTransaction(String(answer.body.hash));
    expect(row).toMatchObject({ successful: 1n, fee_charged: 100n, source_account: root.publicKey() });
    const db = store();
    const op = db.prepare('SELECT details FROM operations WHERE transaction_id = ?').get(row.id as bigint) as {
      details: string;
    };
    expect(op.details).toContain('"amount":125000000,"amount_f":12.5');
    const scopes = db
      .prepare('SELECT scope, key FROM operation_scopes WHERE operation_id = ? ORDER BY scope, key')
      .all(BigInt(row.id as bigint) + 1n);
    expect(scopes).toContainEqual({ scope: 'payment', key: busy.publicKey() });
    db.close();
  });

  it('records a transaction that fails when applied, fee charged and sequence used', async () => {
    const fresh = Keypair.random();
    const root = Keypair.fromSecret(net.demoAccounts[1]?.secretKey ?? '');
    const create = signedPayment(root, fresh.publicKey(), '1');
    const answer = await getJson(`${net.coreUrl}/tx?blob=${encodeURIComponent(create)}`);
    expect(answer.body.status).toBe('PENDING');
    const row = await waitForTransaction(String(answer.body.hash));
    expect(row).toMatchObject({ successful: 0n, fee_charged: 100n });
    const db = store();
    const op = db.prepare('SELECT successful FROM operations WHERE transaction_id = ?').get(row.id as bigint) as {
      successful: bigint;
    };
    expect(op.successful).toBe(0n);
    db.close();
  });

  it('answers bad requests with JSON errors and keeps serving', async () => {
    const garbage = await getJson(`${net.coreUrl}/tx?blob=AAAA`);
    expect(garbage).toMatchObject({ status: 200, body: { status: 'ERROR' } });
    expect(await getJson(`${net.coreUrl}/tx`)).toMatchObject({ status: 400, body: { status: 'ERROR' } });
    expect((await getJson(`${net.coreUrl}/nowhere`)).status).toBe(404);
    expect((await getJson(`${net.coreUrl}/info`)).body.info).toMatchObject({ state: 'Synced!' });
  });
});

/** An envelope from `source` (sequence read from the store) signed by `signers`, in that order. */
/** A transaction of `source` signed by exactly `signers` (none, one, or several of its signers). */
function multisigTx(source: string, ops: xdr.Operation[], signers: Keypair[]): string {
  const db = store();
  const row = db.prepare('SELECT sequence FROM accounts WHERE id = ?').get(source) as { sequence: bigint };
  db.close();
  return signedTx(Keypair.fromPublicKey(source), ops, {
    passphrase: net.passphrase,
    sequence: row.sequence.toString(),
    signers,
  }).toXDR();
}

/** Submits over HTTP: "PENDING" after the transaction is in history, else the result codes. */
async function submitted(blob: string): Promise<string> {
  const answer = await getJson(`${net.coreUrl}/tx?blob=${encodeURIComponent(blob)}`);
  if (answer.body.status !== 'PENDING') return codes(String(answer.body.error ?? ''));
  const row = await waitForTransaction(String(answer.body.hash));
  return row.successful === 1n ? 'PENDING' : 'applied but failed';
}

describe('multisig demo accounts over HTTP', () => {
  const demo = (name: string) => {
    const account = net.demoAccounts.find((a) => a.name === name);
    if (!account?.signers) throw new Error(`no ${name} in demo-accounts.json`);
    return {
      id: account.publicKey,
      master: Keypair.fromSecret(account.secretKey),
      signers: account.signers.map((s) => Keypair.fromSecret(s.secretKey)),
    };
  };
  const payTo = () =>
    Operation.payment({ destination: net.demoAccounts[0]?.publicKey ?? '', asset: Asset.native(), amount: '1' });

  it('2-of-3: one signature is short, two pass, a stranger or the weightless master key is one too many', async () => {
    const { id, master, signers } = demo('multisig-2of3');
    const [s1, s2, s3] = signers as [Keypair, Keypair, Keypair];
    expect(await submitted(multisigTx(id, [payTo()], [s2]))).toBe('txFailed opBadAuth');
    expect(await submitted(multisigTx(id, [payTo()], [master]))).toBe('txBadAuth');
    expect(await submitted(multisigTx(id, [payTo()], [s1, s3, Keypair.random()]))).toBe('txBadAuthExtra');
    expect(await submitted(multisigTx(id, [payTo()], [s1, s3, master]))).toBe('txBadAuthExtra');
    expect(await submitted(multisigTx(id, [payTo()], [s1, s3]))).toBe('PENDING');
    // An operation whose source is the 2-of-3 account, in root's transaction: its signers answer for it.
    const root = Keypair.master(net.passphrase);
    const op = Operation.payment({ destination: root.publicKey(), asset: Asset.native(), amount: '1', source: id });
    expect(await submitted(multisigTx(root.publicKey(), [op], [root, s2]))).toBe('txFailed opBadAuth');
    expect(await submitted(multisigTx(root.publicKey(), [op], [root, s2, s3]))).toBe('PENDING');
  });

  it('weighted 1/2/3: a payment needs 3, adding a signer needs 5, and the service lists the signer kinds', async () => {
    const { id, signers } = demo('multisig-weighted');
    const [w1, w2, w3] = signers as [Keypair, Keypair, Keypair];
    expect(await submitted(multisigTx(id, [payTo()], [w1]))).toBe('txFailed opBadAuth');
    expect(await submitted(multisigTx(id, [payTo()], [w3]))).toBe('PENDING');
    const preimage = Buffer.from('ledgerscope core-network test');
    const addHashX = Operation.setOptions({ signer: { sha256Hash: hash(preimage), weight: 1 } });
    expect(await submitted(multisigTx(id, [addHashX], [w3]))).toBe('txFailed opBadAuth');
    expect(await submitted(multisigTx(id, [addHashX], [w2, w3]))).toBe('PENDING');
    const account = (await getJson(`${net.serviceUrl}/accounts/${id}`)).body as {
      signers: { key: string; weight: number; type: string }[];
    };
    expect(account.signers.map((s) => s.type).sort()).toEqual([
      'ed25519_public_key',
      'ed25519_public_key',
      'ed25519_public_key',
      'ed25519_public_key',
      'sha256_hash',
    ]);
    expect(account.signers.find((s) => s.key === id)?.weight).toBe(0);
    // The preimage alone meets the low threshold (1) of a sequence bump.
    const bump = (x: Buffer) => {
      const tx = TransactionBuilder.fromXDR(
        multisigTx(id, [Operation.bumpSequence({ bumpTo: '0' })], []),
        net.passphrase,
      );
      tx.signHashX(x);
      return tx.toXDR();
    };
    expect(await submitted(bump(Buffer.from('a wrong preimage')))).toBe('txBadAuth');
    expect(await submitted(bump(preimage))).toBe('PENDING');
  });
});

describe('the demo network speaks SEP-1, SEP-2 and SEP-29 (issue 40)', () => {
  const demo = (name: string) => net.demoAccounts.find((a) => a.name === name)!;

  it('serves a stellar.toml naming the demo issuers, whose home_domain points at it', async () => {
    const res = await fetch(`${net.serviceUrl}/.well-known/stellar.toml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const toml = parseToml(await res.text()) as {
      FEDERATION_SERVER: string;
      DOCUMENTATION: { ORG_NAME: string };
      CURRENCIES: { code: string; issuer: string; name: string }[];
    };
    expect(toml.FEDERATION_SERVER).toBe(`${net.serviceUrl}/federation`);
    expect(toml.DOCUMENTATION.ORG_NAME).toBe('Ledgerscope local network');
    expect(toml.CURRENCIES.map((c) => [c.code, c.issuer])).toEqual([
      ['USD', demo('issuer-a').publicKey],
      ['EUR', demo('issuer-a').publicKey],
      ['BTC', demo('issuer-b').publicKey],
      ['GOLDCOIN', demo('issuer-b').publicKey],
    ]);
    for (const name of ['issuer-a', 'issuer-b', 'exchange']) {
      const { body } = await getJson(`${net.serviceUrl}/accounts/${demo(name).publicKey}`);
      expect(body.home_domain).toBe('localhost');
    }
  });

  it('answers alice*localhost (either case of the domain) and the exchange with its memo, by name and by id', async () => {
    const alice = await getJson(`${net.serviceUrl}/federation?type=name&q=${encodeURIComponent('alice*LocalHost')}`);
    expect(alice).toEqual({
      status: 200,
      body: { stellar_address: 'alice*localhost', account_id: demo('alice').publicKey },
    });
    const exchange = await getJson(`${net.serviceUrl}/federation?type=id&q=${demo('exchange').publicKey}`);
    expect(exchange.body).toEqual({
      stellar_address: 'exchange*localhost',
      account_id: demo('exchange').publicKey,
      memo_type: 'id',
      memo: '1234',
    });
    expect((await getJson(`${net.serviceUrl}/federation?type=name&q=nobody*localhost`)).status).toBe(404);
    expect((await getJson(`${net.serviceUrl}/federation?type=name&q=alice*example.com`)).status).toBe(404);
    expect((await getJson(`${net.serviceUrl}/federation?type=txid&q=x`)).status).toBe(400);
    expect((await getJson(`${net.serviceUrl}/federation?type=name`)).status).toBe(400);
  });

  it('has one exchange account whose data entry config.memo_required is 1', async () => {
    const { body } = await getJson(`${net.serviceUrl}/accounts/${demo('exchange').publicKey}`);
    expect(body.data).toEqual({ 'config.memo_required': Buffer.from('1').toString('base64') });
  });
});

describe('core entry points', () => {
  const run = (script: string, args: string[]) =>
    spawn(process.execPath, ['--import', 'tsx', script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });

  it('exits with code 2 and one line on an unknown or bad flag', async () => {
    for (const args of [
      ['--nope', '1'],
      ['--port', 'abc'],
    ]) {
      const child = run('network/cli.ts', args);
      let err = '';
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      const code = await new Promise((r) => child.on('exit', r));
      expect(code).toBe(2);
      expect(err.trim().split('\n')).toHaveLength(1);
    }
  });

  it('lists every flag with what it does and its default on --help and exits 0', async () => {
    const child = run('network/cli.ts', ['--help']);
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise((r) => child.on('exit', r));
    expect(code).toBe(0);
    expect(out).toMatch(/^usage: npm run network/);
    for (const flag of [
      '--data-dir',
      '--core-port',
      '--port  ',
      '--start-ledger',
      '--history-ops N',
      '--rate-limit',
      '--max-streams',
    ]) {
      expect(out).toContain(flag.trimEnd());
    }
    expect(out).toMatch(/^ {2}--history-ops N +operations of history generated into a fresh store \(default 5000\)$/m);
  });

  it('stops the core and the service on Ctrl-C (SIGINT to the cli) and exits 0', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-cli-stop-'));
    try {
      const cli = run('network/cli.ts', ['--data-dir', dir, '--port', '0', '--core-port', '0', '--history-ops', '0']);
      const lines: string[] = [];
      createInterface({ input: cli.stdout }).on('line', (l) => lines.push(l));
      await waitFor('the network to be ready', () => lines.includes('ledgerscope-network: ready'), 60_000);
      const corePid = Number(
        lines
          .find((l) => l.startsWith('ledgerscope-network: core pid '))
          ?.split(' ')
          .pop(),
      );
      cli.kill('SIGINT');
      expect(await new Promise((r) => cli.on('exit', r))).toBe(0);
      expect(lines).toContain('ledgerscope-network: stopped');
      expect(() => process.kill(corePid, 0)).toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stops the parts started and exits 1 when one fails to start (its port taken)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-cli-fail-'));
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const port = (taken.address() as AddressInfo).port;
      const cli = run('network/cli.ts', [
        '--data-dir',
        dir,
        '--port',
        String(port),
        '--core-port',
        '0',
        '--history-ops',
        '0',
      ]);
      const lines: string[] = [];
      let err = '';
      createInterface({ input: cli.stdout }).on('line', (l) => lines.push(l));
      cli.stderr.on('data', (d: Buffer) => (err += d.toString()));
      expect(await new Promise((r) => cli.on('exit', r))).toBe(1);
      expect(err).toMatch(/^ledgerscope-network: service exited before it was ready/m);
      expect(lines).toContain('ledgerscope-network: stopped');
      const corePid = Number(
        lines
          .find((l) => l.startsWith('ledgerscope-network: core pid '))
          ?.split(' ')
          .pop(),
      );
      expect(corePid).toBeGreaterThan(0);
      expect(() => process.kill(corePid, 0)).toThrow();
    } finally {
      taken.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stops cleanly on SIGINT and continues from the stored ledger on restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-core-restart-'));
    try {
      const start = async () => {
        const child = run('network/validator-process.ts', [
          '--data-dir',
          dir,
          '--port',
          '0',
          '--close-interval-ms',
          '50',
          '--history-ops',
          '200',
        ]);
        const lines: string[] = [];
        createInterface({ input: child.stdout }).on('line', (l) => lines.push(l));
        const url = await waitFor(
          'the core to listen',
          () =>
            lines
              .find((l) => l.startsWith('ledgerscope-core listening on '))
              ?.split(' ')
              .pop(),
          60_000,
        );
        return { child, url, lines };
      };
      const first = await start();
      const ledgerOf = async (url: string) =>
        ((await getJson(`${url}/info`)).body.info as { ledger: { num: number } }).ledger.num;
      const reached = await waitFor(
        'a few live ledgers',
        async () => {
          const num = await ledgerOf(first.url);
          return num > 10 ? num : undefined;
        },
        30_000,
      );
      first.child.kill('SIGINT');
      expect(await new Promise((r) => first.child.on('exit', r))).toBe(0);
      const second = await start();
      expect(await ledgerOf(second.url)).toBeGreaterThanOrEqual(reached);
      expect(second.lines.some((l) => l.includes('generated'))).toBe(false);
      second.child.kill('SIGTERM');
      expect(await new Promise((r) => second.child.on('exit', r))).toBe(0);
      const db = openStore(storePath(dir));
      expect(checkInvariants(db)).toEqual([]);
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
