// The start of a server's history. An instance that keeps only recent history (Horizon's
// `history_elder_ledger`) answers 410 `before_history` to a newest-first page that reaches past
// it: the listing ends there, it has not failed. Listings, exports and the command line say so
// with this one sentence. The schema of a history start is shared/model's; this file needs no zod,
// so the renderer's first screen can say it (docs/design.md, "The renderer's bundle").
import type { HistoryStart } from './model/resources';

export type { HistoryStart };

/** "This server keeps history from ledger 46500001 (2025-03-14); older operations, if any, are not listed. …" */
export function historyStartMessage(start: HistoryStart): string {
  if (start.ledger === null)
    return 'This server does not keep older history; older operations, if any, are not listed. A full-history server has them.';
  const date = start.closedAt ? ` (${start.closedAt.slice(0, 10)})` : '';
  return `This server keeps history from ledger ${start.ledger}${date}; older operations, if any, are not listed. A full-history server has them.`;
}
