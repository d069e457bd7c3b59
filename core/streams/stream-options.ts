// What a stream of an account's payments is given, whatever source serves it: its silence window,
// the network's reconnect budget, its backoff, the latest ledger for "behind by n", and what it
// streams. A source reads what applies to it (Horizon's SSE reads them all).
import type { NetworkProfile } from '../../shared/ipc';
import type { HttpClient } from '../http/http';
import type { BudgetPolicy, ReconnectBudget } from './reconnect-budget';

export interface StreamOptions {
  /** Restart a stream that sent nothing for this long (default SILENCE_WINDOW_MS of the profile's dialect). */
  keepaliveWindowMs?: number;
  /** The network's reconnect budget, shared by all its streams (none = unlimited). */
  budget?: ReconnectBudget;
  /** The budget a network's streams get (default: Horizon's for the horizon dialect, none for the local service). */
  budgetPolicy?: BudgetPolicy;
  /** The server's hourly limit as last told (X-RateLimit-Limit): the budget follows it. */
  knownLimit?: () => number | null;
  /** First reconnect wait (default 1 s); each next one is ×1.5, up to backoffCapMs (default 30 s). */
  backoffBaseMs?: number;
  backoffCapMs?: number;
  /** Latest ledger of the network, to report "behind by n ledgers". */
  latestLedger?: () => number | null;
  /** What to stream (default: the account's payments); the history index streams operations. */
  listing?: { path: 'payments' | 'operations'; params?: Record<string, string> };
  /** Keep each record's exact text as `raw` (the history index stores it); rows shown live do not. */
  keepRaw?: boolean;
  /** The HTTP client of a profile's server, shared with every other request to it (the core's per-base-URL one); default: a client of the stream's own. */
  clientFor?: (profile: NetworkProfile) => HttpClient;
}
