// An account's transactions and trades, as Horizon lists them (docs/service.md). Transactions: the
// account's 'transaction' scope rows (store/README.md), each written by the same code as
// /transactions/{hash}, paged by the transaction's TOID. Trades: the local core has no offers and
// no path payments, so no trade ever happens: every page is empty, but its parameters, links and
// 404 are those of the other account listings.
import { INT64_MAX } from '../../shared/amount';
import type { OwnListing } from './handlers';
import { pageLinks } from './links';
import { initialBounds, type ListingTarget } from './listing';
import { type ListingParams, type Query, parseAccountId, parseCursor, parseListing } from './params';
import { badRequest } from './problem';
import type { Row, Store } from './queries';
import { transactionText } from './records';

/** An account exists for its listings while it has a row or any history (as the operations listing). */
function accountTarget(account: string, name: string): ListingTarget {
  return {
    path: `/accounts/${account}/${name}`,
    // Unused: `read` (streams) and the page writers below replace the operation reader.
    source: { kind: 'range', from: 0n, to: 0n },
    alwaysFailed: false,
    exists: (store) =>
      store.account(account) !== undefined ||
      store.scopeExists('account', account) ||
      store.scopeExists('transaction', account),
    missing: `Account ${account} does not exist.`,
  };
}

function page(links: string, records: string[]): string {
  return `{"_links":${links},"_embedded":{"records":[${records.join(',')}]}}`;
}

/** The cursor an empty page keeps: the request's, or `now` resolved (so polling `next` works). */
function keptCursor(store: Store, params: ListingParams, requestCursor: string): string {
  if (params.cursor !== 'now') return requestCursor;
  const { after, before } = initialBounds(store, params);
  return `${params.desc ? before : after}`;
}

export function accountTransactions(id: string, query: Query): OwnListing {
  const account = parseAccountId(id);
  const params = parseListing(query);
  const failed = params.includeFailed;
  const flags = failed ? '&include_failed=true' : '';
  const rows = (store: Store, after: bigint, before: bigint, desc: boolean, limit: number): Row[] =>
    store.listAccountTransactions(account, after, before, desc, failed, limit);
  const target: ListingTarget = {
    ...accountTarget(account, 'transactions'),
    read: (store, after, limit, base) =>
      rows(store, after, INT64_MAX, false, limit).map((row) => ({
        id: row.id as bigint,
        bytes: Buffer.from(transactionText(row, base)),
      })),
  };
  return {
    target,
    params,
    page: (store, requestCursor, base) => {
      const { after, before } = initialBounds(store, params);
      const found = rows(store, after, before, params.desc, params.limit);
      const kept = keptCursor(store, params, requestCursor);
      const first = found.length > 0 ? `${found[0]!.id}` : kept;
      const last = found.length > 0 ? `${found[found.length - 1]!.id}` : kept;
      const links = pageLinks(`${base}${target.path}`, params, requestCursor, first, last, flags);
      return {
        text: page(
          links,
          found.map((row) => transactionText(row, base)),
        ),
        empty: found.length === 0,
      };
    },
  };
}

/**
 * A trade's paging token is `<operation id>-<index>` (Horizon's CursorInt64Pair); a bare operation
 * id and `now` are taken too. Each part is a non-negative int64.
 */
function parseTradeCursor(value: string | string[] | undefined): void {
  if (value === undefined || value === '' || value === 'now') return;
  if (Array.isArray(value)) throw badRequest('cursor', 'The parameter is given more than once.');
  const parts = value.split('-');
  if (parts.length > 2 || parts.some((part) => !/^\d+$/.test(part))) {
    throw badRequest('cursor', 'A trade cursor is a paging token (<operation id> or <operation id>-<index>) or "now".');
  }
  for (const part of parts) parseCursor(part, 'cursor');
}

export function accountTrades(id: string, query: Query): OwnListing {
  const account = parseAccountId(id);
  parseTradeCursor(query.cursor);
  // Only the paging parameters: trades take no include_failed or join (Horizon ignores them).
  const params = parseListing({ limit: query.limit, order: query.order, cursor: query.cursor === 'now' ? 'now' : '' });
  const target: ListingTarget = { ...accountTarget(account, 'trades'), read: () => [] };
  return {
    target,
    params,
    page: (store, requestCursor, base) => {
      const kept = keptCursor(store, params, requestCursor);
      return { text: page(pageLinks(`${base}${target.path}`, params, requestCursor, kept, kept), []), empty: true };
    },
  };
}
