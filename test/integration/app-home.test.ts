// The explore home's channels against a real local network: the latest ledgers and operations,
// the walk to the previous non-empty ledger, and the demo accounts by name with no secret key in
// anything the core answers.
import { StrKey } from '@stellar/stellar-base';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DemoDirectory } from '../../network/demo-generator/conventions';
import type { TomlClaim } from '../../shared/ipc-conventions';
import { startPassThrough } from '../support/local-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoAccount, LedgerSummary } from '../../shared/home-model';
import type { Operation } from '../../shared/model';
import { decodeToid } from '../../shared/toid';
import { startNetwork, type RunningNetwork } from '../support/network';
import { waitFor } from '../support/wait';
import { startCore, type CoreFixture } from './app-support';

let net: RunningNetwork;
let app: CoreFixture;

beforeAll(async () => {
  net = await startNetwork({ startLedger: 60_000_000, closeIntervalMs: 100, historyOps: 400, accounts: 4 });
  app = startCore(net.serviceUrl, { localDataDir: net.dataDir });
});
afterAll(async () => {
  await app?.close();
  await net?.stop();
});

const ledgerOf = (op: Operation) => Number(decodeToid(op.id).ledger);

describe('home channels', () => {
  it('lists the latest ledgers newest first, as the service reports them', async () => {
    const { latest, ledgers } = await app.call<{ latest: number; ledgers: LedgerSummary[] }>('home:ledgers', {
      limit: 5,
    });
    expect(ledgers.map((l) => l.sequence)).toEqual([latest, latest - 1, latest - 2, latest - 3, latest - 4]);
    const served = (await (await fetch(new URL(`/ledgers/${latest - 2}`, net.serviceUrl))).json()) as {
      operation_count: number;
      closed_at: string;
    };
    expect(ledgers[2]).toMatchObject({ operationCount: served.operation_count, closedAt: served.closed_at });
    // A later poll sees the ledgers closed since.
    await waitFor(
      'a newer ledger',
      async () => (await app.call<{ latest: number }>('home:ledgers', {})).latest > latest,
    );
  });

  it('pushes each ledger as it closes, in order, once the latest ledgers were asked for', async () => {
    const closed = () =>
      app.events
        .filter((e) => e.channel === 'ledger:closed')
        .map((e) => e.payload as { networkId: string; ledger: LedgerSummary });
    const { latest } = await app.call<{ latest: number }>('home:ledgers', { limit: 1 });
    await waitFor('three pushed ledgers', () => closed().length >= 3);
    const pushed = closed().map((e) => e.ledger.sequence);
    expect(pushed[0]).toBeGreaterThan(latest - 2);
    expect(pushed.slice(0, 3)).toEqual([pushed[0]!, pushed[0]! + 1, pushed[0]! + 2]);
    expect(closed()[0]!.networkId).toBe('local');
    const served = (await (await fetch(new URL(`/ledgers/${pushed[1]}`, net.serviceUrl))).json()) as {
      closed_at: string;
      operation_count: number;
    };
    expect(closed()[1]!.ledger).toMatchObject({ closedAt: served.closed_at, operationCount: served.operation_count });
  });

  it('lists the latest operations newest first, and walks back over empty ledgers on request', async () => {
    const { operations } = await app.call<{ operations: Operation[] }>('home:activity', { limit: 10 });
    expect(operations).toHaveLength(10);
    const ids = operations.map((op) => BigInt(op.id));
    expect(ids).toEqual([...ids].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    const lastBusy = ledgerOf(operations[0]!);
    // History ends, then the network closes empty ledgers every 100 ms.
    const latest = await waitFor('three empty ledgers', async () => {
      const { latest: now } = await app.call<{ latest: number }>('home:ledgers', { limit: 1 });
      return now >= lastBusy + 3 ? now : 0;
    });
    expect(await app.call('ledger:previous', { sequence: latest, skipEmpty: false })).toEqual({
      sequence: latest - 1,
      skipped: 0,
    });
    expect(await app.call('ledger:previous', { sequence: latest, skipEmpty: true })).toEqual({
      sequence: lastBusy,
      skipped: latest - 1 - lastBusy,
    });
  });

  it('refuses a malformed ledger walk', async () => {
    for (const args of [
      { sequence: 0 },
      { sequence: -1 },
      { sequence: 1.5 },
      { sequence: '12' },
      { sequence: 2 ** 32 },
      { sequence: 5, skipEmpty: 'yes' },
    ]) {
      const reply = await app.dispatch('ledger:previous', args);
      expect(reply.ok, JSON.stringify(args)).toBe(false);
    }
  });

  it('names the demo accounts, the multi-signature ones marked, and never passes a secret key', async () => {
    const reply = await app.dispatch('home:demo-accounts', {});
    if (!reply.ok) throw new Error(reply.error.message);
    const { accounts } = reply.value as { accounts: DemoAccount[] };
    const byName = new Map(accounts.map((a) => [a.name, a]));
    expect([...byName.keys()]).toEqual(
      expect.arrayContaining(['busy', 'alice', 'root', 'multisig-2of3', 'multisig-weighted']),
    );
    expect(byName.get('busy')).toEqual({
      name: 'busy',
      account: net.demoAccounts.find((a) => a.name === 'busy')!.publicKey,
      multisig: false,
    });
    expect(byName.get('multisig-2of3')?.multisig).toBe(true);
    const wire = JSON.stringify(reply);
    for (const demo of net.demoAccounts) {
      expect(wire).not.toContain(demo.secretKey);
      for (const signer of demo.signers ?? []) expect(wire).not.toContain(signer.secretKey);
    }
    expect([...wire.matchAll(/S[A-Z2-7]{55}/g)].filter((m) => StrKey.isValidEd25519SecretSeed(m[0]))).toEqual([]);
  });

  it('has no demo accounts on another network', async () => {
    await app.call('network:select', { id: 'testnet' });
    try {
      expect(await app.call('home:demo-accounts', {})).toEqual({ accounts: [] });
    } finally {
      await app.call('network:select', { id: 'local' });
    }
  });
});

describe("the local network's own names in the address book", () => {
  type Listed = { account: string; label: string; origin?: 'network' };
  const list = async (fixture: CoreFixture) => (await fixture.call<{ labels: Listed[] }>('labels:list', {})).labels;
  const key = (name: string) => net.demoAccounts.find((a) => a.name === name)!.publicKey;

  it('lists the demo accounts from a fresh profile, marked as the network’s own, and only on that network', async () => {
    const fresh = startCore(net.serviceUrl, { localDataDir: net.dataDir });
    try {
      const labels = await list(fresh);
      for (const name of ['busy', 'alice', 'root', 'multisig-2of3'])
        expect(labels).toContainEqual({ account: key(name), label: name, origin: 'network' });
      expect(labels.filter((l) => l.origin === 'network')).toHaveLength(net.demoAccounts.length);
      // Nothing is copied into the user's file: exports carry the user's labels only.
      expect(await fresh.call('labels:export', { format: 'csv' })).toMatchObject({ count: 0 });
      expect(fresh.core.names()(key('busy'))).toBe('busy');
      // On another network the same keys are strangers; back on the local network they are named again.
      await fresh.call('network:select', { id: 'testnet' });
      expect(await list(fresh)).toEqual([]);
      expect(fresh.core.names()(key('busy'))).toBeUndefined();
      expect(fresh.events.some((e) => e.channel === 'labels:changed')).toBe(true);
      await fresh.call('network:select', { id: 'local' });
      expect((await list(fresh)).map((l) => l.label)).toContain('busy');
    } finally {
      await fresh.close();
    }
  });

  it('removes one for good (across a restart), and a user label of the account comes first', async () => {
    const first = startCore(net.serviceUrl, { localDataDir: net.dataDir });
    const userDataDir = first.userDataDir;
    try {
      expect(await first.call('labels:remove', { account: key('bob') })).toEqual({ removed: true });
      expect(await first.call('labels:remove', { account: key('bob') })).toEqual({ removed: false });
      await first.call('labels:set', { account: key('alice'), label: 'Alice (treasury)' });
      const labels = await list(first);
      expect(labels.map((l) => l.account)).not.toContain(key('bob'));
      expect(labels.filter((l) => l.account === key('alice'))).toEqual([
        { account: key('alice'), label: 'Alice (treasury)' },
      ]);
    } finally {
      await first.close();
    }
    const again = startCore(net.serviceUrl, { localDataDir: net.dataDir }, userDataDir);
    try {
      const labels = await list(again);
      expect(labels.map((l) => l.account)).not.toContain(key('bob'));
      expect(labels).toContainEqual({ account: key('busy'), label: 'busy', origin: 'network' });
      // Removing the user's label gives the account its network name back.
      await again.call('labels:remove', { account: key('alice') });
      expect(await list(again)).toContainEqual({ account: key('alice'), label: 'alice', origin: 'network' });
    } finally {
      await again.close();
    }
  });
});

describe('stellar.toml claims (SEP-1) through conventions:toml', () => {
  const directory = () => JSON.parse(readFileSync(join(net.dataDir, 'demo-directory.json'), 'utf8')) as DemoDirectory;
  const claim = (fixture: CoreFixture, subject: unknown, refresh = false) =>
    fixture.call<TomlClaim>('conventions:toml', { subject, refresh });

  it("names a demo asset by the local network's own toml, verified for its exact issuer", async () => {
    const usd = directory().currencies.find((c) => c.code === 'USD')!;
    const before = Date.now();
    const answer = await claim(app, { asset: { code: 'USD', issuer: usd.issuer } });
    expect(answer).toEqual({
      account: usd.issuer,
      domain: 'localhost',
      fetchedAt: expect.any(Number),
      orgName: 'Ledgerscope local network',
      currency: { code: 'USD', name: 'Demo US dollar', desc: usd.desc },
      verified: true,
    });
    expect(answer.fetchedAt).toBeGreaterThanOrEqual(before);
    // Read once, then kept: the same reading (its age) until a refresh.
    expect((await claim(app, { asset: { code: 'USD', issuer: usd.issuer } })).fetchedAt).toBe(answer.fetchedAt);
    const again = await claim(app, { asset: { code: 'USD', issuer: usd.issuer } }, true);
    expect(again.fetchedAt).toBeGreaterThan(answer.fetchedAt!);
    // Another network selected and back: its readings are not carried over, the toml is read anew.
    await app.call('network:select', { id: 'testnet' });
    await app.call('network:select', { id: 'local' });
    const renewed = await claim(app, { asset: { code: 'USD', issuer: usd.issuer } });
    expect(renewed.fetchedAt).toBeGreaterThan(again.fetchedAt!);
    // The issuer is verified as an account (it issues a listed currency); another issuer's code is not.
    expect(await claim(app, { account: usd.issuer })).toMatchObject({ verified: true, domain: 'localhost' });
    const other = directory().currencies.find((c) => c.issuer !== usd.issuer)!;
    const wrong = await claim(app, { asset: { code: 'USD', issuer: other.issuer } });
    expect(wrong).toMatchObject({
      verified: false,
      reason: "localhost's stellar.toml lists USD under another issuer, not this one.",
    });
    expect(wrong.currency).toBeUndefined();
  });

  it('says why an account is not verified: not listed, no home domain, no such account', async () => {
    const exchange = net.demoAccounts.find((a) => a.name === 'exchange')!.publicKey;
    expect(await claim(app, { account: exchange })).toMatchObject({
      domain: 'localhost',
      orgName: 'Ledgerscope local network',
      verified: false,
      reason: expect.stringMatching(/^localhost's stellar\.toml does not list G\w+…\w+ among its accounts/),
    });
    const root = net.demoAccounts.find((a) => a.name === 'root')!.publicKey;
    expect(await claim(app, { account: root })).toEqual({
      account: root,
      domain: null,
      fetchedAt: null,
      verified: false,
      reason: expect.stringMatching(/sets no home domain, so no stellar\.toml speaks for it\.$/),
    });
    const nobody = StrKey.encodeEd25519PublicKey(Buffer.alloc(32, 7));
    expect(await claim(app, { asset: { code: 'USD', issuer: nobody } })).toMatchObject({
      domain: null,
      verified: false,
      reason: expect.stringMatching(/^The issuer G\w+…\w+ does not exist on this network/),
    });
    const bad = await app.dispatch('conventions:toml', { subject: { asset: { code: 'U$D', issuer: nobody } } });
    expect(bad.ok).toBe(false);
  });

  it("never writes the user's labels: a label of the issuer stays the user's", async () => {
    const usd = directory().currencies.find((c) => c.code === 'USD')!;
    await app.call('labels:set', { account: usd.issuer, label: 'My USD issuer' });
    try {
      await claim(app, { asset: { code: 'USD', issuer: usd.issuer } }, true);
      const { labels } = await app.call<{ labels: { account: string; label: string }[] }>('labels:list', {});
      expect(labels.filter((l) => l.account === usd.issuer)).toEqual([{ account: usd.issuer, label: 'My USD issuer' }]);
    } finally {
      await app.call('labels:remove', { account: usd.issuer });
    }
  });

  it('bounds and says each hostile answer of a domain, and verifies none of them', async () => {
    // The local profile reads its own domain at its own origin: a loopback server that passes
    // everything to the real network but serves its own stellar.toml plays the domain `localhost`.
    const usd = directory().currencies.find((c) => c.code === 'USD')!;
    let mode = 'bidi';
    const served = { bytes: 0 };
    const hostile = await startPassThrough(net.serviceUrl, (req, res) => {
      if (req.url !== '/.well-known/stellar.toml') return false;
      const entry = (issuer: string, name: string) =>
        `[[CURRENCIES]]\ncode = "USD"\nissuer = "${issuer}"\nname = ${JSON.stringify(name)}\n`;
      if (mode === 'huge') {
        res.writeHead(200);
        const chunk = Buffer.alloc(64 * 1024, 0x23); // '#': a comment, 10 MB of it
        const more = () => {
          while (served.bytes < 10 * 1024 * 1024 && !res.destroyed) {
            served.bytes += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', more);
          }
          res.end();
        };
        res.on('close', () => undefined);
        more();
      } else if (mode === 'endless') {
        res.writeHead(200);
        res.write('VERSION = "2.7.0"\n'); // and nothing more, ever
      } else if (mode === 'invalid') {
        res.writeHead(200).end('[DOCUMENTATION]\nORG_NAME = "unterminated\n');
      } else if (mode === 'loop') {
        res.writeHead(302, { location: '/.well-known/stellar.toml' }).end();
      } else if (mode === 'unlisted') {
        res
          .writeHead(200)
          .end(
            `[DOCUMENTATION]\nORG_NAME = "Not the issuer"\n\n${entry(directory().currencies.find((c) => c.issuer !== usd.issuer)!.issuer, 'Fake dollar')}`,
          );
      } else {
        res
          .writeHead(200)
          .end(
            `[DOCUMENTATION]\nORG_NAME = "Evil\\u202Egnp.exe\\u200B Bank"\n\n${entry(usd.issuer, 'Dollar\u200B\u2066')}`,
          );
      }
      return true;
    });
    const fixture = startCore(hostile.base, { localDataDir: net.dataDir, toml: { timeoutMs: 1_000 } });
    try {
      const read = async (next: string) => {
        mode = next;
        const started = Date.now();
        const answer = await claim(fixture, { asset: { code: 'USD', issuer: usd.issuer } }, true);
        return { answer, ms: Date.now() - started };
      };
      // Bidi and zero-width characters arrive as they are, for the renderer to draw as code points.
      const bidi = await read('bidi');
      expect(bidi.answer).toMatchObject({
        verified: true,
        orgName: 'Evil\u202Egnp.exe\u200B Bank',
        currency: { code: 'USD', name: 'Dollar\u200B\u2066' },
      });
      const huge = await read('huge');
      expect(huge.answer).toMatchObject({ verified: false, domain: 'localhost' });
      expect(huge.answer.reason).toBe(
        "localhost's stellar.toml is larger than 100 kB, the most read; it was not read.",
      );
      expect(huge.answer.orgName).toBeUndefined();
      const endless = await read('endless');
      expect(endless.answer.reason).toBe("localhost's stellar.toml did not arrive within 1 s; it was not read.");
      expect(endless.ms).toBeLessThan(4_000);
      const invalid = await read('invalid');
      expect(invalid.answer.reason).toMatch(/^localhost's stellar\.toml is not valid TOML: /);
      const loop = await read('loop');
      expect(loop.answer.reason).toMatch(/^localhost's stellar\.toml: .* more than 5 times/);
      const unlisted = await read('unlisted');
      expect(unlisted.answer).toMatchObject({
        verified: false,
        orgName: 'Not the issuer',
        reason: "localhost's stellar.toml lists USD under another issuer, not this one.",
      });
      expect(unlisted.answer.currency).toBeUndefined();
      for (const { answer } of [huge, endless, invalid, loop]) {
        expect(answer.verified).toBe(false);
        expect(answer.currency).toBeUndefined();
        expect(answer.fetchedAt).toEqual(expect.any(Number));
      }
    } finally {
      await fixture.close();
      await hostile.close();
    }
  });
});

describe('federation addresses (SEP-2) through conventions:federation', () => {
  const directory = () => JSON.parse(readFileSync(join(net.dataDir, 'demo-directory.json'), 'utf8')) as DemoDirectory;

  it("resolves alice*localhost by the local network's toml and federation server, and the exchange's memo", async () => {
    const records = directory().federation;
    const alice = records.find((r) => r.name === 'alice')!;
    expect(await app.call('conventions:federation', { address: 'Alice*LocalHost' })).toEqual({
      address: 'alice*localhost',
      account: alice.account,
    });
    const exchange = records.find((r) => r.memo !== undefined)!;
    expect(await app.call('conventions:federation', { address: `${exchange.name}*localhost` })).toEqual({
      address: `${exchange.name}*localhost`,
      account: exchange.account,
      memo: { type: exchange.memoType, value: exchange.memo },
    });
  });

  it('says an unknown name, and a domain with no toml, in a sentence', async () => {
    await expect(app.call('conventions:federation', { address: 'nobody*localhost' })).rejects.toThrow(
      "localhost's federation server knows no nobody*localhost.",
    );
    await expect(app.call('conventions:federation', { address: 'alice*no-such-host.invalid' })).rejects.toThrow(
      /no-such-host\.invalid's stellar\.toml could not be read/,
    );
  });
});
