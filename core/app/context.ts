// What every domain's handlers share (docs/design.md, issue #11): the network profiles, one HTTP
// client per base URL, the event emitter, the long-lived services (streams, submissions,
// exports), the health reading and the helpers that turn a missing resource into a clear error.
// app.ts builds one and hands it to each file of handlers/.
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { NetworkHealth, NetworkProfile, RequestChannel } from '../../shared/ipc';
import type { Emit, Handlers } from './dispatch';
import { CoreError } from './errors';
import { Exports } from '../exports/export';
import { tomlCacheOf } from '../conventions/profile-toml';
import type { TomlCache } from '../conventions/stellar-toml';
import { HealthReadings } from './health-readings';
import { demoNames } from './home';
import { HistoryService } from '../history-index/main-thread/service';
import { HttpClient, HttpError } from '../http/http';
import { LabelStore } from './labels';
import { Networks } from '../networks/networks';
import type { RateLimitWait } from '../http/rate-limit';
import { sourceCache } from '../sources/registry';
import type { Source } from '../sources/source';
import { StreamManager, type StreamOptions } from '../streams/streams';
import { Submissions, type FollowOptions } from '../submission/submit';
import { LOCAL_NETWORK_FOLDER } from '../../shared/local-data';

export interface AppCoreOptions {
  userDataDir: string;
  /** Base URLs of the embedded local network's service and, when one runs, its Stellar RPC (Local RPC). */
  localUrl: string;
  localRpcUrl?: string | null;
  host: 'electron' | 'web';
  version: string;
  emit?: Emit;
  /** The embedded local network's data directory, for its demo accounts (default: <userData>/local-network). */
  localDataDir?: string;
  /** Where exports are written (default: ~/Downloads, else <userData>/exports). */
  exportDir?: string;
  /** Push `network:health` this often (0 = never; default 15 s). */
  healthIntervalMs?: number;
  /**
   * false: no health reading pushed at start or when the selection changes, only read when
   * something needs it (recentHealth: a sync's root). The command line, where a command is a few
   * requests or none (`totals` reads only the index), so a root read would be most of its cost.
   */
  healthPush?: boolean;
  streams?: StreamOptions;
  follow?: FollowOptions;
  /** maxWaitMs: the longest 429 wait accepted (default 300 s; the command line's --max-wait). */
  http?: { timeoutMs?: number; maxRetries?: number; maxWaitMs?: number };
  /** How long a domain's stellar.toml may take (default TOML_TIMEOUT_MS, 5 s; tests shorten it). */
  toml?: { timeoutMs?: number };
  /** The history index worker's module, when not the default (client.ts). */
  historyWorker?: URL;
  /** While a sync follows, how often its side walks read on (default the index's SIDES_EVERY_MS, a minute). */
  historySidesEveryMs?: number;
}

/** The handlers of one domain: the channels it answers, each with its named handler. */
export type DomainHandlers<C extends RequestChannel> = Pick<Handlers, C>;

export interface CoreContext {
  readonly options: AppCoreOptions;
  readonly userDataDir: string;
  readonly emit: Emit;
  readonly networks: Networks;
  readonly streams: StreamManager;
  readonly submissions: Submissions;
  readonly exports: Exports;
  /** The local history indexes (a worker thread owns their SQLite files) and their syncs. */
  readonly history: HistoryService;
  /** The address book: the user's labels, and the local network's own names while it is selected. */
  readonly labels: LabelStore;
  /** The HTTP client of the selected network (one per base URL, so its 429 gate is shared). */
  http(): HttpClient;
  /**
   * The HTTP client of any profile, or of a server being probed (its URL, and the id its 429
   * notices name), from the same per-base-URL cache: a 429 on a probe holds the next request too.
   */
  clientFor(profile: Pick<NetworkProfile, 'id' | 'baseUrl'>): HttpClient;
  /**
   * The selected network's source (core/sources/source.ts): what handlers, the history index and
   * the command line reach the network through. One per profile, over its base URL's client.
   */
  source(): Source;
  /** The source of any profile, from the same cache (its client from clientFor). */
  sourceFor(profile: NetworkProfile): Source;
  /**
   * The selected network's stellar.toml readings (SEP-1): one cache per profile, made anew when
   * the selection (or the profile's base URL) changes, so no reading crosses networks; the
   * built-in local network alone reads its own domain over plain HTTP (localConventionsOf).
   */
  tomlCache(): TomlCache;
  /** The latest ledger the selected network reported (null until a health reading has it). */
  latestLedger(): number | null;
  /** Reads the selected network's health now and remembers its latest ledger. */
  checkHealth(signal?: AbortSignal): Promise<NetworkHealth>;
  /**
   * The selected network's health as a reading of the last ROOT_FRESH_MS found it (one in flight
   * included), else a new reading: one read of the server's root serves the health and a sync.
   */
  recentHealth(signal?: AbortSignal): Promise<NetworkHealth>;
  /** A server's health read another way (a connection test): a reading of that URL for recentHealth. */
  healthSeen(baseUrl: string, health: NetworkHealth): void;
  /** Reads the health and emits it as `network:health`; a failure waits for the next tick. */
  pushHealth(): Promise<void>;
  /** After the selection changed: forget the old latest ledger, move streams, push a reading. */
  networkChanged(profile: NetworkProfile): void;
  /** Runs a request; a 404 becomes an error that says what was missing and on which network. */
  orNotFound<T>(what: string, request: () => Promise<T>): Promise<T>;
  /** Registers what a domain must stop when the core closes (a connection it holds). */
  onClose(stop: () => void): void;
  /** Stops the health push and every service. */
  close(): Promise<void>;
}

/** How old a health reading (the server's root) may be and still serve as the root a history sync starts from. */
export const ROOT_FRESH_MS = 30_000;

export function createCoreContext(options: AppCoreOptions): CoreContext {
  const emit: Emit = options.emit ?? (() => undefined);
  const networks = new Networks(options.userDataDir, options.localUrl, options.localRpcUrl ?? null);
  const clientFor = clientCache(options, emit, (baseUrl) => profileIdOf(networks, baseUrl));
  const http = () => clientFor(networks.selected());
  const sourceFor = sourceCache(clientFor);
  let latestLedger: number | null = null;
  const streams = new StreamManager(options.userDataDir, emit, {
    latestLedger: () => latestLedger,
    knownLimit: () => http().rateLimit.limit,
    clientFor,
    ...options.streams,
  });
  const submissions = new Submissions(options.userDataDir, emit, options.follow);
  const labels = addressBook(options, networks);
  const { exports, history } = fileServices(options, emit, labels, () => latestLedger);

  const readings = new HealthReadings(() => networks.selected(), sourceFor, ROOT_FRESH_MS);

  async function checkHealth(signal?: AbortSignal): Promise<NetworkHealth> {
    const health = await readings.read(signal);
    latestLedger = health.latestLedger ?? latestLedger;
    return health;
  }

  async function pushHealth(): Promise<void> {
    // Not pushed at all (the command line), or, while a 429 holds the server's requests, a timed push would only queue behind it.
    if (options.healthPush === false || http().gatedUntil > Date.now()) return;
    try {
      emit('network:health', await checkHealth());
    } catch {
      // a failed push is retried at the next tick
    }
  }

  const tomlCache = tomlCacheOf(() => networks.selected(), options.toml?.timeoutMs);
  const stopHealthPush = startHealthPush(options, pushHealth);
  const closers: (() => void)[] = [];
  streams.useNetwork(networks.selected());

  return {
    options,
    userDataDir: options.userDataDir,
    emit,
    networks,
    streams,
    submissions,
    exports,
    history,
    labels,
    http,
    clientFor,
    source: () => sourceFor(networks.selected()),
    sourceFor,
    tomlCache: () => tomlCache.current(),
    latestLedger: () => latestLedger,
    checkHealth,
    recentHealth: async (signal) => (await readings.recent()) ?? checkHealth(signal),
    healthSeen: (baseUrl, health) => readings.seen(baseUrl, health),
    pushHealth,
    networkChanged(profile) {
      latestLedger = null;
      tomlCache.drop();
      streams.useNetwork(profile);
      void pushHealth();
    },
    orNotFound: (what, request) => notFoundOn(networks, what, request),
    onClose(stop) {
      closers.push(stop);
    },
    async close() {
      for (const stop of closers.splice(0)) stop();
      stopHealthPush();
      streams.close();
      submissions.close();
      exports.close();
      await history.close();
    },
  };
}

/** The embedded local network's data directory (its demo accounts). */
export function localDataDirOf(options: AppCoreOptions): string {
  return options.localDataDir ?? join(options.userDataDir, LOCAL_NETWORK_FOLDER);
}

/** The address book; while the local network is selected it names the demo accounts (its own names). */
function addressBook(options: AppCoreOptions, networks: Networks): LabelStore {
  const dataDir = localDataDirOf(options);
  return new LabelStore(
    options.userDataDir,
    () => (networks.selected().id === 'local' ? { network: 'local', names: demoNames(dataDir) } : null),
    () => networks.selected().id,
  );
}

/** Exports (their summaries name accounts by the address book) and the history indexes. */
function fileServices(options: AppCoreOptions, emit: Emit, labels: LabelStore, latestLedger: () => number | null) {
  const exports = new Exports(options.exportDir ?? join(homedir(), 'Downloads'), emit, () => labels.names());
  return { exports, history: historyService(options, exports.directory, emit, latestLedger) };
}

function historyService(
  options: AppCoreOptions,
  exportDir: string,
  emit: Emit,
  latestLedger: () => number | null,
): HistoryService {
  return new HistoryService({
    userDataDir: options.userDataDir,
    exportDir,
    emit,
    latestLedger,
    ...(options.streams ? { stream: options.streams } : {}),
    ...(options.historyWorker ? { workerScript: options.historyWorker } : {}),
    ...(options.historySidesEveryMs ? { sidesEveryMs: options.historySidesEveryMs } : {}),
  });
}

/** The profile the user knows a server by (the selected one first): what a 429 names. */
function profileIdOf(networks: Networks, baseUrl: string): string | undefined {
  const same = (profile: NetworkProfile) => profile.baseUrl.replace(/\/+$/, '') === baseUrl;
  const selected = networks.selected();
  return same(selected) ? selected.id : networks.list().find(same)?.id;
}

/**
 * One HTTP client per base URL (trailing slashes aside), so every caller of a server (streams,
 * the connection test of its root) shares its 429 gate. Its 429s name the profile of that server
 * when the wait begins (`networkOf`), not whichever caller made the client (a connection test
 * of a URL not saved yet asks as `url`).
 */
function clientCache(
  options: AppCoreOptions,
  emit: Emit,
  networkOf: (baseUrl: string) => string | undefined,
): (profile: Pick<NetworkProfile, 'id' | 'baseUrl'>) => HttpClient {
  const clients = new Map<string, HttpClient>();
  return function clientFor(profile) {
    const key = profile.baseUrl.replace(/\/+$/, '');
    let client = clients.get(key);
    if (!client) {
      // A 429 is told to every view (and the command line) with the time the wait ends.
      const onRateLimit = (until: number, wait: RateLimitWait) =>
        emit('network:rate-limit', {
          networkId: networkOf(key) ?? profile.id,
          until: Math.round(until),
          waitMs: Math.round(wait.announcedMs),
          source: wait.source,
        });
      clients.set(key, (client = new HttpClient(profile.baseUrl, { ...options.http, onRateLimit })));
    }
    return client;
  };
}

async function notFoundOn<T>(networks: Networks, what: string, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) {
      throw new CoreError(
        'not_found',
        `${what} was not found on ${networks.selected().name}. Check the id, or select the network it belongs to.`,
        { status: 404 },
      );
    }
    throw error;
  }
}

/** Pushes `network:health` on a timer, and once at once: the UI shows it, and streams need the latest ledger to say "behind". */
function startHealthPush(options: AppCoreOptions, pushHealth: () => Promise<void>): () => void {
  if (!options.emit) return () => undefined;
  const interval = options.healthIntervalMs ?? 15_000;
  const timer = interval > 0 ? setInterval(() => void pushHealth(), interval) : null;
  timer?.unref();
  void pushHealth();
  return () => {
    if (timer) clearInterval(timer);
  };
}
