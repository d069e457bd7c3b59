// Live streams of watched accounts and listing exports.
import { z } from 'zod';
import { Minimums } from '../minimums';
import { IdString } from './base';

export const STREAM_STATES = ['connecting', 'live', 'reconnecting', 'behind', 'stopped'] as const;
export const StreamStatus = z.object({
  account: IdString,
  networkId: z.string(),
  state: z.enum(STREAM_STATES),
  /** Reconnection attempt (1-based) while reconnecting. */
  attempt: z.number().int().optional(),
  /** Ledgers between the last record seen and the network's latest, while catching up. */
  behindBy: z.number().int().optional(),
  lastPagingToken: z.string().optional(),
  message: z.string().optional(),
});
export type StreamStatus = z.infer<typeof StreamStatus>;

export const WatchedAccount = z.object({
  account: IdString,
  networkId: z.string(),
  /**
   * Notify only for incoming payments reaching the minimum of their asset (`native`, `CODE:ISSUER`)
   * or, failing that, of any asset (`*`); absent = all (shared/minimums.ts).
   */
  minAmounts: Minimums.optional(),
  lastPagingToken: z.string().optional(),
});
export type WatchedAccount = z.infer<typeof WatchedAccount>;

export const EXPORT_STATES = ['running', 'done', 'cancelled', 'failed'] as const;
export const ExportProgress = z.object({
  exportId: z.string(),
  path: z.string(),
  state: z.enum(EXPORT_STATES),
  rows: z.number().int().nonnegative(),
  pages: z.number().int().nonnegative(),
  /** Set while waiting before the next request (milliseconds until it). */
  waitingMs: z.number().optional(),
  /** Why: the server's rate limit (429) or the server unavailable (503). */
  waitingFor: z.enum(['rate_limit', 'unavailable']).optional(),
  /** How many rows the export will have, when the server tells (a ledger's or transaction's operations). */
  total: z.number().int().nonnegative().optional(),
  message: z.string().optional(),
});
export type ExportProgress = z.infer<typeof ExportProgress>;
