// One listing (payments of an account, or operations of one of five scopes): where it reads, how
// its pages and records are written. Pages and streams share this so they cannot disagree.
import { FifoCache } from './fifo-cache';
import { SeenFilter } from './seen-filter';
import { INT64_MAX } from '../../shared/amount';
import type { ListingParams } from './params';
import type { ListingQuery, ListingSource, OperationRow, Store } from './queries';
import { type LinkParts, linkParts, listingLinks, pageLinks, type RecordLinks, recordHead } from './links';
import { operationBody, operationBodyText, transactionText } from './records';

export interface ListingTarget {
  /** Canonical path of the listing (plural spelling), used in every link. */
  path: string;
  source: ListingSource;
  /** Whether include_failed is forced (a transaction's operations). */
  alwaysFailed: boolean;
  /** Checked lazily (only for an empty page or a new stream); absent when already checked. */
  exists?: (store: Store) => boolean;
  missing?: string;
  /**
   * A listing that is not of operations (/ledgers): its own reader of records after a token, each
   * record's whole text (its links written under `base`), sent as it is.
   */
  read?: (store: Store, after: bigint, limit: number, base: string) => WholeRecord[];
}

/**
 * A record's body (its text after `_links`) as UTF-8 bytes: encoded once, then copied into every
 * page and stream of any listing, each of which writes the record's links to its own collection
 * in front of it (links.ts recordHead).
 */
/** A record written whole, links included (a ledger of /ledgers). */
export interface WholeRecord {
  id: bigint;
  bytes: Buffer;
}

export interface RecordText {
  id: bigint;
  hash: string;
  body: Buffer;
}

interface CachedBody {
  hash: string;
  body: Buffer;
}

/** Exclusive id bounds of the first read: the cursor for its direction, `now` resolved. */
export function initialBounds(store: Store, params: ListingParams): { after: bigint; before: bigint } {
  const cursor = params.cursor === 'now' ? ((store.latestLedger() + 1n) << 32n) - 1n : params.cursor;
  if (params.desc) {
    const before = params.cursor === 'now' ? cursor! + 1n : (cursor ?? INT64_MAX);
    return { after: -1n, before };
  }
  return { after: cursor ?? -1n, before: INT64_MAX };
}

/**
 * Record bodies by id and join flag, and final pages by request (and base URL). History is
 * append-only, so neither ever changes once written: no invalidation, only bounds. One set per
 * store (an embedding process may open another data directory later).
 */
const RECORD_CACHE_SIZE = 50_000;
const PAGE_CACHE_BYTES = 64 * 1024 * 1024;

class ListingCache {
  readonly records = new FifoCache<CachedBody>(RECORD_CACHE_SIZE);
  readonly pages = new FifoCache<Buffer>(Infinity, PAGE_CACHE_BYTES, (bytes) => bytes.length);
  /** Pages requested before: a final page is kept from its second request on (seen-filter.ts). */
  readonly seen = new SeenFilter();
}

const caches = new WeakMap<Store, ListingCache>();

function cacheOf(store: Store): ListingCache {
  let cache = caches.get(store);
  if (!cache) {
    cache = new ListingCache();
    caches.set(store, cache);
  }
  return cache;
}

/** The store query of one window; a transaction's operations always include the failed ones. */
function listingQuery(
  target: ListingTarget,
  params: ListingParams,
  after: bigint,
  before: bigint,
  limit: number,
): ListingQuery {
  return {
    source: target.source,
    after,
    before,
    desc: params.desc,
    includeFailed: params.includeFailed || target.alwaysFailed,
    limit,
  };
}

/** The links of the records of a listing, as served to a client that sees the service at `base`. */
export function recordLinksOf(target: ListingTarget, params: ListingParams, base: string): RecordLinks {
  return listingLinks(base, target.path, flagsQuery(target, params));
}

function recordBody(
  store: Store,
  row: OperationRow,
  join: string | undefined,
  transactions: Map<bigint, string>,
): CachedBody {
  let transaction: string | undefined;
  if (join !== undefined) {
    transaction = transactions.get(row.transaction_id);
    if (transaction === undefined) {
      const tx = store.transactionById(row.transaction_id);
      transaction = tx ? transactionText(tx, join) : 'null';
      transactions.set(row.transaction_id, transaction);
    }
  }
  return { hash: row.hash, body: Buffer.from(operationBodyText(row, transaction)) };
}

/**
 * One window of a listing. With `probe`, ids come first and rows are read only when a record's
 * text is not cached; streams, which read records as they are committed (never cached yet), skip
 * the probe.
 */
export function readRecords(
  store: Store,
  target: ListingTarget,
  params: ListingParams,
  base: string,
  after: bigint,
  before: bigint,
  limit: number,
  probe = true,
): RecordText[] {
  const cache = cacheOf(store);
  // An embedded transaction carries absolute links: a joined body is kept per base URL.
  const prefix = params.join ? `j${base}|` : '';
  const query = listingQuery(target, params, after, before, limit);
  if (probe) {
    const ids = store.listOperationIds(query);
    const records: RecordText[] = [];
    for (const id of ids) {
      const cached = cache.records.get(prefix + id);
      if (cached === undefined) break;
      records.push({ id, hash: cached.hash, body: cached.body });
    }
    if (records.length === ids.length) return records;
  }
  // A miss: read the rows in one query (the window may have grown since; the rows decide).
  const transactions = new Map<bigint, string>();
  return store.listOperations(query).map((row) => {
    const key = prefix + row.id;
    let cached = cache.records.get(key);
    if (cached === undefined) {
      cached = recordBody(store, row, params.join ? base : undefined, transactions);
      cache.records.set(key, cached);
    }
    return { id: row.id, hash: cached.hash, body: cached.body };
  });
}

/**
 * The records after `after` as their whole text (links then body, as pages write them: one
 * statement, rows as arrays, nothing cached), each with its id as text. For streams without `join`.
 */
export function recordTexts(
  store: Store,
  target: ListingTarget,
  params: ListingParams,
  parts: LinkParts,
  after: bigint,
  limit: number,
): [id: string, text: string][] {
  const rows = store.listRecordRows(listingQuery(target, params, after, INT64_MAX, limit));
  return rows.map(([id, , type, source, successful, details, hash, createdAt]) => [
    id,
    `${recordHead(parts, id, hash)}${operationBody(id, type, source, successful === 1, details, hash, createdAt)}`,
  ]);
}

function flagsQuery(target: ListingTarget, params: ListingParams): string {
  let text = '';
  if (params.includeFailed && !target.alwaysFailed) text += '&include_failed=true';
  if (params.join) text += '&join=transactions';
  return text;
}

const PAGE_END = Buffer.from(']}}');

/**
 * A page that can never change: history only grows at the top (new ledgers have higher ids), so
 * a full asc page is final, and so is a desc page whose cursor is below the next ledger. `now`
 * names a different position at every ledger, so its pages never are.
 */
function isFinal(store: Store, params: ListingParams, count: number): boolean {
  if (!params.desc) return count === params.limit && params.cursor !== 'now';
  return typeof params.cursor === 'bigint' && params.cursor <= (store.latestLedger() + 1n) << 32n;
}

/**
 * The page (records are concatenated, never re-encoded): text when it was just written, bytes when
 * it comes from the cache; and whether it is empty.
 */
export function pageBytes(
  store: Store,
  target: ListingTarget,
  params: ListingParams,
  requestCursor: string,
  base: string,
): { bytes: Buffer | string; empty: boolean } {
  const key = `${base}${target.path}|${requestCursor}|${params.limit}|${params.desc}|${params.includeFailed}|${params.join}`;
  const cache = cacheOf(store);
  const cached = cache.pages.get(key);
  if (cached) return { bytes: cached, empty: false };
  const page = buildPage(store, target, params, requestCursor, base);
  if (page.count > 0 && isFinal(store, params, page.count) && cache.seen.seenBefore(key)) {
    const bytes = typeof page.body === 'string' ? Buffer.from(page.body) : page.body;
    cache.pages.set(key, bytes);
    return { bytes, empty: false };
  }
  return { bytes: page.body, empty: page.count === 0 };
}

/** Page `_links` (absolute, links.ts) and the opening of its records array. */
function pageHead(
  base: string,
  target: ListingTarget,
  params: ListingParams,
  requestCursor: string,
  first: string,
  last: string,
): string {
  const links = pageLinks(`${base}${target.path}`, params, requestCursor, first, last, flagsQuery(target, params));
  return `{"_links":${links},"_embedded":{"records":[`;
}

function buildPage(
  store: Store,
  target: ListingTarget,
  params: ListingParams,
  requestCursor: string,
  base: string,
): { body: Buffer | string; count: number } {
  const { after, before } = initialBounds(store, params);
  // An empty page keeps the request's cursor (`now` resolved, so that polling `next` works).
  const kept = params.cursor === 'now' ? `${params.desc ? before : after}` : requestCursor;
  const parts: LinkParts = linkParts(recordLinksOf(target, params, base));
  if (!params.join) {
    // The hot path (a page nobody asked for before): one statement, RecordRow arrays without
    // bigints, and the page written as one string, encoded once (by the socket write, unless the
    // page is kept). Record texts are neither looked up nor kept: the rows are read anyway, and
    // writing a record's text costs less than keeping it.
    const rows = store.listRecordRows(listingQuery(target, params, after, before, params.limit));
    let body = '';
    for (let i = 0; i < rows.length; i += 1) {
      const [id, , type, source, successful, details, hash, createdAt] = rows[i]!;
      body += `${i > 0 ? ',' : ''}${recordHead(parts, id, hash)}${operationBody(id, type, source, successful === 1, details, hash, createdAt)}`;
    }
    const text = pageHead(
      base,
      target,
      params,
      requestCursor,
      rows.length > 0 ? rows[0]![0] : kept,
      rows.length > 0 ? rows[rows.length - 1]![0] : kept,
    );
    return { body: `${text}${body}]}}`, count: rows.length };
  }
  const records = readRecords(store, target, params, base, after, before, params.limit);
  const last = records.length > 0 ? `${records[records.length - 1]!.id}` : kept;
  const first = records.length > 0 ? `${records[0]!.id}` : kept;
  const chunks: Buffer[] = [Buffer.from(pageHead(base, target, params, requestCursor, first, last))];
  records.forEach((record, i) => {
    chunks.push(Buffer.from(`${i > 0 ? ',' : ''}${recordHead(parts, `${record.id}`, record.hash)}`));
    chunks.push(record.body);
  });
  chunks.push(PAGE_END);
  return { body: Buffer.concat(chunks), count: records.length };
}
