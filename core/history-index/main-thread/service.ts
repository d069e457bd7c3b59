// The history index as the app core sees it: one worker (worker.ts) for every index file, the
// running syncs (one per network and account) and the export directory. Handlers
// (handlers/history.ts) call it with the selected network's profile and HTTP client.
import { closeSync, existsSync, mkdirSync, openSync, rmSync } from 'node:fs';
import type { HistoryFilter, HistoryIndexInfo, HistoryProgress, HistorySort } from '../../../shared/history';
import type { IndexCoverage } from '../../../shared/index-coverage';
import type { IndexSums } from '../../../shared/reconcile';
import type { NetworkProfile } from '../../../shared/ipc';
import type { Emit } from '../../app/dispatch';
import { CoreError } from '../../app/errors';
import { finishTemp, openTemp } from '../../exports/whole-file';
import { need, type Source } from '../../sources/source';
import type { StreamOptions } from '../../streams/stream-options';
import { HistoryWorker, indexFile } from './client';
import type { AccountMeta, HistoryOp, OpArgs, OpResult } from '../protocol';
import { damagedError } from '../damaged';
import { coverageOf } from './coverage';
import { AccountSync } from './sync';
import type { ServerRoot } from './walk';
import { workerTransport } from './worker-transport';

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
  private readonly syncs = new Map<string, AccountSync>();

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
  ): AccountSync {
    const key = this.key(profile, account);
    let sync = this.syncs.get(key);
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

  running(profile: NetworkProfile, account: string): AccountSync | undefined {
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
  ): Promise<{ sums: IndexSums; completeFromLedger: number | null; coverage: IndexCoverage }> {
    const { sums, meta } = await this.call(profile, 'reconcile', { account });
    const running = this.running(profile, account)?.progress;
    return {
      sums,
      completeFromLedger: running ? running.completeFromLedger : infoOf(profile, meta).completeFromLedger,
      coverage: coverageOf(meta, running?.state, this.latestLedger()),
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
    for (const meta of interrupted) this.sync(profile, source, meta.address, true, root);
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

  async exportTo(
    profile: NetworkProfile,
    request: {
      account: string;
      filter: HistoryFilter;
      sort: HistorySort;
      format: 'csv' | 'accounting' | 'ndjson';
      fileName?: string | undefined;
      names?: [string, string][];
      maxRows?: number | undefined;
    },
  ) {
    mkdirSync(this.options.exportDir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const kind = request.format === 'accounting' ? '-accounting' : '';
    const ext = request.format === 'ndjson' ? 'ndjson' : 'csv';
    const base = request.fileName ?? `history-${request.account.slice(0, 8)}${kind}-${stamp}.${ext}`;
    // Written whole or not at all (core/exports/whole-file.ts): the worker writes into a temporary
    // file created here exclusively, which is flushed and only then given a fresh name (two exports
    // of one name at once get two files, and a file already there is never replaced); if it fails,
    // or the process is killed, no file stands under the name, so no part passes for the whole.
    const temp = openTemp(this.options.exportDir, base);
    closeSync(temp.fd);
    try {
      const { rows } = await this.call(profile, 'export', {
        account: request.account,
        filter: request.filter,
        sort: request.sort,
        format: request.format,
        ...(request.names ? { names: request.names } : {}),
        ...(request.maxRows !== undefined ? { maxRows: request.maxRows } : {}),
        path: temp.path,
      });
      return { path: finishTemp({ path: temp.path, fd: openSync(temp.path, 'r+') }, base), rows };
    } catch (error) {
      rmSync(temp.path, { force: true });
      throw error;
    }
  }

  async close(): Promise<void> {
    // Halted, not paused: the file keeps saying `syncing`, and the next start resumes them.
    for (const sync of this.syncs.values()) sync.halt();
    this.syncs.clear();
    await this.worker.close();
  }
}

function emptyMeta(account: string): AccountMeta {
  return {
    acct: 0,
    address: account,
    lastToken: null,
    completeFrom: null,
    state: 'idle',
    rows: 0,
    bytes: 0,
    oldest: null,
    newest: null,
    damaged: null,
    sides: { transactions: null, trades: null, missing: [] },
  };
}

function infoOf(profile: NetworkProfile, meta: AccountMeta): HistoryIndexInfo {
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    account: meta.address,
    networkId: profile.id,
    rows: meta.rows,
    bytes: meta.bytes,
    oldest: iso(meta.oldest),
    newest: iso(meta.newest),
    completeFromLedger: meta.completeFrom,
    lastPagingToken: meta.lastToken,
    // A state written by a sync of an earlier session is history: nothing runs now.
    state: meta.state === 'syncing' || meta.state === 'current' ? 'idle' : meta.state,
  };
}
