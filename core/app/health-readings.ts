// The selected network's health readings (its source's `health`), the last one kept with its time,
// so that a recent reading can stand for a new one (a history sync starts from it).
import type { NetworkHealth, NetworkProfile } from '../../shared/ipc';
import type { Source } from '../sources/source';

/**
 * The health readings of the selected network, the last one kept with its time: a reading of the
 * last `freshMs` that found the server (one in flight included) can stand for a new one.
 */
export class HealthReadings {
  private last: { baseUrl: string; at: number; reading: Promise<NetworkHealth> } | null = null;

  constructor(
    private readonly selected: () => NetworkProfile,
    private readonly sourceFor: (profile: NetworkProfile) => Pick<Source, 'health'>,
    private readonly freshMs: number,
  ) {}

  read(signal?: AbortSignal): Promise<NetworkHealth> {
    const profile = this.selected();
    const reading = this.sourceFor(profile).health(signal);
    this.last = { baseUrl: profile.baseUrl, at: Date.now(), reading };
    return reading;
  }

  /** A reading taken another way (the connection test of a URL about to be used, `network:test`). */
  seen(baseUrl: string, health: NetworkHealth): void {
    this.last = { baseUrl, at: Date.now(), reading: Promise.resolve(health) };
  }

  /** The last reading if it is recent, of the selected network, and found the server; else null. */
  async recent(): Promise<NetworkHealth | null> {
    const last = this.last;
    const same = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');
    if (!last || !same(last.baseUrl, this.selected().baseUrl) || Date.now() - last.at > this.freshMs) return null;
    // A reading stopped by its own caller, or one that failed, is not shared.
    const health = await last.reading.catch(() => null);
    return health?.online ? health : null;
  }
}
