// Live streams of watched accounts and listing exports.
import { z } from 'zod';
import { DecimalString, IdString } from './base';

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
  /** Notify only for incoming payments of at least this amount (any currency); absent = all. */
  minAmount: DecimalString.optional(),
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
  /** Set while waiting out a 429 (milliseconds until the next request). */
  waitingMs: z.number().optional(),
  message: z.string().optional(),
});
export type ExportProgress = z.infer<typeof ExportProgress>;
