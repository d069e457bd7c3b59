// How the embedded network (embedded-network.ts) restarts a part that stops or does not start:
// exponential backoff up to a cap, a limit of attempts, and a process that ran long enough counted healthy.
import { exponentialDelay } from '../http/backoff';

export interface RestartPolicy {
  initialDelayMs: number;
  factor: number;
  maxDelayMs: number;
  /** Consecutive failed launches before giving up (the notice says so). */
  maxAttempts: number;
  /** A process that ran this long resets the backoff. */
  healthyAfterMs: number;
}

export const DEFAULT_RESTART: RestartPolicy = {
  initialDelayMs: 500,
  factor: 2,
  maxDelayMs: 30_000,
  maxAttempts: 8,
  healthyAfterMs: 60_000,
};

/** The backoff before restart attempt `attempt` (1-based). */
export function restartDelay(policy: RestartPolicy, attempt: number): number {
  return exponentialDelay(
    { initialMs: policy.initialDelayMs, factor: policy.factor, capMs: policy.maxDelayMs },
    attempt,
  );
}

/** A backoff as a notice says it: "500 ms", "1.5 s". */
export function formatDelay(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(ms % 1000 ? 1 : 0)} s`;
}
