// Turns to read ledgers, shared by every sync of one history service: a lake scan starts its own
// worker threads and fetches (core/sources/lake/scan.ts), so eight accounts synced at once would
// start eight pools. At most `capacity` read at once; the others wait in the order they asked,
// told how many are ahead of them as that changes, and a wait ends with its sync's signal.
import { CoreError } from '../../app/errors';

interface Waiter {
  grant(): void;
  onAhead: ((ahead: number) => void) | undefined;
}

export class ReadTurns {
  private reading = 0;
  private readonly waiting: Waiter[] = [];

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`capacity ${capacity}: at least 1 turn`);
  }

  /** Reads in progress and waits now (for tests and progress). */
  get counts(): { reading: number; waiting: number } {
    return { reading: this.reading, waiting: this.waiting.length };
  }

  /**
   * A turn: at once while fewer than `capacity` read, else after those ahead. `onAhead` hears how
   * many wait ahead (0: next) each time that changes, only while waiting. The returned release
   * gives the turn to the next waiter; calling it again does nothing. An aborted signal ends the
   * wait with a `cancelled` error and takes no turn.
   */
  async take(signal: AbortSignal, onAhead?: (ahead: number) => void): Promise<() => void> {
    if (signal.aborted) throw stopped();
    if (this.reading < this.capacity && this.waiting.length === 0) {
      this.reading++;
      return this.releaser();
    }
    await new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        grant: () => {
          signal.removeEventListener('abort', abort);
          resolve();
        },
        onAhead,
      };
      const abort = () => {
        const at = this.waiting.indexOf(waiter);
        if (at >= 0) this.waiting.splice(at, 1);
        this.tellAhead(at);
        reject(stopped());
      };
      signal.addEventListener('abort', abort, { once: true });
      this.waiting.push(waiter);
      onAhead?.(this.waiting.length - 1);
    });
    return this.releaser();
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      // The turn passes straight to the next waiter (the count of readers stays), else is given back.
      if (next) {
        next.grant();
        this.tellAhead(0);
      } else this.reading--;
    };
  }

  /** Those waiting from position `from` on moved one place up. */
  private tellAhead(from: number): void {
    if (from < 0) return;
    for (let at = from; at < this.waiting.length; at++) this.waiting[at]!.onAhead?.(at);
  }
}

const stopped = () => new CoreError('cancelled', 'The sync was stopped before its turn to read.');
