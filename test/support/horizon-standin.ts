// A stand-in Horizon on loopback for the limits tests (test/integration/horizon-standin.test.ts):
// a `node:http` server that answers with Horizon's framing (application/hal+json, absolute
// hrefs, `&` escaped as \u0026, problem documents with Horizon's type URLs, SSE frames with
// `event: open` / `id:` / `event: close`) and plays Horizon's limits on demand: 429 with
// Retry-After, 410 before_history below `history_elder_ledger`, 504 transaction_submission_timeout
// with extras.hash, /transactions_async, and streams it closes itself after a timeout or `limit`
// events. Every request is logged so a test can count what reached the server. Values are made
// up here; shapes follow the project's own fixtures (test/fixtures/horizon).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Keypair, TransactionBuilder } from '@stellar/stellar-base';
import { encodeToid } from '../../shared/toid';

export interface StandinOptions {
  passphrase: string;
  elderLedger: number;
  latestLedger: number;
  /** Link and answer POST /transactions_async. */
  asyncSubmission?: boolean;
  /** Close every stream after this long with `event: close` (Horizon: 55 s). */
  streamTimeoutMs?: number;
  /** Close a stream after this many records (Horizon's `limit`, default 10). */
  streamLimit?: number;
  /** Lookups of a submitted hash that answer 404 before it is in a ledger. */
  pendingLookups?: number;
  /** Answer a submission with an older Horizon's plain 504 `timeout`, which names no hash. */
  plainTimeout?: boolean;
}

export interface LoggedRequest { method: string; path: string; query: URLSearchParams; at: number; stream: boolean }

interface Payment { token: string; ledger: number; record: Record<string, unknown> }

const TYPE = 'https://stellar.org/horizon-errors/';
const CLOSE_FRAME = 'retry: 10\nevent: close\ndata: "byebye"\n\n';

export class HorizonStandin {
  url = '';
  /** The listed account; its keys sign test transactions from it (the stand-in's own, never the app's). */
  readonly keys = Keypair.random();
  readonly account = this.keys.publicKey();
  private readonly sender = Keypair.random().publicKey();
  readonly requests: LoggedRequest[] = [];
  readonly payments: Payment[] = [];
  /** Streams: the cursor each one opened with, and who ended it. */
  readonly streams: { account: string; at: number; cursor: string; closedBy: 'server' | 'client' | null }[] = [];
  /** Hashes received, with the lookups left before each is "in a ledger". */
  readonly submitted = new Map<string, number>();
  private limited: { pathPrefix: string; count: number; headers: Record<string, string> } | null = null;
  private readonly listeners = new Set<(payment: Payment) => void>();
  private latest: number;
  private elder: number;
  private readonly server = createServer((req, res) => this.route(req, res));

  constructor(readonly options: StandinOptions) {
    this.latest = options.latestLedger;
    this.elder = options.elderLedger;
    for (let ledger = options.elderLedger; ledger <= options.latestLedger; ledger++) this.payments.push(this.payment(ledger));
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    return this;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  /** The next `count` requests whose path starts with `pathPrefix` answer 429 with these headers. */
  rateLimit(pathPrefix: string, count: number, headers: Record<string, string>): void {
    this.limited = { pathPrefix, count, headers };
  }

  /** Horizon's reaping moves on: from now the root names `ledger` as the oldest kept and a desc cursor below it answers 410. */
  forgetBefore(ledger: number): void {
    this.elder = ledger;
  }

  /** A new ledger with one payment to the account, pushed to open streams. */
  addPayment(): Payment {
    const payment = this.payment(++this.latest);
    this.payments.push(payment);
    for (const listener of this.listeners) listener(payment);
    return payment;
  }

  /** The paging token of the first operation slot of a ledger. */
  static firstToken(ledger: number): bigint {
    return encodeToid({ ledger, txOrder: 0, opIndex: 0 });
  }

  private payment(ledger: number): Payment {
    const token = encodeToid({ ledger, txOrder: 1, opIndex: 1 }).toString();
    const hash = token.padStart(64, '0');
    const links = { self: { href: `/operations/${token}` }, transaction: { href: `/transactions/${hash}` } };
    const record = {
      _links: links, id: token, paging_token: token, transaction_successful: true, source_account: this.sender, type: 'payment', type_i: 1,
      created_at: closedAt(ledger), transaction_hash: hash, asset_type: 'native', from: this.sender, to: this.account, amount: `${ledger % 1000}.0000001`,
    };
    return { token, ledger, record };
  }

  private route(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', this.url);
    const stream = (req.headers.accept ?? '').includes('text/event-stream');
    this.requests.push({ method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, at: Date.now(), stream });
    if (this.limited && this.limited.count > 0 && url.pathname.startsWith(this.limited.pathPrefix)) {
      this.limited.count--;
      return problem(res, 429, 'rate_limit_exceeded', 'Rate Limit Exceeded', { 'x-ratelimit-limit': '3600', 'x-ratelimit-remaining': '0', ...this.limited.headers });
    }
    const payments = /^\/accounts\/(G[A-Z2-7]{55})\/payments$/.exec(url.pathname);
    const ledger = /^\/ledgers\/(\d{1,10})$/.exec(url.pathname);
    const tx = /^\/transactions\/([0-9a-f]{64})$/.exec(url.pathname);
    if (req.method === 'POST' && (url.pathname === '/transactions' || url.pathname === '/transactions_async')) return this.submit(req, res, url.pathname);
    if (url.pathname === '/') return hal(res, 200, this.root());
    // Any account streams (quiet for all but `account`, whose payments are listed too).
    if (payments && stream) return this.stream(req, res, url, payments[1]!);
    if (payments && payments[1] === this.account) return this.list(res, url);
    if (url.pathname === `/accounts/${this.account}`) return hal(res, 200, this.accountRecord());
    if (ledger) return hal(res, 200, { sequence: Number(ledger[1]), closed_at: closedAt(Number(ledger[1])) });
    if (tx) return this.transaction(res, tx[1]!);
    problem(res, 404, 'not_found', 'Resource Missing');
  }

  private root() {
    const links: Record<string, { href: string; templated?: boolean }> = {
      self: { href: '/' },
      account: { href: '/accounts/{account_id}', templated: true },
      transactions: { href: '/transactions{?cursor,limit,order}', templated: true },
    };
    if (this.options.asyncSubmission) links['transactions_async'] = { href: '/transactions_async' };
    return {
      _links: links, horizon_version: '23.0.0-standin', core_version: 'stellar-core 23.0.0 (standin)', ingest_latest_ledger: this.latest,
      history_latest_ledger: this.latest, history_latest_ledger_closed_at: closedAt(this.latest), history_elder_ledger: this.elder,
      core_latest_ledger: this.latest, network_passphrase: this.options.passphrase, current_protocol_version: 23,
    };
  }

  /** GET /accounts/{account}: the account whose payments are listed, so its page opens. */
  private accountRecord() {
    const thresholds = { low_threshold: 0, med_threshold: 0, high_threshold: 0 };
    return {
      id: this.account, account_id: this.account, sequence: `${BigInt(this.options.elderLedger) << 32n}`, subentry_count: 0, last_modified_ledger: this.options.elderLedger,
      thresholds, flags: { auth_required: false, auth_revocable: false, auth_immutable: false, auth_clawback_enabled: false },
      balances: [{ balance: '1234.5000000', asset_type: 'native' }], signers: [{ key: this.account, weight: 1, type: 'ed25519_public_key' }],
    };
  }

  /** GET /accounts/{id}/payments: Horizon's paging, and its 410 for a desc cursor below the elder ledger. */
  private list(res: ServerResponse, url: URL): void {
    const order = url.searchParams.get('order') === 'desc' ? 'desc' : 'asc';
    const limit = Math.min(200, Number(url.searchParams.get('limit') ?? 10) || 10);
    const cursorText = url.searchParams.get('cursor');
    const cursor = cursorText && /^\d+$/.test(cursorText) ? BigInt(cursorText) : null;
    if (order === 'desc' && cursor !== null && cursor <= HorizonStandin.firstToken(this.elder)) {
      return problem(res, 410, 'before_history', 'Data Requested Is Before Recorded History');
    }
    const ordered = order === 'asc' ? this.payments : [...this.payments].reverse();
    const after = (p: Payment) => cursor === null || (order === 'asc' ? BigInt(p.token) > cursor : BigInt(p.token) < cursor);
    const records = ordered.filter(after).slice(0, limit);
    const page = (c: string | undefined, o: string) => `${url.pathname}?cursor=${c ?? ''}&limit=${limit}&order=${o}`;
    hal(res, 200, {
      _links: { self: { href: page(cursorText ?? undefined, order) }, next: { href: page(records.at(-1)?.token ?? cursorText ?? undefined, order) }, prev: { href: page(records[0]?.token, order === 'asc' ? 'desc' : 'asc') } },
      _embedded: { records: records.map((p) => p.record) },
    });
  }

  /** Horizon's SSE: open frame, records after the cursor, `event: close` after `limit` records or the timeout. */
  private stream(req: IncomingMessage, res: ServerResponse, url: URL, account: string): void {
    // Last-Event-ID overrides the cursor, as in Horizon (actions/helpers.go getCursor).
    const given = String(req.headers['last-event-id'] ?? url.searchParams.get('cursor') ?? '0');
    const cursor = /^\d{1,20}$/.test(given) ? BigInt(given) : 0n;
    const entry = { account, at: Date.now(), cursor: cursor.toString(), closedBy: null as 'server' | 'client' | null };
    this.streams.push(entry);
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.write('retry: 1000\nevent: open\ndata: "hello"\n\n');
    let sent = 0;
    const end = () => {
      if (entry.closedBy) return;
      entry.closedBy = 'server';
      cleanup();
      res.end(CLOSE_FRAME);
    };
    const send = (p: Payment) => {
      if (entry.closedBy || account !== this.account || BigInt(p.token) <= cursor) return;
      res.write(`id: ${p.token}\ndata: ${JSON.stringify(p.record)}\n\n`);
      if (++sent >= (this.options.streamLimit ?? 10)) end();
    };
    const timer = setTimeout(end, this.options.streamTimeoutMs ?? 55_000);
    const cleanup = () => {
      clearTimeout(timer);
      this.listeners.delete(send);
    };
    req.on('close', () => {
      if (!entry.closedBy) entry.closedBy = 'client';
      cleanup();
    });
    this.listeners.add(send);
    for (const p of this.payments) send(p);
  }

  private submit(req: IncomingMessage, res: ServerResponse, path: string): void {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const envelope = new URLSearchParams(body).get('tx') ?? '';
      let hash: string;
      try {
        hash = TransactionBuilder.fromXDR(envelope, this.options.passphrase).hash().toString('hex');
      } catch {
        return problem(res, 400, 'transaction_malformed', 'Transaction Malformed', {}, { envelope_xdr: envelope.slice(0, 200) });
      }
      if (path === '/transactions_async') {
        if (!this.options.asyncSubmission) return problem(res, 404, 'not_found', 'Resource Missing');
        const duplicate = this.submitted.has(hash);
        this.submitted.set(hash, this.submitted.get(hash) ?? this.options.pendingLookups ?? 2);
        return json(res, duplicate ? 409 : 201, 'application/json', { tx_status: duplicate ? 'DUPLICATE' : 'PENDING', hash });
      }
      this.submitted.set(hash, this.options.pendingLookups ?? 2);
      if (this.options.plainTimeout) return problem(res, 504, 'timeout', 'Timeout');
      problem(res, 504, 'transaction_submission_timeout', 'Transaction Submission Timeout', {}, { hash, envelope_xdr: envelope });
    });
  }

  private transaction(res: ServerResponse, hash: string): void {
    const left = this.submitted.get(hash);
    if (left === undefined || left > 0) {
      if (left !== undefined) this.submitted.set(hash, left - 1);
      return problem(res, 404, 'not_found', 'Resource Missing');
    }
    hal(res, 200, { id: hash, hash, ledger: this.latest, successful: true, created_at: closedAt(this.latest), source_account: this.sender, fee_charged: '100', operation_count: 1 });
  }
}

function closedAt(ledger: number): string {
  return new Date(Date.UTC(2025, 0, 1) + ledger * 5_000).toISOString().replace('.000Z', 'Z');
}

/** Horizon's JSON: indented, `&` escaped, hrefs made absolute against the request's host. */
function json(res: ServerResponse, status: number, type: string, body: unknown, headers: Record<string, string> = {}): void {
  const origin = `http://${res.req.headers.host ?? '127.0.0.1'}`;
  const text = JSON.stringify(body, (key, value: unknown) => (key === 'href' && typeof value === 'string' && value.startsWith('/') ? origin + value : value), 2).replace(/&/g, '\\u0026');
  res.writeHead(status, { 'content-type': type, ...headers });
  res.end(text);
}

function hal(res: ServerResponse, status: number, body: unknown): void {
  json(res, status, 'application/hal+json; charset=utf-8', body);
}

function problem(res: ServerResponse, status: number, name: string, title: string, headers: Record<string, string> = {}, extras?: Record<string, string>): void {
  const detail = `The stand-in answers ${name}.`;
  json(res, status, 'application/problem+json; charset=utf-8', { type: `${TYPE}${name}`, title, status, detail, ...(extras ? { extras } : {}) }, headers);
}
