// The local network's Stellar RPC as `npm run network -- --rpc-port 0 --rpc-retention-ledgers N`
// serves it (network/rpc, docs/rpc.md): one real network for the whole file. Its HTTP face (POST
// only, bounded bodies, JSON-RPC errors), each method against what the Horizon-shaped service says
// of the same store, the retention window, and @stellar/stellar-sdk's rpc.Server as a client:
// getAccount, a payment signed with a demo account's key, sendTransaction, pollTransaction, and the
// balance change seen in getLedgerEntries.
import { xdr as baseXdr } from '@stellar/stellar-base';
import {
  Address,
  Asset,
  BASE_FEE,
  Keypair,
  Memo,
  nativeToScVal,
  Operation,
  rpc,
  scValToNative,
  TransactionBuilder,
  xdr,
} from '@stellar/stellar-sdk';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RPC_BODY_LIMIT } from '../../network/rpc/server';
import { runningService } from '../../core/networks/network-ports';
import { objectKey, readBatch, readLakeConfig } from '../../core/sources/lake/layout';
import { probeServer, sourceOf } from '../../core/sources/registry';
import { need } from '../../core/sources/source';
import { historyStartMessage } from '../../shared/history-start';
import { decodeToid } from '../../shared/toid';
import type { NetworkProfile } from '../../shared/ipc';
import type { Account, Operation as ModelOperation } from '../../shared/model';
import { waitFor } from '../support/wait';
import { startCore } from './app-support';
import type { HistoryPage, HistoryProgress } from '../../shared/history';
import { coverageText } from '../../shared/index-coverage';
import type { Reconciliation } from '../../shared/reconcile';
import { accountRecords } from '../../core/sources/ledger-meta/account-records';
import { AssetContracts } from '../../core/sources/ledger-meta/asset-events';
import { normalizeOperation } from '../../core/sources/horizon/normalize';
import { feeRowOf, tradeOf } from '../../core/history-index/worker-thread/side-records';
import type { JsonObject } from '../../core/sources/ledger-meta/horizon-fields';
import { parseAmount } from '../../shared/amount';
import { type RunningNetwork, startNetwork } from '../support/network';

/** Ledgers the RPC keeps: ten seconds of 250 ms ledgers, so that old history falls outside. */
const RETENTION = 40;

let net: RunningNetwork;

beforeAll(async () => {
  net = await startNetwork({
    rpc: true,
    lake: true,
    historyOps: 200,
    closeIntervalMs: 250,
    args: ['--rpc-retention-ledgers', String(RETENTION)],
  });
});

afterAll(async () => {
  await net?.stop();
});

async function post(body: string, contentType = 'application/json') {
  const response = await fetch(net.rpcUrl, { method: 'POST', headers: { 'content-type': contentType }, body });
  const text = await response.text();
  return { status: response.status, text, json: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
}

async function call(method: string, params?: unknown): Promise<Record<string, unknown>> {
  const { json } = await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }));
  return json!;
}

async function result(method: string, params?: unknown): Promise<Record<string, unknown>> {
  const answer = await call(method, params);
  if (!('result' in answer)) throw new Error(`${method} answered ${JSON.stringify(answer)}`);
  return answer.result as Record<string, unknown>;
}

async function service<T>(path: string): Promise<T> {
  const response = await fetch(`${net.serviceUrl}${path}`);
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

describe('the RPC beside the service', () => {
  it('is printed at start with the other URLs, on its own port', () => {
    expect(net.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(net.rpcUrl).not.toBe(net.serviceUrl);
    expect(net.output).toContain(`ledgerscope-network: rpc listening on ${net.rpcUrl}`);
  });

  it('is saved in ports.json, so a host reusing this network finds its RPC as it answers getHealth', async () => {
    const ports = JSON.parse(readFileSync(join(net.dataDir, 'ports.json'), 'utf8')) as Record<string, number>;
    expect(ports).toEqual({
      core: Number(new URL(net.coreUrl).port),
      service: Number(new URL(net.serviceUrl).port),
      rpc: Number(new URL(net.rpcUrl).port),
    });
    expect(await runningService(net.dataDir)).toEqual({ serviceUrl: net.serviceUrl, rpcUrl: net.rpcUrl });
  });

  it('refuses a retention window of 0 or a port past 65535 before anything starts (exit 2)', () => {
    // A data directory of its own, never the user's default, whatever happens.
    const dataDir = join(net.dataDir, 'flag-test');
    for (const [flag, value, message] of [
      ['--rpc-retention-ledgers', '0', '--rpc-retention-ledgers must be at least 1'],
      ['--rpc-port', '65536', '--rpc-port must be at most 65535'],
    ]) {
      const run = spawnSync(
        process.execPath,
        ['--import', 'tsx', 'network/cli.ts', '--data-dir', dataDir, '--history-ops', '0', flag!, value!],
        // Bounded: a cli that wrongly starts is killed, and the test fails on its status.
        { encoding: 'utf8', timeout: 30_000, killSignal: 'SIGKILL' },
      );
      expect(run.status).toBe(2);
      expect(existsSync(dataDir)).toBe(false);
      expect(run.stderr).toContain(message);
    }
  });

  it('answers JSON-RPC on POST only; bodies are bounded, the bound itself allowed', async () => {
    expect((await fetch(net.rpcUrl)).status).toBe(405);
    const parse = await post('{"jsonrpc":');
    expect(parse.status).toBe(200);
    expect(parse.json).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } });
    const request = '{"jsonrpc":"2.0","id":1,"method":"getHealth"}';
    const atLimit = await post(request.padEnd(RPC_BODY_LIMIT, ' '));
    expect(atLimit.status).toBe(200);
    expect(atLimit.json).toMatchObject({ result: { status: 'healthy' } });
    const over = await post(request.padEnd(RPC_BODY_LIMIT + 1, ' '));
    expect(over.status).toBe(413);
    expect(over.json).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
    // A notification is run and not answered.
    const notification = await post('{"jsonrpc":"2.0","method":"getHealth"}');
    expect([notification.status, notification.text]).toEqual([204, '']);
    // A body sent as text/plain is read the same.
    expect((await post(request, 'text/plain')).json).toMatchObject({ id: 1, result: { status: 'healthy' } });
  });

  it('says which error each bad call is, with jrpc2 codes and stellar-rpc words', async () => {
    // A start before the oldest ledger kept is refused, naming the window.
    const health = await result('getHealth');
    expect(await call('getLedgers', { startLedger: (health.oldestLedger as number) - 1 })).toMatchObject({
      error: {
        code: -32600,
        message: expect.stringMatching(/^start ledger \(\d+\) must be between the oldest ledger: \d+ and/),
      },
    });
    // getLedgerEntry: removed from stellar-rpc in v23, so no such method there either.
    expect(await call('getLedgerEntry')).toMatchObject({
      error: { code: -32601, message: 'no such method "getLedgerEntry"' },
    });
    expect(await call('getEvents', { startLedger: (health.oldestLedger as number) - 1 })).toMatchObject({
      error: {
        code: -32600,
        message: expect.stringMatching(/^startLedger must be within the ledger range: \d+ - \d+$/),
      },
    });
    expect(await call('getTransaction', { hash: 'abc' })).toMatchObject({
      error: { code: -32602, message: 'unexpected hash length (3)' },
    });
    expect(await call('getLedgerEntries', { keys: ['%%'] })).toMatchObject({
      error: { code: -32602, message: 'cannot unmarshal key value %% at index 0' },
    });
    expect(await call('sendTransaction', { transaction: 'AAAA' })).toMatchObject({
      error: { code: -32602, message: 'invalid_xdr' },
    });
  });
});

describe('each method, against the service over the same store', () => {
  it('getHealth: the latest ledger, and the oldest the retention window keeps', async () => {
    const health = await result('getHealth');
    expect(health).toMatchObject({ status: 'healthy', ledgerRetentionWindow: RETENTION });
    // Both edges of the window are in the one answer.
    expect(health.oldestLedger).toBe((health.latestLedger as number) - RETENTION + 1);
    const ledger = await service<{ closed_at: string }>(`/ledgers/${String(health.latestLedger)}`);
    expect(health.latestLedgerCloseTime).toBe(String(Date.parse(ledger.closed_at) / 1000));
  });

  it('getNetwork, getLatestLedger and getVersionInfo', async () => {
    expect(await result('getNetwork')).toEqual({ passphrase: net.passphrase, protocolVersion: 23 });
    const latest = await result('getLatestLedger');
    const ledger = await service<{ hash: string; closed_at: string }>(`/ledgers/${String(latest.sequence)}`);
    expect(latest).toMatchObject({
      id: ledger.hash,
      protocolVersion: 23,
      closeTime: String(Date.parse(ledger.closed_at) / 1000),
    });
    const header = baseXdr.LedgerHeader.fromXDR(latest.headerXdr as string, 'base64');
    expect(header.ledgerSeq()).toBe(latest.sequence);
    const meta = baseXdr.LedgerCloseMeta.fromXDR(latest.metadataXdr as string, 'base64');
    expect(meta.v2().ledgerHeader().hash().toString('hex')).toBe(ledger.hash);
    expect(await result('getVersionInfo')).toMatchObject({ protocolVersion: 23, version: expect.any(String) });
  });

  it('getTransaction: a transaction the service lists but from before the window is NOT_FOUND (the SDK test below reads one within it)', async () => {
    const busy = net.demoAccounts[0]!.publicKey;
    const page = await service<{
      _embedded: { records: { hash: string; ledger: number; envelope_xdr: string; result_xdr: string }[] };
    }>(`/accounts/${busy}/transactions?order=asc&limit=1`);
    const first = page._embedded.records[0]!;
    const old = await result('getTransaction', { hash: first.hash });
    expect(old.status).toBe('NOT_FOUND');
    expect(old.oldestLedger as number).toBeGreaterThan(first.ledger);
  });
});

describe('getEvents over HTTP', () => {
  it("pages a payment's events with the cursor; each names the transaction the service has; a start before the window is refused", async () => {
    // Events of our own, in the newest ledgers: the window (40 ledgers of 250 ms) has long left the
    // generated history behind by now.
    const server = new rpc.Server(net.rpcUrl, { allowHttp: true });
    const [from, to] = [net.demoAccounts[1]!, net.demoAccounts[2]!];
    const tx = new TransactionBuilder(await server.getAccount(from.publicKey), {
      fee: BASE_FEE,
      networkPassphrase: net.passphrase,
    })
      .addOperation(Operation.payment({ destination: to.publicKey, asset: Asset.native(), amount: '3' }))
      .setTimeout(60)
      .build();
    tx.sign(Keypair.fromSecret(from.secretKey));
    const hash = Buffer.from(tx.hash()).toString('hex');
    expect((await result('sendTransaction', { transaction: tx.toXDR() })).status).toBe('PENDING');
    const landed = await waitFor(
      'the payment to land',
      async () => {
        const found = await result('getTransaction', { hash });
        return found.status === 'SUCCESS' ? (found.ledger as number) : undefined;
      },
      15_000,
    );
    type Page = { events: { id: string; ledger: number; txHash: string; topic: string[] }[]; cursor: string };
    const page = async (params: unknown) => (await result('getEvents', params)) as unknown as Page;
    const both = await page({ startLedger: landed, endLedger: landed + 1, pagination: { limit: 10 } });
    // Its fee, then its transfer: one page of one each, the second after the first's cursor.
    expect(both.events.map((e) => [e.txHash, e.topic.length])).toEqual([
      [hash, 2],
      [hash, 4],
    ]);
    const first = await page({ startLedger: landed, pagination: { limit: 1 } });
    expect(first.cursor).toBe(first.events[0]!.id);
    const next = await page({ pagination: { cursor: first.cursor, limit: 1 } });
    expect([...first.events, ...next.events]).toEqual(both.events);
    expect((await service<{ hash: string }>(`/transactions/${hash}`)).hash).toBe(hash);
    const { oldestLedger } = await result('getHealth');
    const refused = await call('getEvents', { startLedger: (oldestLedger as number) - 1 });
    expect(refused.error).toEqual({
      code: -32600,
      message: expect.stringMatching(/^startLedger must be within the ledger range: \d+ - \d+$/),
    });
  }, 30_000);
});

describe('@stellar/stellar-sdk rpc.Server as a client', () => {
  it('getHealth, getNetwork, getLatestLedger; then a payment: getAccount, sendTransaction, pollTransaction, getLedgerEntries', async () => {
    const server = new rpc.Server(net.rpcUrl, { allowHttp: true });
    expect((await server.getHealth()).status).toBe('healthy');
    expect((await server.getNetwork()).passphrase).toBe(net.passphrase);
    const latest = await server.getLatestLedger();
    const ledgers = await server.getLedgers({ startLedger: latest.sequence - 1, pagination: { limit: 2 } });
    expect(ledgers.ledgers.map((l) => l.sequence)).toEqual([latest.sequence - 1, latest.sequence]);

    const [from, to] = [net.demoAccounts[0]!, net.demoAccounts[3]!];
    const balanceOf = async (id: string) => {
      const key = xdr.LedgerKey.account(
        new xdr.LedgerKeyAccount({ accountId: Keypair.fromPublicKey(id).xdrAccountId() }),
      );
      // The SDK's typed answer is checked (it decodes), the balance read with stellar-base from the raw XDR.
      expect((await server.getLedgerEntries(key)).entries).toHaveLength(1);
      const { entries } = await server._getLedgerEntries(key);
      return BigInt(baseXdr.LedgerEntryData.fromXDR(entries![0]!.xdr, 'base64').account().balance().toString());
    };
    const before = await balanceOf(to.publicKey);
    const account = await server.getAccount(from.publicKey);
    const tx = new TransactionBuilder(account, { fee: BASE_FEE, networkPassphrase: net.passphrase })
      .addOperation(Operation.payment({ destination: to.publicKey, asset: Asset.native(), amount: '12.5' }))
      .setTimeout(60)
      .build();
    tx.sign(Keypair.fromSecret(from.secretKey));
    const sent = await server.sendTransaction(tx);
    expect(sent.status).toBe('PENDING');
    expect(sent.hash).toBe(Buffer.from(tx.hash()).toString('hex'));
    const landed = await server.pollTransaction(sent.hash, { attempts: 30, sleepStrategy: () => 250 });
    expect(landed.status).toBe(rpc.Api.GetTransactionStatus.SUCCESS);
    const raw = await server._getTransaction(sent.hash);
    expect(raw.envelopeXdr).toBe(tx.toXDR());
    expect(baseXdr.TransactionMeta.fromXDR(raw.resultMetaXdr!, 'base64').switch()).toBe(4);
    expect(await balanceOf(to.publicKey)).toBe(before + 125_000_000n);
    // The service says the same of the same transaction, in its own dialect (hex).
    const horizon = await service<{ envelope_xdr: string; ledger: number }>(`/transactions/${sent.hash}`);
    expect(Buffer.from(horizon.envelope_xdr, 'hex').toString('base64')).toBe(tx.toXDR());
    expect(horizon.ledger).toBe(raw.ledger);
    // getTransactions from its ledger lists it, in the SDK's reading too.
    const listed = await server.getTransactions({ startLedger: raw.ledger!, pagination: { limit: 10 } });
    expect(listed.transactions.map((t) => t.txHash)).toContain(sent.hash);
    // getEvents, in the SDK's reading: the payment's fee and transfer, found by the receiver's address.
    const address = nativeToScVal(Address.fromString(to.publicKey)).toXDR('base64');
    const found = await server.getEvents({
      startLedger: raw.ledger!,
      filters: [{ type: 'contract', topics: [['*', '*', address, '**']] }],
      limit: 100,
    });
    const mine = found.events.filter((e) => e.txHash === sent.hash);
    expect(mine.map((e) => [scValToNative(e.topic[0]!) as string, scValToNative(e.value) as bigint])).toEqual([
      ['transfer', 125_000_000n],
    ]);
    expect(mine[0]!.contractId?.contractId()).toBe(Asset.native().contractId(net.passphrase));
    // And sending it again is a DUPLICATE.
    expect((await server.sendTransaction(tx)).status).toBe('DUPLICATE');
  }, 60_000);
});

describe('the ledger data lake the same network writes and serves (issue 39.1)', () => {
  const get = (path: string, init?: RequestInit) => fetch(new URL(path, net.serviceUrl), init);

  it("serves its manifest and each closed ledger as SEP-54 lays it out, holding the service's transactions", async () => {
    const manifest = await get('/lake/.config.json');
    expect(manifest.status).toBe(200);
    const config = readLakeConfig(await manifest.text());
    expect(config).toMatchObject({
      networkPassphrase: net.passphrase,
      ledgersPerBatch: 1,
      batchesPerPartition: 64_000,
    });
    // A ledger with transactions of the generated history, and a recent one: both are in the lake.
    const ledgers = (await (await get('/ledgers?order=asc&limit=200')).json()) as {
      _embedded: { records: { sequence: number; successful_transaction_count: number }[] };
    };
    const withTransactions = ledgers._embedded.records.find((l) => l.successful_transaction_count > 1)!.sequence;
    const latest = await waitFor('the lake to reach a recent ledger', async () => {
      const root = (await (await get('/')).json()) as { history_latest_ledger: number };
      const response = await get(`/lake/${objectKey(root.history_latest_ledger - 1, config)}`);
      return response.status === 200 ? root.history_latest_ledger - 1 : undefined;
    });
    for (const ledger of [withTransactions, latest]) {
      const response = await get(`/lake/${objectKey(ledger, config)}`);
      expect(response.status, `ledger ${ledger}`).toBe(200);
      const [meta] = readBatch(new Uint8Array(await response.arrayBuffer()), ledger, config);
      const hashes = meta!
        .v2()
        .txProcessing()
        .map((p) => p.result().transactionHash().toString('hex'));
      const served = (await (await get(`/ledgers/${ledger}/operations?limit=200&include_failed=true`)).json()) as {
        _embedded: { records: { transaction_hash: string }[] };
      };
      expect(hashes.sort()).toEqual([...new Set(served._embedded.records.map((r) => r.transaction_hash))].sort());
    }
  });

  it('is read-only and lists nothing: only keys of its own form, inside its folder', async () => {
    for (const path of [
      '/lake/',
      '/lake/..%2Fstore.sqlite',
      '/lake/../store.sqlite',
      '/lake/FFFFFFFF--0.xdr.zst',
      '/lake/x',
    ])
      expect((await get(path)).status, path).toBe(404);
    expect((await get('/lake/.config.json', { method: 'PUT', body: '{}' })).status).toBeGreaterThanOrEqual(400);
    expect((await get('/lake/.config.json', { method: 'DELETE' })).status).toBeGreaterThanOrEqual(400);
    expect((await get('/lake/.config.json')).status).toBe(200);
  });
});

describe("the app's RPC source (core/sources/rpc) against the same network's service (issue 38.2)", () => {
  const profile = (dialect: 'rpc' | 'ledger', baseUrl: string): NetworkProfile => ({
    id: `local-${dialect}`,
    name: `Local ${dialect}`,
    baseUrl,
    passphrase: net.passphrase,
    dialect,
    builtIn: false,
  });
  const rpcSide = () => sourceOf(profile('rpc', net.rpcUrl));
  const serviceSide = () => sourceOf(profile('ledger', net.serviceUrl));

  it('recognises each server by what it answers: the RPC as rpc, the service as its own dialect', async () => {
    const signal = AbortSignal.timeout(10_000);
    const rpcAnswer = await probeServer({ baseUrl: net.rpcUrl, passphrase: net.passphrase }, signal);
    expect(rpcAnswer).toMatchObject({ ok: true, dialect: 'rpc', serverPassphrase: net.passphrase });
    expect(rpcAnswer.latestLedger).toBeGreaterThan(0);
    const serviceAnswer = await probeServer({ baseUrl: net.serviceUrl }, signal);
    expect(serviceAnswer).toMatchObject({ ok: true, dialect: 'ledger', serverPassphrase: net.passphrase });
    // A passphrase that is not the server's is said, not saved.
    const wrong = await probeServer({ baseUrl: net.rpcUrl, passphrase: 'another network' }, signal);
    expect(wrong).toMatchObject({ ok: false, dialect: 'rpc' });
    expect(wrong.message).toContain(net.passphrase);
  });

  it('says the window it keeps, in the sentence a listing ends with', async () => {
    const source = rpcSide();
    const health = await source.health();
    expect(health).toMatchObject({ online: true });
    expect(health.historyElderLedger).toBe(health.latestLedger! - RETENTION + 1);
    const start = await source.historyStart();
    expect(start.ledger).toBeGreaterThanOrEqual(health.historyElderLedger!);
    expect(start.window!.latest).toBeGreaterThanOrEqual(start.ledger! + RETENTION - 1);
    expect(historyStartMessage(start)).toMatch(
      /^This server keeps ledgers [\d,]+ to [\d,]+, (?:less than an hour|about \d+ (?:hours?|days)); older operations, if any, are not listed: a Horizon that keeps full history, or the ledger data lake \(SEP-54\), holds the ledgers before them\.$/,
    );
  });

  it('reads a ledger as the service does, and one before its window as none', async () => {
    const source = rpcSide();
    const { latestLedger } = await source.health();
    const sequence = latestLedger! - 1;
    const [fromRpc, fromService] = [await source.ledger(sequence), await serviceSide().ledger(sequence)];
    const { raw: _r, ...rpcLedger } = fromRpc!;
    const { raw: _s, ...serviceLedger } = fromService!;
    expect(rpcLedger).toEqual(serviceLedger);
    expect(await source.ledger(latestLedger! - RETENTION - 5)).toBeNull();
  });

  it("reads an account's entry as the service reads its account: sequence, signers, thresholds, XLM", async () => {
    const id = net.demoAccounts[5]!.publicKey;
    const [fromRpc, fromService] = [await rpcSide().account(id), await serviceSide().account(id)];
    expect(fromRpc).not.toBeNull();
    for (const field of ['id', 'sequence', 'subentryCount', 'thresholds', 'flags'] as const)
      expect(fromRpc![field]).toEqual(fromService![field]);
    expect(new Set(fromRpc!.signers.map((s) => `${s.key}/${s.weight}/${s.type}`))).toEqual(
      new Set(fromService!.signers.map((s) => `${s.key}/${s.weight}/${s.type}`)),
    );
    const native = (a: Account) => a.balances.find((b) => !b.currency?.issuer && !b.liquidityPoolId)?.amount;
    expect(native(fromRpc!)).toBe(native(fromService!));
    // What the balances cover is said: RPC cannot list trustlines.
    expect(fromRpc!.balancesNote).toMatch(/^Stellar RPC cannot list an account's trustlines/);
    expect(await rpcSide().account(Keypair.random().publicKey())).toBeNull();
  });

  it('submits with sendTransaction and follows with getTransaction; the transaction reads as the service reads it', async () => {
    const source = rpcSide();
    const submission = need(source.submission);
    expect(await submission.passphrase()).toBe(net.passphrase);
    const [from, to] = [net.demoAccounts[1]!, net.demoAccounts[4]!];
    const account = await new rpc.Server(net.rpcUrl, { allowHttp: true }).getAccount(from.publicKey);
    const tx = new TransactionBuilder(account, { fee: BASE_FEE, networkPassphrase: net.passphrase })
      .addOperation(Operation.payment({ destination: to.publicKey, asset: Asset.native(), amount: '1.0000001' }))
      .addMemo(Memo.text('rpc source'))
      .setTimeout(60)
      .build();
    tx.sign(Keypair.fromSecret(from.secretKey));
    const hash = Buffer.from(tx.hash()).toString('hex');
    const sent = await submission.send(tx.toXDR(), hash);
    expect(sent.report).toMatchObject({ result: 'received', hash });
    const landed = await waitFor('the payment in a ledger', () => submission.lookup(hash));
    expect(landed).toMatchObject({ successful: true });
    const {
      raw: _r,
      envelopeXdr: rpcEnvelope,
      resultXdr: rpcResult,
      ...fromRpc
    } = await source.resource('transaction', hash);
    const {
      raw: _s,
      pagingToken: _p,
      envelopeXdr,
      resultXdr,
      ...fromService
    } = await serviceSide().resource('transaction', hash);
    expect(fromRpc).toMatchObject(fromService);
    // The same bytes, in each dialect's encoding (base64 on RPC, hex on the service).
    expect(Buffer.from(rpcEnvelope!, 'base64').toString('hex')).toBe(envelopeXdr);
    expect(Buffer.from(rpcResult!, 'base64').toString('hex')).toBe(resultXdr);
    expect(fromRpc.memo).toBe('rpc source');
    // What its meta's CAP-67 events moved, read alike from both: the fee, then the payment.
    expect(fromRpc.events).toEqual([
      { kind: 'fee', currency: { code: 'XLM' }, amount: '0.0000100', from: from.publicKey },
      {
        kind: 'transfer',
        currency: { code: 'XLM' },
        amount: '1.0000001',
        from: from.publicKey,
        to: to.publicKey,
        // CAP-67 carries a classic payment's memo as the destination's muxed id or memo.
        toMuxedId: 'rpc source',
        operation: 1,
      },
    ]);
    expect(fromService.events).toEqual(fromRpc.events);
    // Sent again: the server already has it, and the one reading says so.
    expect((await submission.send(tx.toXDR(), hash)).report.message).toMatch(/DUPLICATE/);
  }, 60_000);

  it('follows the ledgers as they close by polling, one after another with none skipped', async () => {
    const ledgers = need(rpcSide().streams.ledgers);
    expect(ledgers.mode).toBe('poll');
    const controller = new AbortController();
    const seen: number[] = [];
    let ended = false;
    ledgers.follow(
      'now',
      { ledger: (ledger) => seen.push(ledger.sequence), alive: () => undefined, end: () => (ended = true) },
      controller.signal,
    );
    await waitFor('four ledgers followed', () => seen.length >= 4 || undefined);
    controller.abort();
    await waitFor('the stream to end', () => ended || undefined, 5_000);
    expect(seen.slice(1).every((sequence, i) => sequence === seen[i]! + 1)).toBe(true);
  }, 30_000);
});

describe('listings on RPC, read from events and XDR by the one reading (issue 38.2, 38.3)', () => {
  const query = { limit: 50, order: 'desc' as const, includeFailed: true, includeTransactions: false };
  const profile = (dialect: 'rpc' | 'ledger', baseUrl: string): NetworkProfile => ({
    id: `listing-${dialect}`,
    name: `Local ${dialect}`,
    baseUrl,
    passphrase: net.passphrase,
    dialect,
    builtIn: false,
  });
  const same = (op: ModelOperation) => {
    const { trustee: _t, ...rest } = op as ModelOperation & { trustee?: string };
    return rest;
  };

  it("lists an account's payments and operations in the window as the service does, ending with the window's sentence", async () => {
    const [from, to] = [net.demoAccounts[2]!, net.demoAccounts[3]!];
    const server = new rpc.Server(net.rpcUrl, { allowHttp: true });
    const tx = new TransactionBuilder(await server.getAccount(from.publicKey), {
      fee: BASE_FEE,
      networkPassphrase: net.passphrase,
    })
      .addOperation(Operation.payment({ destination: to.publicKey, asset: Asset.native(), amount: '3.1415926' }))
      .addOperation(Operation.setOptions({ homeDomain: 'example.org' }))
      .setTimeout(60)
      .build();
    tx.sign(Keypair.fromSecret(from.secretKey));
    const sent = await server.sendTransaction(tx);
    await server.pollTransaction(sent.hash, { attempts: 40, sleepStrategy: () => 250 });

    const rpcListings = need(sourceOf(profile('rpc', net.rpcUrl)).listings);
    const serviceListings = need(sourceOf(profile('ledger', net.serviceUrl)).listings);
    const operations = await rpcListings.page({ kind: 'operations', scope: 'account', id: from.publicKey }, query);
    const mine = operations.records.filter((op) => op.transactionHash === sent.hash);
    expect(mine.map((op) => op.type)).toEqual(['set_options', 'payment']);
    // The listing reaches the oldest ledger kept, and says so with the window.
    expect(operations.next).toBeNull();
    expect(historyStartMessage(operations.historyStart!)).toMatch(/^This server keeps ledgers [\d,]+ to [\d,]+/);
    // Each row is the service's row for the same operation.
    const served = await serviceListings.page(
      { kind: 'operations', scope: 'account', id: from.publicKey },
      {
        ...query,
        limit: 200,
      },
    );
    const byId = new Map(served.records.map((op) => [op.id, op]));
    for (const op of operations.records) expect(same(op)).toEqual(same(byId.get(op.id)!));
    // Payments: the payment, seen from the receiver too, and not the options.
    const payments = await rpcListings.page({ kind: 'payments', account: to.publicKey }, query);
    const received = payments.records.find((op) => op.transactionHash === sent.hash);
    expect(received).toMatchObject({ type: 'payment', amount: '3.1415926', direction: 'in' });
    expect(payments.records.every((op) => op.type !== 'set_options')).toBe(true);
    // Paged one row at a time, the same rows in the same order, none twice.
    const walked: string[] = [];
    let cursor: string | undefined;
    let keptFrom: number | null = null;
    for (let i = 0; i < 200; i++) {
      const page = await rpcListings.page(
        { kind: 'operations', scope: 'account', id: from.publicKey },
        {
          ...query,
          limit: 1,
          ...(cursor ? { cursor } : {}),
        },
      );
      walked.push(...page.records.map((op) => op.id));
      if (!page.next) {
        keptFrom = page.historyStart?.ledger ?? null;
        break;
      }
      cursor = page.next;
    }
    // The window (ten seconds of ledgers here) moves on as the walk goes: newest first, what the
    // walk can miss is only the oldest rows, those before the ledger its last page said the server
    // keeps from. That ledger is the window as the listing foresaw it (window-events.ts: the window
    // last answered, moved on by the time since), at most one ledger past what the server says
    // after the walk, or past a ledger whose transaction was gone when read (account-listing.ts: a
    // CI run once saw a row of the ledger the listing named left out).
    const full = operations.records.map((op) => op.id);
    expect(walked).toEqual(full.slice(0, walked.length));
    expect(keptFrom).not.toBeNull();
    const oldestNow = (await sourceOf(profile('rpc', net.rpcUrl)).health()).historyElderLedger!;
    expect(keptFrom!).toBeLessThanOrEqual(oldestNow + 1);
    for (const id of full.slice(walked.length)) expect(decodeToid(id).ledger).toBeLessThan(keptFrom!);
    expect(walked).toContain(mine[0]!.id);
  }, 60_000);

  it("lists a transaction's and a ledger's operations from their XDR; a pool's is refused with what answers it", async () => {
    const [from, to] = [net.demoAccounts[4]!, net.demoAccounts[5]!];
    const server = new rpc.Server(net.rpcUrl, { allowHttp: true });
    const tx = new TransactionBuilder(await server.getAccount(from.publicKey), {
      fee: BASE_FEE,
      networkPassphrase: net.passphrase,
    })
      .addOperation(Operation.payment({ destination: to.publicKey, asset: Asset.native(), amount: '2' }))
      .setTimeout(60)
      .build();
    tx.sign(Keypair.fromSecret(from.secretKey));
    const sent = await server.sendTransaction(tx);
    const landed = await server.pollTransaction(sent.hash, { attempts: 40, sleepStrategy: () => 250 });
    const ledger = String(landed.status === rpc.Api.GetTransactionStatus.SUCCESS ? landed.ledger : 0);
    const rpcListings = need(sourceOf(profile('rpc', net.rpcUrl)).listings);
    const serviceListings = need(sourceOf(profile('ledger', net.serviceUrl)).listings);
    for (const target of [
      { kind: 'operations', scope: 'transaction', id: sent.hash },
      { kind: 'operations', scope: 'ledger', id: ledger },
    ] as const) {
      const [ours, theirs] = [await rpcListings.page(target, query), await serviceListings.page(target, query)];
      expect(ours.records.length).toBeGreaterThan(0);
      expect(ours.records.map(same)).toEqual(theirs.records.map(same));
    }
    await expect(
      rpcListings.page({ kind: 'operations', scope: 'liquidity_pool', id: 'a'.repeat(64) }, query),
    ).rejects.toThrow(/cannot list a liquidity pool's operations: no event names it.*ledger data lake/);
  }, 60_000);
});

describe('the history index on RPC: read from the ledgers its events name (issue 38.4)', () => {
  it("indexes an account's window from its ledgers, says what it covers, and reconciles over it from the ledgers' balances", async () => {
    const [from, to] = [net.demoAccounts[4]!, net.demoAccounts[5]!];
    const server = new rpc.Server(net.rpcUrl, { allowHttp: true });
    const tx = new TransactionBuilder(await server.getAccount(from.publicKey), {
      fee: BASE_FEE,
      networkPassphrase: net.passphrase,
    })
      .addOperation(Operation.payment({ destination: to.publicKey, asset: Asset.native(), amount: '2.7182818' }))
      .setTimeout(60)
      .build();
    tx.sign(Keypair.fromSecret(from.secretKey));
    const sent = await server.sendTransaction(tx);
    await server.pollTransaction(sent.hash, { attempts: 40, sleepStrategy: () => 250 });
    const app = startCore(net.serviceUrl, { localRpcUrl: net.rpcUrl });
    try {
      await app.call('network:select', { id: 'local-rpc' });
      for (const account of [from.publicKey, to.publicKey]) {
        const before = app.events.length;
        await app.call('history:sync', { account, follow: false });
        const done = await waitFor(`the RPC index of ${account}`, () =>
          app.events
            .slice(before)
            .map((e) => e.payload as HistoryProgress)
            .find((p) => p.account === account && p.state !== 'syncing'),
        );
        expect(done.state, done.message).toBe('current');
        expect(done.coverage?.ledgers?.where).toBe(`Stellar RPC ${net.rpcUrl}`);
        expect(coverageText(done.coverage!)).toMatch(
          /^\d+ records? of ledgers [\d,]+–[\d,]+, read whole from the ledgers$/,
        );
        const page = await app.call<HistoryPage>('history:query', { account, filter: {}, limit: 50 });
        expect(page.rows.map((r) => r.transactionHash)).toContain(sent.hash);
        const { reconciliation } = await app.call<{ reconciliation: Reconciliation }>('history:reconcile', { account });
        expect(reconciliation.reconciled, reconciliation.summary).toBe(true);
        expect(reconciliation.summary).toMatch(
          /^Reconciled over ledgers [\d,]+–[\d,]+: .*The network reports the same balances now \(of the assets it names\)\.$/,
        );
      }
      // The sender paid the fee: its index holds it, charged to it.
      const { reconciliation } = await app.call<{ reconciliation: Reconciliation }>('history:reconcile', {
        account: from.publicKey,
      });
      expect(reconciliation.lines.find((l) => l.asset === 'native')!.fees).not.toBe('0');
    } finally {
      await app.close();
    }
  }, 60_000);
});

describe('the live feed on RPC: payments polled from events, gap-free through a restart (issue 38.2)', () => {
  it('gives each watched account its payments once, in order, and after a restart those that came meanwhile', async () => {
    const source = sourceOf({
      id: 'feed-rpc',
      name: 'Local RPC',
      baseUrl: net.rpcUrl,
      passphrase: net.passphrase,
      dialect: 'rpc',
      builtIn: false,
    });
    const streams = need(source.streams.payments);
    expect(streams.mode).toBe('poll');
    const [payer, first, second] = [net.demoAccounts[6]!, net.demoAccounts[7]!, net.demoAccounts[0]!];
    const seen = new Map<string, ModelOperation[]>();
    const states: string[] = [];
    const open = (watched: { account: string; networkId: string; lastPagingToken?: string }) => {
      const stream = streams.open(
        watched,
        {},
        {
          status: (status) => states.push(status.state),
          record: (record) => seen.set(watched.account, [...(seen.get(watched.account) ?? []), record]),
        },
      );
      stream.start();
      return stream;
    };
    let a = open({ account: first.publicKey, networkId: 'feed-rpc' });
    const b = open({ account: second.publicKey, networkId: 'feed-rpc' });
    await waitFor('both streams live', () => (a.status.state === 'live' && b.status.state === 'live') || undefined);
    const server = new rpc.Server(net.rpcUrl, { allowHttp: true });
    const pay = async (to: string, amount: string) => {
      const tx = new TransactionBuilder(await server.getAccount(payer.publicKey), {
        fee: BASE_FEE,
        networkPassphrase: net.passphrase,
      })
        .addOperation(Operation.payment({ destination: to, asset: Asset.native(), amount }))
        .setTimeout(60)
        .build();
      tx.sign(Keypair.fromSecret(payer.secretKey));
      const sent = await server.sendTransaction(tx);
      await server.pollTransaction(sent.hash, { attempts: 40, sleepStrategy: () => 100 });
      return sent.hash;
    };
    const hash1 = await pay(first.publicKey, '1.25');
    await waitFor('the payment to the first account', () =>
      seen.get(first.publicKey)?.some((op) => op.transactionHash === hash1),
    );
    expect(seen.get(second.publicKey) ?? []).toEqual([]);
    // Stopped; a payment arrives meanwhile; started again from where it stood: it is given, once.
    const stoodAt = a.watched;
    a.stop();
    const hash2 = await pay(first.publicKey, '2.5');
    a = open(stoodAt);
    await waitFor('the payment made while stopped', () =>
      seen.get(first.publicKey)?.some((op) => op.transactionHash === hash2),
    );
    const hashes = seen.get(first.publicKey)!.map((op) => op.transactionHash);
    expect(hashes).toEqual([hash1, hash2]);
    expect(seen.get(first.publicKey)![1]).toMatchObject({ type: 'payment', amount: '2.5', direction: 'in' });
    a.stop();
    b.stop();
    expect(states).toContain('stopped');
  }, 60_000);
});

describe("an account's records read from the lake, ledger by ledger (issue 39.2: accountRecords)", () => {
  interface Page {
    _links: { next: { href: string } };
    _embedded: { records: Record<string, unknown>[] };
  }
  /** Every record of a service listing, oldest first, page by page (bounded). */
  async function listing(path: string): Promise<Record<string, unknown>[]> {
    const records: Record<string, unknown>[] = [];
    let url = `${net.serviceUrl}${path}${path.includes('?') ? '&' : '?'}order=asc&limit=200`;
    for (let pages = 0; pages < 100; pages++) {
      const page = (await (await fetch(url)).json()) as Page;
      if (page._embedded.records.length === 0) return records;
      records.push(...page._embedded.records);
      url = page._links.next.href;
    }
    throw new Error(`${path}: more than 100 pages`);
  }
  const plain = (value: unknown) =>
    JSON.parse(JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v))) as unknown;
  /** The service writes a transaction's XDR in hex, Horizon (and the translator) in base64: the bytes are compared. */
  const xdrBytes = (text: unknown) =>
    typeof text === 'string' ? Buffer.from(text, /^[0-9a-f]*$/.test(text) ? 'hex' : 'base64').toString('base64') : text;
  const opOf = (record: Record<string, unknown>) => {
    const op = plain({ ...normalizeOperation(record as JsonObject, { raw: null }) }) as Record<string, unknown>;
    const tx = op['transaction'] as Record<string, unknown> | undefined;
    // Horizon names a change_trust's trustee (the asset's issuer), as the translator does; the service does not write it.
    if (op['type'] === 'change_trust') delete op['trustee'];
    if (tx)
      op['transaction'] = { ...tx, envelopeXdr: xdrBytes(tx['envelopeXdr']), resultXdr: xdrBytes(tx['resultXdr']) };
    return op;
  };
  const feeRow = (record: Record<string, unknown>, account: string) => {
    const row = feeRowOf(record as JsonObject, account);
    return row ? plain({ ...row, slot: 0 }) : null;
  };

  it('for every demo account: the concatenation over every ledger equals the service’s three listings, and the balances chain from zero to what the service reports', async () => {
    const lake = join(net.dataDir, 'lake');
    const config = readLakeConfig(readFileSync(join(lake, '.config.json'), 'utf8'));
    const contracts = new AssetContracts(net.passphrase);
    const root = (await (await fetch(`${net.serviceUrl}/`)).json()) as { history_latest_ledger: number };
    // Nothing is sent any more in this file before its last test: the service's listings now are its listings at `last`.
    const last = root.history_latest_ledger;
    await waitFor(
      'the lake to hold the latest ledger',
      () => existsSync(join(lake, objectKey(last, config))) || undefined,
    );
    const first = (await (await fetch(`${net.serviceUrl}/ledgers?order=asc&limit=1`)).json()) as Page;
    const start = Number(first._embedded.records[0]!['sequence']);
    const metas = [];
    const missing: number[] = [];
    for (let ledger = start; ledger <= last; ledger++) {
      const path = join(lake, objectKey(ledger, config));
      if (!existsSync(path)) {
        missing.push(ledger);
        continue;
      }
      metas.push(readBatch(new Uint8Array(readFileSync(path)), ledger, config)[0]!);
    }
    // Only the genesis ledger, before the history, may have no file.
    expect(missing.filter((ledger) => ledger > start)).toEqual([]);
    const within = (id: string) => BigInt(id) >> 32n <= BigInt(last);
    for (const { publicKey: account } of net.demoAccounts) {
      const read = metas.map((meta) => accountRecords(meta, account, contracts)).filter((r) => r !== null);
      const operations = read.flatMap((r) => r.operations);
      const transactions = read.flatMap((r) => r.transactions);
      const trades = read.flatMap((r) => r.trades);
      const served = {
        operations: (await listing(`/accounts/${account}/operations?join=transactions&include_failed=true`)).filter(
          (r) => within(String(r['id'])),
        ),
        transactions: (await listing(`/accounts/${account}/transactions?include_failed=true`)).filter((r) =>
          within(String(r['paging_token'])),
        ),
        trades: await listing(`/accounts/${account}/trades`),
      };
      expect(operations.length, account).toBeGreaterThan(0);
      expect(operations.map(opOf), `${account}: operations`).toEqual(served.operations.map(opOf));
      expect(operations.map((r) => (r['transaction'] as JsonObject)['hash'])).toEqual(
        served.operations.map((r) => (r['transaction'] as JsonObject)['hash']),
      );
      expect(
        transactions.map((r) => r['paging_token']),
        `${account}: transactions`,
      ).toEqual(served.transactions.map((r) => r['paging_token']));
      expect(transactions.map((r) => feeRow(r, account))).toEqual(served.transactions.map((r) => feeRow(r, account)));
      expect(trades.map((r) => plain(tradeOf(r as JsonObject, account)))).toEqual(
        served.trades.map((r) => plain(tradeOf(r as JsonObject, account))),
      );
      // Balances: each ledger starts where the last one that touched it ended, from nothing (the
      // root's XLM from the genesis supply), to what the service reports now.
      const held = new Map<string, [bigint, number]>();
      for (const r of read)
        for (const b of r.balances) {
          const before =
            held.get(b.asset)?.[0] ??
            (account === Keypair.master(net.passphrase).publicKey() && b.asset === 'native' ? BigInt(b.before) : 0n);
          expect(
            BigInt(b.before),
            `${account} ${b.asset} before ledger ${r.ledger} (after ${held.get(b.asset)?.[1]})`,
          ).toBe(before);
          held.set(b.asset, [BigInt(b.after), r.ledger]);
        }
      const now = (await (await fetch(`${net.serviceUrl}/accounts/${account}`)).json()) as {
        balances: {
          balance: string;
          asset_type: string;
          asset_code?: string;
          asset_issuer?: string;
          liquidity_pool_id?: string;
        }[];
      };
      const reported = new Map(
        now.balances.map((b) => [
          b.asset_type === 'native'
            ? 'native'
            : b.liquidity_pool_id
              ? `pool:${b.liquidity_pool_id}`
              : `${b.asset_code}:${b.asset_issuer}`,
          parseAmount(b.balance),
        ]),
      );
      for (const [asset, [stroops]] of held) expect(stroops, `${account} ${asset} now`).toBe(reported.get(asset) ?? 0n);
      for (const [asset, stroops] of reported)
        if (stroops !== 0n) expect(held.get(asset)?.[0], `${account} ${asset} read`).toBe(stroops);
    }
  }, 120_000);
});

// Last in this file: it stops the core for good.
describe('Submit on RPC when the server cannot reach its core', () => {
  it('is connection_failed, in words that say resending is safe', async () => {
    const source = sourceOf({
      id: 'down-rpc',
      name: 'Local RPC',
      baseUrl: net.rpcUrl,
      passphrase: net.passphrase,
      dialect: 'rpc',
      builtIn: false,
    });
    const [from, to] = [net.demoAccounts[5]!, net.demoAccounts[6]!];
    const tx = new TransactionBuilder(
      await new rpc.Server(net.rpcUrl, { allowHttp: true }).getAccount(from.publicKey),
      {
        fee: BASE_FEE,
        networkPassphrase: net.passphrase,
      },
    )
      .addOperation(Operation.payment({ destination: to.publicKey, asset: Asset.native(), amount: '1' }))
      .setTimeout(60)
      .build();
    tx.sign(Keypair.fromSecret(from.secretKey));
    await net.killCore();
    const sent = await need(source.submission).send(tx.toXDR(), Buffer.from(tx.hash()).toString('hex'));
    expect(sent.report.result).toBe('connection_failed');
    expect(sent.report.message).toMatch(/could not reach its core node .*Sending it again is safe\.$/);
  }, 30_000);
});
