// Listings and single resources over HTTP: paths of both dialects, listing parameters, pages
// shaped for an infinite query (next cursor, or null at the end).
import { asksFailed } from '../../../shared/failed-included';
import { classifyId } from '../../../shared/ids';
import type { ListingTarget, OperationScope } from '../../../shared/ipc';
import type { Operation, OperationPage } from '../../../shared/model';
import { nextCursor } from '../../../shared/paging';
import { pageFault, pagingMessage } from '../../../shared/paging-guard';
import { embeddedRecords } from './hal-records';
import { CoreError } from '../../app/errors';
import { historyStartAtEnd, isBeforeHistory, readHistoryStart } from './partial-history';
import type { HttpClient, Params } from '../../http/http';
import { normalizeOperation } from './normalize';

export interface ListingParams {
  cursor?: string | undefined;
  limit: number;
  order: 'asc' | 'desc';
  includeFailed: boolean;
  includeTransactions: boolean;
}

/** Checks an id of a scope and returns it in the form the server's routes use. */
export function scopeId(scope: OperationScope | 'payments', id: string): string {
  const c = classifyId(id);
  const fail = (what: string): never => {
    const reason = c.kind === 'invalid' ? c.reason : `it looks like a ${c.kind.replace(/_/g, ' ')}`;
    throw new CoreError('invalid_input', `"${id.slice(0, 80)}" is not ${what}: ${reason}.`);
  };
  switch (scope) {
    case 'payments':
    case 'account':
      return c.kind === 'account' ? c.value : fail('an account id (G…)');
    case 'ledger':
      return c.kind === 'ledger' ? c.value : fail('a ledger sequence number');
    case 'transaction':
      return c.kind === 'transaction_or_pool' ? c.value : fail('a transaction hash (64 hex characters)');
    case 'claimable_balance':
      return c.kind === 'claimable_balance' ? c.value : fail('a claimable balance id (72 hex characters or B…)');
    case 'liquidity_pool':
      return c.kind === 'liquidity_pool' || c.kind === 'transaction_or_pool'
        ? c.value
        : fail('a liquidity pool id (64 hex characters or L…)');
  }
}

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

export function listingParams(query: ListingParams, target?: ListingTarget): Params {
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

export async function fetchListing(
  http: HttpClient,
  target: ListingTarget,
  query: ListingParams,
  options: { signal?: AbortSignal; onWait?: (ms: number, attempt: number) => void } = {},
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
    // 410 before_history: the end of the listing, not an error (partial-history.ts).
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
