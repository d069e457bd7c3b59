// The records' own texts in the history index: each listing page the sync ingests (and each batch
// a stream delivers, written as a page of its records) is kept whole, compressed with zstd at
// level 1 (a page of 200 records of the local service: 424 KB of text, 20 KB stored, 0.3 ms to
// compress, on the index worker; brotli at quality 1, what earlier versions wrote and what a Node
// without zstd still writes, took 0.7 ms for 26 KB). A row names its page and its place in it
// (ops.page, ops.slot); a record's text is read back when a row is opened or exported as NDJSON,
// compactly re-written from the lossless parse, so numbers keep every digit. Writing the 200
// records' texts one row each cost SQLite about 3 ms a page (the bytes, their WAL frames and the
// checkpoints), half of all a sync's writing. Each page is stored with the CRC-32 of its bytes,
// checked when it is read back (damage.ts).
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import * as zlib from 'node:zlib';
import { stringifyJson } from '../../../shared/json';
import { indexFormat } from '../../sources/index-formats';
import { parseJsonFast } from '../../http/json-fast';
import { pageSum, PageDamage } from './damage';

const BROTLI = {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  },
};
const ZSTD = { params: { [zlib.constants.ZSTD_c_compressionLevel]: 1 } };
/** Node 22.15 and later (and every Electron this app ships with) have zstd. */
const hasZstd = typeof zlib.zstdCompressSync === 'function';

/**
 * A zstd frame starts with these bytes (RFC 8878). A brotli stream as this app wrote it (window
 * of 22 bits) never does: its first byte is odd. A page is read as zstd when it starts so, and as
 * brotli otherwise or if zstd rejects it, so an index written before zstd reads as it did.
 */
const ZSTD_MAGIC = Buffer.from([0x28, 0xb5, 0x2f, 0xfd]);

/** A page's text (or its UTF-8 bytes) compressed for the index. */
export function packPageSync(text: string | Uint8Array): Buffer {
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  return hasZstd ? zlib.zstdCompressSync(bytes, ZSTD) : zlib.brotliCompressSync(bytes, BROTLI);
}

/** A stored page's text, whichever of the two it was compressed with. */
export function unpackPageSync(body: Uint8Array): string {
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (hasZstd && bytes.subarray(0, 4).equals(ZSTD_MAGIC)) {
    try {
      return zlib.zstdDecompressSync(bytes).toString();
    } catch {
      // Not zstd after all: brotli below.
    }
  }
  return zlib.brotliDecompressSync(bytes).toString();
}

/** Records' texts (as a stream delivers them) written as one listing page of them. */
export function pageOfRecords(texts: string[]): string {
  return `{"_embedded":{"records":[${texts.join(',')}]}}`;
}

/**
 * Reads records' texts back from their pages. Each page is decompressed and parsed once per
 * reader: an export reads its rows page by page, so a reader lives for one chunk of rows.
 */
/**
 * Decoded pages a PageReader keeps (issue #36): a page of 1,000 matching rows can touch as many
 * stored pages, each 200 records of several KB decoded; kept all, they stopped the worker under its
 * heap limit (WORKER_LIMITS). Rows in time order come page by page, so a few suffice; rows in
 * another order decode a page again when they return to it.
 */
export const DECODED_PAGES_KEPT = 4;

export class PageReader {
  private readonly select: StatementSync;
  /** The most recently used last (a Map keeps insertion order). */
  private readonly decoded = new Map<number, string[]>();

  constructor(db: DatabaseSync) {
    this.select = db.prepare('SELECT acct, body, sum FROM pages WHERE id = ?');
  }

  /**
   * The record's text, or undefined when its row keeps none (rows written without a page). A page
   * whose bytes fail their checksum, or do not decompress and parse, throws PageDamage (damage.ts).
   */
  recordText(page: number | null, slot: number | null): string | undefined {
    if (page === null || slot === null) return undefined;
    let records = this.decoded.get(page);
    if (records) this.decoded.delete(page);
    else {
      const row = this.select.get(page) as { acct: number; body: Uint8Array; sum: number | null } | undefined;
      if (!row) return undefined;
      records = decodedPage(page, row);
      if (this.decoded.size >= DECODED_PAGES_KEPT) this.decoded.delete(this.decoded.keys().next().value!);
    }
    this.decoded.set(page, records);
    return records[slot];
  }
}

function decodedPage(id: number, row: { acct: number; body: Uint8Array; sum: number | null }): string[] {
  if (row.sum !== null && pageSum(row.body) !== row.sum)
    throw new PageDamage(row.acct, `stored page ${id} fails its checksum`);
  try {
    // Every page an index stores is a listing page of Horizon's format: the one format whose pages
    // are kept (a source of another format would name its own here, with the page).
    return indexFormat('horizon')
      .records(parseJsonFast(unpackPageSync(row.body)))
      .map((record) => stringifyJson(record));
  } catch (error) {
    throw new PageDamage(row.acct, `stored page ${id} cannot be read: ${(error as Error).message.slice(0, 80)}`);
  }
}
