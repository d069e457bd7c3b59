// Live payments of watched accounts: one SSE connection per account (stream-connection.ts), in the
// core. The watch list, each account's notification minimum and its last paging token are
// persisted, so an app restart resumes every stream where it stopped. streamPayments runs one
// such stream outside the watch list (the command line, the history index's follow).
import { z } from 'zod';
import { migrateWatched, type Minimums } from '../../shared/minimums';
import type { NetworkProfile } from '../../shared/ipc';
import { mergeFeed } from '../../shared/feed';
import { WatchedAccount, type Operation, type StreamStatus } from '../../shared/model';
import type { Emit } from '../app/dispatch';
import { SettingsFile } from '../app/settings';
import { budgetFor, type ReconnectBudget } from './reconnect-budget';
import { AccountStream, type StreamOptions } from '../sources/horizon/stream-connection';

export type { StreamOptions } from '../sources/horizon/stream-connection';

// Entries written before minimums were per asset carry `minAmount`: read as the any-asset minimum.
const RECENT_LIMIT = 50;
const Watched = z.object({ accounts: z.array(z.preprocess(migrateWatched, WatchedAccount)) });

export class StreamManager {
  private readonly file: SettingsFile<z.infer<typeof Watched>>;
  private readonly streams = new Map<string, AccountStream>();
  /** Records each stream delivered since it started, newest first: the feed's live part (stream:feed). */
  private readonly recent = new Map<string, { account: string; record: Operation }[]>();
  private profile: NetworkProfile | null = null;
  private persistQueued = false;
  /** One reconnect budget for all streams of the selected network. */
  private budget: ReconnectBudget | null = null;
  private closed = false;

  constructor(
    userDataDir: string,
    private readonly emit: Emit,
    private readonly options: StreamOptions = {},
  ) {
    this.file = new SettingsFile(userDataDir, 'watched.json', Watched, () => ({ accounts: [] }));
  }

  /** Starts the streams of the profile's watched accounts, stopping those of any other network. */
  useNetwork(profile: NetworkProfile): void {
    if (this.profile && this.profile.id === profile.id && this.profile.baseUrl === profile.baseUrl) return;
    this.stopAll();
    this.profile = profile;
    this.budget = budgetFor(profile, this.options.budgetPolicy);
    for (const watched of this.watched()) this.start(watched);
  }

  watched(): WatchedAccount[] {
    return this.file.get().accounts.filter((entry) => entry.networkId === this.profile?.id);
  }

  /** The last RECENT_LIMIT records an account's stream delivered, newest first. */
  recentRecords(account: string): Operation[] {
    return (this.recent.get(account) ?? []).map((item) => item.record);
  }

  statuses(): StreamStatus[] {
    return [...this.streams.values()].map((stream) => stream.status);
  }

  /** Watches an account; its minimums replace the ones it had (none: every payment notifies). */
  watch(account: string, minAmounts?: Minimums): WatchedAccount {
    const profile = this.profile;
    if (!profile) throw new Error('No network selected.');
    const existing = this.file
      .get()
      .accounts.find((entry) => entry.account === account && entry.networkId === profile.id);
    const next: WatchedAccount = {
      ...(existing ?? {}),
      account,
      networkId: profile.id,
      ...(minAmounts && Object.keys(minAmounts).length ? { minAmounts } : {}),
    };
    if (!minAmounts || Object.keys(minAmounts).length === 0) delete next.minAmounts;
    this.file.update((state) => ({ accounts: [...state.accounts.filter((entry) => entry !== existing), next] }));
    const running = this.streams.get(account);
    if (running) running.watched = next;
    else this.start(next);
    return next;
  }

  unwatch(account: string): boolean {
    const profile = this.profile;
    const before = this.file.get().accounts.length;
    this.file.update((state) => ({
      accounts: state.accounts.filter((entry) => !(entry.account === account && entry.networkId === profile?.id)),
    }));
    this.streams.get(account)?.stop();
    this.streams.delete(account);
    this.recent.delete(account);
    return this.file.get().accounts.length < before;
  }

  private start(watched: WatchedAccount): void {
    if (!this.profile) return;
    const stream = new AccountStream(
      this.profile,
      watched,
      { ...this.options, ...(this.budget ? { budget: this.budget } : {}) },
      {
        status: (status) => this.emit('stream:status', status),
        record: (record, notify) => {
          this.recent.set(
            watched.account,
            mergeFeed(this.recent.get(watched.account) ?? [], [{ account: watched.account, record }], RECENT_LIMIT),
          );
          this.emit('stream:record', { account: watched.account, networkId: watched.networkId, record, notify });
          this.queuePersist();
        },
        moved: () => this.queuePersist(),
      },
    );
    this.streams.set(watched.account, stream);
    stream.start();
  }

  /** Persists every stream's last paging token once per burst of records. */
  private queuePersist(): void {
    if (this.persistQueued) return;
    this.persistQueued = true;
    setImmediate(() => {
      this.persistQueued = false;
      this.persist();
    });
  }

  private persist(): void {
    if (this.closed) return;
    try {
      this.write();
    } catch {
      // The directory went away or the disk is full: keep streaming; the next burst tries again.
    }
  }

  private write(): void {
    this.file.update((state) => ({
      accounts: state.accounts.map((entry) => {
        const stream = entry.networkId === this.profile?.id ? this.streams.get(entry.account) : undefined;
        const token = stream?.watched.lastPagingToken;
        return token && token !== entry.lastPagingToken ? { ...entry, lastPagingToken: token } : entry;
      }),
    }));
  }

  private stopAll(): void {
    if (this.streams.size > 0) this.persist();
    for (const stream of this.streams.values()) stream.stop();
    this.streams.clear();
    this.recent.clear();
  }

  close(): void {
    this.stopAll();
    this.closed = true;
    this.profile = null;
  }
}

/**
 * One stream of an account's payments outside the watch list (the command line's `stream`, the
 * history index's follow): the same reconnection, deduplication and watchdog, starting after
 * `cursor` ("now" by default).
 */
export function streamPayments(
  profile: NetworkProfile,
  account: string,
  handlers: { record(record: Operation): void; status(status: StreamStatus): void },
  options: StreamOptions & { cursor?: string } = {},
): { stop(): void } {
  const start = options.cursor && options.cursor !== 'now' ? { lastPagingToken: options.cursor } : {};
  const budget = options.budget ?? budgetFor(profile, options.budgetPolicy);
  const stream = new AccountStream(
    profile,
    { account, networkId: profile.id, ...start },
    { ...options, ...(budget ? { budget } : {}) },
    {
      status: handlers.status,
      record: (record) => handlers.record(record),
    },
  );
  stream.start();
  return { stop: () => stream.stop() };
}
