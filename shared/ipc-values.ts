// The values the channel map carries about networks and listings: profiles, health, rate-limit
// waits, listing queries and targets, connection tests. Re-exported by shared/ipc.ts.
import { z } from 'zod';
import { IdString } from './model';

/** A request channel: the schema of its argument and of its result. */
export const request = <A extends z.ZodType, R extends z.ZodType>(args: A, result: R) => ({ args, result });
/** The argument of a channel that takes none. */
export const none = z.object({}).strict();

/**
 * What a server speaks: Horizon's REST (`horizon`), the local network's Horizon-shaped service
 * (`ledger`), or Stellar RPC's JSON-RPC (`rpc`).
 */
export const Dialect = z.enum(['ledger', 'horizon', 'rpc']);
export type Dialect = z.infer<typeof Dialect>;

export const NetworkProfile = z.object({
  id: z.string().min(1).max(64),
  name: z.string().min(1).max(64),
  baseUrl: z.string().url().max(500),
  passphrase: z.string().min(1).max(200),
  dialect: Dialect,
  builtIn: z.boolean(),
  /** Submission endpoint: async = POST /transactions_async, sync = POST /transactions; auto (or absent) = async when the server's root links it. */
  submission: z.enum(['auto', 'sync', 'async']).optional(),
});
export type NetworkProfile = z.infer<typeof NetworkProfile>;

export const NetworkHealth = z.object({
  networkId: z.string(),
  online: z.boolean(),
  latencyMs: z.number().nonnegative().nullable(),
  rateLimitRemaining: z.number().int().nullable(),
  latestLedger: z.number().int().nullable(),
  /** The oldest ledger the server keeps (Horizon's `history_elder_ledger`), when it says. */
  historyElderLedger: z.number().int().nonnegative().optional(),
  checkedAt: z.string(),
  error: z.string().optional(),
});
export type NetworkHealth = z.infer<typeof NetworkHealth>;

export const RateLimitNotice = z.object({
  networkId: z.string(),
  /** When the wait ends, epoch ms. */
  until: z.number().int().nonnegative(),
  /** What the server asked for, in ms (without the client's jitter). */
  waitMs: z.number().int().nonnegative(),
  source: z.enum(['Retry-After', 'X-RateLimit-Reset', 'backoff']),
});
export type RateLimitNotice = z.infer<typeof RateLimitNotice>;

/** A paging token: digits for operations ("now" = from the latest ledger; absent = the start). */
export const Cursor = z
  .string()
  .max(40)
  .regex(/^(now|[0-9A-Za-z_-]*)$/, 'a paging token');

/** Listing parameters. Every field belongs in the renderer's query key. */
export const ListingQuery = z.object({
  cursor: Cursor.optional(),
  limit: z.number().int().min(1).max(200).default(50),
  order: z.enum(['asc', 'desc']).default('desc'),
  includeFailed: z.boolean().default(false),
  includeTransactions: z.boolean().default(false),
});
export type ListingQuery = z.input<typeof ListingQuery>;

export const OperationScope = z.enum(['account', 'ledger', 'transaction', 'claimable_balance', 'liquidity_pool']);
export type OperationScope = z.infer<typeof OperationScope>;

/** What a listing lists: an account's payments or the operations of one of the five scopes. */
export const ListingTarget = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('payments'), account: IdString }).strict(),
  z.object({ kind: z.literal('operations'), scope: OperationScope, id: IdString }).strict(),
]);
export type ListingTarget = z.infer<typeof ListingTarget>;

export const NetworkDraft = z
  .object({
    name: z.string().trim().min(1).max(64),
    baseUrl: z.string().url().max(500),
    passphrase: z.string().min(1).max(200),
    /** What the server speaks: it chooses the source that reads it (core/sources/registry.ts); absent = horizon. network:test reports it. */
    dialect: Dialect.optional(),
    submission: z.enum(['auto', 'sync', 'async']).optional(),
  })
  .strict();

export const ConnectionTest = z.object({
  ok: z.boolean(),
  latencyMs: z.number().nullable(),
  dialect: Dialect.nullable(),
  /** The passphrase the server reports at its root, when it reports one. */
  serverPassphrase: z.string().nullable(),
  latestLedger: z.number().int().nullable(),
  message: z.string(),
});
export type ConnectionTest = z.infer<typeof ConnectionTest>;
