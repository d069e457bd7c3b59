// What a network gives the app, whatever serves it (issue 35): its ledgers, an account and its
// balances, listings of operations and payments in the one normalized model, single resources,
// live payments and ledgers, submission and its outcome, and which ledgers it keeps. Handlers,
// the history index and the command line reach a network only through a Source; Horizon (and the
// local service, which speaks its shape) is the first kind (horizon/), chosen by registry.ts.
//
// A capability a kind of source does not have is not a method that throws: it is `Lacking`, with
// the sentence a person reads (a source that keeps no account listings says so), and a stream a
// source cannot push is one it polls (`mode`).
import type { HistoryStart } from '../../shared/history-start';
import type { ConnectionTest, ListingTarget, NetworkHealth, NetworkProfile } from '../../shared/ipc';
import type {
  Account,
  ClaimableBalance,
  Ledger,
  LedgerTransaction,
  LiquidityPool,
  Operation,
  OperationPage,
  StreamStatus,
  SubmissionReport,
  TransactionDetail,
  WatchedAccount,
} from '../../shared/model';
import { CoreError } from '../app/errors';
import type { StreamOptions } from '../streams/stream-options';
import type { HttpClient, OnWait } from '../http/http';
import type { IndexFormatName } from './index-format';
import type { AccountLedgerRecords } from './ledger-meta/account-records';

/** A ledger of a range read for an account, and what it held of the account (null: nothing). */
export interface LedgerRead {
  ledger: number;
  records: AccountLedgerRecords | null;
}

/** How far a read of ledgers has come, and at what speed. */
export interface LedgerReadProgress {
  from: number;
  to: number;
  /** Ledgers delivered. */
  done: number;
  /** Bytes fetched. */
  bytes: number;
  ledgersPerSecond: number;
  bytesPerSecond: number;
  msLeft: number | null;
  /** Not reading yet: this many other reads wait ahead of it for a turn (0: it is next). */
  waiting?: number;
}

/**
 * Where an index read from ledgers gets them (core/history-index/main-thread/ledger-sync.ts): a
 * data lake (lake/), or a Stellar RPC server's window (rpc/ledger-history.ts).
 */
export interface LedgerProducer {
  /** Opens the source (a lake's manifest, checked against the network) and says the range: the asked one, else its own ends; `held` is where the index stands. */
  open(
    held: { where: string; from: number; to: number; next: number } | null,
    signal: AbortSignal,
  ): Promise<{ where: string; from: number; to: number }>;
  /** Reads `from` to `to` for the account, handing runs of consecutive ledgers in order (each awaited). */
  read(
    account: string,
    from: number,
    to: number,
    signal: AbortSignal,
    onLedgers: (run: LedgerRead[]) => Promise<void>,
    onProgress: (progress: LedgerReadProgress) => void,
  ): Promise<void>;
}

/** A capability this source does not have, and the sentence that says so. */
export interface Lacking {
  readonly lacking: string;
}

export function isLacking<T extends object>(capability: T | Lacking): capability is Lacking {
  return 'lacking' in capability;
}

/** The capability, or a not_found error that says this source does not have it. */
export function need<T extends object>(capability: T | Lacking): T {
  if (isLacking(capability)) throw new CoreError('not_found', capability.lacking);
  return capability;
}

/** What a listing is asked for: a page size, an order, a cursor, failed records and their transactions. */
export interface ListingQuery {
  cursor?: string | undefined;
  limit: number;
  order: 'asc' | 'desc';
  includeFailed: boolean;
  includeTransactions: boolean;
}

export interface ReadOptions {
  signal?: AbortSignal | undefined;
  /** A 429 is being waited out (ms), attempt n. */
  onWait?: OnWait | undefined;
  timeoutMs?: number | undefined;
}

/** Pages of operations (an account's, a ledger's, a transaction's…) and of an account's payments. */
export interface SourceListings {
  page(target: ListingTarget, query: ListingQuery, options?: ReadOptions): Promise<OperationPage>;
  /** How many records a listing holds, when the source says it (a ledger's or a transaction's operations); else undefined. */
  total(target: ListingTarget, includeFailed: boolean, signal?: AbortSignal): Promise<number | undefined>;
  /** Checks the target's id (an invalid_input error) before anything is asked. */
  check(target: ListingTarget): void;
  /** A ledger's transactions in one listing, or null when this source derives them (from the ledger's operations). */
  ledgerTransactions(
    sequence: string,
    limit: number,
    signal: AbortSignal,
  ): Promise<{ records: LedgerTransaction[]; truncated: boolean } | null>;
}

/** The single resources, by id, normalized, each with the source's exact text as `raw`. */
export interface ResourceKinds {
  operation: Operation;
  account: Account;
  ledger: Ledger;
  transaction: TransactionDetail;
  claimable_balance: ClaimableBalance;
  liquidity_pool: LiquidityPool;
}
export type ResourceKind = keyof ResourceKinds;

/** The ledgers a source keeps now: from `elder` (null: it does not say, it keeps all) to `latest`. */
export interface SourceHistory {
  elder: number | null;
  latest: number | null;
}

/** A live stream, started and stopped by its owner. */
export interface LiveStream {
  start(): void;
  stop(): void;
}

export interface PaymentStreamSink {
  status(status: StreamStatus): void;
  record(record: Operation, notify: boolean): void;
  /** The position moved without a record (the first start pinned "now"): persist it. */
  moved?(): void;
}

/** An account's payments (or operations) as they land: pushed (SSE) or polled. */
export interface PaymentStreams {
  readonly mode: 'push' | 'poll';
  /** A stream of `watched`; its `watched` is where it stands (the last paging token), and takes new minimums. */
  open(
    watched: WatchedAccount,
    options: StreamOptions,
    sink: PaymentStreamSink,
  ): LiveStream & { watched: WatchedAccount; readonly status: StreamStatus };
}

/** The network's ledgers as they close. */
export interface LedgerStreams {
  readonly mode: 'push' | 'poll';
  /** Reads ledgers after `cursor` ('now': from now) until `signal` aborts; `end` when the stream ended. */
  follow(
    cursor: string,
    handlers: { ledger(ledger: Ledger, token: string | undefined): void; alive(): void; end(): void },
    signal: AbortSignal,
  ): void;
}

/** A submission's answer, read as one outcome. */
export type SentOutcome = {
  report: Omit<SubmissionReport, 'networkId' | 'explanations' | 'journalId' | 'following'>;
  qualified: string[];
  applied?: boolean;
};

/** A transaction looked up by hash once it was sent: in a ledger (its result) or not (null). */
export interface LandedTransaction {
  successful: boolean;
  ledger?: number;
  resultXdr?: string;
}

export interface SourceSubmission {
  /** The passphrase a transaction's hash is taken under on this network. */
  passphrase(signal?: AbortSignal): Promise<string>;
  /** Sends a signed envelope (base64 XDR) and reads the answer; `hash` is its hash on this network. */
  send(envelope: string, hash: string, signal?: AbortSignal): Promise<SentOutcome>;
  /** The transaction by hash, or null while the source has no such transaction. */
  lookup(hash: string, signal?: AbortSignal): Promise<LandedTransaction | null>;
}

/** Listings, syncs and exports of a local history index walk these. */
export interface IndexListings {
  /** The format its pages are in, which the index worker reads them with (index-format.ts). */
  readonly format: IndexFormatName;
  /** The account's operations, oldest first; and the listings beside them (sync-sides). */
  readonly operations: IndexListing;
  readonly sides: { readonly transactions: IndexListing; readonly trades: IndexListing };
  /**
   * Whether the source lists a record of the account (an operation, a transaction, a trade) in a
   * ledger after `newest` (null: the index holds none): a reconciliation names "the index is
   * behind the server" only once it has asked.
   */
  newerThan(http: HttpClient, account: string, newest: number | null, signal: AbortSignal): Promise<boolean>;
}
export interface IndexListing {
  /** The listing's path of an account, relative to the source's base URL. */
  path(account: string): string;
  params: Record<string, string>;
  /** A 404 says the source does not serve this listing (else: the account is unknown). */
  optional?: boolean;
  /** What it lists, for a sentence ("operations", "trades"). */
  name: string;
}

/** A kind of source in the registry (registry.ts): which profiles it serves, how it is made, how a server of it is probed. */
export interface SourceKind {
  readonly kind: string;
  /** Whether this kind serves the profile (its dialect says what the server speaks). */
  serves(profile: NetworkProfile): boolean;
  /** The source of a profile, over the HTTP client of its base URL (the core's, shared by every caller). */
  create(profile: NetworkProfile, http: HttpClient): Source;
  /**
   * Asks a server that may have no profile yet what it is (latency, passphrase, dialect); `onHealth`
   * is told the health its answer shows. A server it does not reach answers `latencyMs: null`.
   */
  probe(
    target: { baseUrl: string; passphrase?: string | undefined },
    signal: AbortSignal,
    client?: HttpClient,
    onHealth?: (health: NetworkHealth) => void,
  ): Promise<ConnectionTest>;
}

export interface Source {
  /** The kind in the registry ('horizon'). */
  readonly kind: string;
  readonly profile: NetworkProfile;
  /** The HTTP client under this source (one per base URL: its 429 gate is shared). */
  readonly http: HttpClient;
  /** The network's health as this source reads it now (latest ledger, latency, rate limit). */
  health(signal?: AbortSignal): Promise<NetworkHealth>;
  /** The ledgers it keeps now. */
  history(signal?: AbortSignal): Promise<SourceHistory>;
  /** Where its history starts, for a person (with its oldest ledger's close time when known). */
  historyStart(signal?: AbortSignal): Promise<HistoryStart>;
  /** A ledger where a history starts: its close time, whether it is the network's genesis, its total coins when known. */
  historyEdge(
    ledger: number,
    signal?: AbortSignal,
  ): Promise<{ closedAt?: string; genesis: boolean; totalCoins?: string }>;
  /** A ledger by sequence, or null when the network has not closed it (or the source does not keep it). */
  ledger(sequence: number, signal?: AbortSignal): Promise<Ledger | null>;
  /** An account and its balances, or null when the network has no such account. */
  account(id: string, options?: ReadOptions): Promise<Account | null>;
  /** A single resource by id; a missing one is an HttpError 404 (the handler's orNotFound words it). */
  resource<K extends ResourceKind>(kind: K, id: string, signal?: AbortSignal): Promise<ResourceKinds[K]>;
  readonly listings: SourceListings | Lacking;
  readonly streams: { readonly payments: PaymentStreams | Lacking; readonly ledgers: LedgerStreams | Lacking };
  readonly submission: SourceSubmission | Lacking;
  /** What a local history index of an account walks. */
  readonly index: IndexListings | Lacking;
  /**
   * An account's ledgers as close meta, for an index read from ledgers (Stellar RPC: the ledgers
   * of its window its events name); absent where the index walks listings instead.
   */
  readonly ledgerHistory?: { producer(account: string): LedgerProducer };
}
