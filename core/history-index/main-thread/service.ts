// The history index as the app core sees it: one worker (worker.ts) for every index file, the
// running syncs (one per network and account) and the export directory. Handlers
// (handlers/history.ts) call it with the selected network's profile and HTTP client.
import { existsSync } from 'node:fs';
import type { HistoryIndexInfo, HistoryProgress } from '../../../shared/history';
import type { IndexCoverage } from '../../../shared/index-coverage';
import type { IndexSums, LedgerReconcileInput } from '../../../shared/reconcile';
import type { NetworkProfile } from '../../../shared/ipc';
import type { Emit } from '../../app/dispatch';
import { CoreError } from '../../app/errors';
import { need, type Source } from '../../sources/source';
import type { StreamOptions } from '../../streams/stream-options';
import { HistoryWorker, indexFile } from './client';
import type { AccountMeta, HistoryOp, OpArgs, OpResult } from '../protocol';
import { damagedError } from '../damaged';
import { coverageOf } from './coverage';
import { AccountSync } from './sync';
import { lakeProducer, LedgerSync, type LedgerProducer } from './ledger-sync';
import { ReadTurns } from './read-turns';
import type { ServerRoot } from './walk';
import { workerTransport } from './worker-transport';
import { emptyMeta, infoOf } from './index-info';
import { exportToFile, type ExportRequest } from './export-to-file';

/**
 * Lake scans reading at once: each uses every core the machine has (its worker threads decompress
 * and search), so a third would only share them, and hold its own threads' memory meanwhile.
 */
export const LAKE_SCANS_AT_ONCE = 2;

export interface HistoryServiceOptions {
  userDataDir: string;
  exportDir: string;
  emit: Emit;
  stream?: StreamOptions;
  /** The index worker's module, when not the default one (the benchmark runs the bundle the app ships). */
  workerScript?: URL;
  /** The server's latest ledger as the core last read it (coverage.ts). */
  latestLedger?: () => number | null;
  /** While a sync follows, how often its side walks read on (sync-options.ts SIDES_EVERY_MS). */
  sidesEveryMs?: number;
}

export class HistoryService {
  readonly worker: HistoryWorker;
  private readonly syncs = new Map<string, AccountSync | LedgerSync>();
  /** Lake scans reading at once, whatever the number of syncs started (each scan runs its own worker threads). */
  readonly lakeTurns = new ReadTurns(LAKE_SCANS_AT_ONCE);

  constructor(private readonly options: HistoryServiceOptions) {
    this.worker = new HistoryWorker(options.workerScript);
  }

  file(profile: NetworkProfile): string {
    return indexFile(this.options.userDataDir, profile);
  }

  call<K extends HistoryOp>(profile: NetworkProfile, op: K, args: OpArgs<K>): Promise<OpResult<K>> {
    return this.worker.call(this.file(profile), op, args);
  }

  private key(profile: NetworkProfile, account: string): string {
    return `${this.file(profile)}|${account}`;
  }

  /** `root`: how the sync reads the server's root (default: a read of its own). */
  sync(
    profile: NetworkProfile,
    source: Source,
    account: string,
    follow = true,
    root?: (signal: AbortSignal) => Promise<ServerRoot>,
  ): AccountSync | LedgerSync {
    // A source without listings whose ledgers can be read (Stellar RPC) is indexed from them.
    if (source.ledgerHistory) return this.syncLedgers(profile, account, source.ledgerHistory.producer(account));
    const key = this.key(profile, account);
    let sync = this.syncs.get(key);
    // A lake's sync of this account is another walk: this one replaces it once it is stopped.
    if (sync instanceof LedgerSync) {
      if (sync.progress.state === 'syncing')
        throw new CoreError(
          'invalid_input',
          `The index of ${account} is being read from a ledger data lake: pause it first.`,
        );
      this.syncs.delete(key);
      sync = undefined;
    }
    if (!sync) {
      sync = new AccountSync({
        source,
        profile,
        account,
        follow,
        ...(root ? { root } : {}),
        call: (op, args) => this.call(profile, op, args),
        transport: (onEarly) => workerTransport(this.worker, onEarly),
        ingest: (page, guard, side) =>
          this.worker.call(this.file(profile), 'ingestHeld', {
            account,
            rid: page.rid,
            guard,
            ...(side ? { side } : {}),
            format: need(source.index).format,
          }),
        release: (page) => this.worker.drop(page.rid),
        emit: (progress) => this.options.emit('history:progress', progress),
        latestLedger: () => this.latestLedger(),
        ...(this.options.stream ? { stream: this.options.stream } : {}),
        ...(this.options.sidesEveryMs ? { sidesEveryMs: this.options.sidesEveryMs } : {}),
      });
      this.syncs.set(key, sync);
    }
    sync.start(follow);
    return sync;
  }

  /**
   * Starts (or goes on with) the account's index from a ledger data lake (ledger-sync.ts); a lake
   * sync of the account already running is returned as it is.
   */
  syncLake(
    profile: NetworkProfile,
    account: string,
    where: string,
    range: { from?: number | undefined; to?: number | undefined },
    passphrase: string | null,
    hints: readonly number[] = [],
  ): LedgerSync {
    return this.syncLedgers(profile, account, lakeProducer(where, range, passphrase, hints, {}, this.lakeTurns));
  }

  /** Starts (or goes on with) the account's index read from ledgers (ledger-sync.ts): a lake's, or an RPC server's window. */
  syncLedgers(profile: NetworkProfile, account: string, producer: LedgerProducer): LedgerSync {
    const key = this.key(profile, account);
    const running = this.syncs.get(key);
    if (running?.progress.state === 'syncing') {
      if (running instanceof LedgerSync) return running;
      throw new CoreError('invalid_input', `The index of ${account} is being synced from the server: pause it first.`);
    }
    running?.halt();
    const sync = new LedgerSync({
      profile,
      account,
      producer,
      call: (op, args) => this.call(profile, op, args),
      emit: (progress) => this.options.emit('history:progress', progress),
    });
    this.syncs.set(key, sync);
    sync.start();
    return sync;
  }

  running(profile: NetworkProfile, account: string): AccountSync | LedgerSync | undefined {
    return this.syncs.get(this.key(profile, account));
  }

  private latestLedger(): number | null {
    return this.options.latestLedger?.() ?? null;
  }

  /** The progress of a sync of this session, else what the index file says; a damaged file says so (error, coverage `damaged`). */
  async status(profile: NetworkProfile, account: string): Promise<HistoryProgress> {
    const running = this.running(profile, account);
    if (running) return running.progress;
    let meta: AccountMeta | null;
    try {
      meta = await this.call(profile, 'meta', { account });
    } catch (error) {
      if (!(error instanceof CoreError) || error.code !== 'index_damaged') throw error;
      const { rows: _r, bytes: _b, lastPagingToken: _t, ...info } = infoOf(profile, emptyMeta(account));
      const coverage: IndexCoverage = { partial: 'damaged', records: 0, throughLedger: null, latestLedger: null };
      return { ...info, records: 0, ratePerSecond: 0, state: 'error', message: error.message, coverage };
    }
    const { rows: _r, bytes: _b, lastPagingToken: _t, ...info } = infoOf(profile, meta ?? emptyMeta(account));
    const coverage = coverageOf(meta, undefined, this.latestLedger());
    const damaged = meta?.damaged
      ? { state: 'error' as const, message: damagedError(account, meta.damaged).message }
      : {};
    return { ...info, records: meta?.rows ?? 0, ratePerSecond: 0, state: 'idle', coverage, ...damaged };
  }

  /**
   * What a reconciliation reads of the index, in one round trip to the worker: the sums, where the
   * index is complete from (a running sync's progress says, else the account's row) and what it
   * covers now, as status() and coverage() would answer them.
   */
  async reconcileInput(
    profile: NetworkProfile,
    account: string,
  ): Promise<{
    sums: IndexSums;
    completeFromLedger: number | null;
    coverage: IndexCoverage;
    ledgers: LedgerReconcileInput | null;
  }> {
    const { sums, meta, ledgerBalances } = await this.call(profile, 'reconcile', { account });
    const running = this.running(profile, account)?.progress;
    // An index read from ledgers reconciles over the ledgers it has read: from its range's first to
    // the last it read (the balances at both ends are the ledgers' own).
    const ledgers =
      meta.ledgers === null
        ? null
        : {
            from: meta.ledgers.from,
            to: meta.ledgers.next - 1,
            balances: ledgerBalances.map(({ asset, opening, closing }) => ({ asset, opening, closing })),
          };
    return {
      sums,
      completeFromLedger: running ? running.completeFromLedger : infoOf(profile, meta).completeFromLedger,
      coverage: coverageOf(meta, running?.state, this.latestLedger()),
      ledgers,
    };
  }

  /** What the account's index covers now (coverage.ts): the analyses answer with it. */
  async coverage(profile: NetworkProfile, account: string): Promise<IndexCoverage> {
    const meta = await this.call(profile, 'meta', { account });
    return coverageOf(meta, this.running(profile, account)?.progress.state, this.latestLedger());
  }

  /**
   * Resumes the syncs the app stopped mid-walk (quit or killed: the file still says `syncing`),
   * following as the app's syncs do. Called when the app starts (AppCoreOptions.resumeSyncs).
   */
  async resumeInterrupted(
    profile: NetworkProfile,
    source: Source,
    root?: (signal: AbortSignal) => Promise<ServerRoot>,
  ): Promise<string[]> {
    if (!existsSync(this.file(profile))) return [];
    const metas = await this.call(profile, 'list', {});
    const interrupted = metas.filter((meta) => meta.state === 'syncing' && !this.running(profile, meta.address));
    for (const meta of interrupted) {
      // A lake's index goes on from that lake; an RPC network's, from its ledgers (sync routes it).
      if (meta.ledgers && !source.ledgerHistory)
        this.syncLake(profile, meta.address, meta.ledgers.where, {}, profile.passphrase);
      else this.sync(profile, source, meta.address, true, root);
    }
    return interrupted.map((meta) => meta.address);
  }

  async list(profile: NetworkProfile): Promise<{ networkId: string; indexes: HistoryIndexInfo[]; fileBytes: number }> {
    if (!existsSync(this.file(profile))) return { networkId: profile.id, indexes: [], fileBytes: 0 };
    const metas = await this.call(profile, 'list', {});
    const indexes = metas.map((meta) => {
      const info = infoOf(profile, meta);
      const state = this.running(profile, meta.address)?.progress.state;
      const coverage = coverageOf(meta, state, this.latestLedger());
      return { ...info, ...(state ? { state } : {}), coverage };
    });
    return { networkId: profile.id, indexes, fileBytes: await this.call(profile, 'fileSize', {}) };
  }

  /**
   * Rebuilds a damaged index (damage.ts): the account's index, or the whole file when the file is
   * damaged, is deleted, and the account synced again from the start.
   */
  async rebuild(
    profile: NetworkProfile,
    source: Source,
    account: string,
    root?: (signal: AbortSignal) => Promise<ServerRoot>,
  ): Promise<HistoryProgress> {
    this.running(profile, account)?.cancel();
    this.syncs.delete(this.key(profile, account));
    const { file } = await this.call(profile, 'rebuild', { account });
    // Every sync of that file lost its index with it: their next start begins afresh.
    for (const [key, sync] of [...this.syncs]) {
      if (!file || !key.startsWith(`${this.file(profile)}|`)) continue;
      sync.cancel();
      this.syncs.delete(key);
    }
    return this.sync(profile, source, account, true, root).progress;
  }

  async remove(profile: NetworkProfile, account: string): Promise<boolean> {
    this.running(profile, account)?.cancel();
    this.syncs.delete(this.key(profile, account));
    if (!existsSync(this.file(profile))) return false;
    return this.call(profile, 'remove', { account });
  }

  /** The account's filtered rows written whole to a file of the export directory (export-to-file.ts). */
  exportTo(profile: NetworkProfile, request: ExportRequest): Promise<{ path: string; rows: number }> {
    return exportToFile(this.options.exportDir, (args) => this.call(profile, 'export', args), request);
  }

  async close(): Promise<void> {
    // Halted, not paused: the file keeps saying `syncing`, and the next start resumes them.
    for (const sync of this.syncs.values()) sync.halt();
    this.syncs.clear();
    await this.worker.close();
  }
}
