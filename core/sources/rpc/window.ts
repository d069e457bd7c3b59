// What history a Stellar RPC server keeps: a window of recent ledgers (120,960 by default, about
// seven days), said wherever history is listed, and a refusal to reach before it read as that
// window, so the screen can say which ledgers the server keeps and what would answer the rest.

const formatCount = (n: number) => n.toLocaleString('en');

export interface RetentionWindow {
  oldest: number;
  latest: number;
  /** Seconds since 1970, when the answer gave them (getEvents, getTransactions, getLedgers do). */
  oldestCloseTime?: number;
  latestCloseTime?: number;
}

/** "this server keeps ledgers 59,879,040 to 60,000,000, about 7 days" */
export function windowSentence(window: RetentionWindow): string {
  const span = spanText(window);
  return `this server keeps ledgers ${formatCount(window.oldest)} to ${formatCount(window.latest)}${span ? `, ${span}` : ''}`;
}

/** What answers history before the window, said after it. */
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
