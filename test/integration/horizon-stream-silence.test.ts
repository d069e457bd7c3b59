// Horizon sends no keepalives: a quiet stream to it is silent until Horizon itself closes it
// (55 s). The app's silence watchdog must not tear it down first: for the horizon dialect it waits
// longer than 60 s (the local service, with keepalives every 15 s, is watched at 40 s). The clock
// the watchdog reads is faked; the stream, the server and the reconnection are real.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SILENCE_WINDOW_MS } from '../../core/sources/horizon/stream-connection';
import { streamPayments } from '../../core/streams/streams';
import type { NetworkProfile } from '../../shared/ipc';
import { StandinHorizon } from '../support/standin-horizon';

let horizon: StandinHorizon;

beforeAll(async () => {
  // A stream the stand-in never closes by itself within the test: only the app could end it.
  horizon = await new StandinHorizon({
    passphrase: 'Silence ; 2026',
    elderLedger: 10,
    latestLedger: 12,
    streamTimeoutMs: 3_600_000,
  }).start();
});
afterAll(() => horizon?.close());
afterEach(() => vi.useRealTimers());

describe('silence watchdog on the horizon dialect', () => {
  it('keeps a silent stream open past 55 s and 60 s, and restarts it only after its 65 s window', async () => {
    expect(SILENCE_WINDOW_MS.horizon).toBeGreaterThan(60_000);
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    const profile: NetworkProfile = {
      id: 'standin',
      name: 'Standin',
      baseUrl: horizon.url,
      passphrase: 'Silence ; 2026',
      dialect: 'horizon',
      builtIn: false,
    };
    const states: string[] = [];
    const handle = streamPayments(
      profile,
      horizon.account,
      { record: () => undefined, status: (s) => void states.push(s.state) },
      { cursor: StandinHorizon.firstToken(13).toString() },
    );
    try {
      await vi.waitFor(() => expect(states).toContain('live'), { timeout: 10_000 });
      const opened = horizon.streams.length;
      // The watchdog runs inside advanceTimersByTime, and a restart reports `reconnecting` at once.
      vi.advanceTimersByTime(61_000); // past Horizon's 55 s and a load balancer's 60 s: still the same stream
      expect(states).not.toContain('reconnecting');
      expect(horizon.streams.length).toBe(opened);
      expect(horizon.streams.at(-1)!.closedBy).toBeNull();
      vi.advanceTimersByTime(10_000); // past the 65 s window: the watchdog restarts it
      expect(states).toContain('reconnecting');
      await vi.waitFor(() => expect(horizon.streams.length).toBe(opened + 1), { timeout: 10_000 });
      expect(horizon.streams.at(-2)!.closedBy).toBe('client');
    } finally {
      handle.stop();
    }
  });
});
