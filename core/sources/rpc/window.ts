// What history a Stellar RPC server keeps: a window of recent ledgers (120,960 by default, about
// seven days), said wherever history is listed (the sentence is shared/history-start.ts's, which
// the renderer says too), and a refusal to reach before it read as that window.
import type { SeenWindow } from './calls';

/**
 * The window a server's refusal names, when it refused a start outside it (stellar-rpc's two
 * wordings: getEvents, and getTransactions/getLedgers), else null.
 */
export function windowOfRefusal(message: string): { oldest: number; latest: number } | null {
  const events = /ledger range: (\d+) - (\d+)/.exec(message);
  if (events) return { oldest: Number(events[1]), latest: Number(events[2]) };
  const listing = /between the oldest ledger: (\d+) and the latest ledger: (\d+)/.exec(message);
  if (listing) return { oldest: Number(listing[1]), latest: Number(listing[2]) };
  return null;
}

/**
 * The first ledger a server keeps now, foreseen from the window it last said: the same, unless its
 * window is full (as long as its retention), which then moves on a ledger per ledger closed (the
 * pace its close times give), rounded up; null when it said none.
 */
export function windowStart(window: SeenWindow | null, now = Date.now()): number | null {
  if (!window) return null;
  const { oldest, latest, retention, oldestCloseTime, latestCloseTime } = window;
  const full = retention !== undefined && latest - oldest + 1 >= retention;
  if (!full || oldestCloseTime === undefined || latestCloseTime === undefined || latest <= oldest) return oldest;
  const secondsPerLedger = (latestCloseTime - oldestCloseTime) / (latest - oldest);
  if (!(secondsPerLedger > 0)) return oldest;
  const closed = Math.ceil(Math.max(0, now - window.at) / 1000 / secondsPerLedger);
  return Math.min(oldest + closed, latest);
}
