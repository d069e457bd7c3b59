// getTransaction and getTransactions: the store's transactions with the TransactionMetaV4 and
// CAP-67 events the core recorded, shaped as stellar-rpc's TransactionInfo.
import type { StatementSync } from 'node:sqlite';
import { xdr } from '@stellar/stellar-base';
import type { Row, Store } from '../service/queries';
import { checkFormat, ledgerWindow, oneRead, type RpcContext, stringParam } from './common';
import { INVALID_PARAMS, INVALID_REQUEST, type Params, RpcError } from './json-rpc';
import { transactionJson } from './xdr-json';

/** stellar-rpc's getTransactions page: `--max-transactions-limit` 200, default 50. */
export const MAX_TRANSACTIONS_LIMIT = 200;
export const DEFAULT_TRANSACTIONS_LIMIT = 50;

/** Go's hex.Decode error text for the first byte that is not hex. */
function hexError(text: string): string | undefined {
  if (text.length % 2 === 1) return 'encoding/hex: odd length hex string';
  const bad = /[^0-9a-fA-F]/u.exec(text)?.[0];
  if (bad === undefined) return undefined;
  const point = bad.codePointAt(0)!;
  return `encoding/hex: invalid byte: U+${point.toString(16).toUpperCase().padStart(4, '0')} ${JSON.stringify(bad).replace(/^"|"$/g, "'")}`;
}

/** The events a TransactionMetaV4 holds, as stellar-rpc gives them (empty lists left out, as Go's omitempty does). */
function metaEvents(bytes: Buffer) {
  const meta = xdr.TransactionMeta.fromXDR(bytes);
  if (meta.switch() !== 4) return {};
  const v4 = meta.v4();
  const diagnostic = v4.diagnosticEvents().map((e) => e.toXDR('base64'));
  const transactionEvents = v4.events().map((e) => e.toXDR('base64'));
  const contractEvents = v4.operations().map((op) => op.events().map((e) => e.toXDR('base64')));
  const events = {
    ...(transactionEvents.length > 0 ? { transactionEventsXdr: transactionEvents } : {}),
    ...(contractEvents.length > 0 ? { contractEventsXdr: contractEvents } : {}),
  };
  return {
    ...(diagnostic.length > 0 ? { diagnosticEventsXdr: diagnostic } : {}),
    ...(Object.keys(events).length > 0 ? { events } : {}),
  };
}

/** A transaction row (with `inner_hash` and `result_meta`) as stellar-rpc's TransactionInfo; createdAt a number, as getTransactions has it. */
function transactionInfo(row: Row) {
  const meta =
    row.result_meta === null || row.result_meta === undefined ? undefined : Buffer.from(row.result_meta as Uint8Array);
  return {
    status: Number(row.successful) === 1 ? 'SUCCESS' : 'FAILED',
    txHash: String(row.hash),
    applicationOrder: Number(row.application_order),
    feeBump: row.inner_hash !== null && row.inner_hash !== undefined,
    envelopeXdr: String(row.envelope_xdr),
    resultXdr: String(row.result_xdr),
    ...(meta === undefined ? {} : { resultMetaXdr: meta.toString('base64'), ...metaEvents(meta) }),
    ledger: Number(row.ledger),
    createdAt: Math.floor(Date.parse(String(row.created_at)) / 1000),
  };
}

const SELECT = `SELECT t.*, i.hash AS inner_hash, m.result_meta FROM transactions t
  LEFT JOIN inner_transactions i ON i.transaction_id = t.id
  LEFT JOIN transaction_meta m ON m.transaction_id = t.id`;
const statements = new WeakMap<Store, { byHash: StatementSync; page: StatementSync }>();

function prepared(store: Store) {
  let found = statements.get(store);
  if (!found) {
    found = {
      // By its own hash only: stellar-rpc finds a fee bump by the fee bump's hash, not its inner one's.
      byHash: store.db.prepare(`${SELECT} WHERE t.hash = ?`),
      page: store.db.prepare(`${SELECT} WHERE t.id >= ? AND t.id < ? ORDER BY t.id LIMIT ?`),
    };
    statements.set(store, found);
  }
  return found;
}

export function getTransaction(context: RpcContext, params: Params) {
  const json = checkFormat(params);
  const hash = stringParam(params, 'hash');
  // As stellar-rpc: hex.DecodedLen(len) must be 32, then the text must decode.
  if (Math.floor(hash.length / 2) !== 32) throw new RpcError(INVALID_PARAMS, `unexpected hash length (${hash.length})`);
  const decodeError = hexError(hash);
  if (decodeError) throw new RpcError(INVALID_PARAMS, `incorrect hash: ${decodeError}`);
  const txHash = hash.toLowerCase();
  return oneRead(context.store, () => {
    const window = ledgerWindow(context.store, context.retentionLedgers);
    const row = prepared(context.store).byHash.get(txHash) as Row | undefined;
    if (!row || Number(row.ledger) < window.oldestLedger) return { ...window, status: 'NOT_FOUND', txHash };
    const info = transactionInfo(row);
    const answer = { ...window, ...info, createdAt: String(info.createdAt) };
    return json ? transactionJson(answer) : answer;
  });
}

const isUint32 = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 0xffff_ffff;

/** A TOID: ledger << 32 | application order << 12 | operation index. */
const toid = (ledger: number, order: number, index: number) =>
  (BigInt(ledger) << 32n) | (BigInt(order) << 12n) | BigInt(index);

/**
 * getTransactions, as stellar-rpc pages it: from the first transaction of startLedger, or the one
 * after a cursor (the TOID of the last one given, operation index 1); the cursor it answers is the
 * last transaction given, or, when the page is not full, the end of the latest ledger.
 */
export function getTransactions(context: RpcContext, params: Params) {
  const json = checkFormat(params);
  const start = params.startLedger ?? 0;
  const pagination = params.pagination;
  if (!isUint32(start)) throw new RpcError(INVALID_PARAMS, 'invalid parameters');
  if (pagination !== undefined && pagination !== null && (typeof pagination !== 'object' || Array.isArray(pagination)))
    throw new RpcError(INVALID_PARAMS, 'invalid parameters');
  const page = (pagination ?? undefined) as { cursor?: unknown; limit?: unknown } | undefined;
  const cursor = page?.cursor ?? '';
  const limit = page?.limit ?? 0;
  if (typeof cursor !== 'string' || !isUint32(limit)) throw new RpcError(INVALID_PARAMS, 'invalid parameters');
  const { store } = context;
  return oneRead(store, () => {
    const window = ledgerWindow(store, context.retentionLedgers);
    const [first, last] = [window.oldestLedger, window.latestLedger];
    const range = `the oldest ledger: ${first} and the latest ledger: ${last} for this rpc instance`;
    if (cursor !== '' && start !== 0)
      throw new RpcError(INVALID_REQUEST, `startLedger (${start}) and cursor (${cursor}) cannot both be set`);
    if (cursor === '' && (start < first || start > last))
      throw new RpcError(INVALID_REQUEST, `start ledger (${start}) must be between ${range}`);
    if (limit > MAX_TRANSACTIONS_LIMIT)
      throw new RpcError(INVALID_REQUEST, `limit must not exceed ${MAX_TRANSACTIONS_LIMIT}`);
    let from = toid(start, 1, 0);
    let fromLedger = start;
    if (cursor !== '') {
      if (!/^-?\d+$/.test(cursor) || BigInt(cursor) > 2n ** 63n - 1n || BigInt(cursor) < -(2n ** 63n))
        throw new RpcError(INVALID_PARAMS, `strconv.ParseInt: parsing ${JSON.stringify(cursor)}: invalid syntax`);
      const value = BigInt(cursor);
      fromLedger = Number(value >> 32n);
      if (fromLedger < 0) throw new RpcError(INVALID_PARAMS, 'cursor ledger sequence cannot be negative');
      const order = Number((value >> 12n) & 0xfffffn);
      from = toid(fromLedger, order + 1, 0);
      // What the window no longer keeps is not there to page through, as in stellar-rpc's database.
      if (fromLedger <= last && fromLedger < first)
        throw new RpcError(INVALID_PARAMS, `database does not contain metadata for ledger: ${fromLedger}`);
    }
    const count = limit === 0 ? DEFAULT_TRANSACTIONS_LIMIT : limit;
    const rows = prepared(store).page.all(from, toid(last + 1, 0, 0), count) as Row[];
    const transactions = rows.map(transactionInfo);
    let next: bigint;
    const lastGiven = transactions.at(-1);
    if (transactions.length === count && lastGiven) next = toid(lastGiven.ledger, lastGiven.applicationOrder, 1);
    else if (fromLedger > last) next = 0n;
    else {
      // Not full: stellar-rpc's cursor is the latest ledger's last transaction read, or order 0.
      const inLatest = transactions.filter((t) => t.ledger === last);
      next = toid(last, inLatest.length > 0 ? inLatest.at(-1)!.applicationOrder : 0, 1);
    }
    return {
      transactions: json ? transactions.map(transactionJson) : transactions,
      latestLedger: window.latestLedger,
      latestLedgerCloseTimestamp: Number(window.latestLedgerCloseTime),
      oldestLedger: window.oldestLedger,
      oldestLedgerCloseTimestamp: Number(window.oldestLedgerCloseTime),
      cursor: next.toString(),
    };
  });
}
