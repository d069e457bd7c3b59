// The one IPC contract. Request channels (`domain:verb`, renderer to host) carry zod schemas for
// their argument and result; event channels (host to renderer) carry a schema for their payload.
// The preload, the main-side registration, the web host and the renderer's bridge all derive
// from this map, so the types cannot drift from what is validated.
import { z } from 'zod';
import { DigitsString, IdString, OperationPage } from './model';

export const NetworkProfile = z.object({
  id: z.string().min(1).max(64),
  name: z.string().min(1).max(64),
  baseUrl: z.string().url().max(500),
  passphrase: z.string().min(1).max(200),
  dialect: z.enum(['ledger', 'horizon']),
  builtIn: z.boolean(),
});
export type NetworkProfile = z.infer<typeof NetworkProfile>;

export const NetworkHealth = z.object({
  networkId: z.string(),
  online: z.boolean(),
  latencyMs: z.number().nonnegative().nullable(),
  rateLimitRemaining: z.number().int().nullable(),
  latestLedger: z.number().int().nullable(),
  checkedAt: z.string(),
  error: z.string().optional(),
});
export type NetworkHealth = z.infer<typeof NetworkHealth>;

export const ListingQuery = z.object({
  cursor: z.string().max(40).optional(),
  limit: z.number().int().min(1).max(200).default(50),
  order: z.enum(['asc', 'desc']).default('desc'),
  includeFailed: z.boolean().default(false),
  includeTransactions: z.boolean().default(false),
});
export type ListingQuery = z.input<typeof ListingQuery>;

export const OperationScope = z.enum(['account', 'ledger', 'transaction', 'claimable_balance', 'liquidity_pool']);
export type OperationScope = z.infer<typeof OperationScope>;

export const IpcErrorShape = z.object({
  code: z.string(),
  message: z.string(),
  status: z.number().int().optional(),
  retryAfterMs: z.number().optional(),
});
export type IpcErrorShape = z.infer<typeof IpcErrorShape>;

const request = <A extends z.ZodType, R extends z.ZodType>(args: A, result: R) => ({ args, result });

export const requestChannels = {
  'app:info': request(z.object({}).strict(), z.object({ name: z.string(), version: z.string(), host: z.enum(['electron', 'web']) })),
  'network:list': request(z.object({}).strict(), z.object({ profiles: z.array(NetworkProfile), selectedId: z.string() })),
  'network:select': request(z.object({ id: z.string().min(1).max(64) }).strict(), z.object({ selectedId: z.string() })),
  'network:health': request(z.object({}).strict(), NetworkHealth),
  'payments:list': request(z.object({ account: IdString, query: ListingQuery }).strict(), OperationPage),
  'operations:list': request(
    z.object({ scope: OperationScope, id: IdString, query: ListingQuery }).strict(),
    OperationPage,
  ),
  'ledger:latest': request(z.object({}).strict(), z.object({ sequence: DigitsString })),
} as const;

export const eventChannels = {
  'network:health': NetworkHealth,
} as const;

export type RequestChannel = keyof typeof requestChannels;
export type EventChannel = keyof typeof eventChannels;
export type RequestArgs<C extends RequestChannel> = z.input<(typeof requestChannels)[C]['args']>;
export type RequestResult<C extends RequestChannel> = z.infer<(typeof requestChannels)[C]['result']>;
export type EventPayload<C extends EventChannel> = z.infer<(typeof eventChannels)[C]>;

export type IpcReply<T> = { ok: true; value: T } | { ok: false; error: IpcErrorShape };

export function isRequestChannel(name: unknown): name is RequestChannel {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(requestChannels, name);
}

export function isEventChannel(name: unknown): name is EventChannel {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(eventChannels, name);
}

/** The bridge the renderer sees: the same shape from the Electron preload and the web host. */
export interface Bridge {
  invoke<C extends RequestChannel>(channel: C, args: RequestArgs<C>): Promise<IpcReply<RequestResult<C>>>;
  on<C extends EventChannel>(channel: C, listener: (payload: EventPayload<C>) => void): () => void;
}
