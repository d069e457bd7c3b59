// The reconnect budget of one network's streams (docs/app-core.md, "Streams and Horizon's rate
// limit"). Horizon counts requests per client IP (default 3600 an hour) and ends every stream
// after 55 s or `limit` events, so each watched account reconnects about 65 times an hour. All
// streams of a network draw on one token bucket: a reconnect takes a token; when none is left it
// waits until one has refilled, so reconnects are spaced evenly instead of exceeding the limit.
// Pure apart from the injected clock, so its arithmetic is unit-tested.
import type { NetworkProfile } from '../../shared/ipc';

export interface BudgetPolicy {
  /** Reconnects allowed per hour, all streams of the network together. */
  perHour: number;
  /** Reconnects that may happen at once (the bucket's size), e.g. every stream starting together. */
  burst: number;
}

/** Horizon's default limit is 3600 requests an hour; streams may use 90% of it (STREAM_SHARE), the views the rest. */
export const HORIZON_STREAM_BUDGET: BudgetPolicy = { perHour: 3240, burst: 20 };

/** Reconnects every ~55 s (Horizon's connection timeout plus the reconnect): about 65 an hour per stream. */
export const RECONNECTS_PER_STREAM_HOUR = Math.ceil(3600 / 55);

/** Share of a server's hourly request limit that its streams may spend on reconnects. */
export const STREAM_SHARE = 0.9;

export class ReconnectBudget {
  private tokens: number;
  private at: number;

  constructor(
    public policy: BudgetPolicy,
    private readonly now: () => number = Date.now,
  ) {
    if (!(policy.perHour > 0) || !(policy.burst >= 1))
      throw new RangeError('a reconnect budget needs perHour > 0 and burst >= 1');
    this.tokens = policy.burst;
    this.at = now();
  }

  /** Tokens refilled per millisecond. */
  private get rate(): number {
    return this.policy.perHour / 3_600_000;
  }

  /**
   * Takes one reconnect and returns how long to wait before making it (0 when a token is there).
   * Waiting callers queue: each later one is spaced one refill interval after the one before.
   */
  reserve(): number {
    this.refill();
    this.tokens -= 1;
    return this.tokens >= 0 ? 0 : Math.ceil(-this.tokens / this.rate);
  }

  /**
   * The server told its limit (Horizon's X-RateLimit-Limit, requests an hour): the budget becomes
   * STREAM_SHARE of it. Nonsense (absent, zero, negative, not finite) leaves the budget as it is.
   */
  adoptLimit(requestsPerHour: number | null | undefined): void {
    if (
      requestsPerHour === null ||
      requestsPerHour === undefined ||
      !Number.isFinite(requestsPerHour) ||
      requestsPerHour < 1
    )
      return;
    const perHour = Math.max(1, Math.floor(requestsPerHour * STREAM_SHARE));
    if (perHour === this.policy.perHour) return;
    this.refill();
    this.policy = { ...this.policy, perHour };
  }

  /** Brings the bucket up to now at the old rate before the rate changes. */
  private refill(): void {
    const now = this.now();
    this.tokens = Math.min(this.policy.burst, this.tokens + (now - this.at) * this.rate);
    this.at = now;
  }

  /** How many streams reconnecting every ~55 s this budget sustains without waiting. */
  sustainableStreams(): number {
    return Math.floor(this.policy.perHour / RECONNECTS_PER_STREAM_HOUR);
  }
}

/** Horizon's streams share its hourly limit; the local service (ledger dialect) sets none. */
export function budgetFor(profile: NetworkProfile, policy?: BudgetPolicy): ReconnectBudget | null {
  const chosen = policy ?? (profile.dialect === 'horizon' ? HORIZON_STREAM_BUDGET : null);
  return chosen ? new ReconnectBudget(chosen) : null;
}
