// An account's operations and payments on a Stellar RPC server, which lists neither: the
// transactions its CAP-67 events name in the window (every movement of value it made or received,
// and the fee of each transaction it sent), read whole ledgers at a time in the listing's order,
// each operation by the one translator and normaliser, kept by Horizon's participant rule.
import type { ListingTarget } from '../../../shared/ipc';
import type { Operation, OperationPage } from '../../../shared/model';
import { encodeToid, OP_INDEX_MAX, TX_ORDER_MAX } from '../../../shared/toid';
import { CoreError } from '../../app/errors';
import { normalizeOperation } from '../horizon/normalize';
import type { AssetContracts } from '../ledger-meta/asset-events';
import type { ListingQuery, ReadOptions } from '../source';
import { accountTopics } from './account';
import type { Events, RpcCalls } from './calls';
import { readEventId } from './event-records';
import { RpcCallError } from './json-rpc';
import { rpcOperations } from './operations';
import { readTransactions, TRANSACTIONS_AT_ONCE } from './read-transactions';
import { windowOfRefusal, windowStart } from './window';

/** Events asked per getEvents call (stellar-rpc's largest page). */
export const EVENTS_PAGE = 10_000;
/** Ledgers one getEvents page scans at most (stellar-rpc's LedgerScanLimit). */
const SCAN_LEDGERS = 10_000;
/** The window is read in at least this many ranges at once. */
const RANGES_AT_ONCE = 4;
/** Pages of an account's events read at most for one listing (beyond the one per range): beyond, the listing says it cannot. */
export const MAX_EVENT_PAGES = 10;
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
}

/** The transactions an account's events in the window name, in ledger order; bounded, refusing a server that repeats or goes back. */
export async function accountTransactions(
  calls: RpcCalls,
  account: string,
  signal?: AbortSignal,
): Promise<AccountEvents> {
  // Where the window starts as the server last said it (every getHealth and getEvents answer names
  // it: the app's health reading, an earlier listing), else asked: one round trip saved per listing.
  const known = calls.seen.window
    ? { oldest: windowStart(calls.seen.window)!, latest: calls.seen.window.latest }
    : null;
  const { oldest: start, latest } =
    known ??
    (({ oldestLedger, latestLedger }) => ({ oldest: oldestLedger, latest: latestLedger }))(
      await calls.health({ signal }),
    );
  // The window in ranges read at once (each page of getEvents scans at most 10,000 ledgers, and a
  // busy account's events fill pages): one round trip for all of them unless a range fills a page.
  const count = Math.max(RANGES_AT_ONCE, Math.ceil((latest - start + 1) / SCAN_LEDGERS));
  const size = Math.max(1, Math.ceil((latest - start + 1) / count));
  const ranges: [number, number | undefined][] = [];
  for (let from = start; from <= latest; from += size)
    ranges.push([from, from + size > latest ? undefined : from + size]);
  if (ranges.length === 0) ranges.push([start, undefined]);
  const filters = [{ type: 'contract', topics: accountTopics(account) }];
  const answers = await readRanges(calls, filters, ranges, signal);
  const found = new Map<string, FoundTransaction>();
  let lastId = '';
  for (const answer of answers)
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
      if (!found.has(key)) found.set(key, { hash: record.txHash, ledger: toid.ledger });
    }
  const answer = answers.at(-1)!;
  const firstAnswer = answers[0]!;
  return {
    at: Date.now(),
    transactions: [...found.values()].sort((a, b) => a.ledger - b.ledger),
    // From the start read: past the server's oldest when it was foreseen a ledger too far.
    oldest: Math.max(start, firstAnswer.oldestLedger),
    latest: answer.latestLedger,
    oldestCloseTime: answer.oldestLedgerCloseTime,
    latestCloseTime: answer.latestLedgerCloseTime,
  };
}

/**
 * The events of `ranges` (ledger ranges, the last open), read at once; each range page after page
 * while its pages fill. A range's start refused as before the window is read again from the window
 * the refusal names (once). Bounded in pages; refuses a cursor that does not advance.
 */
async function readRanges(
  calls: RpcCalls,
  filters: unknown[],
  ranges: [number, number | undefined][],
  signal?: AbortSignal,
): Promise<Events[]> {
  let pages = 0;
  const readRange = async ([from, end]: [number, number | undefined]): Promise<Events[]> => {
    const answers: Events[] = [];
    let cursor: string | undefined;
    let first = from;
    let refused = false;
    for (;;) {
      if (++pages > MAX_EVENT_PAGES + ranges.length)
        throw new CoreError(
          'too_large',
          `This account has more than ${(EVENTS_PAGE * MAX_EVENT_PAGES).toLocaleString('en')} events in the ledgers this server keeps: list it from a Horizon server, or index it from the ledger data lake.`,
        );
      let answer: Events;
      try {
        answer = await calls.events(
          {
            ...(cursor ? {} : { startLedger: first, ...(end === undefined ? {} : { endLedger: end }) }),
            filters,
            pagination: { limit: EVENTS_PAGE, ...(cursor ? { cursor } : {}) },
          },
          { signal },
        );
      } catch (error) {
        // The window moved past the start it was last seen at: the refusal names it; once. A
        // range wholly before it holds nothing now.
        const window = !cursor && !refused && error instanceof RpcCallError ? windowOfRefusal(error.rpcMessage) : null;
        if (!window || window.oldest <= first) throw error;
        if (end !== undefined && end <= window.oldest) return answers;
        refused = true;
        first = window.oldest;
        continue;
      }
      // A page after a cursor takes no endLedger and runs on into the next range: cut at the end.
      const within =
        end === undefined ? answer.events : answer.events.filter((e) => readEventId(e.id).toid.ledger < end);
      answers.push(within.length === answer.events.length ? answer : { ...answer, events: within });
      const next = answer.cursor;
      const last = answer.events.at(-1)?.id ?? '';
      // A full page goes on after its last event; a short one ends its range, unless the range is
      // the last (open) one and its scan stopped short of the latest ledger.
      const scanned = next && /^\d{19}-\d{10}$/.test(next) ? Number(BigInt(next.slice(0, 19)) >> 32n) : undefined;
      const more =
        within.length === answer.events.length &&
        (answer.events.length >= EVENTS_PAGE ||
          (end === undefined && scanned !== undefined && scanned < answer.latestLedger));
      if (!more) break;
      if (!next || next < last.slice(0, next.length) || next === cursor)
        throw new CoreError('bad_response', 'The server gave a page of events with a cursor that does not advance.');
      cursor = next;
    }
    return answers;
  };
  return (await Promise.all(ranges.map(readRange))).flat();
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
    const ops = (await readTransactions(calls, batch, signal, atOnce))
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
  const page = records.slice(0, query.limit);
  const ended = examined >= ledgers.length && records.length <= query.limit;
  // A page cut at the limit goes on after its last row; one that read its bound of transactions
  // without filling goes on past the last ledger it read.
  const lastLedger = examined > 0 ? ledgers[examined - 1]![0] : 0;
  const next = ended
    ? null
    : records.length >= query.limit
      ? page.at(-1)!.pagingToken
      : String(
          desc
            ? encodeToid({ ledger: lastLedger, txOrder: 0, opIndex: 0 })
            : encodeToid({ ledger: lastLedger, txOrder: TX_ORDER_MAX, opIndex: OP_INDEX_MAX }),
        );
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

/** Transactions grouped by ledger, in the listing's order. */
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
