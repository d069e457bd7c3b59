// A stand-in Horizon on loopback for the history index's tests and benchmarks: an account's
// operations (Horizon's shapes, this project's own values) served in pages as Horizon serves
// them (asc from a cursor, limit at most 200, failed ones with include_failed, the transaction
// with join=transactions), a root that reports history_elder_ledger, and on request the faults
// the sync must honour: a 429 with Retry-After, and 410 before_history for a cursor below the
// oldest ledger it keeps. Every request is recorded. A page carries Horizon's self, next and prev
// links; on request a full page's body is held open after its first bytes until the next listing
// request comes, to show that the sync asks for a page while the one before is still arriving;
// and, on request, answers are gzipped as Horizon gzips them.
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

export interface StandInOptions {
  account: string;
  counterparties: string[];
  /** Operations of the account, from ledger `elder` on, one transaction of one operation per ledger slot. */
  operations: number;
  elder: number;
  /** Answer the first listing request with 429 and this Retry-After (seconds). */
  retryAfterSeconds?: number;
  /** Answer 410 before_history to a listing whose cursor is absent or below the elder ledger. */
  beforeHistory?: boolean;
  /** Send a full page's first HOLD_BYTES, then the rest only once the next listing request has come (or after 2 s). */
  holdFullPages?: boolean;
  /**
   * Gzip every answer whose request accepts it, as Horizon does. Each transaction then carries an
   * envelope_xdr of bytes that do not compress (as a real envelope's signatures do not), so a full
   * page stays far over HOLD_BYTES compressed.
   */
  gzip?: boolean;
}

const HOLD_BYTES = 48 * 1024;
const HOLD_MS = 2_000;

export interface StandInRequest {
  at: number;
  path: string;
  query: URLSearchParams;
  status: number;
  /** holdFullPages: this request came while a full page before it was still being sent. */
  whileHeld?: boolean;
  /** gzip: the answer went out gzipped. */
  gzipped?: boolean;
}

export interface StandIn {
  url: string;
  requests: StandInRequest[];
  /** Operation ids in order (decimal strings). */
  ids: string[];
  close(): Promise<void>;
}

function problem(status: number, type: string, title: string, extra: Record<string, string> = {}) {
  return { status, headers: { 'content-type': 'application/problem+json', ...extra }, body: JSON.stringify({ type: `https://stellar.org/horizon-errors/${type}`, title, status, detail: title }) };
}

/** 320 bytes that look random (five SHA-512 digests), in base64: the same for the same index. */
function envelope(index: number): string {
  return Buffer.concat(Array.from({ length: 5 }, (_, i) => createHash('sha512').update(`${index}:${i}`).digest())).toString('base64');
}

function record(options: StandInOptions, index: number): { id: bigint; text: string } {
  const ledger = options.elder + Math.floor(index / 10);
  const id = (BigInt(ledger) << 32n) | (BigInt((index % 10) + 1) << 12n) | 1n;
  const other = options.counterparties[index % options.counterparties.length]!;
  const incoming = index % 3 === 0;
  const [from, to] = incoming ? [other, options.account] : [options.account, other];
  const created = new Date(Date.UTC(2025, 5, 1) + index * 5_000).toISOString().replace('.000Z', 'Z');
  const hash = id.toString(16).padStart(64, '0');
  const memo = index % 4 === 0 ? `"memo_type": "text",\n  "memo": "order ${index}"` : '"memo_type": "none"';
  const amount = `${1 + (index % 97)}.${String(index % 10_000_000).padStart(7, '0')}`;
  // Indented as Horizon writes (json.MarshalIndent), so the raw text is kept with its newlines.
  const text = `{
  "id": "${id}",
  "paging_token": "${id}",
  "transaction_successful": ${index % 11 !== 0},
  "source_account": "${from}",
  "type": "payment",
  "type_i": 1,
  "created_at": "${created}",
  "transaction_hash": "${hash}",
  "asset_type": "native",
  "from": "${from}",
  "to": "${to}",
  "amount": "${amount}",
  "transaction": {"id": "${hash}", "hash": "${hash}", "ledger": ${ledger}, "fee_charged": "100", ${memo}, "successful": ${index % 11 !== 0}${options.gzip ? `, "envelope_xdr": "${envelope(index)}"` : ''}}
}`;
  return { id, text };
}

/** A page's links as Horizon writes them: next from its last record, prev from its first (from the cursor when empty). */
function pageLinks(base: string, url: URL, last: bigint | null, first: bigint | null): string {
  const href = (cursor: bigint | null, order: string) => `${base}${url.pathname}?cursor=${cursor ?? ''}&limit=${url.searchParams.get('limit') ?? 10}&order=${order}`;
  return JSON.stringify({ self: { href: `${base}${url.pathname}${url.search}` }, next: { href: href(last, 'asc') }, prev: { href: href(first, 'desc') } });
}

export async function startStandIn(options: StandInOptions): Promise<StandIn> {
  const records = Array.from({ length: options.operations }, (_, i) => record(options, i));
  const requests: StandInRequest[] = [];
  let limited = options.retryAfterSeconds !== undefined;
  const listing = `/accounts/${options.account}/operations`;
  const answer = (url: URL) => {
    if (url.pathname === '/') {
      const latest = options.elder + Math.floor(options.operations / 10) + 1;
      return { status: 200, headers: { 'content-type': 'application/hal+json' }, body: JSON.stringify({ history_elder_ledger: options.elder, history_latest_ledger: latest, network_passphrase: 'Stand-in' }) };
    }
    if (url.pathname !== listing) return problem(404, 'not_found', 'Resource Missing');
    if (limited) {
      limited = false;
      return problem(429, 'rate_limit_exceeded', 'Rate Limit Exceeded', { 'retry-after': String(options.retryAfterSeconds) });
    }
    const cursor = url.searchParams.get('cursor') ? BigInt(url.searchParams.get('cursor')!) : null;
    if (options.beforeHistory && (cursor === null || cursor < BigInt(options.elder) << 32n)) return problem(410, 'before_history', 'Data Requested Is Before Recorded History');
    const limit = Math.min(200, Number(url.searchParams.get('limit') ?? 10));
    const page = records.filter((r) => cursor === null || r.id > cursor).slice(0, limit);
    const body = `{"_links": ${pageLinks(base, url, page.at(-1)?.id ?? cursor, page[0]?.id ?? cursor)}, "_embedded": {"records": [\n${page.map((r) => r.text).join(',\n')}\n]}}`;
    return { status: 200, headers: { 'content-type': 'application/hal+json' }, body, full: page.length === limit };
  };
  /** Ends the held page's body; set while a full page's body is held open. */
  let release: (() => void) | null = null;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const reply = answer(url);
    const listed = url.pathname === listing;
    const zipped = options.gzip === true && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    requests.push({
      at: Date.now(),
      path: url.pathname,
      query: url.searchParams,
      status: reply.status,
      ...(listed && options.holdFullPages ? { whileHeld: release !== null } : {}),
      ...(options.gzip ? { gzipped: zipped } : {}),
    });
    if (listed) release?.();
    const body = zipped ? gzipSync(reply.body) : Buffer.from(reply.body);
    const headers = { ...reply.headers, 'content-length': String(body.length), ...(zipped ? { 'content-encoding': 'gzip' } : {}) };
    res.writeHead(reply.status, headers);
    if (!options.holdFullPages || !('full' in reply) || !reply.full || body.length <= HOLD_BYTES) {
      res.end(body);
      return;
    }
    res.write(body.subarray(0, HOLD_BYTES));
    const finish = () => {
      clearTimeout(timer);
      if (release === finish) release = null;
      if (!res.writableEnded) res.end(body.subarray(HOLD_BYTES));
    };
    const timer = setTimeout(finish, HOLD_MS);
    release = finish;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return {
    url: base,
    requests,
    ids: records.map((r) => r.id.toString()),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
