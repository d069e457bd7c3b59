// What every sync of an account's index shares, whatever it reads (a server's listings, sync.ts;
// ledgers, ledger-sync.ts): its state and message, its progress told at most four times a second
// (and at once on a change of state), and the waiters for it to settle (the command line waits).
import type { HistoryProgress } from '../../../shared/history';

type State = HistoryProgress['state'];

export abstract class SyncState {
  protected state: State = 'idle';
  protected message: string | undefined;
  private lastEmit = 0;
  private readonly settledWaiters: (() => void)[] = [];

  constructor(private readonly emitProgress: (progress: HistoryProgress) => void) {}

  abstract get progress(): HistoryProgress;

  /** Resolves once the sync is current, paused, cancelled or failed (the command line waits for it). */
  settled(): Promise<HistoryProgress> {
    if (this.state !== 'syncing') return Promise.resolve(this.progress);
    return new Promise((resolve) => this.settledWaiters.push(() => resolve(this.progress)));
  }

  protected setState(state: State, message?: string): void {
    this.state = state;
    if (message !== undefined) this.message = message;
    this.emit(true);
    if (state !== 'syncing') this.settledWaiters.splice(0).forEach((wake) => wake());
  }

  protected emit(force = false): void {
    const now = Date.now();
    if (!force && now - this.lastEmit < 250) return;
    this.lastEmit = now;
    this.emitProgress(this.progress);
  }
}
