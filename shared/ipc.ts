// The one IPC contract. Request channels (`domain:verb`, renderer to host) carry zod schemas for
// their argument and result; event channels (host to renderer) carry a schema for their payload.
// The preload, the main-side registration, the web host and the renderer's bridge all derive
// from this map, so the types cannot drift from what is validated.
//
// Every request answers `{ok: true, value} | {ok: false, error: {code, message, status?,
// retryAfterMs?}}`, `code` one of IpcErrorCode below.
import { z } from 'zod';
import { ExportFileName } from './file-name';
import { MinimumAmount, Minimums } from './minimums';
import {
  Account,
  ClaimableBalance,
  IdString,
  Ledger,
  LiquidityPool,
  LedgerTransaction,
  Operation,
  OperationPage,
  TransactionDetail,
  ExportProgress,
  StreamStatus,
  TxStatus,
  WatchedAccount,
} from './model';

import type { IpcErrorShape } from './ipc-errors';
import { historyChannels, historyEvents } from './ipc-history';
import { submitChannels } from './ipc-submit';
import { homeChannels, homeEvents } from './ipc-home';
import { conventionsChannels } from './ipc-conventions';
import {
  NetworkProfile,
  NetworkHealth,
  RateLimitNotice,
  Cursor,
  ListingQuery,
  OperationScope,
  ListingTarget,
  ConnectionTest,
  NetworkDraft,
  none,
  request,
} from './ipc-values';

export * from './ipc-errors';
export * from './ipc-values';

const NetworkId = z.string().min(1).max(64);

export const requestChannels = {
  // -- app and networks ------------------------------------------------------------------------
  'app:info': request(none, z.object({ name: z.string(), version: z.string(), host: z.enum(['electron', 'web']) })),
  /**
   * A view of the renderer failed to render: its error goes to the host's log (electron-log's
   * file in the desktop app, stderr for the web host). Capped so a page cannot flood the log.
   */
  'app:log-error': request(
    z
      .object({
        view: z.string().min(1).max(80),
        message: z.string().max(2_000),
        stack: z.string().max(8_000).optional(),
        componentStack: z.string().max(8_000).optional(),
      })
      .strict(),
    z.object({ logged: z.boolean() }),
  ),
  'network:list': request(none, z.object({ profiles: z.array(NetworkProfile), selectedId: z.string() })),
  'network:select': request(z.object({ id: NetworkId }).strict(), z.object({ selectedId: z.string() })),
  /** Adds a custom profile; the id is derived from the name. */
  'network:add': request(NetworkDraft, NetworkProfile),
  /** Edits a custom profile (built-in ones are refused). */
  'network:update': request(
    z.object({ id: NetworkId, changes: NetworkDraft.partial().strict() }).strict(),
    NetworkProfile,
  ),
  'network:remove': request(z.object({ id: NetworkId }).strict(), z.object({ selectedId: z.string() })),
  /** Probes a URL (or a saved profile) without saving anything. */
  'network:test': request(
    z.union([
      z.object({ id: NetworkId }).strict(),
      z.object({ baseUrl: z.string().url().max(500), passphrase: z.string().max(200).optional() }).strict(),
    ]),
    ConnectionTest,
  ),
  /** Health of the selected network now (also pushed on the `network:health` event). */
  'network:health': request(none, NetworkHealth),

  // -- listings (pages for an infinite query: `next` is the next cursor, null at the end) ------
  'payments:list': request(z.object({ account: IdString, query: ListingQuery }).strict(), OperationPage),
  'operations:list': request(
    z.object({ scope: OperationScope, id: IdString, query: ListingQuery }).strict(),
    OperationPage,
  ),

  // -- single resources ------------------------------------------------------------------------
  'operation:get': request(z.object({ id: IdString }).strict(), Operation),
  'account:get': request(z.object({ id: IdString }).strict(), Account),
  'ledger:get': request(
    z.object({ sequence: z.union([z.number().int().positive(), z.string().regex(/^\d{1,10}$/)]) }).strict(),
    Ledger,
  ),
  /**
   * The transactions of a ledger in application order (read from its operations, failed ones
   * included), at most `limit`; `truncated` says the ledger holds more.
   */
  'ledger:transactions': request(
    z
      .object({
        sequence: z.union([z.number().int().positive(), z.string().regex(/^\d{1,10}$/)]),
        limit: z.number().int().min(1).max(200).default(100),
      })
      .strict(),
    z.object({ records: z.array(LedgerTransaction), truncated: z.boolean() }),
  ),
  'transaction:get': request(z.object({ hash: IdString }).strict(), TransactionDetail),
  'claimable-balance:get': request(z.object({ id: IdString }).strict(), ClaimableBalance),
  'liquidity-pool:get': request(z.object({ id: IdString }).strict(), LiquidityPool),

  // -- streams (one SSE connection per watched account, in the core) --------------------------
  /**
   * Watches an account (or changes its minimums): `minAmounts` per asset, or `minAmount` for any
   * asset (the same as `minAmounts: {"*": …}`); neither = notify for every incoming payment.
   */
  'stream:watch': request(
    z.object({ account: IdString, minAmount: MinimumAmount.optional(), minAmounts: Minimums.optional() }).strict(),
    WatchedAccount,
  ),
  'stream:unwatch': request(z.object({ account: IdString }).strict(), z.object({ removed: z.boolean() })),
  'stream:list': request(none, z.object({ watched: z.array(WatchedAccount), statuses: z.array(StreamStatus) })),
  /** Each watched account's latest payments (history and what streamed since), newest first; `errors` names accounts that could not be read. */
  'stream:feed': request(
    z.object({ limit: z.number().int().min(1).max(200).default(50) }).strict(),
    z.object({
      items: z.array(z.object({ account: IdString, networkId: z.string(), record: Operation })),
      errors: z.array(z.string()),
    }),
  ),

  // -- export (streams to a file in the export directory; same in both hosts) ----------------
  /**
   * Starts an export; progress arrives on `export:progress`. `fileName` is a bare name (no
   * directories); the file goes to the host's export directory (the user's Downloads) and the
   * answer gives its full path.
   */
  'export:start': request(
    z
      .object({
        target: ListingTarget,
        query: ListingQuery.omit({ cursor: true, limit: true }).extend({
          cursor: Cursor.optional(),
          maxRows: z.number().int().positive().max(10_000_000).optional(),
        }),
        /** csv: the one column set (shared/export-columns.ts); accounting: one row per transaction (shared/accounting.ts). */
        format: z.enum(['csv', 'accounting', 'ndjson']),
        fileName: ExportFileName.optional(),
      })
      .strict(),
    ExportProgress,
  ),
  'export:cancel': request(z.object({ exportId: z.string().max(64) }).strict(), z.object({ cancelled: z.boolean() })),
  'export:list': request(none, z.object({ exports: z.array(ExportProgress), directory: z.string() })),

  ...submitChannels,
  ...historyChannels,
  ...homeChannels,
  ...conventionsChannels,
} as const;

export const eventChannels = {
  /** Selected network's health, pushed periodically and on network change. */
  'network:health': NetworkHealth,
  /** State of a watched account's stream. */
  'stream:status': StreamStatus,
  /** A new record on a watched account; `notify` is true when it passes the account's minimum. */
  'stream:record': z.object({ account: IdString, networkId: z.string(), record: Operation, notify: z.boolean() }),
  /** Progress of a followed transaction (after `received`) until it is in a ledger. */
  'tx:status': TxStatus,
  'export:progress': ExportProgress,
  /** A 429 closed the network's gate: every request waits until `until` (epoch ms); views show a countdown. */
  'network:rate-limit': RateLimitNotice,
  ...historyEvents,
  ...homeEvents,

  // -- desktop shell (electron/: menu, deep links, dropped or opened files, embedded network) --
  /** Text of a transaction file opened from the menu, dropped on the window or passed at launch. */
  'app:open-transaction': z.object({ text: z.string().max(400_000), fileName: z.string().max(255).optional() }),
  /** Go somewhere, as the renderer's hash routes: `/account/<G…>`, `/tx/<hash>`, `/ledger/<seq>`, `/live`; `/op/<id>`; `/go-to` opens the Go to… box. */
  'app:navigate': z.object({
    route: z
      .string()
      .max(200)
      .regex(/^\/[A-Za-z0-9/_-]*$/),
  }),
  /** Something the user should see, e.g. the embedded local network stopped and is restarting. */
  'app:notice': z.object({ level: z.enum(['info', 'warning', 'error']), message: z.string().max(500) }),
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

/**
 * What the Electron preload exposes as `window.ledgerscope`. An AbortSignal cannot cross the
 * context bridge, so a cancellable call carries a request id and `cancel(id)` stops it; the
 * renderer's bridge turns its AbortSignal into that (renderer/src/lib/bridge.ts).
 */
export interface PreloadApi {
  invoke<C extends RequestChannel>(
    channel: C,
    args: RequestArgs<C>,
    requestId?: number,
  ): Promise<IpcReply<RequestResult<C>>>;
  cancel(requestId: number): void;
  on<C extends EventChannel>(channel: C, listener: (payload: EventPayload<C>) => void): () => void;
}

/** The one control channel outside the map: renderer to main, `requestId` of a call to abort. */
export const CANCEL_CHANNEL = 'ipc:cancel';

/** The bridge the renderer sees: the same shape from the Electron preload and the web host. */
export interface Bridge {
  invoke<C extends RequestChannel>(
    channel: C,
    args: RequestArgs<C>,
    signal?: AbortSignal,
  ): Promise<IpcReply<RequestResult<C>>>;
  on<C extends EventChannel>(channel: C, listener: (payload: EventPayload<C>) => void): () => void;
}
