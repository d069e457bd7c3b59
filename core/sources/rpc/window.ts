// What history a Stellar RPC server keeps: a window of recent ledgers (120,960 by default, about
// seven days), said wherever history is listed (the sentence is shared/history-start.ts's, which
// the renderer says too), and a refusal to reach before it read as that window.

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
