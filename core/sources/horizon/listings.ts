// Listings and single resources over HTTP: paths of both dialects, listing parameters, pages
// shaped for an infinite query (next cursor, or null at the end).
import { asksFailed } from '../../../shared/failed-included';
import type { ListingTarget, OperationScope } from '../../../shared/ipc';
import type { Operation, OperationPage } from '../../../shared/model';
import { nextCursor } from '../../../shared/paging';
import { pageFault, pagingMessage } from '../../../shared/paging-guard';
import { embeddedRecords } from './hal-records';
import { CoreError } from '../../app/errors';
import { scopeId } from '../scope-id';
import { historyStartAtEnd, isBeforeHistory, readHistoryStart } from './pruned-history';
import type { HttpClient, OnWait, Params } from '../../http/http';
import { normalizeOperation } from './normalize';

import type { ListingQuery } from '../source';

const SCOPE_PATHS: Record<OperationScope, string> = {
  account: 'accounts',
  ledger: 'ledgers',
  transaction: 'transactions',
  claimable_balance: 'claimable_balances',
  liquidity_pool: 'liquidity_pools',
};

export function listingPath(target: ListingTarget): string {
  if (target.kind === 'payments') return `/accounts/${scopeId('payments', target.account)}/payments`;
  return `/${SCOPE_PATHS[target.scope]}/${scopeId(target.scope, target.id)}/operations`;
}

export function listingParams(query: ListingQuery, target?: ListingTarget): Params {
  return {
    cursor: query.cursor || undefined,
    limit: query.limit,
    order: query.order,
    include_failed: (target ? asksFailed(target, query) : query.includeFailed) ? 'true' : undefined,
    join: query.includeTransactions ? 'transactions' : undefined,
  };
}

export function viewerOf(target: ListingTarget): string | undefined {
  if (target.kind === 'payments') return target.account;
  return target.scope === 'account' ? target.id : undefined;
}

/**
 * The number of rows a listing holds when the server says it: the operations of a transaction, or
 * of a ledger. Horizon counts a ledger's successful operations in operation_count and all of them
 * in tx_set_operation_count; the local service counts all in operation_count (with
 * failed_transaction_count beside it), so without failed ones its total is known only when no
 * transaction failed. Payments and an account's operations have no count.
 */
export async function listingTotal(
  http: HttpClient,
  target: ListingTarget,
  includeFailed: boolean,
  signal?: AbortSignal,
): Promise<number | undefined> {
  if (target.kind !== 'operations' || (target.scope !== 'ledger' && target.scope !== 'transaction')) return undefined;
  const path = `/${target.scope === 'ledger' ? 'ledgers' : 'transactions'}/${target.id}`;
  const body = (await http.getJson(path, { signal, timeoutMs: 10_000 })).body as Record<string, unknown>;
  const count = target.scope === 'transaction' ? body['operation_count'] : ledgerCount(body, includeFailed);
  return typeof count === 'number' && Number.isInteger(count) && count >= 0 ? count : undefined;
}

function ledgerCount(body: Record<string, unknown>, includeFailed: boolean): unknown {
  if ('tx_set_operation_count' in body) return includeFailed ? body['tx_set_operation_count'] : body['operation_count'];
  return includeFailed || body['failed_transaction_count'] === 0 ? body['operation_count'] : undefined;
}

export async function fetchListing(
  http: HttpClient,
  target: ListingTarget,
  query: ListingQuery,
  options: { signal?: AbortSignal; onWait?: OnWait } = {},
): Promise<OperationPage> {
  const path = listingPath(target);
  let response;
  try {
    response = await http.getJson(path, {
      params: listingParams(query, target),
      signal: options.signal,
      onWait: options.onWait,
    });
  } catch (error) {
    // 410 before_history: the end of the listing, not an error (pruned-history.ts).
    if (!isBeforeHistory(error)) throw error;
    return { records: [], next: null, prev: null, historyStart: await readHistoryStart(http, options.signal) };
  }
  const records = embeddedRecords(response.body);
  const viewer = viewerOf(target);
  // Rows carry no raw text: the detail drawer asks `operation:get` for the server's exact text.
  const operations: Operation[] = records.map((record) => normalizeOperation(record, { viewer, raw: null }));
  const first = operations[0];
  const last = operations.at(-1);
  const next = nextCursor(operations, query.limit);
  // The paging guard (shared/paging-guard.ts): a page that is not after its own cursor, or whose
  // next cursor would not advance, is an error, never a page a walk would ask again and again.
  const tokens = operations.map((operation) => operation.pagingToken);
  const fault = pageFault(query.order, { cursor: query.cursor, tokens, next });
  if (fault) throw new CoreError('bad_response', pagingMessage(fault, query.cursor));
  // Newest first, the listing reaches the server's oldest ledger at its end; oldest first, at its start.
  const historyStart =
    next === null && query.order === 'desc'
      ? await historyStartAtEnd(http, target, last)
      : !query.cursor && query.order === 'asc'
        ? await historyStartAtEnd(http, target, first)
        : null;
  return {
    records: operations,
    next,
    prev: first && query.cursor ? first.pagingToken : null,
    ...(historyStart ? { historyStart } : {}),
  };
}
