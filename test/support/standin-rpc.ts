// A stand-in Stellar RPC on loopback (a real `node:http` server, local-server.ts) for the tests of
// hostile servers: it answers JSON-RPC 2.0 POSTs with an honest world (a latest ledger, a window,
// payments made of real envelopes and results from @stellar/stellar-base, each with its CAP-67
// transfer event in the shapes of ../shared/fixtures/rpc-real: getEvents' records, getTransaction's
// answer, getLedgers' ledgers), and lets a test replace any method's answer with a script: another
// result, a JSON-RPC error object, or a raw answer (an HTML page, a body far over the bound, a body
// that never ends, no answer at all). Every request is counted per method, so a test can assert
// what a reader spent.
import type { ServerResponse } from 'node:http';
import { Asset, Keypair, Operation, StrKey, xdr } from '@stellar/stellar-base';
import { encodeToid } from '../../shared/toid';
import { address, i128, sym } from './contract-records';
import { startLocalServer } from './local-server';
import { signedTx } from './signed-tx';

export const RPC_PASSPHRASE = 'Stand-in RPC ; hostile servers';

/** A payment the world holds: its transaction as getTransaction gives it and its transfer event. */
export interface StandinPayment {
  hash: string;
  ledger: number;
  applicationOrder: number;
  envelopeXdr: string;
  resultXdr: string;
  event: EventRecord;
}

export interface EventRecord {
  type: 'contract';
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

/** What a script answers: a result, a JSON-RPC error object, or the raw response written by the test. */
export type Scripted =
  | { result: unknown }
  | { error: { code: number; message: string } }
  | { raw: (res: ServerResponse) => void }
  | undefined;

export interface RpcCall {
  method: string;
  params: Record<string, unknown>;
  /** How many calls of this method came before this one. */
  nth: number;
  /** When it came (performance.now()). */
  at: number;
}

export interface StandinRpc {
  url: string;
  /** The honest world; tests may move `latest` and add payments. */
  world: World;
  /** Per method: a script answering instead of the world (undefined from it: the world answers). */
  script: Partial<Record<string, (call: RpcCall) => Scripted>>;
  /** Every call, in order. */
  calls: RpcCall[];
  count(method: string): number;
  close(): Promise<void>;
}

const closeTime = (ledger: number) => 1_780_000_000 + ledger * 5;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');
/** An event id as stellar-rpc writes it: the operation's TOID (19 digits), a dash, its index (10). */
export const eventId = (ledger: number, txOrder: number, opIndex: number, index = 0) =>
  `${encodeToid({ ledger, txOrder, opIndex }).toString().padStart(19, '0')}-${String(index).padStart(10, '0')}`;

export class World {
  readonly payer = Keypair.random();
  readonly account = Keypair.random().publicKey();
  oldest: number;
  latest: number;
  readonly payments: StandinPayment[] = [];
  private sequence = 100n;

  constructor(oldest: number, latest: number) {
    this.oldest = oldest;
    this.latest = latest;
  }

  /** A payment of `stroops` of `asset` (XLM by default) from the payer to the account in `ledger`, at `applicationOrder` there. */
  pay(ledger: number, stroops = 10_000_000n, applicationOrder = 1, asset = Asset.native()): StandinPayment {
    const tx = signedTx(
      this.payer,
      [Operation.payment({ destination: this.account, asset, amount: String(Number(stroops) / 1e7) })],
      { passphrase: RPC_PASSPHRASE, sequence: String(this.sequence++) },
    );
    const result = new xdr.TransactionResult({
      feeCharged: xdr.Int64.fromString('100'),
      result: xdr.TransactionResultResult.txSuccess([
        xdr.OperationResult.opInner(xdr.OperationResultTr.payment(xdr.PaymentResult.paymentSuccess())),
      ]),
      ext: new xdr.TransactionResultExt(0),
    });
    const hash = tx.hash().toString('hex');
    const payment: StandinPayment = {
      hash,
      ledger,
      applicationOrder,
      envelopeXdr: tx.toEnvelope().toXDR('base64'),
      resultXdr: result.toXDR('base64'),
      event: {
        type: 'contract',
        ledger,
        ledgerClosedAt: iso(closeTime(ledger)),
        contractId: asset.contractId(RPC_PASSPHRASE),
        id: eventId(ledger, applicationOrder, 1),
        transactionIndex: applicationOrder,
        operationIndex: 0,
        inSuccessfulContractCall: true,
        topic: [
          sym('transfer').toXDR('base64'),
          address(this.payer.publicKey()).toXDR('base64'),
          address(this.account).toXDR('base64'),
          xdr.ScVal.scvString(asset.isNative() ? 'native' : `${asset.code}:${asset.issuer}`).toXDR('base64'),
        ],
        value: i128(stroops).toXDR('base64'),
        txHash: hash,
      },
    };
    this.payments.push(payment);
    return payment;
  }

  window() {
    return {
      latestLedger: this.latest,
      latestLedgerCloseTime: String(closeTime(this.latest)),
      oldestLedger: this.oldest,
      oldestLedgerCloseTime: String(closeTime(this.oldest)),
    };
  }

  /** The events in [startLedger, endLedger) after `cursor`, at most `limit`, as getEvents pages them. */
  events(params: Record<string, unknown>) {
    const pagination = (params['pagination'] ?? {}) as { cursor?: string; limit?: number };
    const start = Number(params['startLedger'] ?? 0);
    const end = Number(params['endLedger'] ?? this.latest + 1);
    const all = this.payments
      .map((p) => p.event)
      .filter((e) => (pagination.cursor ? e.id > pagination.cursor : e.ledger >= start && e.ledger < end))
      .filter((e) => e.ledger <= this.latest)
      .sort((a, b) => (a.id < b.id ? -1 : 1));
    const events = all.slice(0, pagination.limit ?? 100);
    const cursor = events.at(-1)?.id ?? eventId(Math.min(end, this.latest + 1) - 1, 0xfffff, 0xfff);
    return { events, ...this.window(), cursor };
  }

  /** The answer of an honest server to `method`. */
  answer(method: string, params: Record<string, unknown>): Scripted {
    switch (method) {
      case 'getHealth':
        return {
          result: {
            status: 'healthy',
            latestLedger: this.latest,
            oldestLedger: this.oldest,
            ledgerRetentionWindow: 120_960,
          },
        };
      case 'getNetwork':
        return { result: { passphrase: RPC_PASSPHRASE, protocolVersion: 23 } };
      case 'getLatestLedger':
        return { result: { id: ledgerHash(this.latest), sequence: this.latest, protocolVersion: 23 } };
      case 'getEvents':
        return { result: this.events(params) };
      case 'getTransaction': {
        const found = this.payments.find((p) => p.hash === params['hash']);
        if (!found) return { result: { status: 'NOT_FOUND', ...this.window() } };
        return {
          result: {
            status: 'SUCCESS',
            ...this.window(),
            txHash: found.hash,
            applicationOrder: found.applicationOrder,
            feeBump: false,
            envelopeXdr: found.envelopeXdr,
            resultXdr: found.resultXdr,
            ledger: found.ledger,
            createdAt: String(closeTime(found.ledger)),
          },
        };
      }
      case 'getLedgers': {
        const start = Number(params['startLedger']);
        const limit = Number((params['pagination'] as { limit?: number } | undefined)?.limit ?? 5);
        const ledgers = [];
        for (let l = start; l <= this.latest && ledgers.length < limit; l++) ledgers.push(ledgerInfo(l));
        return { result: { ledgers, ...this.window(), cursor: String(ledgers.at(-1)?.sequence ?? start) } };
      }
      case 'getLedgerEntries': {
        const keys = (params['keys'] ?? []) as string[];
        const entries = [this.account, this.payer.publicKey()]
          .map((id) => ({ key: accountKey(id), xdr: accountEntry(id), lastModifiedLedgerSeq: this.oldest }))
          .filter((entry) => keys.includes(entry.key));
        return { result: { entries, latestLedger: this.latest } };
      }
      default:
        return { error: { code: -32601, message: 'method not found' } };
    }
  }
}

const publicKey = (id: string) => xdr.PublicKey.publicKeyTypeEd25519(StrKey.decodeEd25519PublicKey(id));
/** An account's ledger key, as getLedgerEntries is asked. */
export const accountKey = (id: string) =>
  xdr.LedgerKey.account(new xdr.LedgerKeyAccount({ accountId: publicKey(id) })).toXDR('base64');
/** An account's entry (100 XLM, no signers but its key), as getLedgerEntries answers it. */
export function accountEntry(id: string): string {
  return xdr.LedgerEntryData.account(
    new xdr.AccountEntry({
      accountId: publicKey(id),
      balance: xdr.Int64.fromString('1000000000'),
      seqNum: xdr.Int64.fromString('100'),
      numSubEntries: 0,
      inflationDest: null,
      flags: 0,
      homeDomain: '',
      thresholds: Buffer.from([1, 0, 0, 0]),
      signers: [],
      ext: new xdr.AccountEntryExt(0),
    }),
  ).toXDR('base64');
}

const ledgerHash = (ledger: number) => ledger.toString(16).padStart(64, '0');

/** A ledger as getLedgers gives it: its header (real XDR) and close time. */
export function ledgerInfo(sequence: number) {
  const header = new xdr.LedgerHeaderHistoryEntry({
    hash: Buffer.from(ledgerHash(sequence), 'hex'),
    header: new xdr.LedgerHeader({
      ledgerVersion: 23,
      previousLedgerHash: Buffer.from(ledgerHash(sequence - 1), 'hex'),
      scpValue: new xdr.StellarValue({
        txSetHash: Buffer.alloc(32),
        closeTime: xdr.Uint64.fromString(String(closeTime(sequence))),
        upgrades: [],
        ext: xdr.StellarValueExt.stellarValueBasic(),
      }),
      txSetResultHash: Buffer.alloc(32),
      bucketListHash: Buffer.alloc(32),
      ledgerSeq: sequence,
      totalCoins: xdr.Int64.fromString('1000000000000000000'),
      feePool: xdr.Int64.fromString('0'),
      inflationSeq: 0,
      idPool: xdr.Uint64.fromString('0'),
      baseFee: 100,
      baseReserve: 5_000_000,
      maxTxSetSize: 100,
      skipList: [Buffer.alloc(32), Buffer.alloc(32), Buffer.alloc(32), Buffer.alloc(32)],
      ext: new xdr.LedgerHeaderExt(0),
    }),
    ext: new xdr.LedgerHeaderHistoryEntryExt(0),
  });
  return {
    hash: ledgerHash(sequence),
    sequence,
    ledgerCloseTime: String(closeTime(sequence)),
    headerXdr: header.toXDR('base64'),
  };
}

/** A page of HTML, as a proxy or a web server in front of nothing answers. */
export const htmlPage = (res: ServerResponse) =>
  res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><html><body>Welcome to nginx!</body></html>');

/** A body far over any bound: 1 MiB chunks written as fast as the client reads, until it hangs up. */
export function hugeBody(res: ServerResponse): { sent: () => number } {
  let sent = 0;
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write('{"jsonrpc":"2.0","id":1,"result":{"events":[');
  const pump = () => {
    while (!res.destroyed && sent < 1024 ** 3) {
      sent += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
  };
  res.on('close', () => res.removeAllListeners('drain'));
  pump();
  return { sent: () => sent };
}

/** A chunked body that never ends: a few bytes every 50 ms, forever (until the client hangs up). */
export function endlessBody(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write('{"jsonrpc":"2.0","id":1,"result":{"events":[');
  const timer = setInterval(() => res.write(' '), 50);
  res.on('close', () => clearInterval(timer));
}

/** No answer at all: the headers never come. */
export const stall = (res: ServerResponse) => void res;

export async function startStandinRpc(world = new World(1_000, 1_100)): Promise<StandinRpc> {
  const calls: RpcCall[] = [];
  const script: StandinRpc['script'] = {};
  const local = await startLocalServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = JSON.parse(Buffer.concat(chunks).toString()) as {
        id: number;
        method: string;
        params?: Record<string, unknown>;
      };
      const call = {
        method: request.method,
        params: request.params ?? {},
        nth: calls.filter((c) => c.method === request.method).length,
        at: performance.now(),
      };
      calls.push(call);
      const out = script[request.method]?.(call) ?? world.answer(request.method, call.params);
      if (out && 'raw' in out) return out.raw(res);
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', id: request.id, ...out }));
    });
  });
  return {
    url: local.base,
    world,
    script,
    calls,
    count: (method) => calls.filter((c) => c.method === method).length,
    close: () => local.close(),
  };
}
