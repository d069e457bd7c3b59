// The Horizon source: a Source (../source.ts) over a Horizon-shaped service, Horizon itself or the
// local network's service (its "ledger" dialect), through the HTTP client of its base URL (one per
// base URL in the core: its 429 gate is shared by every caller). Everything here wraps the
// functions beside it (listings, resources, health, partial history, SSE, asynchronous submission).
import type { NetworkProfile } from '../../../shared/ipc';
import { isJsonObject, parseJson, type JsonValue } from '../../../shared/json';
import type { Account, Ledger, Operation, TransactionDetail } from '../../../shared/model';
import { AssetContracts } from '../ledger-meta/asset-events';
import { transactionMovements } from '../ledger-meta/transaction-events';
import { CoreError } from '../../app/errors';
import { HttpError, type HttpClient } from '../../http/http';
import { int, obj, text } from '../../http/values';
import { interpret, type Result } from '../../submission/submit-answer';
import type {
  LedgerStreams,
  PaymentStreams,
  ResourceKind,
  ResourceKinds,
  SentOutcome,
  Source,
  SourceKind,
} from '../source';
import { transactionRow } from '../rows';
import { embeddedRecords } from './hal-records';
import { readHealth, testConnection } from './health';
import { HORIZON_INDEX } from './index-listings';
import { fetchListing, listingPath, listingTotal } from './listings';
import { normalizeOperation } from './normalize';
import { readElderRecord, readHistoryStart } from './pruned-history';
import {
  normalizeAccount,
  normalizeClaimableBalance,
  normalizeLedger,
  normalizeLiquidityPool,
  normalizeTransaction,
} from './resources';
import { withEffectAmount } from './effect-amounts';
import { readSse } from './sse';
import { AccountStream } from './stream-connection';
import { hashPassphrase, interpretAsync, usesAsyncSubmission } from './submit-async';

/** The registry's entry (../registry.ts): both dialects of a Horizon-shaped server, probed at its root. */
export const HORIZON: SourceKind = {
  kind: 'horizon',
  serves: (profile) => profile.dialect === 'horizon' || profile.dialect === 'ledger',
  create: (profile, http) => horizonSource(profile, http),
  probe: testConnection,
};

/** Each resource's route and normaliser (the body's exact text kept as `raw`). */
const RESOURCES: { [K in ResourceKind]: [string, (body: JsonValue, raw: string) => ResourceKinds[K]] } = {
  operation: ['operations', (body, raw) => normalizeOperation(body, { raw })],
  account: ['accounts', normalizeAccount],
  ledger: ['ledgers', normalizeLedger],
  transaction: ['transactions', normalizeTransaction],
  claimable_balance: ['claimable_balances', normalizeClaimableBalance],
  liquidity_pool: ['liquidity_pools', normalizeLiquidityPool],
};

/** A 404 read as "none": null; any other failure is the caller's. */
async function orNull<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
}

export function horizonSource(profile: NetworkProfile, http: HttpClient): Source {
  return {
    kind: 'horizon',
    profile,
    http,
    health: (signal) => readHealth(profile, http, signal),
    async history(signal) {
      const { body } = await http.getJson('/', { signal });
      if (!isJsonObject(body)) return { elder: null, latest: null };
      return { elder: int(body['history_elder_ledger']) ?? null, latest: int(body['history_latest_ledger']) ?? null };
    },
    historyStart: (signal) => readHistoryStart(http, signal),
    historyEdge: (ledger, signal) => readElderRecord(http, ledger, signal),
    ledger: (sequence, signal): Promise<Ledger | null> =>
      orNull(async () => normalizeLedger((await http.getJson(`/ledgers/${sequence}`, { signal })).body)),
    account: (id, options = {}): Promise<Account | null> =>
      orNull(async () =>
        normalizeAccount(
          (await http.getJson(`/accounts/${id}`, { signal: options.signal, timeoutMs: options.timeoutMs })).body,
        ),
      ),
    async resource(kind, id, signal) {
      const [route, normalize] = RESOURCES[kind];
      const response = await http.getJson(`/${route}/${id}`, { signal });
      const read = normalize(response.body, response.text.trim());
      // An operation opened alone: the amount its record leaves out, from its effects (effect-amounts.ts).
      if (kind === 'operation') return withEffectAmount(read as Operation, http, signal) as Promise<typeof read>;
      // A transaction whose record carries its meta: what its CAP-67 events moved.
      if (kind === 'transaction')
        return withMovements(read as TransactionDetail, response.body, profile) as typeof read;
      return read;
    },
    listings: {
      page: (target, query, options = {}) => fetchListing(http, target, query, options),
      total: (target, includeFailed, signal) => listingTotal(http, target, includeFailed, signal),
      check: (target) => void listingPath(target),
      ledgerTransactions: (sequence, limit, signal) =>
        // Horizon lists a ledger's transactions; the local service does not (they are derived there).
        profile.dialect === 'horizon' ? ledgerTransactions(http, sequence, limit, signal) : Promise.resolve(null),
    },
    streams: { payments: paymentStreams(profile, http), ledgers: ledgerStreams(http) },
    submission: {
      passphrase: () => hashPassphrase(profile, http),
      send: (envelope, hash, signal) => send(profile, http, envelope, hash, signal),
      lookup: (hash, signal) =>
        orNull(async () => {
          const r = obj((await http.getJson(`/transactions/${hash}`, { signal })).body) ?? {};
          const ledger = int(r['ledger']);
          const resultXdr = text(r['result_xdr']);
          return {
            successful: r['successful'] !== false,
            ...(ledger !== undefined ? { ledger } : {}),
            ...(resultXdr ? { resultXdr } : {}),
          };
        }),
    },
    index: HORIZON_INDEX,
  };
}

/** The movements a transaction record's `result_meta_xdr` (base64 on Horizon, hex on the local service) records; none when it has no meta or it does not decode. */
function withMovements(tx: TransactionDetail, body: JsonValue, profile: NetworkProfile): TransactionDetail {
  const meta = isJsonObject(body) ? text(body['result_meta_xdr']) : undefined;
  if (!meta) return tx;
  try {
    const bytes =
      /^[0-9a-f]+$/i.test(meta) && meta.length % 2 === 0 ? Buffer.from(meta, 'hex') : Buffer.from(meta, 'base64');
    return { ...tx, events: transactionMovements(bytes, new AssetContracts(profile.passphrase)) };
  } catch {
    return tx; // a meta that does not decode: the page shows the rest
  }
}

const PAGE = 200;

/** Horizon's own listing of a ledger's transactions, one page; null when the server has no such route (then derive it). */
async function ledgerTransactions(http: HttpClient, seq: string, limit: number, signal: AbortSignal) {
  // One more than asked says whether there are more (Horizon pages stop at 200).
  const asked = Math.min(limit + 1, PAGE);
  const response = await orNull(() =>
    http.getJson(`/ledgers/${seq}/transactions`, {
      signal,
      params: { limit: asked, order: 'asc', include_failed: 'true' },
    }),
  );
  if (response === null) return null;
  const rows = embeddedRecords(response.body).map((record) => transactionRow(normalizeTransaction(record)));
  // At limit 200 a full page may or may not be all: say "truncated" (the operations list them all).
  return { records: rows.slice(0, limit), truncated: rows.length > limit || (limit >= PAGE && rows.length === PAGE) };
}

/** An account's payments over SSE (stream-connection.ts), through this source's client. */
function paymentStreams(profile: NetworkProfile, http: HttpClient): PaymentStreams {
  return {
    mode: 'push',
    open: (watched, options, sink) => new AccountStream(profile, watched, { ...options, clientFor: () => http }, sink),
  };
}

/** The ledgers as they close over SSE (`/ledgers`, from a paging token or now). */
function ledgerStreams(http: HttpClient): LedgerStreams {
  return {
    mode: 'push',
    follow(cursor, handlers, signal) {
      const event = (event: { type: string; data: string; lastEventId?: string | undefined }) => {
        if (event.type === 'close') return handlers.end();
        handlers.alive(); // the preamble or a ledger: the connection works
        if (event.type !== 'message') return;
        let ledger: Ledger;
        try {
          ledger = normalizeLedger(parseJson(event.data));
        } catch {
          return; // "hello" frames and anything that is not a ledger
        }
        handlers.ledger(ledger, event.lastEventId || undefined);
      };
      void readSse(http, http.resolve('ledgers', { cursor }), { event, end: handlers.end }, signal);
    },
  };
}

/** Posts the envelope (asynchronously where the server offers it) and reads the answer as one outcome. */
async function send(
  profile: NetworkProfile,
  http: HttpClient,
  envelope: string,
  hash: string,
  signal?: AbortSignal,
): Promise<SentOutcome> {
  const useAsync = await usesAsyncSubmission(profile, http);
  let response;
  try {
    response = await http.postForm(
      useAsync ? '/transactions_async' : '/transactions',
      { tx: envelope },
      { signal, timeoutMs: 70_000 },
    );
  } catch (error) {
    if (error instanceof CoreError && (error.code === 'unreachable' || error.code === 'timeout')) {
      const result: Result = error.code === 'timeout' ? 'timeout' : 'connection_failed';
      return { report: { result, hash, resultXdr: '', message: error.message }, qualified: [] };
    }
    throw error;
  }
  const outcome = (useAsync ? interpretAsync : interpret)(response.status, response.body, hash);
  return {
    report: outcome.report,
    qualified: outcome.qualified,
    ...('applied' in outcome && outcome.applied !== undefined ? { applied: outcome.applied } : {}),
  };
}
