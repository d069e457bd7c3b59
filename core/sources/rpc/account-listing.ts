// An account's operations and payments on a Stellar RPC server, which lists neither: the
// transactions its CAP-67 events name in the window (every movement of value it made or received,
// and the fee of each transaction it sent), read whole ledgers at a time in the listing's order,
// each operation by the one translator and normaliser, kept by Horizon's participant rule.
import { xdr } from '@stellar/stellar-base';
import type { ListingTarget } from '../../../shared/ipc';
import type { Operation, OperationPage } from '../../../shared/model';
import { encodeToid, OP_INDEX_MAX, TX_ORDER_MAX } from '../../../shared/toid';
import { normalizeOperation } from '../horizon/normalize';
import type { AssetContracts } from '../ledger-meta/asset-events';
import type { ListingQuery, ReadOptions } from '../source';
import { accountTopics } from './account';
import type { RpcCalls } from './calls';
import { rpcOperations } from './operations';
import { readTransactions, TRANSACTIONS_AT_ONCE } from './read-transactions';
import { windowEvents } from './window-events';

/** Transactions read at most for one page of a listing. */
const MAX_TRANSACTIONS_PER_PAGE = 400;
/** An account's events are read again after this long (a listing's pages share one reading). */
const EVENTS_TTL_MS = 5_000;

/** Horizon's payments of an account: the operations that pay or create or merge into it. */
/** Horizon's payments of an account: the operations that pay or create or merge into it. */
const PAYMENTS = new Set([
  'create_account',
  'payment',
  'path_payment_strict_receive',
  'path_payment_strict_send',
  'account_merge',
]);

/**
 * A transaction an event named, by ledger only: a transaction-level event (its fee) carries a
 * sentinel for its transaction's order, so order within a ledger is read from the transactions.
 */
interface FoundTransaction {
  hash: string;
  ledger: number;
}

interface AccountEvents {
  at: number;
  transactions: FoundTransaction[];
  oldest: number;
  latest: number;
  oldestCloseTime?: number | undefined;
  latestCloseTime?: number | undefined;
  /** Whether the oldest ledger kept is the network's first (asked at a listing's end). */
  genesis?: Promise<boolean>;
}

/** The transactions an account's events in the window name, in ledger order; bounded, refusing a server that repeats or goes back. */
export async function accountTransactions(
  calls: RpcCalls,
  account: string,
  signal?: AbortSignal,
): Promise<AccountEvents> {
  const read = await windowEvents(calls, [{ type: 'contract', topics: accountTopics(account) }], signal);
  const found = new Map<string, FoundTransaction>();
  for (const record of read.events)
    if (!found.has(record.txHash)) found.set(record.txHash, { hash: record.txHash, ledger: record.ledger });
  return {
    at: Date.now(),
    transactions: [...found.values()].sort((a, b) => a.ledger - b.ledger),
    oldest: read.oldest,
    latest: read.latest,
    oldestCloseTime: read.oldestCloseTime,
    latestCloseTime: read.latestCloseTime,
  };
}

/** Does this operation belong to the account's listing (Horizon's participants: its source, or named in it)? */
export function belongs(
  target: ListingTarget,
  account: string,
  operation: Operation,
  record: Record<string, unknown>,
): boolean {
  const named = operation.sourceAccount === account || JSON.stringify(record).includes(account);
  return named && (target.kind === 'operations' || PAYMENTS.has(operation.type));
}

/** What an account listing keeps between pages: each account's events, briefly, and the network's asset contracts. */
export interface AccountListingState {
  cache: Map<string, AccountEvents>;
  contracts(signal?: AbortSignal): Promise<AssetContracts>;
}

/** A page of an account's operations or payments, newest or oldest first, from a cursor (an operation id). */
export async function accountPage(
  calls: RpcCalls,
  shared: AccountListingState,
  target: ListingTarget,
  account: string,
  query: ListingQuery,
  options: ReadOptions,
): Promise<OperationPage> {
  const signal = options.signal;
  // The network's passphrase (for the asset contracts) asked beside the events, not after them.
  const contracts = shared.contracts(signal);
  contracts.catch(() => {}); // awaited below; a failure of the events first is the one said
  let events = shared.cache.get(account);
  if (!events || Date.now() - events.at > EVENTS_TTL_MS || query.cursor === undefined) {
    events = await accountTransactions(calls, account, signal);
    shared.cache.set(account, events);
  }
  const cursor = query.cursor && /^\d{1,19}$/.test(query.cursor) ? BigInt(query.cursor) : undefined;
  const desc = query.order === 'desc';
  const cursorLedger = cursor === undefined ? undefined : Number(cursor >> 32n);
  // Whole ledgers at a time, in the listing's order: within a ledger the order is the operations' ids.
  const ledgers = byLedger(events.transactions, desc).filter(([ledger]) =>
    cursorLedger === undefined ? true : desc ? ledger <= cursorLedger : ledger >= cursorLedger,
  );
  const contractsNow = await contracts;
  // The ledger from which the window is read whole: where the events were read from, or past a
  // ledger whose transaction is gone by the time it is read (the window moved on meanwhile).
  let keptFrom = events.oldest;
  const ledgerOf = new Map(events.transactions.map((tx) => [tx.hash, tx.ledger]));
  const gone = (hash: string, oldestLedger: number) => {
    keptFrom = Math.max(keptFrom, oldestLedger, (ledgerOf.get(hash) ?? 0) + 1);
  };
  // A page of `limit` operations needs at most `limit` transactions: read at once, one round trip.
  const atOnce = Math.max(TRANSACTIONS_AT_ONCE, query.limit);
  const records: Operation[] = [];
  let examined = 0;
  let read = 0;
  while (records.length < query.limit && examined < ledgers.length && read < MAX_TRANSACTIONS_PER_PAGE) {
    const batch: string[] = [];
    while (examined < ledgers.length && (batch.length === 0 || batch.length + ledgers[examined]![1].length <= atOnce))
      batch.push(...ledgers[examined++]![1]);
    read += batch.length;
    const ops = (await readTransactions(calls, batch, signal, atOnce, gone))
      .flatMap((tx) => rpcOperations(tx, contractsNow))
      .map((record) => ({ record, operation: normalizeOperation(record, { viewer: account, raw: null }) }))
      .sort((a, b) => compareIds(a.operation.id, b.operation.id) * (desc ? -1 : 1));
    for (const { record, operation } of ops) {
      const id = BigInt(operation.id);
      if (cursor !== undefined && (desc ? id >= cursor : id <= cursor)) continue;
      if (!operation.successful && !query.includeFailed) continue;
      if (belongs(target, account, operation, record)) records.push(operation);
    }
  }
  const { page, next } = pageEnd(records, { ledgers, examined, keptFrom, desc, limit: query.limit });
  const reachesStart = desc ? next === null : cursor === undefined;
  return {
    records: page,
    next,
    prev: page[0] && query.cursor ? page[0].pagingToken : null,
    ...(reachesStart
      ? {
          historyStart: {
            ledger: keptFrom,
            window: {
              latest: events.latest,
              ...((await keepsGenesis(calls, events, signal)) ? { fromGenesis: true } : {}),
              ...(events.oldestCloseTime !== undefined ? { oldestCloseTime: events.oldestCloseTime } : {}),
              ...(events.latestCloseTime !== undefined ? { latestCloseTime: events.latestCloseTime } : {}),
            },
          },
        }
      : {}),
  };
}

/**
 * Whether the window starts at its network's first ledger (its header follows no ledger): then
 * nothing is older, and the listing's end says so rather than pointing elsewhere. Asked once per
 * reading of the account's events.
 */
async function keepsGenesis(calls: RpcCalls, events: AccountEvents, signal?: AbortSignal): Promise<boolean> {
  if (events.oldest <= 2) return true;
  events.genesis ??= calls
    .ledgers({ startLedger: events.oldest, pagination: { limit: 1 } }, { signal })
    .then((answer) => {
      const info = answer.ledgers[0];
      if (!info || info.sequence !== events.oldest) return false;
      const header = xdr.LedgerHeaderHistoryEntry.fromXDR(info.headerXdr, 'base64').header();
      return header.previousLedgerHash().every((byte) => byte === 0);
    })
    .catch(() => false);
  return events.genesis;
}

/** Transactions grouped by ledger, in the listing's order. */
/**
 * A page's rows and where the listing goes on: no row of a ledger before `keptFrom` (the window no
 * longer holds it whole; newest first, the listing ends there); a page cut at the limit goes on
 * after its last row; one that read its bound of transactions without filling, past the last
 * ledger it read.
 */
function pageEnd(
  records: Operation[],
  at: { ledgers: [number, string[]][]; examined: number; keptFrom: number; desc: boolean; limit: number },
): { page: Operation[]; next: string | null } {
  const { ledgers, examined, keptFrom, desc, limit } = at;
  const kept = records.filter((op) => Number(BigInt(op.id) >> 32n) >= keptFrom);
  const page = kept.slice(0, limit);
  const outside = kept.length < records.length || examined >= ledgers.length || ledgers[examined]![0] < keptFrom;
  const ended = (desc ? outside : examined >= ledgers.length) && kept.length <= limit;
  const lastLedger = examined > 0 ? ledgers[examined - 1]![0] : 0;
  const next = ended
    ? null
    : kept.length >= limit
      ? page.at(-1)!.pagingToken
      : String(
          desc
            ? encodeToid({ ledger: lastLedger, txOrder: 0, opIndex: 0 })
            : encodeToid({ ledger: lastLedger, txOrder: TX_ORDER_MAX, opIndex: OP_INDEX_MAX }),
        );
  return { page, next };
}

function byLedger(transactions: readonly FoundTransaction[], desc: boolean): [number, string[]][] {
  const groups = new Map<number, string[]>();
  for (const tx of transactions) {
    const group = groups.get(tx.ledger);
    if (group) group.push(tx.hash);
    else groups.set(tx.ledger, [tx.hash]);
  }
  const list = [...groups.entries()].sort((a, b) => a[0] - b[0]);
  return desc ? list.reverse() : list;
}

const compareIds = (a: string, b: string) => {
  const [x, y] = [BigInt(a), BigInt(b)];
  return x < y ? -1 : x > y ? 1 : 0;
};
