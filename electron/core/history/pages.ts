// The records' own texts in the history index: each listing page the sync ingests (and each batch
// a stream delivers, written as a page of its records) is kept whole, brotli-compressed at
// quality 1 (a page of 200 records of the local service: 414 KB of text, 26 KB stored, 0.6 to
// 0.9 ms to compress, on the thread that parses the page, beside the one that writes). A row names
// its page and its place in it (ops.page, ops.slot); a record's text is read back when a row is
// opened or exported as NDJSON, compactly re-written from the lossless parse, so numbers keep
// every digit. Writing the 200 records' texts one row each cost SQLite about 3 ms a page (the
// bytes, their WAL frames and the checkpoints), half of all a sync's writing.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { stringifyJson } from '../../../shared/json';
import { embeddedRecords } from '../embedded';
import { parseJsonFast } from '../json-fast';

const OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } };

/** A page's text (or its UTF-8 bytes) compressed for the index. */
export function packPageSync(text: string | Uint8Array): Buffer {
  return brotliCompressSync(typeof text === 'string' ? Buffer.from(text) : text, OPTIONS);
}

/** Records' texts (as a stream delivers them) written as one listing page of them. */
export function pageOfRecords(texts: string[]): string {
  return `{"_embedded":{"records":[${texts.join(',')}]}}`;
}

/**
 * Reads records' texts back from their pages. Each page is decompressed and parsed once per
 * reader: an export reads its rows page by page, so a reader lives for one chunk of rows.
 */
export class PageReader {
  private readonly select: StatementSync;
  private readonly decoded = new Map<number, string[]>();

  constructor(db: DatabaseSync) {
    this.select = db.prepare('SELECT body FROM pages WHERE id = ?');
  }

  /** The record's text, or undefined when its row keeps none (rows written without a page). */
  recordText(page: number | null, slot: number | null): string | undefined {
    if (page === null || slot === null) return undefined;
    let records = this.decoded.get(page);
    if (!records) {
      const row = this.select.get(page) as { body: Uint8Array } | undefined;
      if (!row) return undefined;
      const text = brotliDecompressSync(row.body).toString();
      records = embeddedRecords(parseJsonFast(text)).map((record) => stringifyJson(record));
      this.decoded.set(page, records);
    }
    return records[slot];
  }
}
