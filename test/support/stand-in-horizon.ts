// A stand-in Horizon on loopback for the history index's tests and benchmarks: an account's
// operations (Horizon's shapes, this project's own values) served in pages as Horizon serves
// them (asc from a cursor, limit at most 200, failed ones with include_failed, the transaction
// with join=transactions), a root that reports history_elder_ledger, and on request the faults
// the sync must honour: a 429 with Retry-After, and 410 before_history for a cursor below the
// oldest ledger it keeps. Every request is recorded.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

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
}

export interface StandInRequest {
  at: number;
  path: string;
  query: URLSearchParams;
  status: number;
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
  "transaction": {"id": "${hash}", "hash": "${hash}", "ledger": ${ledger}, "fee_charged": "100", ${memo}, "successful": ${index % 11 !== 0}}
}`;
  return { id, text };
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
    const body = `{"_links": {}, "_embedded": {"records": [\n${page.map((r) => r.text).join(',\n')}\n]}}`;
    return { status: 200, headers: { 'content-type': 'application/hal+json' }, body };
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const reply = answer(url);
    requests.push({ at: Date.now(), path: url.pathname, query: url.searchParams, status: reply.status });
    res.writeHead(reply.status, reply.headers).end(reply.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    ids: records.map((r) => r.id.toString()),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
