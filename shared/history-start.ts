// The start of a server's history. An instance that keeps only recent history (Horizon's
// `history_elder_ledger`) answers 410 `before_history` to a newest-first page that reaches past
// it: the listing ends there, it has not failed. Listings, exports and the command line say so
// with this one sentence. The schema of a history start is shared/model's; this file needs no zod,
// so the renderer's first screen can say it (docs/design.md, "The renderer's bundle").
import type { HistoryStart } from './model/resources';

export type { HistoryStart };

const formatCount = (n: number) => n.toLocaleString('en');

export interface RetentionWindow {
  oldest: number;
  latest: number;
  /** Seconds since 1970, when the server gave them (getEvents, getTransactions, getLedgers, getHealth do). */
  oldestCloseTime?: number | undefined;
  latestCloseTime?: number | undefined;
}

/** "this server keeps ledgers 59,879,040 to 60,000,000, about 7 days" (a Stellar RPC server's window). */
export function windowSentence(window: RetentionWindow): string {
  const span = spanText(window);
  return `this server keeps ledgers ${formatCount(window.oldest)} to ${formatCount(window.latest)}${span ? `, ${span}` : ''}`;
}

/** What answers history before a window, said after it. */
export const BEFORE_WINDOW =
  'a Horizon that keeps full history, or the ledger data lake (SEP-54), holds the ledgers before them';

function spanText({ oldestCloseTime, latestCloseTime }: RetentionWindow): string | null {
  if (oldestCloseTime === undefined || latestCloseTime === undefined || latestCloseTime < oldestCloseTime) return null;
  const hours = (latestCloseTime - oldestCloseTime) / 3600;
  if (hours < 1) return 'less than an hour';
  if (hours < 36) {
    const whole = Math.round(hours);
    return `about ${whole} hour${whole === 1 ? '' : 's'}`;
  }
  return `about ${Math.round(hours / 24)} days`;
}

/** "This server keeps history from ledger 46500001 (2025-03-14); older operations, if any, are not listed. …" */
export function historyStartMessage(start: HistoryStart): string {
  if (start.window && start.ledger !== null) {
    const sentence = windowSentence({ oldest: start.ledger, ...start.window });
    if (start.window.fromGenesis)
      return `${sentence[0]!.toUpperCase()}${sentence.slice(1)}: every ledger of its network, so nothing older is missing.`;
    return `${sentence[0]!.toUpperCase()}${sentence.slice(1)}; older operations, if any, are not listed: ${BEFORE_WINDOW}.`;
  }
  if (start.ledger === null)
    return 'This server does not keep older history; older operations, if any, are not listed. A full-history server has them.';
  const date = start.closedAt ? ` (${start.closedAt.slice(0, 10)})` : '';
  return `This server keeps history from ledger ${start.ledger}${date}; older operations, if any, are not listed. A full-history server has them.`;
}
