// An account's index read from ledgers: a data lake's (issue 39: the lake's ledgers from `from` to
// `to` scanned for the account by core/sources/lake/scan.ts, fetched with bounded parallelism,
// decompressed, searched and decoded off this thread; nothing but the lake is asked, its manifest
// names the network), or a Stellar RPC server's window (issue 38.4: the ledgers its events name,
// core/sources/rpc/ledger-history.ts). Each run of consecutive ledgers is written with the ledger
// the index stands at (worker-thread/ledger-writer.ts), so a sync stopped anywhere (paused,
// cancelled, failed, the app killed) goes on from the next ledger with none skipped or read twice.
import type { HistoryProgress } from '../../../shared/history';
import type { NetworkProfile } from '../../../shared/ipc';
import { CoreError } from '../../app/errors';
import { openLake } from '../../sources/lake/open';
import { boundsOf } from '../../sources/lake/info';
import { scanLake } from '../../sources/lake/scan';
import type { LedgerProducer, LedgerReadProgress } from '../../sources/source';
import type { AccountMeta } from '../protocol';
import { damagedError } from '../damaged';
import { coverageOf } from './coverage';
import type { ReadTurns } from './read-turns';
import { SyncState } from './sync-state';
import type { IndexCall } from './walk';

type State = HistoryProgress['state'];

export type { LedgerProducer };

export interface LedgerSyncOptions {
  profile: NetworkProfile;
  account: string;
  /** What the ledgers are read from (lakeProducer below, or an RPC server's). */
  producer: LedgerProducer;
  call: IndexCall;
  emit(progress: HistoryProgress): void;
}

/**
 * A lake's ledgers: its folder or http(s) base URL, the range asked (default: the lake's ends), the
 * network's passphrase (null: the lake's own is taken). `turns`: the service's turns to read (a
 * scan waits for one before it starts its workers), none for a scan on its own.
 */
export function lakeProducer(
  where: string,
  asked: { from?: number | undefined; to?: number | undefined },
  passphrase: string | null,
  hints: readonly number[] = [],
  scan: { fetchesAtOnce?: number; workers?: number } = {},
  turns?: ReadTurns,
): LedgerProducer {
  let opened: Awaited<ReturnType<typeof openLake>> | null = null;
  return {
    async open(held, signal) {
      const lake = await openLake(where, { signal, ...(passphrase ? { expectPassphrase: passphrase } : {}) });
      opened = lake;
      // Unasked, an index that has not read its range goes on to its end; one that has, to the lake's end.
      const unread = held !== null && held.next <= held.to;
      const bounds =
        (asked.to === undefined && !unread) || (asked.from === undefined && !held)
          ? await boundsOf(
              lake,
              [asked.from, asked.to, held?.next, held?.from, ...hints].filter((n): n is number => n !== undefined),
              signal,
            )
          : null;
      const from = held?.from ?? asked.from ?? bounds!.first;
      const to = asked.to ?? (unread ? held.to : Math.max(held?.to ?? 0, bounds!.last));
      // An index goes on where it stands: a range that starts before it, or after a gap, is another index.
      if (held && asked.from !== undefined && (asked.from < held.from || asked.from > held.next))
        throw new CoreError(
          'invalid_input',
          `The index holds ledgers ${held.from}–${held.next - 1} read from ${held.where}: a range from ledger ${asked.from} is another index. Go on from ledger ${held.next}, or remove the account's index first.`,
        );
      return { where: lake.where, from, to };
    },
    async read(account, from, to, signal, onLedgers, onProgress) {
      const nothingYet = { from, to, done: 0, bytes: 0, ledgersPerSecond: 0, bytesPerSecond: 0, msLeft: null };
      let waited = false;
      const release = turns
        ? await turns.take(signal, (ahead) => {
            waited = true;
            onProgress({ ...nothingYet, waiting: ahead });
          })
        : () => undefined;
      // Its turn come, a scan that waited no longer says so before its first progress.
      if (waited) onProgress(nothingYet);
      try {
        await scanLake(opened!, {
          account,
          from,
          to,
          signal,
          ...scan,
          onLedgers: (run) => onLedgers(run.map(({ ledger, records }) => ({ ledger, records }))),
          onProgress,
        });
      } finally {
        release();
      }
    },
  };
}

export class LedgerSync extends SyncState {
  private controller = new AbortController();
  private meta: AccountMeta | null = null;
  private range: { where: string; from: number; to: number } | null = null;
  private scanned: LedgerReadProgress | null = null;

  constructor(private readonly options: LedgerSyncOptions) {
    super(options.emit);
  }

  get progress(): HistoryProgress {
    const meta = this.meta;
    const range = this.range ?? (meta?.ledgers ? meta.ledgers : null);
    const done = meta?.ledgers ? meta.ledgers.next - meta.ledgers.from : 0;
    const iso = (ms: number | null | undefined) => (ms == null ? null : new Date(ms).toISOString());
    return {
      account: this.options.account,
      networkId: this.options.profile.id,
      state: this.state,
      records: meta?.rows ?? 0,
      ratePerSecond: 0,
      oldest: iso(meta?.oldest),
      newest: iso(meta?.newest),
      completeFromLedger: null,
      ...(this.message ? { message: this.message } : {}),
      coverage: coverageOf(meta, this.state, null),
      ...(range
        ? {
            lake: {
              where: range.where,
              from: range.from,
              to: range.to,
              done: Math.max(0, done),
              bytes: this.scanned?.bytes ?? 0,
              ledgersPerSecond: Math.round(this.scanned?.ledgersPerSecond ?? 0),
              bytesPerSecond: Math.round(this.scanned?.bytesPerSecond ?? 0),
              msLeft: this.state === 'syncing' ? (this.scanned?.msLeft ?? null) : null,
              ...(this.state === 'syncing' && this.scanned?.waiting !== undefined
                ? { waiting: this.scanned.waiting }
                : {}),
            },
          }
        : {}),
    };
  }

  start(): HistoryProgress {
    if (this.state === 'syncing' || this.state === 'current') return this.progress;
    this.controller = new AbortController();
    this.message = undefined;
    this.scanned = null;
    this.setState('syncing');
    void this.run(this.controller.signal);
    return this.progress;
  }

  pause(): HistoryProgress {
    return this.stop('paused');
  }

  cancel(): HistoryProgress {
    return this.stop('cancelled');
  }

  /** Stops with the app: the file still says `syncing`, and the next start goes on from its next ledger. */
  halt(): void {
    this.controller.abort();
  }

  private stop(state: State): HistoryProgress {
    if (this.state === 'idle' || this.state === state) return this.progress;
    const wasSyncing = this.state === 'syncing';
    this.controller.abort();
    if (wasSyncing) {
      this.setState(state);
      void this.options.call('setState', { account: this.options.account, state }).catch(() => undefined);
    }
    return this.progress;
  }

  private async run(signal: AbortSignal): Promise<void> {
    const { call, account } = this.options;
    try {
      this.meta = await call('meta', { account });
      if (this.meta?.damaged) throw damagedError(account, this.meta.damaged);
      const { where, from, to } = await this.options.producer.open(this.meta?.ledgers ?? null, signal);
      if (from > to)
        throw new CoreError('invalid_input', `The range ${from}–${to} is empty: its first ledger is after its last.`);
      this.range = { where, from, to };
      const start = this.meta?.ledgers ? this.meta.ledgers.next : from;
      await call('setState', { account, state: 'syncing' });
      if (start <= to)
        await this.options.producer.read(
          account,
          start,
          to,
          signal,
          async (run) => {
            if (signal.aborted) throw new CoreError('cancelled', 'The sync was stopped.');
            const result = await call('ingestLedgers', { account, where, from, to, run });
            this.meta = result.meta;
            this.emit();
          },
          (progress) => {
            this.scanned = progress;
            this.emit();
          },
        );
      if (signal.aborted) return;
      await call('setState', { account, state: 'current' });
      this.meta = await call('meta', { account });
      this.setState('current');
    } catch (error) {
      if (signal.aborted) return;
      this.meta = (await call('meta', { account }).catch(() => null)) ?? this.meta;
      this.setState('error', (error as Error).message);
      void call('setState', { account, state: 'error' }).catch(() => undefined);
    }
  }
}
