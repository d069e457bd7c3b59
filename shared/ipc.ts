// The one IPC contract. Request channels (`domain:verb`, renderer to host) carry zod schemas for
// their argument and result; event channels (host to renderer) carry a schema for their payload.
// The preload, the main-side registration, the web host and the renderer's bridge all derive
// from this map, so the types cannot drift from what is validated.
//
// Every request answers `{ok: true, value} | {ok: false, error: {code, message, status?,
// retryAfterMs?}}`, `code` one of IpcErrorCode below.
import { z } from 'zod';
import { FlowPoint, HistoryCursor, HistoryFilter, HistoryIndexInfo, HistoryPage, HistoryProgress, HistorySort, AssetFilter, TotalsBy, TotalsRow } from './history';
import { DetachedSignature, ExportFormat, MergeReport, SignatureReport, SignedInput, SignedInputs } from './signatures';
import { Account, ClaimableBalance, DecimalString, IdString, Ledger, LiquidityPool, LedgerTransaction, Operation, OperationPage, TransactionDetail, ExportProgress, Explanation, Inspection, JournalEntry, StreamStatus, SubmissionReport, TxStatus, WatchedAccount } from './model';

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

/** A paging token: digits for operations ("now" = from the latest ledger; absent = the start). */
export const Cursor = z.string().max(40).regex(/^(now|[0-9A-Za-z_-]*)$/, 'a paging token');

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

/**
 * Every error code a reply may carry, and no other: CoreError's code is typed by this list, and
 * test/unit/core-error-codes.test.ts checks it against the codes the source produces.
 */
export const IpcErrorCode = z.enum([
  // dispatch (electron/core/dispatch.ts): the message itself was refused
  'invalid_arguments',
  'unknown_channel',
  'too_large',
  'secret_key_refused',
  'cancelled',
  'internal',
  // the hosts: a sender that is not the app's window, a web-socket frame that is not a message,
  // a host that did not answer (preload and the renderer's bridge)
  'forbidden',
  'bad_message',
  'host_unreachable',
  // handlers: the input, the profile store
  'invalid_input',
  'not_found',
  'read_only',
  // signatures (electron/core/signatures/): copies that are not one transaction, over 20 signatures
  'merge_refused',
  'too_many_signatures',
  // the network: no answer, or an answer that is not what a Horizon-style server sends
  'timeout',
  'unreachable',
  'bad_response',
  // the network's problem documents, by HTTP status (electron/core/http.ts)
  'bad_request',
  'not_acceptable',
  'request_too_large',
  'unsupported_media_type',
  'rate_limited',
  'server_error',
  'unavailable',
  'http_error',
]);
export type IpcErrorCode = z.infer<typeof IpcErrorCode>;

export const IpcErrorShape = z.object({
  code: IpcErrorCode,
  message: z.string(),
  status: z.number().int().optional(),
  retryAfterMs: z.number().optional(),
});
export type IpcErrorShape = z.infer<typeof IpcErrorShape>;

const request = <A extends z.ZodType, R extends z.ZodType>(args: A, result: R) => ({ args, result });
const none = z.object({}).strict();
const NetworkId = z.string().min(1).max(64);
/** Pasted transaction text: hex, base64, a SEP-7 URI or a JSON object holding an envelope. */
const EnvelopeInput = z.string().min(1).max(400_000);
const NetworkDraft = z
  .object({
    name: z.string().trim().min(1).max(64),
    baseUrl: z.string().url().max(500),
    passphrase: z.string().min(1).max(200),
    /** Informational (records are read in either dialect whatever it says); absent = horizon. network:test reports it. */
    dialect: z.enum(['ledger', 'horizon']).optional(),
  })
  .strict();

const HistoryAccount = z.object({ account: IdString }).strict();

export const ConnectionTest = z.object({
  ok: z.boolean(),
  latencyMs: z.number().nullable(),
  dialect: z.enum(['ledger', 'horizon']).nullable(),
  /** The passphrase the server reports at its root, when it reports one. */
  serverPassphrase: z.string().nullable(),
  latestLedger: z.number().int().nullable(),
  message: z.string(),
});
export type ConnectionTest = z.infer<typeof ConnectionTest>;

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
  'network:update': request(z.object({ id: NetworkId, changes: NetworkDraft.partial().strict() }).strict(), NetworkProfile),
  'network:remove': request(z.object({ id: NetworkId }).strict(), z.object({ selectedId: z.string() })),
  /** Probes a URL (or a saved profile) without saving anything. */
  'network:test': request(
    z.union([z.object({ id: NetworkId }).strict(), z.object({ baseUrl: z.string().url().max(500), passphrase: z.string().max(200).optional() }).strict()]),
    ConnectionTest,
  ),
  /** Health of the selected network now (also pushed on the `network:health` event). */
  'network:health': request(none, NetworkHealth),

  // -- listings (pages for an infinite query: `next` is the next cursor, null at the end) ------
  'payments:list': request(z.object({ account: IdString, query: ListingQuery }).strict(), OperationPage),
  'operations:list': request(z.object({ scope: OperationScope, id: IdString, query: ListingQuery }).strict(), OperationPage),

  // -- single resources ------------------------------------------------------------------------
  'operation:get': request(z.object({ id: IdString }).strict(), Operation),
  'account:get': request(z.object({ id: IdString }).strict(), Account),
  'ledger:get': request(z.object({ sequence: z.union([z.number().int().positive(), z.string().regex(/^\d{1,10}$/)]) }).strict(), Ledger),
  /**
   * The transactions of a ledger in application order (read from its operations, failed ones
   * included), at most `limit`; `truncated` says the ledger holds more.
   */
  'ledger:transactions': request(
    z.object({ sequence: z.union([z.number().int().positive(), z.string().regex(/^\d{1,10}$/)]), limit: z.number().int().min(1).max(200).default(100) }).strict(),
    z.object({ records: z.array(LedgerTransaction), truncated: z.boolean() }),
  ),
  'transaction:get': request(z.object({ hash: IdString }).strict(), TransactionDetail),
  'claimable-balance:get': request(z.object({ id: IdString }).strict(), ClaimableBalance),
  'liquidity-pool:get': request(z.object({ id: IdString }).strict(), LiquidityPool),

  // -- transactions ----------------------------------------------------------------------------
  'tx:inspect': request(z.object({ input: EnvelopeInput }).strict(), Inspection),
  /** Posts the envelope; after `received` the core follows the hash (tx:status event/channel). */
  'tx:submit': request(z.object({ input: EnvelopeInput }).strict(), SubmissionReport),
  /** Looks the hash up now on the selected network. */
  'tx:status': request(z.object({ hash: z.string().regex(/^[0-9a-fA-F]{64}$/) }).strict(), TxStatus),
  'tx:journal': request(z.object({ limit: z.number().int().min(1).max(1000).default(100) }).strict(), z.object({ entries: z.array(JournalEntry) })),
  /** Plain-language explanation and fix of result codes; no codes = every known code. */
  'tx:explain': request(z.object({ codes: z.array(z.string().max(80)).max(200).optional() }).strict(), z.object({ explanations: z.array(Explanation) })),
  /** Any XDR type to its JSON tree (@stellar/stellar-xdr-json); `type` absent = guessed. */
  'xdr:decode': request(
    z.object({ type: z.string().max(100).regex(/^[A-Za-z0-9_]+$/).optional(), xdr: z.string().min(1).max(400_000) }).strict(),
    z.object({ type: z.string(), json: z.unknown(), candidates: z.array(z.string()) }),
  ),

  // -- signatures and thresholds (issue #14; electron/core/signatures/) ---------------------
  /** Each envelope's signatures checked, the weight each account needs, and what holds submission back. */
  'signatures:inspect': request(z.object({ inputs: SignedInputs }).strict(), z.object({ reports: z.array(SignatureReport) })),
  /** Copies of one transaction (and detached signatures) into one envelope with only the signatures the network uses. */
  'signatures:merge': request(z.object({ inputs: SignedInputs, detached: z.array(DetachedSignature).max(20).optional() }).strict(), MergeReport),
  /** An envelope as base64, hex or a SEP-7 URI; with `fileName`, also written to the export directory. */
  'signatures:export': request(
    z
      .object({
        input: SignedInput,
        format: ExportFormat,
        fileName: z.string().min(1).max(120).regex(/^[^/\\:\0]+$/, 'a file name without directories').optional(),
      })
      .strict(),
    z.object({ text: z.string(), hash: z.string(), path: z.string().optional() }),
  ),

  // -- streams (one SSE connection per watched account, in the core) --------------------------
  'stream:watch': request(z.object({ account: IdString, minAmount: DecimalString.optional() }).strict(), WatchedAccount),
  'stream:unwatch': request(z.object({ account: IdString }).strict(), z.object({ removed: z.boolean() })),
  'stream:list': request(none, z.object({ watched: z.array(WatchedAccount), statuses: z.array(StreamStatus) })),

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
        query: ListingQuery.omit({ cursor: true, limit: true }).extend({ cursor: Cursor.optional(), maxRows: z.number().int().positive().max(10_000_000).optional() }),
        format: z.enum(['csv', 'ndjson']),
        fileName: z.string().min(1).max(120).regex(/^[^/\\:\0]+$/, 'a file name without directories').optional(),
      })
      .strict(),
    ExportProgress,
  ),
  'export:cancel': request(z.object({ exportId: z.string().max(64) }).strict(), z.object({ cancelled: z.boolean() })),
  'export:list': request(none, z.object({ exports: z.array(ExportProgress), directory: z.string() })),

  // -- history index (a local SQLite index of one account's operations; docs/history-index.md) --
  /** Starts (or resumes) the sync of an account on the selected network; progress on `history:progress`. */
  'history:sync': request(z.object({ account: IdString, follow: z.boolean().default(true) }).strict(), HistoryProgress),
  'history:pause': request(HistoryAccount, HistoryProgress),
  'history:cancel': request(HistoryAccount, HistoryProgress),
  /** The sync's progress now (state idle when none runs in this session). */
  'history:status': request(HistoryAccount, HistoryProgress),
  /** Indexed accounts of the selected network, with their size. */
  'history:list': request(none, z.object({ networkId: z.string(), indexes: z.array(HistoryIndexInfo), fileBytes: z.number().int() })),
  'history:remove': request(HistoryAccount, z.object({ removed: z.boolean() })),
  /** One keyset page of the filtered set; `summary` (count, per-asset totals) when asked for. */
  'history:query': request(
    z
      .object({
        account: IdString,
        filter: HistoryFilter.default({}),
        sort: HistorySort.default('-time'),
        cursor: HistoryCursor.optional(),
        limit: z.number().int().min(1).max(1000).default(100),
        includeRaw: z.boolean().default(false),
        summary: z.boolean().default(false),
      })
      .strict(),
    HistoryPage,
  ),
  /** Totals of the filtered set by asset, counterparty (top N by volume), day, week or month. */
  'history:totals': request(
    z.object({ account: IdString, filter: HistoryFilter.default({}), by: TotalsBy, top: z.number().int().min(1).max(10_000).default(50) }).strict(),
    z.object({ rows: z.array(TotalsRow) }),
  ),
  /** Net flow of one asset per day and its running total over the filtered set. */
  'history:flow': request(z.object({ account: IdString, filter: HistoryFilter.default({}), asset: AssetFilter }).strict(), z.object({ points: z.array(FlowPoint) })),
  /** Writes the filtered set to a CSV or NDJSON file in the export directory. */
  'history:export': request(
    z
      .object({
        account: IdString,
        filter: HistoryFilter.default({}),
        sort: HistorySort.default('time'),
        format: z.enum(['csv', 'ndjson']),
        fileName: z.string().min(1).max(120).regex(/^[^/\\:\0]+$/, 'a file name without directories').optional(),
      })
      .strict(),
    z.object({ path: z.string(), rows: z.number().int() }),
  ),
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
  /** A history sync's state, records, rate and reach (throttled to a few per second). */
  'history:progress': HistoryProgress,

  // -- desktop shell (electron/: menu, deep links, dropped or opened files, embedded network) --
  /** Text of a transaction file opened from the menu, dropped on the window or passed at launch. */
  'app:open-transaction': z.object({ text: z.string().max(400_000), fileName: z.string().max(255).optional() }),
  /** Go somewhere, as the renderer's hash routes: `/account/<G…>`, `/tx/<hash>`, `/ledger/<seq>`, `/live`; `/op/<id>`; `/go-to` opens the Go to… box. */
  'app:navigate': z.object({ route: z.string().max(200).regex(/^\/[A-Za-z0-9/_-]*$/) }),
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
  invoke<C extends RequestChannel>(channel: C, args: RequestArgs<C>, requestId?: number): Promise<IpcReply<RequestResult<C>>>;
  cancel(requestId: number): void;
  on<C extends EventChannel>(channel: C, listener: (payload: EventPayload<C>) => void): () => void;
}

/** The one control channel outside the map: renderer to main, `requestId` of a call to abort. */
export const CANCEL_CHANNEL = 'ipc:cancel';

/** The bridge the renderer sees: the same shape from the Electron preload and the web host. */
export interface Bridge {
  invoke<C extends RequestChannel>(channel: C, args: RequestArgs<C>, signal?: AbortSignal): Promise<IpcReply<RequestResult<C>>>;
  on<C extends EventChannel>(channel: C, listener: (payload: EventPayload<C>) => void): () => void;
}
