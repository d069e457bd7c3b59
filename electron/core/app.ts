// The app core: every handler of the channel map, with no Electron import, so the Electron main
// process, the web host and the command-line client share it. Handlers are named functions in a
// list; the work lives in the domain modules next to this file.
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { ListingTarget, NetworkHealth, NetworkProfile } from '../../shared/ipc';
import type { TransactionDetail } from '../../shared/model';
import { CoreError, type Emit, type Handlers } from './dispatch';
import { readHealth, testConnection } from './health';
import { allExplanations, explainCode } from './explain';
import { Exports } from './export';
import { HttpClient, HttpError } from './http';
import { logHandlers } from './handlers/log';
import { ledgerTransactionHandlers } from './handlers/ledger-transactions';
import { inspectEnvelope } from './inspect';
import { fetchListing, scopeId, type ListingParams } from './listings';
import { Networks, profileFromFlag } from './networks';
import { normalizeOperation } from './normalize';
import { normalizeAccount, normalizeClaimableBalance, normalizeLedger, normalizeLiquidityPool, normalizeTransaction } from './resources';
import { StreamManager, type StreamOptions } from './streams';
import { Submissions, type FollowOptions } from './submit';
import { decodeXdrJson, guessXdrTypes } from './xdr';

export interface AppCoreOptions {
  userDataDir: string;
  /** Base URL of the embedded local network's service. */
  localUrl: string;
  host: 'electron' | 'web';
  version: string;
  emit?: Emit;
  /** `--network local|testnet|public|<url>`: selects a profile at start (a URL for this run only). */
  network?: string;
  /** Where exports are written (default: ~/Downloads, else <userData>/exports). */
  exportDir?: string;
  /** Push `network:health` this often (0 = never; default 15 s). */
  healthIntervalMs?: number;
  streams?: StreamOptions;
  follow?: FollowOptions;
  http?: { timeoutMs?: number; maxRetries?: number };
}

export interface AppCore {
  handlers: Handlers;
  networks: Networks;
  exports: Exports;
  submissions: Submissions;
  streams: StreamManager;
  /** The HTTP client of the selected network (one per base URL, so its 429 gate is shared). */
  http(): HttpClient;
  close(): Promise<void>;
}

export function createAppCore(options: AppCoreOptions): AppCore {
  const emit: Emit = options.emit ?? (() => undefined);
  const networks = new Networks(options.userDataDir, options.localUrl);
  if (options.network) {
    const profile = profileFromFlag(options.network, options.localUrl);
    if (profile.id === 'url') networks.useTransient(profile);
    else networks.select(profile.id);
  }
  const clients = new Map<string, HttpClient>();
  const clientFor = (profile: NetworkProfile) => {
    let client = clients.get(profile.baseUrl);
    if (!client) clients.set(profile.baseUrl, (client = new HttpClient(profile.baseUrl, options.http)));
    return client;
  };
  const http = () => clientFor(networks.selected());
  let latestLedger: number | null = null;
  const streams = new StreamManager(options.userDataDir, emit, { latestLedger: () => latestLedger, ...options.streams });
  const submissions = new Submissions(options.userDataDir, emit, options.follow);
  const exportDir = options.exportDir ?? join(homedir(), 'Downloads');
  const exports = new Exports(exportDir, emit);

  async function checkHealth(signal?: AbortSignal): Promise<NetworkHealth> {
    const profile = networks.selected();
    const health = await readHealth(profile, clientFor(profile), signal);
    latestLedger = health.latestLedger ?? latestLedger;
    return health;
  }

  async function pushHealth(): Promise<void> {
    try {
      emit('network:health', await checkHealth());
    } catch {
      // a failed push is retried at the next tick
    }
  }
  const interval = options.healthIntervalMs ?? 15_000;
  const healthTimer = interval > 0 && options.emit ? setInterval(() => void pushHealth(), interval) : null;
  healthTimer?.unref();
  // A first reading at once: the UI shows it, and streams need the latest ledger to say "behind".
  if (options.emit) void pushHealth();
  streams.useNetwork(networks.selected());

  /** Runs a request; a 404 becomes an error that says what was missing and on which network. */
  async function orNotFound<T>(what: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) {
        throw new CoreError('not_found', `${what} was not found on ${networks.selected().name}. Check the id, or select the network it belongs to.`, { status: 404 });
      }
      throw error;
    }
  }

  /** GETs one resource: its body and its exact text. */
  async function getResource(path: string, what: string, signal: AbortSignal) {
    const response = await orNotFound(what, () => http().getJson(path, { signal }));
    return [response.body, response.text.trim()] as const;
  }

  async function listing(target: ListingTarget, query: ListingParams, what: string, signal: AbortSignal) {
    const { lastToken: _last, ...page } = await orNotFound(what, () => fetchListing(http(), target, query, { signal }));
    return page;
  }

  function selectNetwork(id: string) {
    const profile = networks.select(id);
    latestLedger = null;
    streams.useNetwork(profile);
    void pushHealth();
    return { selectedId: profile.id };
  }

  const handlers: Handlers = {
    ...logHandlers(),
    ...ledgerTransactionHandlers({ http, orNotFound, networks }),
    'app:info': async function appInfo() {
      return { name: 'Ledgerscope', version: options.version, host: options.host };
    },
    'network:list': async function networkList() {
      return { profiles: networks.list(), selectedId: networks.selected().id };
    },
    'network:select': async function networkSelect({ id }) {
      return selectNetwork(id);
    },
    'network:add': async function networkAdd(draft, { signal }) {
      if (draft.dialect) return networks.add(draft);
      // Which dialect the server speaks is asked of the server itself (its root resource); an
      // unreachable server is saved as Horizon, the common case, and network:test can tell later.
      const probe = await testConnection(draft, AbortSignal.any([signal, AbortSignal.timeout(3_000)])).catch(() => null);
      return networks.add({ ...draft, dialect: probe?.dialect ?? 'horizon' });
    },
    'network:update': async function networkUpdate({ id, changes }) {
      const profile = networks.update(id, changes);
      if (networks.selected().id === id) streams.useNetwork(profile);
      return profile;
    },
    'network:remove': async function networkRemove({ id }) {
      const selected = networks.remove(id);
      streams.useNetwork(selected);
      return { selectedId: selected.id };
    },
    'network:test': async function networkTest(args, { signal }) {
      return testConnection('id' in args ? networks.get(args.id) : args, signal);
    },
    'network:health': async function networkHealth(_args, { signal }) {
      return checkHealth(signal);
    },
    'payments:list': async function paymentsList({ account, query }, { signal }) {
      return listing({ kind: 'payments', account }, query, `Account ${account.slice(0, 56)}`, signal);
    },
    'operations:list': async function operationsList({ scope, id, query }, { signal }) {
      return listing({ kind: 'operations', scope, id }, query, `The ${scope.replace('_', ' ')} ${id.slice(0, 72)}`, signal);
    },
    'operation:get': async function operationGet({ id }, { signal }) {
      if (!/^\d{1,19}$/.test(id)) throw new CoreError('invalid_input', `"${id.slice(0, 40)}" is not an operation id (digits).`);
      const [body, raw] = await getResource(`/operations/${id}`, `Operation ${id}`, signal);
      return normalizeOperation(body, { raw });
    },
    'account:get': async function accountGet({ id }, { signal }) {
      const account = scopeId('account', id);
      return normalizeAccount(...(await getResource(`/accounts/${account}`, `Account ${account}`, signal)));
    },
    'ledger:get': async function ledgerGet({ sequence }, { signal }) {
      const seq = scopeId('ledger', String(sequence));
      return normalizeLedger(...(await getResource(`/ledgers/${seq}`, `Ledger ${seq}`, signal)));
    },
    'transaction:get': async function transactionGet({ hash }, { signal }): Promise<TransactionDetail> {
      const tx = scopeId('transaction', hash);
      return normalizeTransaction(...(await getResource(`/transactions/${tx}`, `Transaction ${tx}`, signal)));
    },
    'claimable-balance:get': async function claimableBalanceGet({ id }, { signal }) {
      const balance = scopeId('claimable_balance', id);
      return normalizeClaimableBalance(...(await getResource(`/claimable_balances/${balance}`, `Claimable balance ${balance}`, signal)));
    },
    'liquidity-pool:get': async function liquidityPoolGet({ id }, { signal }) {
      const pool = scopeId('liquidity_pool', id);
      return normalizeLiquidityPool(...(await getResource(`/liquidity_pools/${pool}`, `Liquidity pool ${pool}`, signal)));
    },
    'tx:inspect': async function txInspect({ input }, { signal }) {
      const selected = networks.selected();
      return inspectEnvelope(input, {
        profiles: networks.list(),
        selected,
        loadAccount: async (id) => {
          try {
            const account = normalizeAccount((await http().getJson(`/accounts/${id}`, { signal, timeoutMs: 8_000 })).body);
            return { sequence: account.sequence, signers: account.signers.map((s) => s.key) };
          } catch (error) {
            if (error instanceof HttpError && error.status === 404) return null;
            throw error;
          }
        },
      });
    },
    'tx:submit': async function txSubmit({ input }, { signal }) {
      return submissions.submit(input, networks.selected(), http(), signal);
    },
    'tx:status': async function txStatus({ hash }, { signal }) {
      return submissions.status(hash.toLowerCase(), networks.selected(), http(), signal);
    },
    'tx:journal': async function txJournal({ limit }) {
      return { entries: submissions.entries(limit) };
    },
    'tx:explain': async function txExplain({ codes }) {
      return { explanations: codes ? codes.map((code) => explainCode(code)) : allExplanations() };
    },
    'xdr:decode': async function xdrDecode({ type, xdr }) {
      const candidates = guessXdrTypes(xdr);
      const chosen = type ?? candidates[0];
      if (!chosen) throw new CoreError('invalid_input', 'These bytes do not decode as any XDR type.');
      return { type: chosen, json: decodeXdrJson(chosen, xdr), candidates: candidates.slice(0, 20) };
    },
    'stream:watch': async function streamWatch({ account, minAmount }) {
      return streams.watch(scopeId('account', account), minAmount);
    },
    'stream:unwatch': async function streamUnwatch({ account }) {
      return { removed: streams.unwatch(account) };
    },
    'stream:list': async function streamList() {
      return { watched: streams.watched(), statuses: streams.statuses() };
    },
    'export:start': async function exportStart(request) {
      return exports.start(request, http());
    },
    'export:cancel': async function exportCancel({ exportId }) {
      return { cancelled: exports.cancel(exportId) };
    },
    'export:list': async function exportList() {
      return { exports: exports.list(), directory: exports.directory };
    },
  };

  return {
    handlers,
    networks,
    exports,
    submissions,
    streams,
    http,
    close: async () => {
      if (healthTimer) clearInterval(healthTimer);
      streams.close();
      submissions.close();
      exports.close();
    },
  };
}
