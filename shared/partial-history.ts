// The start of a server's history. An instance that keeps only recent history (Horizon's
// `history_elder_ledger`) answers 410 `before_history` to a newest-first page that reaches past
// it: the listing ends there, it has not failed. Listings, exports and the command line say so
// with this one sentence.
import { z } from 'zod';

export const HistoryStart = z.object({
  /** The oldest ledger the server keeps (null: it did not say which). */
  ledger: z.number().int().nonnegative().nullable(),
  /** When that ledger closed (ISO 8601), when the server told. */
  closedAt: z.string().max(40).optional(),
});
export type HistoryStart = z.infer<typeof HistoryStart>;

/** "This server keeps history from ledger 46500001 (2025-03-14). …" */
export function historyStartMessage(start: HistoryStart): string {
  if (start.ledger === null) return 'This server does not keep older history. For older records, use a full-history server.';
  const date = start.closedAt ? ` (${start.closedAt.slice(0, 10)})` : '';
  return `This server keeps history from ledger ${start.ledger}${date}. For older records, use a full-history server.`;
}
