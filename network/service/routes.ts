// The routes of docs/design.md "Routes": resources, the listings (pages or streams), submission.
// Each handler reads as: parse the path (400), find the thing (404), write its text.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ledgerToidRange } from '../../shared/toid';
import { negotiate, notAcceptable } from './limits';
import { accountText, dataValueText } from './account-text';
import { accountTrades, accountTransactions } from './account-history';
import {
  type OwnListing,
  type Params,
  type RouteContext,
  baseOf,
  listingHandler,
  ownListingHandler,
  sendJson,
} from './handlers';
import { listingLinks } from './links';
import type { ListingTarget } from './listing';
import {
  type Query,
  parseAccountId,
  parseClaimableBalanceId,
  parseHash,
  parseLedgerSequence,
  parseListing,
  parseLiquidityPoolId,
  parseOperationId,
} from './params';
import { badRequest, notFound } from './problem';
import type { Store } from './queries';
import { LEDGERS_TARGET, ledgersPage } from './ledgers';
import * as text from './records';
import { submitTransaction } from './submit';

export type { RouteContext } from './handlers';

function found<T>(value: T | undefined, detail: string): T {
  if (value === undefined) throw notFound(detail);
  return value;
}

/** Resolvers: path parameters to a listing, with 400 for a bad form and 404 for nothing there. */
function accountListing(id: string, scope: 'payment' | 'account', name: string): ListingTarget {
  const account = parseAccountId(id);
  return {
    path: `/accounts/${account}/${name}`,
    source: { kind: 'scope', scope, key: account },
    alwaysFailed: false,
    exists: (store) => store.account(account) !== undefined || store.scopeExists('account', account),
    missing: `Account ${account} does not exist.`,
  };
}

/** The operations of a claimable balance or a pool: it exists while it has a row or any history. */
function keyListing(
  collection: string,
  scope: 'claimable_balance' | 'liquidity_pool',
  id: string,
  row: (store: Store) => unknown,
  what: string,
): ListingTarget {
  return {
    path: `/${collection}/${id}/operations`,
    source: { kind: 'scope', scope, key: id },
    alwaysFailed: false,
    exists: (store) => row(store) !== undefined || store.scopeExists(scope, id),
    missing: `${what} ${id} does not exist.`,
  };
}

const listings: Record<string, (store: Store, params: Params) => ListingTarget> = {
  '/accounts/:account_id/payments': (_store, p) => accountListing(p.account_id!, 'payment', 'payments'),
  '/accounts/:account_id/operations': (_store, p) => accountListing(p.account_id!, 'account', 'operations'),
  '/claimable_balances/:claimable_balance_id/operations': (_store, p) => {
    const id = parseClaimableBalanceId(p.claimable_balance_id!);
    return keyListing(
      'claimable_balances',
      'claimable_balance',
      id,
      (store) => store.claimableBalance(id),
      'Claimable balance',
    );
  },
  '/liquidity_pools/:liquidity_pool_id/operations': (_store, p) => {
    const id = parseLiquidityPoolId(p.liquidity_pool_id!);
    return keyListing('liquidity_pools', 'liquidity_pool', id, (store) => store.liquidityPool(id), 'Liquidity pool');
  },
  '/ledgers/:sequence/operations': (_store, p) => {
    const sequence = parseLedgerSequence(p.sequence!);
    const [from, to] = ledgerToidRange(Number(sequence));
    return {
      path: `/ledgers/${sequence}/operations`,
      source: { kind: 'range', from, to },
      alwaysFailed: false,
      exists: (store) => store.ledger(sequence) !== undefined,
      missing: `Ledger ${sequence} has not been closed.`,
    };
  },
  '/transactions/:hash/operations': (store, p) => {
    const hash = parseHash(p.hash!, 'hash');
    const tx = found(store.transactionByHash(hash), `Transaction ${hash} is not in history.`);
    const from = tx.id as bigint;
    return {
      path: `/transactions/${hash}/operations`,
      source: { kind: 'range', from, to: from + 4096n },
      alwaysFailed: true,
    };
  },
};

/** Listings that are not of operations: each writes its own pages (handlers.ts OwnListing). */
const ownListings: Record<string, (params: Params, query: Query) => OwnListing> = {
  '/ledgers': (_p, query) => {
    const params = parseListing(query);
    return {
      target: LEDGERS_TARGET,
      params,
      page: (store, cursor, base) => ({ text: ledgersPage(store, params, cursor, base), empty: false }),
    };
  },
  '/accounts/:account_id/transactions': (p, query) => accountTransactions(p.account_id!, query),
  '/accounts/:account_id/trades': (p, query) => accountTrades(p.account_id!, query),
};

const ALIASES: Record<string, string> = {
  '/account/:account_id/transactions': '/accounts/:account_id/transactions',
  '/account/:account_id/trades': '/accounts/:account_id/trades',
  '/account/:account_id/payments': '/accounts/:account_id/payments',
  '/account/:account_id/operations': '/accounts/:account_id/operations',
  '/transaction/:hash/operations': '/transactions/:hash/operations',
  '/account/:account_id': '/accounts/:account_id',
  '/transaction/:hash': '/transactions/:hash',
};

function jsonOnly(request: FastifyRequest): void {
  if (!negotiate(request.headers.accept, false)) throw notAcceptable(false);
}

function resourceRoutes(ctx: RouteContext): Record<string, (request: FastifyRequest, reply: FastifyReply) => unknown> {
  const { store } = ctx;
  const handlers: Record<string, (p: Params, base: string) => string> = {
    '/': (_p, base) => {
      const latest = store.latestLedger();
      return text.rootText(
        {
          passphrase: store.meta('network_passphrase') ?? '',
          latest,
          latestClosedAt: store.ledger(latest)?.closed_at as string | undefined,
          elder: store.earliestLedger(),
        },
        base,
      );
    },
    '/accounts/:account_id': (p, base) => {
      const id = parseAccountId(p.account_id!);
      const account = found(store.account(id), `Account ${id} does not exist.`);
      return accountText(
        { account, signers: store.signers(id), trustlines: store.trustlines(id), data: store.dataEntries(id) },
        base,
      );
    },
    '/accounts/:account_id/data/:key': (p) => {
      const id = parseAccountId(p.account_id!);
      const name = p.key!;
      if (Buffer.byteLength(name) > 64) throw badRequest('key', 'A data entry name is at most 64 bytes.');
      const entry = store.dataEntries(id).find((d) => d.name === name);
      return dataValueText(found(entry, `Account ${id} has no data entry of that name.`).value as string);
    },
    '/ledgers/:sequence': (p, base) => {
      const sequence = parseLedgerSequence(p.sequence!);
      return text.ledgerText(found(store.ledger(sequence), `Ledger ${sequence} has not been closed.`), base);
    },
    '/transactions/:hash': (p, base) => {
      const hash = parseHash(p.hash!, 'hash');
      const tx = found(store.transactionByHash(hash), `Transaction ${hash} is not in history.`);
      // The meta as Horizon gives it, on the transaction itself (listings leave it out: pages stay small).
      return text.transactionText(tx, base, hash, store.transactionMeta(tx.id as bigint));
    },
    '/operations/:id': (p, base) => {
      const id = parseOperationId(p.id!);
      const row = found(store.operation(id), `Operation ${id} does not exist.`);
      // Served on its own, a record's neighbours are its source account's operations.
      return text.operationText(row, listingLinks(base, `/accounts/${row.source_account}/operations`, ''));
    },
    '/claimable_balances/:claimable_balance_id': (p, base) => {
      const id = parseClaimableBalanceId(p.claimable_balance_id!);
      return text.claimableBalanceText(
        found(store.claimableBalance(id), `Claimable balance ${id} does not exist (or was claimed).`),
        base,
      );
    },
    '/liquidity_pools/:liquidity_pool_id': (p, base) => {
      const id = parseLiquidityPoolId(p.liquidity_pool_id!);
      return text.liquidityPoolText(found(store.liquidityPool(id), `Liquidity pool ${id} does not exist.`), base);
    },
  };
  const routes: Record<string, (request: FastifyRequest, reply: FastifyReply) => unknown> = {};
  for (const [path, handler] of Object.entries(handlers)) {
    routes[path] = async function resource(request, reply) {
      jsonOnly(request);
      return sendJson(reply, handler(request.params as Params, baseOf(ctx, request)));
    };
  }
  return routes;
}

function bodyTx(body: unknown): string {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).tx : undefined;
  if (typeof value === 'string') return value;
  if (Buffer.isBuffer(value)) return value.toString('latin1');
  if (value === undefined)
    throw badRequest('tx', 'The body has no "tx" field: send the signed envelope as hex or base64.');
  throw badRequest('tx', 'The "tx" field must be given once, as text.');
}

export function registerRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const get: Record<string, (request: FastifyRequest, reply: FastifyReply) => unknown> = resourceRoutes(ctx);
  for (const [path, resolve] of Object.entries(listings)) get[path] = listingHandler(ctx, resolve);
  for (const [path, resolve] of Object.entries(ownListings)) get[path] = ownListingHandler(ctx, resolve);
  for (const [alias, path] of Object.entries(ALIASES)) get[alias] = get[path]!;
  for (const [path, handler] of Object.entries(get)) app.get(path, handler);

  app.post('/transactions', async function submit(request, reply) {
    jsonOnly(request);
    const outcome = await submitTransaction(ctx.store, ctx.submit, bodyTx(request.body), baseOf(ctx, request));
    return reply.code(outcome.status).type('application/json; charset=utf-8').send(outcome.body);
  });
}
