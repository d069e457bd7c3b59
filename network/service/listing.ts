// One listing (payments of an account, or operations of one of five scopes): where it reads, how
// its pages and records are written. Pages and streams share this so they cannot disagree.
import { FifoCache } from './fifo-cache';
import { INT64_MAX, type ListingParams } from './params';
import type { ListingSource, OperationRow, Store } from './queries';
import { operationText, transactionText } from './records';

export interface ListingTarget {
  /** Canonical path of the listing (plural spelling), used in every link. */
  path: string;
  source: ListingSource;
  /** Whether include_failed is forced (a transaction's operations). */
  alwaysFailed: boolean;
  /** Checked lazily (only for an empty page or a new stream); absent when already checked. */
  exists?: (store: Store) => boolean;
  missing?: string;
}

/** A record's JSON text as UTF-8 bytes: encoded once, then copied into every page and stream. */
export interface RecordText {
  id: bigint;
  bytes: Buffer;
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
 * Record texts by id and join flag, and final pages by request. History is
 * append-only, so neither ever changes once written: no invalidation, only bounds. One set per
 * store (an embedding process may open another data directory later).
 */
const RECORD_CACHE_SIZE = 50_000;
const PAGE_CACHE_BYTES = 64 * 1024 * 1024;

class ListingCache {
  readonly records = new FifoCache<Buffer>(RECORD_CACHE_SIZE);
  readonly pages = new FifoCache<Buffer>(Infinity, PAGE_CACHE_BYTES, (bytes) => bytes.length);
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

function recordBytes(store: Store, row: OperationRow, join: boolean, transactions: Map<bigint, string>): Buffer {
  let transaction: string | undefined;
  if (join) {
    transaction = transactions.get(row.transaction_id);
    if (transaction === undefined) {
      const tx = store.transactionById(row.transaction_id);
      transaction = tx ? transactionText(tx) : 'null';
      transactions.set(row.transaction_id, transaction);
    }
  }
  return Buffer.from(operationText(row, transaction));
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
  after: bigint,
  before: bigint,
  limit: number,
  probe = true,
): RecordText[] {
  const cache = cacheOf(store);
  const prefix = params.join ? 'j' : '';
  const query = { source: target.source, after, before, desc: params.desc, includeFailed: params.includeFailed || target.alwaysFailed, limit };
  if (probe) {
    const ids = store.listOperationIds(query);
    const records: RecordText[] = [];
    for (const id of ids) {
      const bytes = cache.records.get(prefix + id);
      if (bytes === undefined) break;
      records.push({ id, bytes });
    }
    if (records.length === ids.length) return records;
  }
  // A miss: read the rows in one query (the window may have grown since; the rows decide).
  const transactions = new Map<bigint, string>();
  return store.listOperations(query).map((row) => {
    const key = prefix + row.id;
    let bytes = cache.records.get(key);
    if (bytes === undefined) {
      bytes = recordBytes(store, row, params.join, transactions);
      cache.records.set(key, bytes);
    }
    return { id: row.id, bytes };
  });
}

function flagsQuery(target: ListingTarget, params: ListingParams): string {
  let text = '';
  if (params.includeFailed && !target.alwaysFailed) text += '&include_failed=true';
  if (params.join) text += '&join=transactions';
  return text;
}

const COMMA = Buffer.from(',');
const PAGE_END = Buffer.from(']}}');

/**
 * A page that can never change: history only grows at the top (new ledgers have higher ids), so
 * a full asc page is final, and so is a desc page whose cursor is below the next ledger.
 */
function isFinal(store: Store, params: ListingParams, count: number): boolean {
  if (!params.desc) return count === params.limit;
  return typeof params.cursor === 'bigint' && params.cursor <= (store.latestLedger() + 1n) << 32n;
}

/** The page as bytes (records are concatenated, never re-encoded), and whether it is empty. */
export function pageBytes(store: Store, target: ListingTarget, params: ListingParams, requestCursor: string): { bytes: Buffer; empty: boolean } {
  const key = `${target.path}|${requestCursor}|${params.limit}|${params.desc}|${params.includeFailed}|${params.join}`;
  const cache = cacheOf(store);
  const cached = cache.pages.get(key);
  if (cached) return { bytes: cached, empty: false };
  const page = buildPage(store, target, params, requestCursor);
  if (page.count > 0 && isFinal(store, params, page.count)) cache.pages.set(key, page.bytes);
  return { bytes: page.bytes, empty: page.count === 0 };
}

function buildPage(store: Store, target: ListingTarget, params: ListingParams, requestCursor: string): { bytes: Buffer; count: number } {
  const { after, before } = initialBounds(store, params);
  const records = readRecords(store, target, params, after, before, params.limit);
  const order = params.desc ? 'desc' : 'asc';
  const reverse = params.desc ? 'asc' : 'desc';
  const flags = flagsQuery(target, params);
  // An empty page keeps the request's cursor (`now` resolved, so that polling `next` works).
  const kept = params.cursor === 'now' ? `${params.desc ? before : after}` : requestCursor;
  const last = records.length > 0 ? `${records[records.length - 1]!.id}` : kept;
  const first = records.length > 0 ? `${records[0]!.id}` : kept;
  const self = `${target.path}?cursor=${encodeURIComponent(requestCursor)}&limit=${params.limit}&order=${order}${flags}`;
  const links =
    `{"self":{"href":${JSON.stringify(self)}},` +
    `"next":{"href":${JSON.stringify(`${target.path}?cursor=${last}&order=${order}${flags}{&limit}`)},"templated":true},` +
    `"prev":{"href":${JSON.stringify(`${target.path}?cursor=${first}&order=${reverse}${flags}{&limit}`)},"templated":true}}`;
  const parts: Buffer[] = [Buffer.from(`{"_links":${links},"_embedded":{"records":[`)];
  records.forEach((record, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(record.bytes);
  });
  parts.push(PAGE_END);
  return { bytes: Buffer.concat(parts), count: records.length };
}
