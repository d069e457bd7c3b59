// The local network's Stellar RPC (network/rpc) over a real store the core wrote in this process,
// the core's own HTTP face answering submissions: JSON-RPC framing and errors as stellar-rpc's
// (jrpc2's codes and words), each method's answers against the store, and conformance: every
// answer has the keys and JSON types of the real stellar-rpc responses in ../shared/fixtures/rpc-real.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Address, Asset, Keypair, nativeToScVal, Operation, StrKey, xdr } from '@stellar/stellar-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AssetContracts, netOfEvents } from '../../core/sources/ledger-meta/asset-events';
import { entryBalances } from '../../core/sources/ledger-meta/entry-balances';
import { readEventId, readEventRecord, RpcEventRecord } from '../../core/sources/rpc/event-records';
import { windowOfRefusal } from '../../core/sources/rpc/window';
import { generateHistory, type DemoAccount } from '../../network/demo-generator/generate';
import { EventIndex } from '../../network/rpc/event-index';
import { LEDGER_SCAN_LIMIT, MAX_EVENTS_LIMIT } from '../../network/rpc/events';
import { answerRequest, type Method } from '../../network/rpc/json-rpc';
import { ledgerXdr } from '../../network/rpc/ledger-meta';
import { CLASSIC_FEE_LEDGERS, feeDistribution } from '../../network/rpc/fee-stats';
import { DEFAULT_LEDGERS_LIMIT, MAX_LEDGERS_LIMIT } from '../../network/rpc/ledgers';
import { MAX_LEDGER_KEYS, rpcMethods } from '../../network/rpc/methods';
import { MAX_TRANSACTIONS_LIMIT } from '../../network/rpc/transactions';
import { Store } from '../../network/service/queries';
import { openStore, storePath } from '../../network/store/db';
import { NETWORK_PASSPHRASE } from '../../network/validator/model';
import { CoreNode } from '../../network/validator/node';
import { startServer } from '../../network/validator/server';
import { realFixtures } from '../support/real-fixtures';
import { normalizeOperation } from '../../core/sources/horizon/normalize';
import { rpcOperations } from '../../core/sources/rpc/operations';
import { operationBodyText } from '../../network/service/records';
import { parseJson } from '../../shared/json';
import { movesOf } from '../../shared/moves';
import { OPERATION_TYPES } from '../../shared/model/type-codes';
import { nativePayment, signedTx } from '../support/signed-tx';

const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-rpc-'));
let core: CoreNode;
let coreServer: Server;
let store: Store;
let methods: Map<string, Method>;
let accounts: DemoAccount[];
let passphrase: string;

/** One call through the JSON-RPC layer, as a client sees it. */
async function call(method: string, params?: unknown, id: unknown = 1): Promise<Record<string, unknown>> {
  const text = await answerRequest(JSON.stringify({ jsonrpc: '2.0', id, method, params }), methods);
  return JSON.parse(text!) as Record<string, unknown>;
}
async function result(method: string, params?: unknown): Promise<Record<string, unknown>> {
  const answer = await call(method, params);
  if (!('result' in answer)) throw new Error(`${method} answered ${JSON.stringify(answer)}`);
  return answer.result as Record<string, unknown>;
}
async function error(method: string, params?: unknown) {
  return (await call(method, params)).error as { code: number; message: string };
}
const row = (sql: string) => store.db.prepare(sql).get() as Record<string, unknown>;

beforeAll(async () => {
  const db = openStore(storePath(dir));
  core = new CoreNode(db, { startLedger: 60_000_000, maxQueue: 3, genesisTime: 1_790_000_000n });
  generateHistory(core, { historyOps: 600, accounts: 6, seed: 'rpc-unit', dataDir: dir });
  coreServer = await startServer(core, 0);
  const demo = JSON.parse(readFileSync(join(dir, 'demo-accounts.json'), 'utf8')) as {
    passphrase: string;
    accounts: DemoAccount[];
  };
  accounts = demo.accounts;
  passphrase = demo.passphrase;
  store = new Store(storePath(dir));
  methods = rpcMethods({
    store,
    retentionLedgers: 120_960,
    coreUrl: `http://127.0.0.1:${(coreServer.address() as AddressInfo).port}`,
    coreTimeoutMs: 5000,
    version: 'test',
  });
});

afterAll(async () => {
  store?.close();
  await new Promise((resolve) => coreServer?.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('JSON-RPC framing, as stellar-rpc (jrpc2) answers', () => {
  const raw = async (text: string) => JSON.parse((await answerRequest(text, methods))!) as Record<string, unknown>;

  it('answers text that is not JSON with a parse error and a null id', async () => {
    expect(await raw('{"jsonrpc":"2.0",')).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'parse error' },
    });
  });

  it('refuses what is not one request object: a scalar, a batch, a wrong version, no method, a bad id', async () => {
    expect(((await raw('42')).error as { code: number }).code).toBe(-32600);
    expect(await raw('[{"jsonrpc":"2.0","id":1,"method":"getHealth"}]')).toMatchObject({
      id: null,
      error: { code: -32600, message: expect.stringContaining('batch') },
    });
    expect(await raw('{"jsonrpc":"1.0","id":7,"method":"getHealth"}')).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32600, message: 'incorrect version marker' },
    });
    expect(await raw('{"jsonrpc":"2.0","id":7,"method":""}')).toMatchObject({
      error: { code: -32600, message: 'empty method name' },
    });
    expect(await raw('{"jsonrpc":"2.0","id":{"a":1},"method":"getHealth"}')).toMatchObject({
      id: null,
      error: { code: -32600 },
    });
  });

  it('names a method it does not have', async () => {
    expect(await call('getFooBar')).toMatchObject({ error: { code: -32601, message: 'no such method "getFooBar"' } });
    expect(await call('__proto__')).toMatchObject({ error: { code: -32601 } });
  });

  it('refuses positional (array) params', async () => {
    expect(await call('getTransaction', ['ab'])).toMatchObject({
      error: { code: -32602, message: 'invalid parameters' },
    });
  });

  it('echoes the id exactly: a string, null, and a number beyond 2^53 byte for byte', async () => {
    expect((await call('getHealth', undefined, 'abc')).id).toBe('abc');
    expect((await call('getHealth', undefined, null)).id).toBe(null);
    const text = await answerRequest('{"jsonrpc":"2.0","id":123456789012345678901,"method":"getHealth"}', methods);
    expect(text).toMatch(/^\{"jsonrpc":"2\.0","id":123456789012345678901,"result":/);
  });

  it('answers hostile bodies with an error, not a crash: nesting past the stack, a body of nothing', async () => {
    expect(await raw('['.repeat(400_000))).toMatchObject({ error: { code: -32700 } });
    expect(
      await raw(
        `{"jsonrpc":"2.0","id":1,"method":"getHealth","params":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}`,
      ),
    ).toMatchObject({ id: null, error: { code: -32700 } });
    expect(await raw('')).toMatchObject({ error: { code: -32700 } });
  });

  it('runs a notification (no id) and answers nothing', async () => {
    expect(await answerRequest('{"jsonrpc":"2.0","method":"getHealth"}', methods)).toBeUndefined();
  });
});

describe('methods over the store', () => {
  it('getHealth, getNetwork, getLatestLedger, getVersionInfo say what the store holds', async () => {
    const latest = Number(store.latestLedger());
    const health = await result('getHealth');
    expect(health).toMatchObject({ status: 'healthy', latestLedger: latest, ledgerRetentionWindow: 120_960 });
    expect(health.oldestLedger).toBe(Number(store.earliestLedger()));
    const closedAt = String(store.ledger(BigInt(latest))!.closed_at);
    expect(health.latestLedgerCloseTime).toBe(String(Date.parse(closedAt) / 1000));
    const network = await result('getNetwork');
    expect(network).toEqual({ passphrase, protocolVersion: 23 });
    const ledger = await result('getLatestLedger');
    expect(ledger).toMatchObject({ sequence: latest, id: store.ledger(BigInt(latest))!.hash, protocolVersion: 23 });
    expect((await result('getVersionInfo')).protocolVersion).toBe(23);
  });

  it('getTransaction: SUCCESS and FAILED with the stored envelope, result and TransactionMetaV4, NOT_FOUND otherwise', async () => {
    for (const successful of [1, 0]) {
      const tx = row(`SELECT * FROM transactions WHERE successful = ${successful} ORDER BY id DESC LIMIT 1`);
      expect(tx, `a transaction with successful = ${successful} in the history`).toBeDefined();
      const answer = await result('getTransaction', { hash: tx.hash });
      expect(answer).toMatchObject({
        status: successful ? 'SUCCESS' : 'FAILED',
        txHash: tx.hash,
        ledger: Number(tx.ledger),
        applicationOrder: Number(tx.application_order),
        envelopeXdr: tx.envelope_xdr,
        resultXdr: tx.result_xdr,
        createdAt: String(Date.parse(String(tx.created_at)) / 1000),
      });
      const meta = xdr.TransactionMeta.fromXDR(answer.resultMetaXdr as string, 'base64');
      expect(meta.switch()).toBe(4);
      const events = answer.events as { transactionEventsXdr: string[]; contractEventsXdr?: string[][] };
      // The fee charged is a transaction event (CAP-67), for a failed transaction too.
      expect(events.transactionEventsXdr.length).toBeGreaterThan(0);
      expect(() => xdr.TransactionEvent.fromXDR(events.transactionEventsXdr[0]!, 'base64')).not.toThrow();
    }
    const missing = await result('getTransaction', { hash: 'ab'.repeat(32) });
    expect(Object.keys(missing).sort()).toEqual(
      ['latestLedger', 'latestLedgerCloseTime', 'oldestLedger', 'oldestLedgerCloseTime', 'status', 'txHash'].sort(),
    );
    expect(missing.status).toBe('NOT_FOUND');
  });

  it('getTransaction: a payment carries its transfer as a contract event of its operation', async () => {
    const tx = row(`SELECT t.hash FROM transactions t JOIN operations o ON o.transaction_id = t.id
      WHERE o.type = 1 AND t.successful = 1 AND t.operation_count = 1 LIMIT 1`);
    const answer = await result('getTransaction', { hash: tx.hash });
    const contractEvents = (answer.events as { contractEventsXdr: string[][] }).contractEventsXdr;
    expect(contractEvents).toHaveLength(1);
    const event = xdr.ContractEvent.fromXDR(contractEvents[0]![0]!, 'base64');
    expect(event.body().v0().topics()[0]!.sym().toString()).toBe('transfer');
  });

  it('xdrFormat json: each XDR field becomes its JSON tree, named as stellar-rpc names it', async () => {
    const tx = row('SELECT * FROM transactions WHERE successful = 1 AND operation_count = 1 ORDER BY id DESC LIMIT 1');
    const json = await result('getTransaction', { hash: tx.hash, xdrFormat: 'json' });
    expect(Object.keys(json).filter((k) => k.endsWith('Xdr'))).toEqual([]);
    const envelope = json.envelopeJson as { tx: { tx: { source_account: string; operations: unknown[] } } };
    expect(envelope.tx.tx.source_account).toBe(tx.source_account);
    expect(envelope.tx.tx.operations).toHaveLength(1);
    expect((json.resultJson as { fee_charged: unknown }).fee_charged).toBe(String(tx.fee_charged));
    expect(json.resultMetaJson).toHaveProperty('v4');
    const events = json.events as { transactionEventsJson: unknown[]; contractEventsJson: unknown[][] };
    expect(events.transactionEventsJson.length).toBeGreaterThan(0);
    expect(events.contractEventsJson).toHaveLength(1);
    const page = await result('getTransactions', {
      startLedger: Number(tx.ledger),
      pagination: { limit: 1 },
      xdrFormat: 'json',
    });
    expect((page.transactions as Record<string, unknown>[])[0]).toHaveProperty('envelopeJson');
    const ledgers = await result('getLedgers', {
      startLedger: Number(tx.ledger),
      pagination: { limit: 1 },
      xdrFormat: 'json',
    });
    const ledger = (ledgers.ledgers as Record<string, unknown>[])[0]!;
    expect(Object.keys(ledger)).toEqual(['hash', 'sequence', 'ledgerCloseTime', 'headerJson', 'metadataJson']);
    const key = xdr.LedgerKey.account(
      new xdr.LedgerKeyAccount({ accountId: Keypair.fromPublicKey(String(tx.source_account)).xdrAccountId() }),
    ).toXDR('base64');
    const entries = (await result('getLedgerEntries', { keys: [key], xdrFormat: 'json' })).entries as Record<
      string,
      unknown
    >[];
    expect(Object.keys(entries[0]!)).toEqual(['keyJson', 'dataJson', 'lastModifiedLedgerSeq']);
    expect((entries[0]!.dataJson as { account: { account_id: string } }).account.account_id).toBe(tx.source_account);
  });

  it('getTransaction refuses a malformed hash as stellar-rpc does', async () => {
    expect(await error('getTransaction', { hash: 'ab'.repeat(31) })).toEqual({
      code: -32602,
      message: 'unexpected hash length (62)',
    });
    // 65 characters pass Go's DecodedLen check (32) and fail to decode.
    expect(await error('getTransaction', { hash: `${'ab'.repeat(32)}c` })).toEqual({
      code: -32602,
      message: 'incorrect hash: encoding/hex: odd length hex string',
    });
    expect(await error('getTransaction', { hash: `${'ab'.repeat(31)}zz` })).toEqual({
      code: -32602,
      message: "incorrect hash: encoding/hex: invalid byte: U+007A 'z'",
    });
    expect(await error('getTransaction', { hash: 'ab'.repeat(32), xdrFormat: 'yaml' })).toMatchObject({ code: -32602 });
  });

  it('a transaction older than the retention window is NOT_FOUND, and oldestLedger moves with the window', async () => {
    const latest = Number(store.latestLedger());
    const tx = row('SELECT hash, ledger FROM transactions ORDER BY id LIMIT 1');
    const inside = latest - Number(tx.ledger) + 1;
    const narrow = (retentionLedgers: number) =>
      rpcMethods({ store, retentionLedgers, coreUrl: 'http://127.0.0.1:1', coreTimeoutMs: 1, version: 'test' });
    // Both edges: a window that just holds the transaction's ledger, and one ledger less.
    for (const [window, status] of [
      [inside, 'SUCCESS'],
      [inside - 1, 'NOT_FOUND'],
    ] as const) {
      const answer = (await narrow(window).get('getTransaction')!({ hash: tx.hash })) as Record<string, unknown>;
      expect(answer.status === 'NOT_FOUND' ? 'NOT_FOUND' : 'SUCCESS').toBe(status);
      expect(answer.oldestLedger).toBe(latest - window + 1);
    }
  });
});

describe("a ledger's header and LedgerCloseMeta, from the store", () => {
  it('holds every transaction of the ledger in order: envelope, result, fee changes and TransactionMetaV4', () => {
    const ledger = row('SELECT * FROM ledgers WHERE transaction_count > 1 ORDER BY sequence DESC LIMIT 1');
    const sequence = Number(ledger.sequence);
    const txs = store.db
      .prepare('SELECT hash, envelope_xdr FROM transactions WHERE ledger = ? ORDER BY application_order')
      .all(sequence) as { hash: string; envelope_xdr: string }[];
    const built = ledgerXdr(store, sequence)!;
    // Through bytes and back: real XDR that decodes.
    const meta = xdr.LedgerCloseMeta.fromXDR(built.closeMeta!).v2();
    expect(meta.ledgerHeader().hash().toString('hex')).toBe(ledger.hash);
    const header = meta.ledgerHeader().header();
    expect(header.toXDR('base64')).toBe(built.header.toXDR('base64'));
    expect(header.ledgerSeq()).toBe(sequence);
    expect(header.previousLedgerHash().toString('hex')).toBe(ledger.prev_hash);
    expect(header.feePool().toString()).toBe(String(ledger.fee_pool));
    expect(header.scpValue().closeTime().toString()).toBe(String(Date.parse(String(ledger.closed_at)) / 1000));
    expect(txs.length).toBe(Number(ledger.transaction_count));
    const processed = meta.txProcessing();
    expect(processed.map((p) => p.result().transactionHash().toString('hex'))).toEqual(txs.map((t) => t.hash));
    const envelopes = meta.txSet().v1TxSet().phases()[0]!.v0Components()[0]!.txsMaybeDiscountedFee().txes();
    expect(envelopes.map((e) => e.toXDR('base64'))).toEqual(txs.map((t) => t.envelope_xdr));
    for (const p of processed) {
      expect(p.txApplyProcessing().switch()).toBe(4);
      expect(p.feeProcessing().length).toBeGreaterThan(0);
    }
  });

  it('an empty ledger has an empty set, and no ledger is no answer', () => {
    const empty = row('SELECT sequence FROM ledgers WHERE transaction_count = 0 ORDER BY sequence DESC LIMIT 1');
    const meta = xdr.LedgerCloseMeta.fromXDR(ledgerXdr(store, Number(empty.sequence))!.closeMeta!).v2();
    expect(meta.txProcessing()).toEqual([]);
    expect(ledgerXdr(store, Number(store.latestLedger()) + 1)).toBeUndefined();
  });
});

describe('getLedgers', () => {
  const earliest = () => Number(store.earliestLedger());
  const latest = () => Number(store.latestLedger());

  it('pages from startLedger, then after its cursor, each ledger with its header and close meta', async () => {
    const first = await result('getLedgers', { startLedger: earliest(), pagination: { limit: 2 } });
    const ledgers = first.ledgers as {
      hash: string;
      sequence: number;
      ledgerCloseTime: string;
      headerXdr: string;
      metadataXdr: string;
    }[];
    expect(ledgers.map((l) => l.sequence)).toEqual([earliest(), earliest() + 1]);
    expect(first.cursor).toBe(String(earliest() + 1));
    expect(first).toMatchObject({ latestLedger: latest(), oldestLedger: earliest() });
    expect(typeof first.latestLedgerCloseTime).toBe('number');
    const entry = xdr.LedgerHeaderHistoryEntry.fromXDR(ledgers[1]!.headerXdr, 'base64');
    expect(entry.hash().toString('hex')).toBe(ledgers[1]!.hash);
    expect(entry.header().ledgerSeq()).toBe(ledgers[1]!.sequence);
    expect(
      xdr.LedgerCloseMeta.fromXDR(ledgers[1]!.metadataXdr, 'base64').v2().ledgerHeader().hash().toString('hex'),
    ).toBe(ledgers[1]!.hash);
    const next = await result('getLedgers', { pagination: { cursor: first.cursor, limit: 2 } });
    expect((next.ledgers as { sequence: number }[]).map((l) => l.sequence)).toEqual([earliest() + 2, earliest() + 3]);
    // No limit: stellar-rpc's default page; the last page ends at the latest ledger.
    expect((await result('getLedgers', { startLedger: earliest() })).ledgers).toHaveLength(
      Math.min(DEFAULT_LEDGERS_LIMIT, latest() - earliest() + 1),
    );
    const tail = await result('getLedgers', { startLedger: latest(), pagination: { limit: 5 } });
    expect((tail.ledgers as unknown[]).length).toBe(1);
    const empty = await result('getLedgers', { pagination: { cursor: tail.cursor, limit: 5 } }).catch((e: Error) => e);
    expect(String(empty)).toContain('must be between');
  });

  it('refuses a start outside the window at both edges, as stellar-rpc does (-32600)', async () => {
    const range = `the oldest ledger: ${earliest()} and the latest ledger: ${latest()} for this rpc instance`;
    for (const start of [earliest(), latest()])
      expect((await result('getLedgers', { startLedger: start, pagination: { limit: 1 } })).ledgers).toHaveLength(1);
    for (const start of [earliest() - 1, latest() + 1])
      expect(await error('getLedgers', { startLedger: start })).toEqual({
        code: -32600,
        message: `start ledger (${start}) must be between ${range}`,
      });
    expect(await error('getLedgers', {})).toEqual({
      code: -32600,
      message: `start ledger (0) must be between ${range}`,
    });
    // A narrower retention window moves the oldest ledger, and with it the refusal.
    const narrow = rpcMethods({
      store,
      retentionLedgers: 10,
      coreUrl: 'http://127.0.0.1:1',
      coreTimeoutMs: 1,
      version: 't',
    });
    await expect(async () => narrow.get('getLedgers')!({ startLedger: latest() - 10 })).rejects.toThrow(
      `start ledger (${latest() - 10}) must be between the oldest ledger: ${latest() - 9}`,
    );
  });

  it('takes a limit of 200 and refuses 201; refuses a cursor with a start, a cursor not a number, a cursor outside', async () => {
    const start = earliest();
    expect(await call('getLedgers', { startLedger: start, pagination: { limit: MAX_LEDGERS_LIMIT } })).toHaveProperty(
      'result',
    );
    expect(await error('getLedgers', { startLedger: start, pagination: { limit: MAX_LEDGERS_LIMIT + 1 } })).toEqual({
      code: -32600,
      message: 'limit must not exceed 200',
    });
    expect(await error('getLedgers', { startLedger: start, pagination: { cursor: '5' } })).toEqual({
      code: -32600,
      message: `startLedger (${start}) and cursor (5) cannot both be set`,
    });
    expect(await error('getLedgers', { pagination: { cursor: 'abc' } })).toEqual({
      code: -32602,
      message: 'strconv.ParseUint: parsing "abc": invalid syntax',
    });
    expect(await error('getLedgers', { pagination: { cursor: String(latest()) } })).toMatchObject({
      code: -32602,
      message: expect.stringContaining(`cursor ('${latest()}') must be between`),
    });
    expect(await error('getLedgers', { startLedger: -1 })).toEqual({ code: -32602, message: 'invalid parameters' });
  });
});

describe('getTransactions', () => {
  const earliest = () => Number(store.earliestLedger());
  const latest = () => Number(store.latestLedger());
  const cursorOf = (ledger: number, order: number) =>
    ((BigInt(ledger) << 32n) | (BigInt(order) << 12n) | 1n).toString();
  type Info = { txHash: string; ledger: number; applicationOrder: number; createdAt: number };

  it('pages the store transactions in order from startLedger, then after the cursor', async () => {
    const ids = store.db
      .prepare('SELECT hash, ledger, application_order FROM transactions ORDER BY id LIMIT 5')
      .all() as {
      hash: string;
      ledger: bigint;
      application_order: bigint;
    }[];
    const start = earliest();
    const first = await result('getTransactions', { startLedger: start, pagination: { limit: 3 } });
    const page = first.transactions as Info[];
    expect(page.map((t) => t.txHash)).toEqual(ids.slice(0, 3).map((r) => r.hash));
    expect(first.cursor).toBe(cursorOf(Number(ids[2]!.ledger), Number(ids[2]!.application_order)));
    expect(typeof first.latestLedgerCloseTimestamp).toBe('number');
    const next = await result('getTransactions', { pagination: { cursor: first.cursor, limit: 2 } });
    expect((next.transactions as Info[]).map((t) => t.txHash)).toEqual(ids.slice(3, 5).map((r) => r.hash));
    // Each is what getTransaction says of it, createdAt a number here.
    const one = await result('getTransaction', { hash: page[1]!.txHash });
    const { latestLedger, latestLedgerCloseTime, oldestLedger, oldestLedgerCloseTime, ...rest } = one;
    expect(
      [latestLedger, latestLedgerCloseTime, oldestLedger, oldestLedgerCloseTime].every((v) => v !== undefined),
    ).toBe(true);
    expect({ ...rest, createdAt: Number(rest.createdAt) }).toEqual(page[1]);
  });

  it('a page that is not full ends at the latest ledger: its cursor is that ledger with its last transaction', async () => {
    const from = latest();
    const inLatest = Number(row(`SELECT count(*) AS c FROM transactions WHERE ledger = ${from}`).c);
    const answer = await result('getTransactions', {
      startLedger: from,
      pagination: { limit: MAX_TRANSACTIONS_LIMIT },
    });
    expect((answer.transactions as unknown[]).length).toBe(inLatest);
    expect(answer.cursor).toBe(cursorOf(from, inLatest));
  });

  it('refuses as stellar-rpc does: a start outside the window at both edges, 201 of a limit of 200, a bad cursor', async () => {
    const range = `the oldest ledger: ${earliest()} and the latest ledger: ${latest()} for this rpc instance`;
    for (const start of [earliest() - 1, latest() + 1])
      expect(await error('getTransactions', { startLedger: start })).toEqual({
        code: -32600,
        message: `start ledger (${start}) must be between ${range}`,
      });
    const start = earliest();
    expect(
      await call('getTransactions', { startLedger: start, pagination: { limit: MAX_TRANSACTIONS_LIMIT } }),
    ).toHaveProperty('result');
    expect(
      await error('getTransactions', { startLedger: start, pagination: { limit: MAX_TRANSACTIONS_LIMIT + 1 } }),
    ).toEqual({
      code: -32600,
      message: 'limit must not exceed 200',
    });
    expect(await error('getTransactions', { pagination: { cursor: 'x1' } })).toEqual({
      code: -32602,
      message: 'strconv.ParseInt: parsing "x1": invalid syntax',
    });
    // A cursor before the window: those ledgers are not kept.
    const narrow = rpcMethods({
      store,
      retentionLedgers: 5,
      coreUrl: 'http://127.0.0.1:1',
      coreTimeoutMs: 1,
      version: 't',
    });
    await expect(async () =>
      narrow.get('getTransactions')!({ pagination: { cursor: cursorOf(latest() - 5, 1) } }),
    ).rejects.toThrow(`database does not contain metadata for ledger: ${latest() - 5}`);
  });
});

describe('getFeeStats', () => {
  it('reads a distribution as stellar-rpc does: nearest-rank percentiles, the first longest run the mode', () => {
    const d = feeDistribution([133n, 100n, 100n], 10);
    expect(d).toMatchObject({
      max: '133',
      min: '100',
      mode: '100',
      p10: '100',
      p50: '100',
      p60: '100',
      p70: '133',
      p99: '133',
    });
    expect(d).toMatchObject({ transactionCount: '3', ledgerCount: 10 });
    // A tie: the first run of the longest length.
    expect(feeDistribution([2n, 1n, 2n, 1n], 1).mode).toBe('1');
    expect(feeDistribution([3n, 2n, 2n, 1n, 1n], 1).mode).toBe('1');
    // Nearest rank: the ceiling of p% of the count, exact at a whole rank.
    const ten = feeDistribution([10n, 9n, 8n, 7n, 6n, 5n, 4n, 3n, 2n, 1n], 1);
    expect([ten.p10, ten.p50, ten.p90, ten.p95, ten.p99]).toEqual(['1', '5', '9', '10', '10']);
    expect(feeDistribution([5n], 1)).toMatchObject({ max: '5', min: '5', mode: '5', p10: '5', p99: '5' });
    // None: all zero, ledgerCount too (stellar-rpc's empty FeeDistribution).
    const empty = feeDistribution([], 50);
    expect(empty).toMatchObject({ max: '0', p99: '0', transactionCount: '0', ledgerCount: 0 });
  });

  it('inclusionFee is the fee per operation of every transaction in the last 10 ledgers', async () => {
    const latest = Number(store.latestLedger());
    const rows = store.db
      .prepare('SELECT fee_charged, operation_count FROM transactions WHERE ledger > ? AND ledger <= ?')
      .all(latest - CLASSIC_FEE_LEDGERS, latest) as { fee_charged: bigint; operation_count: bigint }[];
    const stats = await result('getFeeStats');
    expect(stats.latestLedger).toBe(latest);
    expect(stats.inclusionFee).toEqual(
      feeDistribution(
        rows.map((r) => BigInt(r.fee_charged) / BigInt(r.operation_count)),
        CLASSIC_FEE_LEDGERS,
      ),
    );
    expect((stats.sorobanInclusionFee as { transactionCount: string }).transactionCount).toBe('0');
  });
});

describe('getLedgerEntries', () => {
  const accountKey = (id: string) =>
    xdr.LedgerKey.account(new xdr.LedgerKeyAccount({ accountId: Keypair.fromPublicKey(id).xdrAccountId() })).toXDR(
      'base64',
    );

  it('answers an account as the store holds it: balance, sequence, thresholds, signers, lastModifiedLedgerSeq', async () => {
    const multisig = accounts.find((a) => a.name === 'multisig-weighted') ?? accounts[0]!;
    const stored = store.account(multisig.publicKey)!;
    const answer = await result('getLedgerEntries', { keys: [accountKey(multisig.publicKey)] });
    const [entry] = answer.entries as { key: string; xdr: string; lastModifiedLedgerSeq: number }[];
    expect(entry!.key).toBe(accountKey(multisig.publicKey));
    expect(entry!.lastModifiedLedgerSeq).toBe(Number(stored.last_modified_ledger));
    const account = xdr.LedgerEntryData.fromXDR(entry!.xdr, 'base64').account();
    expect(account.balance().toString()).toBe(String(stored.balance));
    expect(account.seqNum().toString()).toBe(String(stored.sequence));
    expect([...account.thresholds()]).toEqual([
      Number(stored.master_weight),
      Number(stored.low_threshold),
      Number(stored.med_threshold),
      Number(stored.high_threshold),
    ]);
    const signers = account.signers().map((s) => [StrKey.encodeEd25519PublicKey(s.key().ed25519()), s.weight()]);
    expect(new Set(signers.map(String))).toEqual(
      new Set(store.signers(multisig.publicKey).map((s) => `${s.key},${s.weight}`)),
    );
    expect(answer.latestLedger).toBe(Number(store.latestLedger()));
  });

  it('answers trustlines and pools; an entry that does not exist is left out', async () => {
    const line = row('SELECT * FROM trustlines WHERE asset_code IS NOT NULL LIMIT 1');
    const code = String(line.asset_code);
    const asset = new Asset(code, String(line.asset_issuer));
    const lineKey = xdr.LedgerKey.trustline(
      new xdr.LedgerKeyTrustLine({
        accountId: Keypair.fromPublicKey(String(line.account)).xdrAccountId(),
        asset: asset.toTrustLineXDRObject(),
      }),
    ).toXDR('base64');
    const pool = row('SELECT * FROM liquidity_pools LIMIT 1');
    const poolKey = xdr.LedgerKey.liquidityPool(
      new xdr.LedgerKeyLiquidityPool({ liquidityPoolId: Buffer.from(String(pool.id), 'hex') as never }),
    ).toXDR('base64');
    const nobody = Keypair.random().publicKey();
    const answer = await result('getLedgerEntries', { keys: [lineKey, accountKey(nobody), poolKey] });
    const entries = answer.entries as { key: string; xdr: string; lastModifiedLedgerSeq: number }[];
    expect(entries.map((e) => e.key)).toEqual([lineKey, poolKey]);
    const trust = xdr.LedgerEntryData.fromXDR(entries[0]!.xdr, 'base64').trustLine();
    expect(trust.balance().toString()).toBe(String(line.balance));
    expect(trust.limit().toString()).toBe(String(line.trust_limit));
    expect(entries[0]!.lastModifiedLedgerSeq).toBe(Number(line.last_modified_ledger));
    const body = xdr.LedgerEntryData.fromXDR(entries[1]!.xdr, 'base64').liquidityPool().body().constantProduct();
    expect(body.reserveA().toString()).toBe(String(pool.reserve_a));
    expect(body.totalPoolShares().toString()).toBe(String(pool.total_shares));
    expect((await result('getLedgerEntries', { keys: [accountKey(nobody)] })).entries).toEqual([]);
  });

  /**
   * The last state of an entry the core's meta recorded in a ledger (fee changes, then each
   * transaction's changes in order): what getLedgerEntries must give, byte for byte.
   */
  function recordedState(ledger: number, matches: (data: xdr.LedgerEntryData) => boolean): xdr.LedgerEntry | undefined {
    const metas = store.db
      .prepare(
        'SELECT m.fee_meta, m.result_meta FROM transactions t JOIN transaction_meta m ON m.transaction_id = t.id WHERE t.ledger = ? ORDER BY t.id',
      )
      .all(ledger) as { fee_meta: Uint8Array; result_meta: Uint8Array }[];
    let last: xdr.LedgerEntry | undefined;
    const look = (changes: xdr.LedgerEntryChange[]) => {
      for (const change of changes) {
        const name = change.switch().name;
        if (name !== 'ledgerEntryCreated' && name !== 'ledgerEntryUpdated') continue;
        const entry = name === 'ledgerEntryCreated' ? change.created() : change.updated();
        if (matches(entry.data())) last = entry;
      }
    };
    for (const m of metas) {
      look(xdr.LedgerEntryChanges.fromXDR(Buffer.from(m.fee_meta)));
      const v4 = xdr.TransactionMeta.fromXDR(Buffer.from(m.result_meta)).v4();
      look(v4.txChangesBefore());
      for (const op of v4.operations()) look(op.changes());
      look(v4.txChangesAfter());
    }
    return last;
  }

  it('an account and a claimable balance are, byte for byte, the state the core last recorded of them', async () => {
    const multisig = accounts.find((a) => a.name === 'multisig-weighted') ?? accounts[0]!;
    const stored = store.account(multisig.publicKey)!;
    const recorded = recordedState(
      Number(stored.last_modified_ledger),
      (d) =>
        d.switch().name === 'account' &&
        StrKey.encodeEd25519PublicKey(d.account().accountId().ed25519()) === multisig.publicKey,
    );
    expect(recorded, 'the account in the meta of its last modified ledger').toBeDefined();
    const [account] = (await result('getLedgerEntries', { keys: [accountKey(multisig.publicKey)] })).entries as {
      xdr: string;
      lastModifiedLedgerSeq: number;
    }[];
    // stellar-core keeps an account's signers sorted by key (an AccountEntry with them unsorted is
    // invalid); the local core's meta writes them in the order they were added, so they are
    // compared sorted: everything else byte for byte.
    const sorted = recorded!.data().account();
    sorted.signers(sorted.signers().sort((a, b) => Buffer.compare(a.key().toXDR(), b.key().toXDR())));
    expect(account!.xdr).toBe(xdr.LedgerEntryData.account(sorted).toXDR('base64'));
    expect(account!.lastModifiedLedgerSeq).toBe(recorded!.lastModifiedLedgerSeq());

    const balance = row('SELECT * FROM claimable_balances ORDER BY last_modified_ledger DESC LIMIT 1');
    expect(balance, 'a claimable balance in the history').toBeDefined();
    const balanceId = xdr.ClaimableBalanceId.fromXDR(String(balance.id), 'hex');
    const key = xdr.LedgerKey.claimableBalance(new xdr.LedgerKeyClaimableBalance({ balanceId })).toXDR('base64');
    const created = recordedState(
      Number(balance.last_modified_ledger),
      (d) => d.switch().name === 'claimableBalance' && d.claimableBalance().balanceId().toXDR('hex') === balance.id,
    );
    const [entry] = (await result('getLedgerEntries', { keys: [key] })).entries as {
      key: string;
      xdr: string;
      lastModifiedLedgerSeq: number;
    }[];
    expect(entry!.key).toBe(key);
    expect(entry!.xdr).toBe(created!.data().toXDR('base64'));
    expect(entry!.lastModifiedLedgerSeq).toBe(Number(balance.last_modified_ledger));
  });

  it('a data entry is, byte for byte, the state the core last recorded of it, in the ledger it names', async () => {
    const data = store.db.prepare('SELECT account, name, value FROM data_entries ORDER BY account, name').all() as {
      account: string;
      name: string;
      value: string;
    }[];
    expect(data.length, 'data entries in the history').toBeGreaterThan(0);
    const keyOf = (account: string, name: string) =>
      xdr.LedgerKey.data(
        new xdr.LedgerKeyData({
          accountId: xdr.PublicKey.publicKeyTypeEd25519(StrKey.decodeEd25519PublicKey(account)),
          dataName: name,
        }),
      ).toXDR('base64');
    for (const { account, name, value } of data.slice(0, 10)) {
      const [entry] = (await result('getLedgerEntries', { keys: [keyOf(account, name)] })).entries as {
        xdr: string;
        lastModifiedLedgerSeq: number;
      }[];
      const recorded = recordedState(
        entry!.lastModifiedLedgerSeq,
        (d) =>
          d.switch().name === 'data' &&
          StrKey.encodeEd25519PublicKey(d.data().accountId().ed25519()) === account &&
          d.data().dataName().toString() === name,
      );
      expect(recorded, `${name} of ${account.slice(0, 6)} in the meta of the ledger named`).toBeDefined();
      expect(entry!.xdr).toBe(recorded!.data().toXDR('base64'));
      expect(Buffer.from(xdr.LedgerEntryData.fromXDR(entry!.xdr, 'base64').data().dataValue()).toString('base64')).toBe(
        value,
      );
    }
    // A name the account has not set is no entry.
    expect((await result('getLedgerEntries', { keys: [keyOf(data[0]!.account, 'never set')] })).entries).toEqual([]);
    // Set twice, in two ledgers: the entry is the second value, last modified in the second ledger.
    const owner = accounts[2]!;
    const source = Keypair.fromSecret(owner.secretKey);
    const ledgers: number[] = [];
    for (const value of ['first', 'second']) {
      const seq = String(store.account(owner.publicKey)!.sequence);
      const tx = signedTx(source, [Operation.manageData({ name: 'twice', value })], { passphrase, sequence: seq });
      expect(core.submit(tx.toEnvelope().toXDR('base64')).status).toBe('PENDING');
      core.closeLedger();
      ledgers.push(Number(store.latestLedger()));
    }
    const [twice] = (await result('getLedgerEntries', { keys: [keyOf(owner.publicKey, 'twice')] })).entries as {
      xdr: string;
      lastModifiedLedgerSeq: number;
    }[];
    expect(twice!.lastModifiedLedgerSeq).toBe(ledgers[1]);
    expect(Buffer.from(xdr.LedgerEntryData.fromXDR(twice!.xdr, 'base64').data().dataValue()).toString()).toBe('second');
  });

  it('takes 200 keys and refuses 201, a key that is not XDR (with its index), and a TTL key, as stellar-rpc does', async () => {
    const key = accountKey(accounts[0]!.publicKey);
    expect((await result('getLedgerEntries', { keys: Array(MAX_LEDGER_KEYS).fill(key) })).entries).toHaveLength(1);
    expect(await error('getLedgerEntries', { keys: Array(MAX_LEDGER_KEYS + 1).fill(key) })).toEqual({
      code: -32602,
      message: 'key count (201) exceeds maximum supported (200)',
    });
    expect(await error('getLedgerEntries', { keys: [key, 'AAAA'] })).toEqual({
      code: -32602,
      message: 'cannot unmarshal key value AAAA at index 1',
    });
    const ttl = xdr.LedgerKey.ttl(new xdr.LedgerKeyTtl({ keyHash: Buffer.alloc(32) })).toXDR('base64');
    expect(await error('getLedgerEntries', { keys: [ttl] })).toEqual({
      code: -32602,
      message: 'ledger ttl entries cannot be queried directly',
    });
  });
});

describe('sendTransaction through the core', () => {
  const sequenceOf = (id: string) => String(store.account(id)!.sequence);

  it('PENDING, then DUPLICATE for the same envelope; ERROR with the core errorResultXdr; TRY_AGAIN_LATER when its queue is full', async () => {
    const from = accounts[2]!;
    const source = Keypair.fromSecret(from.secretKey);
    const payment = (seq: string) =>
      signedTx(source, [nativePayment(accounts[3]!.publicKey, '1')], { passphrase, sequence: seq })
        .toEnvelope()
        .toXDR('base64');
    const sequence = sequenceOf(from.publicKey);
    const first = await result('sendTransaction', { transaction: payment(sequence) });
    expect(first).toMatchObject({ status: 'PENDING', latestLedger: Number(store.latestLedger()) });
    expect(first.hash).toMatch(/^[0-9a-f]{64}$/);
    expect((await result('sendTransaction', { transaction: payment(sequence) })).status).toBe('DUPLICATE');
    // A sequence far ahead: txBadSeq, as the core's result.
    const bad = await result('sendTransaction', { transaction: payment((BigInt(sequence) + 100n).toString()) });
    expect(bad.status).toBe('ERROR');
    expect(
      xdr.TransactionResult.fromXDR(bad.errorResultXdr as string, 'base64')
        .result()
        .switch().name,
    ).toBe('txBadSeq');
    // The core queues 3 (maxQueue): two more from other accounts fill it, the next is refused.
    const statuses: unknown[] = [];
    for (const account of accounts.slice(3, 6)) {
      const key = Keypair.fromSecret(account.secretKey);
      const tx = signedTx(key, [nativePayment(accounts[0]!.publicKey, '1')], {
        passphrase,
        sequence: sequenceOf(account.publicKey),
      });
      statuses.push((await result('sendTransaction', { transaction: tx.toEnvelope().toXDR('base64') })).status);
    }
    expect(statuses).toEqual(['PENDING', 'PENDING', 'TRY_AGAIN_LATER']);
    core.closeLedger();
  });

  it('refuses text that is not an envelope, and says when the core cannot be reached', async () => {
    expect(await error('sendTransaction', { transaction: 'not xdr' })).toEqual({
      code: -32602,
      message: 'invalid_xdr',
    });
    expect(await error('sendTransaction', {})).toEqual({ code: -32602, message: 'invalid_xdr' });
    const offline = rpcMethods({
      store,
      retentionLedgers: 10,
      coreUrl: 'http://127.0.0.1:1',
      coreTimeoutMs: 500,
      version: 't',
    });
    const tx = signedTx(Keypair.fromSecret(accounts[1]!.secretKey), [Operation.bumpSequence({ bumpTo: '0' })], {
      passphrase,
      sequence: '1',
    });
    const text = await answerRequest(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'sendTransaction',
        params: { transaction: tx.toEnvelope().toXDR('base64') },
      }),
      offline,
    );
    expect(JSON.parse(text!)).toMatchObject({
      error: { code: -32603, message: 'could not submit transaction to stellar-core' },
    });
  });
});

/** A value's JSON type: the words a key-and-type comparison uses. */
function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/**
 * Ours against theirs: every key we give, they give, with the same JSON type (nested objects, and
 * the first item of arrays, alike); every key they give, we give, but those named in `absent`.
 */
function sameShape(ours: unknown, theirs: unknown, path: string, absent: string[], problems: string[]): void {
  if (typeOf(ours) !== typeOf(theirs)) {
    problems.push(`${path}: ours is ${typeOf(ours)}, theirs ${typeOf(theirs)}`);
    return;
  }
  if (Array.isArray(ours) && Array.isArray(theirs)) {
    if (ours.length > 0 && theirs.length > 0) sameShape(ours[0], theirs[0], `${path}[0]`, absent, problems);
    return;
  }
  if (typeOf(ours) !== 'object') return;
  const a = ours as Record<string, unknown>;
  const b = theirs as Record<string, unknown>;
  for (const key of Object.keys(a)) {
    if (!(key in b)) problems.push(`${path}.${key}: we give it, they do not`);
    else sameShape(a[key], b[key], `${path}.${key}`, absent, problems);
  }
  for (const key of Object.keys(b))
    if (!(key in a) && !absent.includes(`${path}.${key}`)) problems.push(`${path}.${key}: they give it, we do not`);
}

describe('conformance with the real stellar-rpc responses (../shared/fixtures/rpc-real/openrpc)', () => {
  const fixtures = realFixtures('rpc-real');
  const examples = (method: string) =>
    (
      JSON.parse(readFileSync(join(fixtures!, 'openrpc', `${method}.json`), 'utf8')) as {
        examples: { derived_response: { result?: Record<string, unknown> } }[];
      }
    ).examples
      .map((e) => e.derived_response.result)
      .filter((r): r is Record<string, unknown> => r !== undefined);

  /** Fields of theirs we knowingly do not give, each with why (docs/rpc.md says the same). */
  const ABSENT: Record<string, string[]> = {
    // No friendbot on the local network.
    getNetwork: ['$.friendbotUrl'],
    // Diagnostic events come from Soroban calls, which the local core does not run.
    getTransaction: ['$.diagnosticEventsXdr', '$.events.contractEventsXdr'],
  };

  it.skipIf(!fixtures).each(['getHealth', 'getNetwork', 'getLatestLedger', 'getVersionInfo', 'getFeeStats'])(
    '%s has the keys and types of every real example',
    async (method) => {
      const ours = await result(method);
      const problems: string[] = [];
      for (const theirs of examples(method)) sameShape(ours, theirs, '$', ABSENT[method] ?? [], problems);
      expect(problems).toEqual([]);
    },
  );

  it.skipIf(!fixtures)(
    'getTransaction: SUCCESS, FAILED and NOT_FOUND each as the real example of that status',
    async () => {
      const problems: string[] = [];
      const byStatus = new Map(examples('getTransaction').map((r) => [r.status, r]));
      for (const [status, sql] of [
        ['SUCCESS', 'successful = 1'],
        ['FAILED', 'successful = 0'],
      ] as const) {
        const hash = row(`SELECT hash FROM transactions WHERE ${sql} LIMIT 1`).hash;
        sameShape(
          await result('getTransaction', { hash }),
          byStatus.get(status),
          `$(${status})`,
          [`$(${status}).diagnosticEventsXdr`],
          problems,
        );
      }
      sameShape(
        await result('getTransaction', { hash: 'cd'.repeat(32) }),
        byStatus.get('NOT_FOUND'),
        '$(NOT_FOUND)',
        [],
        problems,
      );
      expect(byStatus.size).toBe(3);
      expect(problems).toEqual([]);
    },
  );

  it.skipIf(!fixtures)(
    'getTransactions has the keys and types of the real examples, SUCCESS and FAILED alike',
    async () => {
      const ours = await result('getTransactions', {
        startLedger: Number(store.earliestLedger()),
        pagination: { limit: 50 },
      });
      const txs = ours.transactions as { status: string }[];
      const problems: string[] = [];
      for (const theirs of examples('getTransactions')) {
        const theirTxs = theirs.transactions as { status: string }[];
        for (const status of ['SUCCESS', 'FAILED']) {
          const mine = txs.find((t) => t.status === status);
          const real = theirTxs.find((t) => t.status === status);
          expect(mine && real, `a ${status} transaction on both sides`).toBeTruthy();
          sameShape(
            { ...ours, transactions: [mine] },
            { ...theirs, transactions: [real] },
            `$(${status})`,
            [`$(${status}).transactions[0].diagnosticEventsXdr`],
            problems,
          );
        }
      }
      expect(problems).toEqual([]);
    },
  );

  it.skipIf(!fixtures)(
    'getTransaction with xdrFormat json has the keys of the real classic one (Stellar Laboratory)',
    async () => {
      const real = JSON.parse(readFileSync(join(fixtures!, 'laboratory', 'TX_DASH_CLASSIC.json'), 'utf8')) as {
        response: { result: Record<string, unknown> };
      };
      const hash = row('SELECT hash FROM transactions WHERE successful = 1 ORDER BY id DESC LIMIT 1').hash;
      const ours = await result('getTransaction', { hash, xdrFormat: 'json' });
      // The trees under envelopeJson and the like differ by operation: their top level and events are compared.
      const shallow = (o: Record<string, unknown>) =>
        Object.fromEntries(
          Object.entries(o).map(([k, v]) => [k, k === 'events' || typeOf(v) !== 'object' ? v : {}]),
        ) as Record<string, unknown>;
      const problems: string[] = [];
      sameShape(shallow(ours), shallow(real.response.result), '$', [], problems);
      expect(problems).toEqual([]);
    },
  );

  it.skipIf(!fixtures)('getLedgers has the keys and types of the real example', async () => {
    const ours = await result('getLedgers', { startLedger: Number(store.earliestLedger()), pagination: { limit: 2 } });
    const problems: string[] = [];
    for (const theirs of examples('getLedgers')) sameShape(ours, theirs, '$', [], problems);
    expect(problems).toEqual([]);
  });

  it.skipIf(!fixtures)('getLedgerEntries has the keys and types of every real example', async () => {
    const key = xdr.LedgerKey.account(
      new xdr.LedgerKeyAccount({ accountId: Keypair.fromPublicKey(accounts[0]!.publicKey).xdrAccountId() }),
    ).toXDR('base64');
    const ours = await result('getLedgerEntries', { keys: [key] });
    const problems: string[] = [];
    for (const theirs of examples('getLedgerEntries')) sameShape(ours, theirs, '$', [], problems);
    expect(problems).toEqual([]);
  });

  it.skipIf(!fixtures)(
    'sendTransaction: PENDING, DUPLICATE and ERROR each as the real example of that status',
    async () => {
      const byStatus = new Map(examples('sendTransaction').map((r) => [r.status, r]));
      const from = accounts[1]!;
      const source = Keypair.fromSecret(from.secretKey);
      const seq = String(store.account(from.publicKey)!.sequence);
      const envelope = (s: string) =>
        signedTx(source, [nativePayment(accounts[2]!.publicKey, '1')], { passphrase, sequence: s })
          .toEnvelope()
          .toXDR('base64');
      const problems: string[] = [];
      const pending = await result('sendTransaction', { transaction: envelope(seq) });
      sameShape(pending, byStatus.get('PENDING'), '$(PENDING)', [], problems);
      sameShape(
        await result('sendTransaction', { transaction: envelope(seq) }),
        byStatus.get('DUPLICATE'),
        '$(DUPLICATE)',
        [],
        problems,
      );
      const failed = await result('sendTransaction', { transaction: envelope((BigInt(seq) + 50n).toString()) });
      sameShape(failed, byStatus.get('ERROR'), '$(ERROR)', [], problems);
      core.closeLedger();
      expect(problems).toEqual([]);
    },
  );
});

describe("a transaction's operations read from its XDR as the service reads them from its store (the one reading, for RPC and the lake)", () => {
  it('every operation of the generated history: the same normalised operation, its moves and summary alike', async () => {
    const contracts = new AssetContracts(passphrase);
    const transactions = store.db.prepare('SELECT id, hash FROM transactions ORDER BY id').all() as {
      id: bigint;
      hash: string;
    }[];
    expect(transactions.length).toBeGreaterThan(100);
    const types = new Set<string>();
    let compared = 0;
    for (const { hash } of transactions) {
      const info = await result('getTransaction', { hash });
      const fromXdr = rpcOperations(
        {
          txHash: hash,
          ledger: info.ledger as number,
          applicationOrder: info.applicationOrder as number,
          createdAt: Number(info.createdAt),
          envelopeXdr: info.envelopeXdr as string,
          resultXdr: info.resultXdr as string,
          resultMetaXdr: info.resultMetaXdr as string,
        },
        contracts,
      );
      const ids = store.db
        .prepare(
          'SELECT o.id FROM operations o JOIN transactions t ON t.id = o.transaction_id WHERE t.hash = ? ORDER BY o.id',
        )
        .all(hash) as { id: bigint }[];
      expect(fromXdr.map((op) => String(op['id']))).toEqual(ids.map((row) => String(row.id)));
      for (const [index, record] of fromXdr.entries()) {
        const row = store.operation(ids[index]!.id)!;
        const served = normalizeOperation(parseJson(`{${operationBodyText(row)}`), { raw: null });
        const read = normalizeOperation(record, { raw: null });
        types.add(read.type);
        const viewer = read.sourceAccount;
        // Horizon names a trustline's issuer (`trustee`); the local service's dialect does not write it.
        if (read.type === 'change_trust' && served.type === 'change_trust' && served.trustee === undefined)
          expect(read.trustee).toBe(served.currency?.issuer);
        const { trustee: _t, ...comparable } = read as typeof read & { trustee?: string };
        const { trustee: _s, ...servedComparable } = served as typeof served & { trustee?: string };
        expect(comparable, `${read.type} ${read.id}`).toEqual(servedComparable);
        expect(movesOf(read, viewer)).toEqual(movesOf(served, viewer));
        compared++;
      }
    }
    // Every type the store holds was compared: all the local core writes but, in this history, a withdrawal.
    const stored = store.db.prepare('SELECT DISTINCT type FROM operations').all() as { type: bigint }[];
    expect([...types].sort()).toEqual(stored.map((row) => OPERATION_TYPES[Number(row.type)]).sort());
    expect(types.size).toBeGreaterThanOrEqual(OPERATION_TYPES.length - 1);
    expect(compared).toBeGreaterThan(500);
  }, 120_000);
});

// ---------------------------------------------------------------- getEvents

interface EventRecord {
  type: string;
  ledger: number;
  ledgerClosedAt: string;
  contractId: string;
  id: string;
  transactionIndex: number;
  operationIndex: number;
  inSuccessfulContractCall: boolean;
  topic: string[];
  value: string;
  txHash: string;
}
interface EventsPage {
  events: EventRecord[];
  cursor: string;
  latestLedger: number;
  oldestLedger: number;
  latestLedgerCloseTime: string;
  oldestLedgerCloseTime: string;
}

const sym = (text: string) => nativeToScVal(text, { type: 'symbol' }).toXDR('base64');
const addressOf = (account: string) => xdr.ScVal.scvAddress(Address.fromString(account).toScAddress()).toXDR('base64');
const ledgerOfId = (id: string) => Number(BigInt(id.split('-')[0]!) >> 32n);

/**
 * Every event getEvents gives for `params` from `startLedger`, paged with its cursor to the latest
 * ledger, `limit` a page (each page scans at most its range; a page short of the limit ends it).
 */
async function allEvents(
  call: (params: unknown) => Promise<Record<string, unknown>>,
  params: Record<string, unknown>,
  limit: number,
): Promise<{ events: EventRecord[]; pages: EventsPage[] }> {
  const { startLedger, ...rest } = params;
  const pages: EventsPage[] = [];
  let page = (await call({ ...params, pagination: { limit } })) as unknown as EventsPage;
  pages.push(page);
  while (page.events.length === limit || ledgerOfId(page.cursor) < page.latestLedger) {
    if (pages.length > 10_000) throw new Error(`getEvents from ${String(startLedger)} did not end`);
    page = (await call({ ...rest, pagination: { cursor: page.cursor, limit } })) as unknown as EventsPage;
    pages.push(page);
  }
  return { events: pages.flatMap((p) => p.events), pages };
}

/**
 * What getEvents must give over the window, built another way: each transaction's events as
 * getTransactions gives them (transactionEventsXdr, contractEventsXdr), numbered as stellar-rpc
 * numbers them (fee events before all transactions: transaction 0, counted across the ledger;
 * an operation's: its transaction's order, its 0-based index, its events counted from 0).
 */
async function expectedEvents(call: (method: string, params?: unknown) => Promise<Record<string, unknown>>) {
  const health = await call('getHealth');
  const out: { key: bigint; index: number; record: EventRecord }[] = [];
  const before = new Map<number, number>();
  let cursor: string | undefined;
  for (let guard = 0; guard < 1000; guard++) {
    const page = await call(
      'getTransactions',
      cursor
        ? { pagination: { cursor, limit: 200 } }
        : { startLedger: health.oldestLedger, pagination: { limit: 200 } },
    );
    const txs = page.transactions as {
      status: string;
      txHash: string;
      applicationOrder: number;
      ledger: number;
      createdAt: number;
      events?: { transactionEventsXdr?: string[]; contractEventsXdr?: string[][] };
    }[];
    for (const tx of txs) {
      const record = (event: xdr.ContractEvent, key: bigint, index: number) => {
        const body = event.body().v0();
        out.push({
          key,
          index,
          record: {
            type: 'contract',
            ledger: tx.ledger,
            ledgerClosedAt: new Date(tx.createdAt * 1000).toISOString().replace('.000Z', 'Z'),
            contractId: StrKey.encodeContract(event.contractId() as unknown as Buffer),
            id: `${key.toString().padStart(19, '0')}-${String(index).padStart(10, '0')}`,
            transactionIndex: Number((key >> 12n) & 0xfffffn),
            operationIndex: Number(key & 0xfffn),
            inSuccessfulContractCall: tx.status === 'SUCCESS',
            topic: body.topics().map((t) => t.toXDR('base64')),
            value: body.data().toXDR('base64'),
            txHash: tx.txHash,
          },
        });
      };
      const ledgerKey = BigInt(tx.ledger) << 32n;
      for (const text of tx.events?.transactionEventsXdr ?? []) {
        const event = xdr.TransactionEvent.fromXDR(text, 'base64');
        expect(event.stage().value, 'the fee, before all transactions').toBe(0);
        const n = before.get(tx.ledger) ?? 0;
        before.set(tx.ledger, n + 1);
        record(event.event(), ledgerKey, n);
      }
      (tx.events?.contractEventsXdr ?? []).forEach((list, op) =>
        list.forEach((text, index) =>
          record(
            xdr.ContractEvent.fromXDR(text, 'base64'),
            ledgerKey | (BigInt(tx.applicationOrder) << 12n) | BigInt(op),
            index,
          ),
        ),
      );
    }
    if (txs.length < 200) break;
    cursor = page.cursor as string;
  }
  return out.sort((a, b) => (a.key === b.key ? a.index - b.index : a.key < b.key ? -1 : 1)).map((e) => e.record);
}

describe('getEvents', () => {
  const earliest = () => Number(store.earliestLedger());
  const latest = () => Number(store.latestLedger());
  const events = (params: unknown) => result('getEvents', params);

  it('gives every event of the window in id order, each as its transaction carries it, paged without a gap or a repeat', async () => {
    const expected = await expectedEvents(result);
    expect(expected.length).toBeGreaterThan(600);
    expect(new Set(expected.map((e) => e.topic[0])).size).toBeGreaterThanOrEqual(2);
    const whole = await allEvents(events, { startLedger: earliest() }, 10_000);
    expect(whole.pages).toHaveLength(1);
    expect(whole.events).toEqual(expected);
    // Pages of 7: the same events, none skipped or repeated across the cursors.
    const paged = await allEvents(events, { startLedger: earliest() }, 7);
    expect(paged.events.map((e) => e.id)).toEqual(expected.map((e) => e.id));
    expect(paged.pages.length).toBe(Math.floor(expected.length / 7) + 1);
    // A full page's cursor is its last event; the last page's, the end of the range it scanned.
    expect(paged.pages[0]!.cursor).toBe(paged.pages[0]!.events.at(-1)!.id);
    expect(paged.pages.at(-1)!.cursor).toBe(
      `${((BigInt(latest()) << 32n) | (0xfffffn << 12n) | 0xfffn).toString().padStart(19, '0')}-4294967295`,
    );
    // Each event's id is what the app reads: its ledger, its transaction's order, and its hash agree.
    const contracts = new AssetContracts(passphrase);
    for (const record of whole.events) {
      const read = readEventRecord(RpcEventRecord.parse(record), contracts);
      expect(read, record.id).not.toBeNull();
      expect(readEventId(record.id).toid.ledger).toBe(record.ledger);
    }
  });

  it('gives the window, its close times, and 100 events when no limit is asked; takes 10,000, refuses 10,001', async () => {
    const page = (await events({ startLedger: earliest() })) as unknown as EventsPage;
    expect(page.events).toHaveLength(100);
    expect(page).toMatchObject({
      latestLedger: latest(),
      oldestLedger: earliest(),
      latestLedgerCloseTime: String(Date.parse(String(store.ledger(BigInt(latest()))!.closed_at)) / 1000),
      oldestLedgerCloseTime: String(Date.parse(String(store.ledger(BigInt(earliest()))!.closed_at)) / 1000),
      cursor: page.events[99]!.id,
    });
    expect(await error('getEvents', { startLedger: earliest(), pagination: { limit: 10_000 } })).toBeUndefined();
    expect(await error('getEvents', { startLedger: earliest(), pagination: { limit: 10_001 } })).toEqual({
      code: -32602,
      message: 'limit must not exceed 10000',
    });
    expect(MAX_EVENTS_LIMIT).toBe(10_000);
  });

  it('refuses a start outside the window at both edges in the words the app reads; a cursor with a range; no start', async () => {
    const words = `startLedger must be within the ledger range: ${earliest()} - ${latest()}`;
    for (const startLedger of [earliest(), latest()]) expect(await error('getEvents', { startLedger })).toBeUndefined();
    for (const startLedger of [earliest() - 1, latest() + 1]) {
      const refused = await error('getEvents', { startLedger });
      expect(refused).toEqual({ code: -32600, message: words });
      expect(windowOfRefusal(refused.message)).toEqual({ oldest: earliest(), latest: latest() });
    }
    // A cursor before the window is refused the same way.
    const before = `${((BigInt(earliest() - 1) << 32n) | 4096n).toString().padStart(19, '0')}-0000000000`;
    expect(await error('getEvents', { pagination: { cursor: before } })).toEqual({ code: -32600, message: words });
    const cursor = `${(BigInt(earliest()) << 32n).toString().padStart(19, '0')}-0000000000`;
    for (const range of [{ startLedger: earliest() }, { endLedger: latest() }])
      expect(await error('getEvents', { ...range, pagination: { cursor } })).toEqual({
        code: -32602,
        message: 'ledger ranges and cursor cannot both be set',
      });
    expect(await error('getEvents', {})).toEqual({ code: -32602, message: 'startLedger must be positive' });
    expect(await error('getEvents', { pagination: { cursor: 'x-1' } })).toEqual({
      code: -32602,
      message: 'invalid parameters: invalid event id x-1',
    });
    expect(await error('getEvents', { startLedger: '5' })).toEqual({ code: -32602, message: 'invalid parameters' });
    // A cursor's leading zeros are read past, as Go's strconv does; digits past an int64 are refused, quickly.
    expect(await error('getEvents', { pagination: { cursor: `000000${cursor}` } })).toBeUndefined();
    const huge = `${'9'.repeat(200_000)}-0`;
    expect(await error('getEvents', { pagination: { cursor: huge } })).toEqual({
      code: -32602,
      message: `invalid parameters: invalid event id ${huge.slice(0, 100)}`,
    });
    // A narrower window: its oldest ledger is the edge.
    const narrow = rpcMethods({ store, retentionLedgers: 3, coreUrl: '', coreTimeoutMs: 1, version: 'test' });
    await expect(narrow.get('getEvents')!({ startLedger: latest() - 3 })).rejects.toThrow(
      `startLedger must be within the ledger range: ${latest() - 2} - ${latest()}`,
    );
    await expect(narrow.get('getEvents')!({ startLedger: latest() - 2 })).resolves.toMatchObject({
      oldestLedger: latest() - 2,
    });
  });

  it('ends before endLedger (exclusive); an end at or before the start is an empty page, as stellar-rpc answers it', async () => {
    const expected = await expectedEvents(result);
    const middle = expected[Math.floor(expected.length / 2)]!.ledger;
    const page = (await events({
      startLedger: earliest(),
      endLedger: middle,
      pagination: { limit: 10_000 },
    })) as unknown as EventsPage;
    expect(page.events).toEqual(expected.filter((e) => e.ledger < middle));
    expect(ledgerOfId(page.cursor)).toBe(middle - 1);
    for (const endLedger of [middle, middle - 1]) {
      const empty = (await events({ startLedger: middle, endLedger })) as unknown as EventsPage;
      expect(empty.events).toEqual([]);
      expect(ledgerOfId(empty.cursor)).toBe(endLedger - 1);
    }
  });

  it('scans at most 10,000 ledgers a request (LedgerScanLimit): a filter matching nothing ends its page there', async () => {
    expect(LEDGER_SCAN_LIMIT).toBe(10_000);
    const scanning = rpcMethods({
      store,
      retentionLedgers: 120_960,
      coreUrl: '',
      coreTimeoutMs: 1,
      version: 'test',
      eventsScanLedgers: 2,
    });
    const nothing = [{ topics: [[sym('nothing-matches')]] }];
    const page = (await scanning.get('getEvents')!({ startLedger: earliest(), filters: nothing })) as EventsPage;
    expect(page.events).toEqual([]);
    expect(ledgerOfId(page.cursor)).toBe(earliest() + 1);
    const all = (await scanning.get('getEvents')!({
      startLedger: earliest(),
      pagination: { limit: 10_000 },
    })) as EventsPage;
    expect(new Set(all.events.map((e) => e.ledger))).toEqual(
      new Set([earliest(), earliest() + 1].filter((l) => Number(store.ledger(BigInt(l))!.transaction_count) > 0)),
    );
  });

  it('matches topics as stellar-rpc: exact segments, * one segment, a trailing ** any number more', async () => {
    const expected = await expectedEvents(result);
    const match = async (filters: unknown) =>
      (await allEvents(events, { startLedger: earliest(), filters }, 10_000)).events.map((e) => e.id);
    const ids = (keep: (e: EventRecord) => boolean) => expected.filter(keep).map((e) => e.id);
    const transfers = ids((e) => e.topic[0] === sym('transfer'));
    expect(transfers.length).toBeGreaterThan(100);
    expect(await match([{ topics: [[sym('transfer'), '*', '*', '*']] }])).toEqual(transfers);
    expect(await match([{ topics: [[sym('transfer'), '**']] }])).toEqual(transfers);
    expect(await match([{ topics: [[sym('transfer'), '*', '*', '*', '**']] }])).toEqual(transfers);
    // `*` is exactly one segment: a transfer has four.
    expect(await match([{ topics: [[sym('transfer'), '*', '*']] }])).toEqual([]);
    expect(await match([{ topics: [[sym('fee'), '*']] }])).toEqual(ids((e) => e.topic[0] === sym('fee')));
    expect(await match([{ topics: [['**']] }])).toEqual(ids(() => true));
    // One account: its address second or third, in any event.
    const account = accounts[1]!.publicKey;
    const mine = ids((e) => e.topic[1] === addressOf(account) || e.topic[2] === addressOf(account));
    expect(mine.length).toBeGreaterThan(10);
    expect(
      await match([
        {
          topics: [
            ['*', addressOf(account), '**'],
            ['*', '*', addressOf(account), '**'],
          ],
        },
      ]),
    ).toEqual(mine);
    // Its transfers out, by a second filter: the union, each event once.
    expect(
      await match([
        { topics: [[sym('transfer'), addressOf(account), '*', '*']] },
        { topics: [['*', addressOf(account), '**']] },
      ]),
    ).toEqual(ids((e) => e.topic[1] === addressOf(account)));
  });

  it('matches types and contract ids; refuses what stellar-rpc refuses, at both edges of each bound', async () => {
    const expected = await expectedEvents(result);
    const native = Asset.native().contractId(passphrase);
    const match = async (filters: unknown) =>
      (await allEvents(events, { startLedger: earliest(), filters }, 10_000)).events.map((e) => e.id);
    expect(await match([{ type: 'contract', contractIds: [native] }])).toEqual(
      expected.filter((e) => e.contractId === native).map((e) => e.id),
    );
    expect(await match([{ type: 'system' }])).toEqual([]);
    expect(await match([{ type: 'system,contract' }])).toEqual(expected.map((e) => e.id));
    const start = earliest();
    const refused = (filters: unknown) => error('getEvents', { startLedger: start, filters });
    const filter = { topics: [['*']] };
    expect(await refused(Array(5).fill(filter))).toBeUndefined();
    expect(await refused(Array(6).fill(filter))).toEqual({ code: -32602, message: 'maximum 5 filters per request' });
    expect(await refused([{ contractIds: Array(5).fill(native) }])).toBeUndefined();
    expect(await refused([{ contractIds: Array(6).fill(native) }])).toEqual({
      code: -32602,
      message: 'filter 1 invalid: maximum 5 contract IDs per filter',
    });
    expect(await refused([{ topics: Array(5).fill(['*']) }])).toBeUndefined();
    expect(await refused([filter, { topics: Array(6).fill(['*']) }])).toEqual({
      code: -32602,
      message: 'filter 2 invalid: maximum 5 topics per filter',
    });
    expect(await refused([{ contractIds: [native, accounts[0]!.publicKey] }])).toEqual({
      code: -32602,
      message: 'filter 1 invalid: contract ID 2 invalid',
    });
    expect(await refused([{ type: 'diagnostic' }])).toEqual({
      code: -32602,
      message: "filter 1 invalid: filter type invalid: if set, type must be either 'system' or 'contract'",
    });
    expect(await refused([{ topics: [['*', '*', '*', '*']] }])).toBeUndefined();
    const topic = (message: string) => ({ code: -32602, message: `filter 1 invalid: topic 1 invalid: ${message}` });
    expect(await refused([{ topics: [['*', '*', '*', '*', '*']] }])).toEqual(
      topic('topic cannot have more than 4 segments'),
    );
    expect(await refused([{ topics: [[]] }])).toEqual(topic('topic must have at least 1 segment'));
    expect(await refused([{ topics: [['*', '**', '*']] }])).toEqual(
      topic("segment 2 invalid: wildcard '**' is only allowed as the last segment"),
    );
    expect(await refused([{ topics: [['not-xdr']] }])).toEqual({
      code: -32602,
      message: 'invalid parameters: topic segment "not-xdr" is not a base64 ScVal',
    });
    expect(await refused([{ topics: [[5]] }])).toEqual({ code: -32602, message: 'invalid parameters' });
  });

  it('xdrFormat json: topicJson and valueJson in place of topic and value; another format refused', async () => {
    const fee = { topics: [[sym('fee'), '*']] };
    const base = (
      (await events({ startLedger: earliest(), filters: [fee], pagination: { limit: 1 } })) as unknown as EventsPage
    ).events[0]!;
    const json = (
      (await events({ startLedger: earliest(), filters: [fee], pagination: { limit: 1 }, xdrFormat: 'json' })) as {
        events: Record<string, unknown>[];
      }
    ).events[0]!;
    const { topic, value, ...rest } = base;
    expect(json).toEqual({
      ...rest,
      topicJson: [
        { symbol: 'fee' },
        {
          address: StrKey.encodeEd25519PublicKey(
            xdr.ScVal.fromXDR(topic[1]!, 'base64').address().accountId().ed25519(),
          ),
        },
      ],
      valueJson: { i128: xdr.ScVal.fromXDR(value, 'base64').i128().lo().toString() },
    });
    expect(await error('getEvents', { startLedger: earliest(), xdrFormat: 'xml' })).toEqual({
      code: -32602,
      message: "got 'xml': expected base64, json for optional 'xdrFormat'",
    });
  });

  it('reads each ledger as it closes: a payment made now is its next page', async () => {
    const before = (await allEvents(events, { startLedger: earliest() }, 10_000)).events;
    const from = accounts[3]!;
    const source = Keypair.fromSecret(from.secretKey);
    const seq = String(store.account(from.publicKey)!.sequence);
    const tx = signedTx(source, [nativePayment(accounts[4]!.publicKey, '2')], { passphrase, sequence: seq });
    expect(core.submit(tx.toEnvelope().toXDR('base64')).status).toBe('PENDING');
    core.closeLedger();
    const after = (await allEvents(events, { startLedger: earliest() }, 10_000)).events;
    const fresh = after.slice(before.length);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(fresh.map((e) => [e.ledger, e.txHash, xdr.ScVal.fromXDR(e.topic[0]!, 'base64').sym().toString()])).toEqual([
      [latest(), tx.hash().toString('hex'), 'fee'],
      [latest(), tx.hash().toString('hex'), 'transfer'],
    ]);
  });

  it("keeps the window in its index, drops what the window leaves, and reads another store's history afresh", async () => {
    const file = join(dir, 'events-index-test.sqlite');
    const kept = (index: EventIndex) =>
      index.db
        .prepare('SELECT min(toid) >> 32 AS low, count(*) AS n, group_concat(hex(tx_hash)) AS hashes FROM events')
        .get() as {
        low: number | null;
        n: number;
        hashes: string | null;
      };
    const index = new EventIndex(store, file);
    try {
      // A window of 20 ledgers, then one more ledger: the oldest is dropped.
      await index.current(20);
      expect(index.held()).toEqual({ first: latest() - 19, last: latest() });
      expect(kept(index).n).toBeGreaterThan(0);
      core.closeLedger();
      await index.current(20);
      expect(index.held()).toEqual({ first: latest() - 19, last: latest() });
      expect(kept(index).low).toBeGreaterThanOrEqual(latest() - 19);
    } finally {
      index.close();
    }
    // Another history in its place (the same ledger numbers, other hashes): read afresh, none of the old kept.
    const otherDir = mkdtempSync(join(tmpdir(), 'ledgerscope-rpc-other-'));
    const otherDb = openStore(storePath(otherDir));
    generateHistory(new CoreNode(otherDb, { startLedger: 60_000_000, maxQueue: 3, genesisTime: 1_790_000_000n }), {
      historyOps: 60,
      accounts: 3,
      seed: 'rpc-other',
      dataDir: otherDir,
      sign: false,
    });
    otherDb.close();
    const other = new Store(storePath(otherDir));
    // The shorter history first, then the longer over a window starting at the shorter one's last
    // ledger: only that ledger's hash tells the two apart, and the index is read afresh.
    try {
      const otherLast = Number(other.latestLedger());
      for (const [from, window] of [
        [other, 20],
        [store, latest() - otherLast + 1],
      ] as const) {
        const index = new EventIndex(from, file);
        try {
          await index.current(window);
          const last = Number(from.latestLedger());
          expect(index.held()).toEqual({ first: Math.max(Number(from.earliestLedger()), last - window + 1), last });
          for (const hash of kept(index).hashes!.toLowerCase().split(','))
            expect(from.db.prepare('SELECT 1 AS found FROM transactions WHERE hash = ?').get(hash), hash).toBeDefined();
        } finally {
          index.close();
        }
      }
    } finally {
      other.close();
      rmSync(otherDir, { recursive: true, force: true });
    }
  });

  it.skipIf(!realFixtures('rpc-real'))('has the keys and types of the real getEvents examples', async () => {
    const real = JSON.parse(readFileSync(join(realFixtures('rpc-real')!, 'openrpc', 'getEvents.json'), 'utf8')) as {
      examples: { derived_response: { result: Record<string, unknown> } }[];
    };
    const ours = await events({ startLedger: earliest(), pagination: { limit: 2 } });
    const problems: string[] = [];
    for (const example of real.examples) sameShape(ours, example.derived_response.result, '$', [], problems);
    expect(real.examples).toHaveLength(2);
    expect(problems).toEqual([]);
  });
});

describe("getEvents, a property: over the window, each account's events add up to its balance change", () => {
  /** A random history of every operation type the core implements, its store, and the held balances. */
  function history(seed: string) {
    const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-rpc-events-'));
    const db = openStore(storePath(dir));
    const node = new CoreNode(db, { startLedger: 60_000_000, maxQueue: 10, genesisTime: 1_790_000_000n });
    generateHistory(node, { historyOps: 2000, accounts: 5, seed, dataDir: dir, sign: false });
    db.close();
    return { dir, store: new Store(storePath(dir)) };
  }

  const changesOf = (bytes: Uint8Array) =>
    (xdr.LedgerEntryChanges as unknown as { fromXDR(input: Buffer): xdr.LedgerEntryChange[] }).fromXDR(
      Buffer.from(bytes),
    );
  const nonZero = (net: Map<string, bigint>) =>
    Object.fromEntries([...net].filter(([key, v]) => v !== 0n && key.startsWith('G') && !key.includes('|pool:')));

  for (const seed of [`random-${Math.random().toString(36).slice(2)}`, `random-${Math.random().toString(36).slice(2)}`])
    it(`history ${seed}: the whole window, and a window that starts after genesis`, async () => {
      const { dir, store: own } = history(seed);
      try {
        const types = own.db.prepare('SELECT DISTINCT type FROM operations ORDER BY type').all();
        expect(types.map((t) => Number(t.type))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
        const latestLedger = Number(own.latestLedger());
        const first = Number(own.earliestLedger());
        // The balances the store holds now: the close of every window.
        const held = new Map<string, bigint>();
        for (const a of own.db.prepare('SELECT id, balance FROM accounts').all())
          held.set(`${String(a.id)}|native`, BigInt(a.balance as bigint));
        for (const t of own.db.prepare('SELECT account, asset, balance FROM trustlines WHERE pool_id IS NULL').all())
          held.set(`${String(t.account)}|${String(t.asset)}`, BigInt(t.balance as bigint));
        const contracts = new AssetContracts(NETWORK_PASSPHRASE);
        for (const retentionLedgers of [latestLedger - first + 1, Math.ceil((latestLedger - first) / 2)]) {
          const window = rpcMethods({ store: own, retentionLedgers, coreUrl: '', coreTimeoutMs: 1, version: 'test' });
          const call = async (params: unknown) =>
            (await window.get('getEvents')!(params as Record<string, unknown>)) as Record<string, unknown>;
          const health = (await window.get('getHealth')!({})) as { oldestLedger: number };
          const oldest = health.oldestLedger;
          expect(oldest === first).toBe(retentionLedgers > latestLedger - first);
          // Every event of the window, read as the app reads it.
          const limit = 1 + Math.floor(Math.random() * 400);
          const { events: records } = await allEvents(call, { startLedger: oldest }, limit);
          const read = records
            .map((record) => readEventRecord(RpcEventRecord.parse(record), contracts))
            .filter((event) => event !== null);
          expect(read.length, `${seed}: one read event per event`).toBe(records.length);
          // The demo history never pays an issuer back (no burn; network-meta.test.ts holds the rules of each kind).
          const kinds = new Set(read.map((r) => r.event.kind));
          if (oldest === first) expect(kinds).toEqual(new Set(['fee', 'mint', 'transfer']));
          else expect(kinds.has('transfer') && kinds.has('fee')).toBe(true);
          // The balance change over the window, from the entry changes: the close held now, less the
          // opening, each balance's state before the first change the window records of it.
          const lists = own.db
            .prepare(
              `SELECT m.fee_meta, m.result_meta FROM transactions t JOIN transaction_meta m ON m.transaction_id = t.id
                WHERE t.id >= ? ORDER BY t.id`,
            )
            .all(BigInt(oldest) << 32n)
            .flatMap((row) => {
              const v4 = xdr.TransactionMeta.fromXDR(Buffer.from(row.result_meta as Uint8Array)).v4();
              return [
                changesOf(row.fee_meta as Uint8Array),
                v4.txChangesBefore(),
                ...v4.operations().map((op) => op.changes()),
              ];
            });
          const change = new Map<string, bigint>();
          for (const [key, balance] of entryBalances(lists)) {
            // Pool shares are no asset's balance: no event moves them (CAP-67).
            if (key.includes('|pool:')) continue;
            expect(balance.after, `${seed}: ${key} closes at what the store holds`).toBe(held.get(key) ?? 0n);
            change.set(key, (held.get(key) ?? 0n) - balance.before);
          }
          expect(nonZero(netOfEvents(read.map((r) => r.event))), `${seed}, from ${oldest}`).toEqual(nonZero(change));
        }
      } finally {
        own.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });
});
