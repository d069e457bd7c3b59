// One history row as an NDJSON line: the index's export writes it in the worker
// (worker-thread/export-file.ts), the command line's `history --format ndjson` on the main thread,
// so it lives here, at the root both threads read, not in a worker file.
import type { HistoryRow } from '../../shared/history';

/** One NDJSON line: the row's columns, then the raw record spliced in as JSON (not as a string). */
export function historyNdjsonRow(row: HistoryRow): string {
  const { raw, ...columns } = row;
  const head = JSON.stringify(columns);
  return raw === undefined ? `${head}\n` : `${head.slice(0, -1)},"record":${raw.replace(/[\r\n]+/g, ' ')}}\n`;
}
