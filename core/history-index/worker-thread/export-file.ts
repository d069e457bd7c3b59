// Export of a filtered set straight from the index, in keyset chunks, yielding between chunks so
// the worker answers queries meanwhile: the app's one column set (shared/export-columns.ts), the
// accounting layout (shared/accounting.ts, one row per transaction), or NDJSON, the index row with
// the record as the server wrote it under "record". CSV cells are written by the app's one cell
// writer (shared/csv-cell.ts: quoted, a formula start neutralised). The CSV layouts step through a
// chunk's statement and write it a batch of BATCH rows at a time: memory holds one batch (and the
// accounting writer one transaction), NDJSON one chunk, whatever the history's length.
import { closeSync, openSync, writeSync } from 'node:fs';
import type { DatabaseSync } from 'node:sqlite';
import { ACCOUNTING_COLUMNS, AccountingWriter, CurrencyNames, firstIssuers } from '../../../shared/accounting';
import { columnRows, EXPORT_COLUMNS, type ExportOp } from '../../../shared/export-columns';
import { historyNdjsonRow } from '../ndjson-row';
import type { ExportArgs } from '../protocol';
import { accountAssets, exportOpOf, ExtraLegs } from './export-ops';
import { C, ExportReader, type ExportRow } from './export-read';
import { readPage, rowOf } from './query';
import { RecordSentences } from './record-sentences';

/** Rows read by one statement between two yields. */
const CHUNK = 5_000;
/**
 * Rows turned into text and written at a time. Small, so what is alive while the worker makes
 * text stays in V8's young generation (the worker's is 16 MB, client.ts): written in one piece,
 * a 5,000-row chunk outlived its scavenges and a third of the export went in collecting it.
 */
const BATCH = 500;

/** The writer of a CSV layout: its header, and each chunk's rows to text. */
function csvWriterOf(db: DatabaseSync, acct: number, args: ExportArgs) {
  const names = new Map(args.names ?? []);
  const nameOf = (account: string) => names.get(account);
  const extra = new ExtraLegs(db, acct);
  if (args.format === 'csv') {
    // An operation that moved nothing says what it did or tried (its stored record's sentence).
    const sentences = new RecordSentences(db, acct);
    const described = (op: ExportOp): ExportOp =>
      op.legs.length === 0 ? { ...op, summary: sentences.of(op.opId, op.type) } : op;
    return {
      header: `${EXPORT_COLUMNS.join(',')}\n`,
      rows: (rows: ExportRow[]) => {
        const legs = extra.of(rows);
        return rows.map((r) => columnRows(described(exportOpOf(r, legs.get(r[C.id] as string))), nameOf)).join('');
      },
      end: () => '',
    };
  }
  const writer = new AccountingWriter(new CurrencyNames(firstIssuers(accountAssets(db, acct))), nameOf);
  return {
    header: `${ACCOUNTING_COLUMNS.join(',')}\n`,
    rows: (rows: ExportRow[]) => {
      const legs = extra.of(rows);
      // Joined once: one flat text to write, not a chain of additions to flatten.
      return rows.map((r) => writer.add(exportOpOf(r, legs.get(r[C.id] as string)))).join('');
    },
    end: () => writer.end(),
  };
}

/** An export's header, its chunks (each written through `write` as it is made; the rows read, and whether more may follow) and its end. */
function chunksOf(db: DatabaseSync, acct: number, args: ExportArgs) {
  const sort = args.format === 'accounting' ? 'time' : args.sort;
  if (args.format === 'ndjson') {
    // NDJSON pages through readPage (it brings each row's record).
    let cursor: string | undefined;
    return {
      header: '',
      next: (limit: number, write: (text: string) => void) => {
        const page = readPage(db, acct, { filter: args.filter, sort, cursor, limit, includeRaw: true });
        cursor = page.next ?? undefined;
        write(page.rows.map((r) => historyNdjsonRow(rowOf(r))).join(''));
        return { read: page.rows.length, more: page.next !== null };
      },
      end: () => '',
    };
  }
  // The CSV layouts read lean chunks (export-read.ts), made into text a batch at a time.
  const reader = new ExportReader(db, acct, args.filter, sort);
  const writer = csvWriterOf(db, acct, args);
  return {
    header: writer.header,
    next: (limit: number, write: (text: string) => void) => {
      const read = reader.page(limit, BATCH, (rows) => write(writer.rows(rows)));
      return { read, more: read === limit };
    },
    end: writer.end,
  };
}

/**
 * Writes the filtered set to the claimed file in chunks of CHUNK rows, yielding between chunks.
 * The accounting layout reads in time order whatever the sort asked (a transaction's operations
 * must come together); `maxRows` bounds the operations read.
 */
export async function exportIndex(db: DatabaseSync, acct: number, args: ExportArgs): Promise<{ rows: number }> {
  // The temporary file the core created for this export (whole-file.ts openTemp): opened as it is, never created or truncated here.
  const fd = openSync(args.path, 'r+');
  const max = args.maxRows ?? Number.POSITIVE_INFINITY;
  let rows = 0;
  try {
    const chunks = chunksOf(db, acct, args);
    if (chunks.header) writeSync(fd, chunks.header);
    while (rows < max) {
      const limit = Math.min(CHUNK, max - rows);
      const { read, more } = chunks.next(limit, (text) => {
        if (text) writeSync(fd, text);
      });
      rows += read;
      if (!more) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    const last = chunks.end();
    if (last) writeSync(fd, last);
  } finally {
    closeSync(fd);
  }
  return { rows };
}
