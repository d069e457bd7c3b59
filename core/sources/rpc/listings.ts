// Listings on a Stellar RPC server, which keeps none: an account's operations and payments found
// through its CAP-67 events (every movement of value it made or received, and the fee of every
// transaction it sent), a transaction's from getTransaction, a ledger's from its close meta; each
// operation read from the transaction's XDR by the one translator (operations.ts) and the one
// normaliser. What the window holds is all there is: a listing that reaches the oldest ledger kept
// ends with the window's sentence (the page's historyStart); a claimable balance's or a pool's
// operations, which no event names, are refused with what would answer them.
import { TransactionBuilder, xdr } from '@stellar/stellar-base';
import type { ListingTarget } from '../../../shared/ipc';
import type { Operation, OperationPage } from '../../../shared/model';
import { encodeToid } from '../../../shared/toid';
import { CoreError } from '../../app/errors';
import { normalizeOperation } from '../horizon/normalize';
import { AssetContracts } from '../ledger-meta/asset-events';
import type { ListingQuery, ReadOptions, SourceListings } from '../source';
import { accountTopics } from './account';
import type { Events, RpcCalls } from './calls';
import { readEventId } from './event-records';
import { rpcOperations, type RpcTransaction } from './operations';
import type { Passphrase } from './resources';
import { readLedgerInfo } from './ledgers';
import { RpcCallError } from './json-rpc';
import { windowOfRefusal } from './window';
import { BEFORE_WINDOW } from '../../../shared/history-start';

/** Events asked per getEvents call (stellar-rpc's largest page). */
export const EVENTS_PAGE = 10_000;
/** Pages of an account's events read at most for one listing: beyond, the listing says it cannot. */
export const MAX_EVENT_PAGES = 10;
/** Transactions read at once (getTransaction has no batch form). */
export const TRANSACTIONS_AT_ONCE = 16;
/** Transactions read at most for one page of a listing. */
const MAX_TRANSACTIONS_PER_PAGE = 400;
/** An account's events are read again after this long (a listing's pages share one reading). */
const EVENTS_TTL_MS = 5_000;

/** Horizon's payments of an account: the operations that pay or create or merge into it. */
const PAYMENTS = new Set([
  'create_account',
  'payment',
  'path_payment_strict_receive',
  'path_payment_strict_send',
  'account_merge',
]);

interface FoundTransaction {
  hash: string;
  ledger: number;
  order: number;
  /** The TOID of the transaction (operation index 0). */
  toid: bigint;
}

interface AccountEvents {
  at: number;
  transactions: FoundTransaction[];
  oldest: number;
  latest: number;
  oldestCloseTime?: number | undefined;
  latestCloseTime?: number | undefined;
}

/** The transactions an account's events in the window name, in ledger order; bounded, refusing a server that repeats or goes back. */
export async function accountTransactions(
  calls: RpcCalls,
  account: string,
  signal?: AbortSignal,
): Promise<AccountEvents> {
  const health = await calls.health({ signal });
  const found = new Map<string, FoundTransaction>();
  let cursor: string | undefined;
  let lastId = '';
  let answer: Events | undefined;
  for (let page = 0; ; page++) {
    if (page === MAX_EVENT_PAGES)
      throw new CoreError(
        'too_large',
        `This account has more than ${(EVENTS_PAGE * MAX_EVENT_PAGES).toLocaleString('en')} events in the ledgers this server keeps: list it from a Horizon server, or index it from the ledger data lake.`,
      );
    answer = await calls.events(
      {
        ...(cursor ? {} : { startLedger: health.oldestLedger }),
        filters: [{ type: 'contract', topics: accountTopics(account) }],
        pagination: { limit: EVENTS_PAGE, ...(cursor ? { cursor } : {}) },
      },
      { signal },
    );
    for (const record of answer.events) {
      // Ids are ordered and unique (`%019d-%010d`, so text order is id order): one that is not
      // after the last is a server repeating itself or going back.
      if (record.id <= lastId)
        throw new CoreError(
          'bad_response',
          `The server gave event ${record.id.slice(0, 30)} after ${lastId.slice(0, 30)}: its events are out of order or repeated, so nothing of them is shown.`,
        );
      lastId = record.id;
      const { toid } = readEventId(record.id);
      const key = record.txHash;
      if (!found.has(key))
        found.set(key, {
          hash: record.txHash,
          ledger: toid.ledger,
          order: toid.txOrder,
          toid: encodeToid({ ledger: toid.ledger, txOrder: Math.max(toid.txOrder, 0), opIndex: 0 }),
        });
    }
    if (answer.events.length < EVENTS_PAGE) break;
    const next = answer.cursor;
    if (!next || next <= lastId.slice(0, next.length) || next === cursor)
      throw new CoreError('bad_response', 'The server gave a full page of events with a cursor that does not advance.');
    cursor = next;
  }
  return {
    at: Date.now(),
    transactions: [...found.values()].sort((a, b) => (a.toid < b.toid ? -1 : a.toid > b.toid ? 1 : 0)),
    oldest: answer.oldestLedger,
    latest: answer.latestLedger,
    oldestCloseTime: answer.oldestLedgerCloseTime,
    latestCloseTime: answer.latestLedgerCloseTime,
  };
}

/** Does this operation belong to the account's listing (Horizon's participants: its source, or named in it)? */
function belongs(
  target: ListingTarget,
  account: string,
  operation: Operation,
  record: Record<string, unknown>,
): boolean {
  const named = operation.sourceAccount === account || JSON.stringify(record).includes(account);
  return named && (target.kind === 'operations' || PAYMENTS.has(operation.type));
}

export function rpcListings(calls: RpcCalls, passphrase: Passphrase): SourceListings {
  const cache = new Map<string, AccountEvents>();
  let contracts: AssetContracts | null = null;
  const contractsOf = async (signal?: AbortSignal) => (contracts ??= new AssetContracts(await passphrase(signal)));

  async function transactionsOf(hashes: string[], signal?: AbortSignal): Promise<RpcTransaction[]> {
    const read: RpcTransaction[] = [];
    for (let i = 0; i < hashes.length; i += TRANSACTIONS_AT_ONCE) {
      const infos = await Promise.all(
        hashes.slice(i, i + TRANSACTIONS_AT_ONCE).map((hash) => calls.transaction(hash, { signal })),
      );
      for (const [j, info] of infos.entries()) {
        // Named by an event of the window, gone by now: the window moved on while we read.
        if (info.status === 'NOT_FOUND') continue;
        if (!info.envelopeXdr || !info.resultXdr || info.ledger === undefined || !info.applicationOrder)
          throw new CoreError(
            'bad_response',
            `The server's transaction ${hashes[i + j]!.slice(0, 12)}… has no envelope or result.`,
          );
        read.push({
          txHash: hashes[i + j]!,
          ledger: info.ledger,
          applicationOrder: info.applicationOrder,
          createdAt: info.createdAt ?? 0,
          envelopeXdr: info.envelopeXdr,
          resultXdr: info.resultXdr,
          resultMetaXdr: info.resultMetaXdr,
        });
      }
    }
    return read;
  }

  async function accountPage(
    target: ListingTarget,
    account: string,
    query: ListingQuery,
    options: ReadOptions,
  ): Promise<OperationPage> {
    const signal = options.signal;
    let events = cache.get(account);
    if (!events || Date.now() - events.at > EVENTS_TTL_MS || query.cursor === undefined) {
      events = await accountTransactions(calls, account, signal);
      cache.set(account, events);
    }
    const cursor = query.cursor && /^\d{1,19}$/.test(query.cursor) ? BigInt(query.cursor) : undefined;
    const desc = query.order === 'desc';
    const candidates = (desc ? [...events.transactions].reverse() : events.transactions).filter((tx) =>
      cursor === undefined ? true : desc ? tx.toid < cursor : tx.toid + 4095n > cursor,
    );
    const contractsNow = await contractsOf(signal);
    const records: Operation[] = [];
    let examined = 0;
    while (records.length < query.limit && examined < candidates.length && examined < MAX_TRANSACTIONS_PER_PAGE) {
      const batch = candidates.slice(examined, examined + TRANSACTIONS_AT_ONCE);
      examined += batch.length;
      for (const tx of await transactionsOf(
        batch.map((t) => t.hash),
        signal,
      )) {
        const ops = rpcOperations(tx, contractsNow).map((record) => ({
          record,
          operation: normalizeOperation(record, { viewer: account, raw: null }),
        }));
        for (const { record, operation } of desc ? ops.reverse() : ops) {
          const id = BigInt(operation.id);
          if (cursor !== undefined && (desc ? id >= cursor : id <= cursor)) continue;
          if (!operation.successful && !query.includeFailed) continue;
          if (belongs(target, account, operation, record)) records.push(operation);
        }
      }
    }
    const page = records.slice(0, query.limit);
    const ended = examined >= candidates.length && records.length <= query.limit;
    const last = page.at(-1);
    // A page cut at the limit goes on after its last row; one that read its bound of transactions
    // without filling goes on after the last transaction it read.
    const next = ended
      ? null
      : records.length >= query.limit
        ? last!.pagingToken
        : String(desc ? candidates[examined - 1]!.toid : candidates[examined - 1]!.toid + 4095n);
    const reachesStart = desc ? next === null : cursor === undefined;
    return {
      records: page,
      next,
      prev: page[0] && query.cursor ? page[0].pagingToken : null,
      ...(reachesStart
        ? {
            historyStart: {
              ledger: events.oldest,
              window: {
                latest: events.latest,
                ...(events.oldestCloseTime !== undefined ? { oldestCloseTime: events.oldestCloseTime } : {}),
                ...(events.latestCloseTime !== undefined ? { latestCloseTime: events.latestCloseTime } : {}),
              },
            },
          }
        : {}),
    };
  }

  async function transactionPage(hash: string, query: ListingQuery, signal?: AbortSignal): Promise<OperationPage> {
    const [tx] = await transactionsOf([hash.toLowerCase()], signal);
    if (!tx)
      throw new CoreError(
        'not_found',
        `This server keeps no transaction ${hash.slice(0, 12)}…: it is outside the ledgers it keeps, or unknown.`,
      );
    return slicePage(rpcOperations(tx, await contractsOf(signal)), query);
  }

  async function ledgerPage(sequence: number, query: ListingQuery, signal?: AbortSignal): Promise<OperationPage> {
    let answer;
    try {
      answer = await calls.ledgers({ startLedger: sequence, pagination: { limit: 1 } }, { signal });
    } catch (error) {
      const window = error instanceof RpcCallError ? windowOfRefusal(error.rpcMessage) : null;
      if (window)
        throw new CoreError(
          'not_found',
          `This server keeps ledgers ${window.oldest.toLocaleString('en')} to ${window.latest.toLocaleString('en')}, not ${sequence.toLocaleString('en')}: ${BEFORE_WINDOW}.`,
        );
      throw error;
    }
    const info = answer.ledgers[0];
    if (!info || info.sequence !== sequence || !info.metadataXdr)
      throw new CoreError('not_found', `This server gave no meta for ledger ${sequence}.`);
    const closeMeta = xdr.LedgerCloseMeta.fromXDR(info.metadataXdr, 'base64');
    const phrase = await passphrase(signal);
    const contractsNow = await contractsOf(signal);
    const records = ledgerTransactions(closeMeta, readLedgerInfo(info).closedAt, phrase).flatMap((tx) =>
      rpcOperations(tx, contractsNow),
    );
    return slicePage(records, query);
  }

  return {
    async page(target, query, options = {}) {
      if (target.kind === 'payments') return accountPage(target, target.account, query, options);
      switch (target.scope) {
        case 'account':
          return accountPage(target, target.id, query, options);
        case 'transaction':
          return transactionPage(target.id, query, options.signal);
        case 'ledger':
          return ledgerPage(Number(target.id), query, options.signal);
        default:
          throw new CoreError(
            'not_found',
            `Stellar RPC cannot list a ${target.scope === 'claimable_balance' ? "claimable balance's" : "liquidity pool's"} operations: no event names it. A Horizon that keeps full history, or the ledger data lake (SEP-54), answers it.`,
          );
      }
    },
    total: () => Promise.resolve(undefined),
    check(target) {
      if (target.kind === 'operations' && target.scope === 'ledger' && !/^\d{1,10}$/.test(target.id))
        throw new CoreError('invalid_input', `"${target.id.slice(0, 20)}" is not a ledger sequence.`);
      if (target.kind === 'operations' && target.scope === 'transaction' && !/^[0-9a-f]{64}$/i.test(target.id))
        throw new CoreError('invalid_input', 'A transaction hash is 64 hex digits.');
    },
    ledgerTransactions: () => Promise.resolve(null),
  };
}

/** A whole, small listing (a transaction's or a ledger's operations) cut into the asked page. */
function slicePage(records: Record<string, unknown>[], query: ListingQuery): OperationPage {
  let operations = records.map((record) => normalizeOperation(record as never, { raw: null }));
  if (!query.includeFailed) operations = operations.filter((op) => op.successful);
  if (query.order === 'desc') operations.reverse();
  const cursor = query.cursor && /^\d{1,19}$/.test(query.cursor) ? BigInt(query.cursor) : undefined;
  const after =
    cursor === undefined
      ? operations
      : operations.filter((op) => (query.order === 'desc' ? BigInt(op.id) < cursor : BigInt(op.id) > cursor));
  const page = after.slice(0, query.limit);
  return {
    records: page,
    next: after.length > query.limit ? page.at(-1)!.pagingToken : null,
    prev: page[0] && query.cursor ? page[0].pagingToken : null,
  };
}

/** Every transaction envelope of a ledger's transaction set (classic and Soroban phases alike). */
function envelopesOf(closeMeta: xdr.LedgerCloseMeta): xdr.TransactionEnvelope[] {
  if (closeMeta.switch() === 0) return closeMeta.v0().txSet().txes();
  const set = (closeMeta.switch() === 1 ? closeMeta.v1() : closeMeta.v2()).txSet().v1TxSet();
  return set
    .phases()
    .flatMap((phase) =>
      phase.switch() === 0
        ? phase.v0Components().flatMap((component) => component.txsMaybeDiscountedFee().txes())
        : phase.parallelTxsComponent().executionStages().flat(2),
    );
}

/** A ledger's transactions from its close meta: each result and meta beside its envelope from the transaction set, found by hash. */
function ledgerTransactions(closeMeta: xdr.LedgerCloseMeta, closedAt: string, passphrase: string): RpcTransaction[] {
  const byHash = new Map<string, xdr.TransactionEnvelope>();
  for (const envelope of envelopesOf(closeMeta))
    byHash.set(TransactionBuilder.fromXDR(envelope, passphrase).hash().toString('hex'), envelope);
  const sequence = closeMeta.value().ledgerHeader().header().ledgerSeq();
  const createdAt = Math.floor(Date.parse(closedAt) / 1000);
  const processing = closeMeta.value().txProcessing() as (xdr.TransactionResultMeta | xdr.TransactionResultMetaV1)[];
  return processing.map((item, index) => {
    const pair = item.result();
    const hash = Buffer.from(pair.transactionHash()).toString('hex');
    const envelope = byHash.get(hash);
    if (!envelope)
      throw new CoreError(
        'bad_response',
        `Ledger ${sequence}'s meta names transaction ${hash.slice(0, 12)}…, which its transaction set does not hold.`,
      );
    return {
      txHash: hash,
      ledger: sequence,
      applicationOrder: index + 1,
      createdAt,
      envelopeXdr: envelope.toXDR('base64'),
      resultXdr: pair.result().toXDR('base64'),
      resultMetaXdr: item.txApplyProcessing().toXDR('base64'),
    };
  });
}
