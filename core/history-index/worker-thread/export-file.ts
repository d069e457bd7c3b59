// Export of a filtered set straight from the index to CSV or NDJSON, in keyset chunks, yielding
// between chunks so the worker answers queries meanwhile. CSV cells are written by the app's one
// cell writer (shared/csv-cell.ts: quoted, a formula start neutralised); an NDJSON line is the index row with
// the record as the server wrote it under "record".
import { closeSync, openSync, writeSync } from 'node:fs';
import type { DatabaseSync } from 'node:sqlite';
import type { HistoryRow } from '../../../shared/history';
import { csvCells } from '../../../shared/csv-cell';
import type { ExportArgs } from '../protocol';
import { readPage, rowOf } from './query';

export const HISTORY_CSV_COLUMNS = [
  'id',
  'paging_token',
  'ledger',
  'created_at',
  'type',
  'transaction_hash',
  'successful',
  'source',
  'counterparty',
  'direction',
  'asset',
  'amount',
  'source_asset',
  'source_amount',
  'memo',
  'memo_type',
  'fee',
] as const;

const CHUNK = 2_000;

export function historyCsvRow(row: HistoryRow): string {
  const cells = [
    row.id,
    row.pagingToken,
    String(row.ledger),
    row.createdAt,
    row.type,
    row.transactionHash,
    String(row.successful),
    row.source,
    row.counterparty ?? '',
    row.direction,
    row.asset ?? '',
    row.amount ?? '',
    row.sourceAsset ?? '',
    row.sourceAmount ?? '',
    row.memo ?? '',
    row.memoType ?? '',
    row.fee ?? '',
  ];
  return `${csvCells(cells)}\n`;
}

/** One NDJSON line: the row's columns, then the raw record spliced in as JSON (not as a string). */
export function historyNdjsonRow(row: HistoryRow): string {
  const { raw, ...columns } = row;
  const head = JSON.stringify(columns);
  return raw === undefined ? `${head}\n` : `${head.slice(0, -1)},"record":${raw.replace(/[\r\n]+/g, ' ')}}\n`;
}

export async function exportIndex(db: DatabaseSync, acct: number, args: ExportArgs): Promise<{ rows: number }> {
  // The file the core claimed for this export (claimFreshPath): opened as it is, never created or truncated here.
  const fd = openSync(args.path, 'r+');
  let rows = 0;
  try {
    if (args.format === 'csv') writeSync(fd, `${HISTORY_CSV_COLUMNS.join(',')}\n`);
    let cursor: string | undefined;
    for (;;) {
      const page = readPage(db, acct, {
        filter: args.filter,
        sort: args.sort,
        cursor,
        limit: CHUNK,
        includeRaw: args.format === 'ndjson',
      });
      const text = page.rows
        .map((r) => (args.format === 'csv' ? historyCsvRow(rowOf(r)) : historyNdjsonRow(rowOf(r))))
        .join('');
      if (text) writeSync(fd, text);
      rows += page.rows.length;
      if (!page.next) break;
      cursor = page.next;
      await new Promise((resolve) => setImmediate(resolve));
    }
  } finally {
    closeSync(fd);
  }
  return { rows };
}
