// The one stand-in Horizon on loopback: a `node:http` server that answers with Horizon's framing
// (application/hal+json indented as Horizon writes it, absolute hrefs, `&` escaped as \u0026,
// problem documents with Horizon's type URLs, SSE frames with `event: open` / `id:` /
// `event: close`) for the limits tests, the history index's tests and the benchmarks. It serves one
// account's payments, under both `/accounts/{id}/payments` and `/accounts/{id}/operations` (failed
// ones with include_failed=true, each with its transaction under join=transactions), as pages and
// as streams, the account itself, its ledgers, each listed record by id (`/operations/{id}`) and
// submitted transactions; and plays Horizon's limits on demand: 429 with Retry-After, 410
// before_history below `history_elder_ledger`, 504 transaction_submission_timeout with extras.hash,
// /transactions_async, streams it closes itself after a timeout or `limit` events, a full page held
// open after its first bytes, gzip; and hostile paging (a page from the wrong place, a `next` link
// that disagrees with the records). Every request is logged with the status it got, so a test can
// count what reached the server. Values are made up here; shapes follow the project's own
// fixtures (test/fixtures/horizon).
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { Keypair, TransactionBuilder } from '@stellar/stellar-base';
import { encodeToid } from '../../shared/toid';

export interface StandinOptions {
  /** The network passphrase the root names and submissions are hashed under (default 'Stand-in'). */
  passphrase?: string;
  /** The listed account (default: the account of the stand-in's own `keys`, which then sign for it). */
  account?: string;
  /** The oldest ledger kept (`history_elder_ledger`): the account's payments start in it. */
  elderLedger: number;
  /** The latest ledger (default: the one after the last payment). */
  latestLedger?: number;
  /**
   * The account's payments. Without `operations`: one a ledger from elderLedger to latestLedger,
   * each from one sender, none failed. With it, the history index's mix: this many, ten a ledger,
   * to and from `counterparties` (every third incoming), every 11th failed, every 4th with a text memo.
   */
  operations?: number;
  counterparties?: string[];
  /** The first `count` requests whose path starts with `pathPrefix` answer 429 with these headers (as rateLimit()). */
  rateLimit?: { pathPrefix: string; count: number; headers: Record<string, string> };
  /** Also answer 410 before_history to an oldest-first listing whose cursor is absent or below the elder ledger. */
  beforeHistory?: boolean;
  /** Send a full page's first HOLD_BYTES, then the rest only once the next listing request has come (or after 2 s). */
  holdFullPages?: boolean;
  /** Gzip every answer but a stream whose request accepts it, as Horizon does. */
  gzip?: boolean;
  /** Write `&` as it is, not as Horizon's `\u0026` (for code that reads a page's raw bytes and knows only `&`). */
  plainAmpersands?: boolean;
  /** The cursor a page's `next` link names after its last record's token (default: that token, as Horizon's does): a server whose link and records disagree (`asked`: the request's cursor). */
  nextCursor?: (lastToken: string, asked: string | null) => string;
  /**
   * Hostile paging: where in the listing a page starts, given where it should (the index of the
   * first record after the cursor) and the limit: `() => 0` answers the same page for every cursor.
   */
  pageFrom?: (asked: number, limit: number) => number;
  /**
   * Serve the account's transactions and trades listings (oldest first, by paging token) with
   * these records; a listing not given answers 404, as a server that does not serve it.
   */
  sides?: { transactions?: Record<string, unknown>[]; trades?: Record<string, unknown>[] };
  /** Link and answer POST /transactions_async. */
  asyncSubmission?: boolean;
  /** Close every stream after this long with `event: close` (Horizon: 55 s). */
  streamTimeoutMs?: number;
  /** Close a stream after this many records (Horizon's `limit`, default 10). */
  streamLimit?: number;
  /** Lookups of a submitted hash that answer 404 before it is in a ledger (default 2). */
  pendingLookups?: number;
  /** Answer a submission with an older Horizon's plain 504 `timeout`, which names no hash. */
  plainTimeout?: boolean;
}

export interface LoggedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  at: number;
  stream: boolean;
  /** The status answered (0 until it is). */
  status: number;
  /** holdFullPages: this listing request came while a full page before it was still being sent. */
  whileHeld?: boolean;
  /** gzip: the answer went out gzipped. */
  gzipped?: boolean;
}

export interface StandinPayment {
  token: string;
  ledger: number;
  successful: boolean;
  record: Record<string, unknown>;
  transaction: Record<string, unknown>;
}

interface Reply {
  status: number;
  type: string;
  body: unknown;
  headers?: Record<string, string>;
  full?: boolean;
}

const TYPE = 'https://stellar.org/horizon-errors/';
const CLOSE_FRAME = 'retry: 10\nevent: close\ndata: "byebye"\n\n';
const HOLD_BYTES = 48 * 1024;
const HOLD_MS = 2_000;
const HAL = 'application/hal+json; charset=utf-8';
const PROBLEM = 'application/problem+json; charset=utf-8';

export class StandinHorizon {
  url = '';
  /** The stand-in's own keys (never the app's): the listed account's unless `account` names another. */
  readonly keys = Keypair.random();
  readonly account: string;
  readonly passphrase: string;
  private readonly sender = Keypair.random().publicKey();
  readonly requests: LoggedRequest[] = [];
  readonly payments: StandinPayment[] = [];
  /** Streams: the cursor each one opened with, and who ended it. */
  readonly streams: { account: string; at: number; cursor: string; closedBy: 'server' | 'client' | null }[] = [];
  /** Hashes received, with the lookups left before each is "in a ledger". */
  readonly submitted = new Map<string, number>();
  private limited: { pathPrefix: string; count: number; headers: Record<string, string> } | null = null;
  private readonly listeners = new Set<(payment: StandinPayment) => void>();
  private latest: number;
  private elder: number;
  /** Ends the held page's body; set while a full page's body is held open. */
  private release: (() => void) | null = null;
  private readonly server = createServer((req, res) => this.route(req, res));

  constructor(readonly options: StandinOptions) {
    this.account = options.account ?? this.keys.publicKey();
    this.passphrase = options.passphrase ?? 'Stand-in';
    this.elder = options.elderLedger;
    const perLedger = options.operations === undefined ? 1 : 10;
    const count =
      options.operations ?? (options.latestLedger === undefined ? 0 : options.latestLedger - options.elderLedger + 1);
    for (let i = 0; i < count; i++)
      this.payments.push(this.payment(i, options.elderLedger + Math.floor(i / perLedger), (i % perLedger) + 1));
    this.latest = options.latestLedger ?? (this.payments.at(-1)?.ledger ?? options.elderLedger) + 1;
    if (options.rateLimit)
      this.rateLimit(options.rateLimit.pathPrefix, options.rateLimit.count, options.rateLimit.headers);
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    return this;
  }

  async close(): Promise<void> {
    this.release?.();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  /** The account's payment ids in order (decimal strings). */
  get ids(): string[] {
    return this.payments.map((p) => p.token);
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
  addPayment(): StandinPayment {
    const payment = this.payment(this.payments.length, ++this.latest, 1);
    this.payments.push(payment);
    for (const listener of this.listeners) listener(payment);
    return payment;
  }

  /** The paging token of the first operation slot of a ledger. */
  static firstToken(ledger: number): bigint {
    return encodeToid({ ledger, txOrder: 0, opIndex: 0 });
  }

  /** The `index`th payment, the only operation of transaction `txOrder` of `ledger`. */
  private payment(index: number, ledger: number, txOrder: number): StandinPayment {
    const mixed = this.options.operations !== undefined;
    const token = encodeToid({ ledger, txOrder, opIndex: 1 }).toString();
    const hash = BigInt(token).toString(16).padStart(64, '0');
    const parties = this.options.counterparties ?? [this.sender];
    const other = parties[index % parties.length]!;
    const [from, to] = !mixed || index % 3 === 0 ? [other, this.account] : [this.account, other];
    const successful = !mixed || index % 11 !== 0;
    const memo = mixed && index % 4 === 0 ? { memo_type: 'text', memo: `order ${index}` } : { memo_type: 'none' };
    const amount = `${1 + (index % 97)}.${String(index % 10_000_000).padStart(7, '0')}`;
    const _links = {
      self: { href: `/operations/${token}` },
      transaction: { href: `/transactions/${hash}` },
      effects: { href: `/operations/${token}/effects` },
      succeeds: { href: `/effects?order=desc&cursor=${token}` },
      precedes: { href: `/effects?order=asc&cursor=${token}` },
    };
    const record = {
      _links,
      id: token,
      paging_token: token,
      transaction_successful: successful,
      source_account: from,
      type: 'payment',
      type_i: 1,
      created_at: closedAt(ledger),
      transaction_hash: hash,
      asset_type: 'native',
      from,
      to,
      amount,
    };
    const transaction = {
      id: hash,
      hash,
      ledger,
      created_at: closedAt(ledger),
      source_account: from,
      fee_charged: '100',
      max_fee: '100',
      operation_count: 1,
      ...memo,
      successful,
      envelope_xdr: envelope(index),
    };
    return { token, ledger, successful, record, transaction };
  }

  private route(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', this.url);
    const stream = (req.headers.accept ?? '').includes('text/event-stream');
    const logged: LoggedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      at: Date.now(),
      stream,
      status: 0,
    };
    this.requests.push(logged);
    const listing = /^\/accounts\/(G[A-Z2-7]{55})\/(payments|operations)$/.exec(url.pathname);
    if (listing && !stream && this.options.holdFullPages) {
      logged.whileHeld = this.release !== null;
      this.release?.();
    }
    if (this.limited && this.limited.count > 0 && url.pathname.startsWith(this.limited.pathPrefix)) {
      this.limited.count--;
      return this.send(
        req,
        res,
        logged,
        problem(429, 'rate_limit_exceeded', 'Rate Limit Exceeded', {
          'x-ratelimit-limit': '3600',
          'x-ratelimit-remaining': '0',
          ...this.limited.headers,
        }),
      );
    }
    const ledger = /^\/ledgers\/(\d{1,10})$/.exec(url.pathname);
    const tx = /^\/transactions\/([0-9a-f]{64})$/.exec(url.pathname);
    if (req.method === 'POST' && (url.pathname === '/transactions' || url.pathname === '/transactions_async'))
      return this.submit(req, res, logged);
    // Any account streams (quiet for all but `account`, whose payments are listed too).
    if (listing && stream) return this.stream(req, res, url, listing[1]!, logged);
    if (listing && listing[1] === this.account) return this.list(req, res, url, logged);
    const side = /^\/accounts\/(G[A-Z2-7]{55})\/(transactions|trades)$/.exec(url.pathname);
    const sideRecords = side?.[1] === this.account ? this.options.sides?.[side[2] as 'trades'] : undefined;
    if (sideRecords) return this.send(req, res, logged, sidePage(url, sideRecords));
    this.send(req, res, logged, this.resource(url, ledger, tx));
  }

  private resource(url: URL, ledger: RegExpExecArray | null, tx: RegExpExecArray | null): Reply {
    if (url.pathname === '/') return { status: 200, type: HAL, body: this.root() };
    if (url.pathname === `/accounts/${this.account}`) return { status: 200, type: HAL, body: this.accountRecord() };
    if (ledger)
      return { status: 200, type: HAL, body: { sequence: Number(ledger[1]), closed_at: closedAt(Number(ledger[1])) } };
    if (tx) return this.transaction(tx[1]!);
    const operation = /^\/operations\/(\d{1,20})$/.exec(url.pathname);
    const listed = operation && this.payments.find((p) => p.token === operation[1]);
    if (listed) return { status: 200, type: HAL, body: listed.record };
    return problem(404, 'not_found', 'Resource Missing');
  }

  private root() {
    const links: Record<string, { href: string; templated?: boolean }> = {
      self: { href: '/' },
      account: { href: '/accounts/{account_id}', templated: true },
      transactions: { href: '/transactions{?cursor,limit,order}', templated: true },
    };
    if (this.options.asyncSubmission) links['transactions_async'] = { href: '/transactions_async' };
    return {
      _links: links,
      horizon_version: '23.0.0-standin',
      core_version: 'stellar-core 23.0.0 (standin)',
      ingest_latest_ledger: this.latest,
      history_latest_ledger: this.latest,
      history_latest_ledger_closed_at: closedAt(this.latest),
      history_elder_ledger: this.elder,
      core_latest_ledger: this.latest,
      network_passphrase: this.passphrase,
      current_protocol_version: 23,
    };
  }

  /** GET /accounts/{account}: the account whose payments are listed, so its page opens. */
  private accountRecord() {
    const thresholds = { low_threshold: 0, med_threshold: 0, high_threshold: 0 };
    return {
      id: this.account,
      account_id: this.account,
      sequence: `${BigInt(this.options.elderLedger) << 32n}`,
      subentry_count: 0,
      last_modified_ledger: this.options.elderLedger,
      thresholds,
      flags: { auth_required: false, auth_revocable: false, auth_immutable: false, auth_clawback_enabled: false },
      balances: [{ balance: '1234.5000000', asset_type: 'native' }],
      signers: [{ key: this.account, weight: 1, type: 'ed25519_public_key' }],
    };
  }

  /** A listing page: Horizon's paging and links, and its 410 for a cursor before the elder ledger. */
  private list(req: IncomingMessage, res: ServerResponse, url: URL, logged: LoggedRequest): void {
    const query = url.searchParams;
    const order = query.get('order') === 'desc' ? 'desc' : 'asc';
    const limit = Math.min(200, Number(query.get('limit') ?? 10) || 10);
    const cursorText = query.get('cursor') || null;
    const cursor = cursorText && /^\d{1,20}$/.test(cursorText) ? BigInt(cursorText) : null;
    const elder = StandinHorizon.firstToken(this.elder);
    if (
      order === 'desc'
        ? cursor !== null && cursor <= elder
        : this.options.beforeHistory && (cursor === null || cursor < elder)
    ) {
      return this.send(req, res, logged, problem(410, 'before_history', 'Data Requested Is Before Recorded History'));
    }
    const failed = query.get('include_failed') === 'true';
    const ordered = order === 'asc' ? this.payments : [...this.payments].reverse();
    const after = (p: StandinPayment) =>
      cursor === null || (order === 'asc' ? BigInt(p.token) > cursor : BigInt(p.token) < cursor);
    const listed = ordered.filter((p) => failed || p.successful);
    const asked = listed.findIndex(after);
    const start = asked < 0 ? listed.length : asked;
    const from = this.options.pageFrom ? Math.max(0, this.options.pageFrom(start, limit)) : start;
    const page = listed.slice(from, from + limit);
    const join = query.get('join') === 'transactions';
    const last = page.at(-1)?.token;
    const href = (c: string | null | undefined, o: string) =>
      `${url.pathname}?cursor=${c ?? ''}&limit=${limit}&order=${o}${join ? '&join=transactions' : ''}`;
    const body = {
      _links: {
        self: { href: `${url.pathname}${url.search}` },
        next: { href: href(last ? (this.options.nextCursor?.(last, cursorText) ?? last) : cursorText, order) },
        prev: { href: href(page[0]?.token ?? cursorText, order === 'asc' ? 'desc' : 'asc') },
      },
      _embedded: { records: page.map((p) => (join ? { ...p.record, transaction: p.transaction } : p.record)) },
    };
    this.send(req, res, logged, { status: 200, type: HAL, body, full: page.length === limit });
  }

  /** Writes a reply in Horizon's framing: gzipped if asked, a full page held open if asked. */
  private send(req: IncomingMessage, res: ServerResponse, logged: LoggedRequest, reply: Reply): void {
    const zipped = this.options.gzip === true && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    if (this.options.gzip) logged.gzipped = zipped;
    logged.status = reply.status;
    const text = horizonJson(
      `http://${req.headers.host ?? '127.0.0.1'}`,
      reply.body,
      this.options.plainAmpersands === true,
    );
    const body = zipped ? gzipSync(text) : Buffer.from(text);
    res.writeHead(reply.status, {
      'content-type': reply.type,
      ...reply.headers,
      'content-length': String(body.length),
      ...(zipped ? { 'content-encoding': 'gzip' } : {}),
    });
    if (!this.options.holdFullPages || !reply.full || body.length <= HOLD_BYTES) {
      res.end(body);
      return;
    }
    res.write(body.subarray(0, HOLD_BYTES));
    const finish = () => {
      clearTimeout(timer);
      if (this.release === finish) this.release = null;
      if (!res.writableEnded) res.end(body.subarray(HOLD_BYTES));
    };
    const timer = setTimeout(finish, HOLD_MS);
    this.release = finish;
  }

  /** Horizon's SSE: open frame, records after the cursor, `event: close` after `limit` records or the timeout. */
  private stream(req: IncomingMessage, res: ServerResponse, url: URL, account: string, logged: LoggedRequest): void {
    // Last-Event-ID overrides the cursor, as in Horizon (actions/helpers.go getCursor).
    const given = String(req.headers['last-event-id'] ?? url.searchParams.get('cursor') ?? '0');
    const cursor = /^\d{1,20}$/.test(given) ? BigInt(given) : 0n;
    const failed = url.searchParams.get('include_failed') === 'true';
    const entry = { account, at: Date.now(), cursor: cursor.toString(), closedBy: null as 'server' | 'client' | null };
    this.streams.push(entry);
    logged.status = 200;
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.write('retry: 1000\nevent: open\ndata: "hello"\n\n');
    let sent = 0;
    const end = () => {
      if (entry.closedBy) return;
      entry.closedBy = 'server';
      cleanup();
      res.end(CLOSE_FRAME);
    };
    const send = (p: StandinPayment) => {
      if (entry.closedBy || account !== this.account || BigInt(p.token) <= cursor || !(failed || p.successful)) return;
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

  private submit(req: IncomingMessage, res: ServerResponse, logged: LoggedRequest): void {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () =>
      this.send(req, res, logged, this.submission(logged.path, new URLSearchParams(body).get('tx') ?? '')),
    );
  }

  private submission(path: string, envelopeXdr: string): Reply {
    let hash: string;
    try {
      hash = TransactionBuilder.fromXDR(envelopeXdr, this.passphrase).hash().toString('hex');
    } catch {
      return problem(
        400,
        'transaction_malformed',
        'Transaction Malformed',
        {},
        { envelope_xdr: envelopeXdr.slice(0, 200) },
      );
    }
    if (path === '/transactions_async') {
      if (!this.options.asyncSubmission) return problem(404, 'not_found', 'Resource Missing');
      const duplicate = this.submitted.has(hash);
      this.submitted.set(hash, this.submitted.get(hash) ?? this.options.pendingLookups ?? 2);
      return {
        status: duplicate ? 409 : 201,
        type: 'application/json',
        body: { tx_status: duplicate ? 'DUPLICATE' : 'PENDING', hash },
      };
    }
    this.submitted.set(hash, this.options.pendingLookups ?? 2);
    if (this.options.plainTimeout) return problem(504, 'timeout', 'Timeout');
    return problem(
      504,
      'transaction_submission_timeout',
      'Transaction Submission Timeout',
      {},
      { hash, envelope_xdr: envelopeXdr },
    );
  }

  private transaction(hash: string): Reply {
    const left = this.submitted.get(hash);
    if (left === undefined || left > 0) {
      if (left !== undefined) this.submitted.set(hash, left - 1);
      return problem(404, 'not_found', 'Resource Missing');
    }
    const body = {
      id: hash,
      hash,
      ledger: this.latest,
      successful: true,
      created_at: closedAt(this.latest),
      source_account: this.sender,
      fee_charged: '100',
      operation_count: 1,
    };
    return { status: 200, type: HAL, body };
  }
}

/** A token's place for ordering: "123" or "123-4" (a trade's). */
const placeOf = (token: string): [bigint, number] => {
  const [id = '0', order] = token.split('-');
  return [BigInt(/^\d{1,20}$/.test(id) ? id : '0'), order === undefined ? -1 : Number(order)];
};
const later = (a: [bigint, number], b: [bigint, number]) => a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]);

/** A page of a side listing (asc) after `cursor`, with Horizon's links. */
function sidePage(url: URL, records: Record<string, unknown>[]): Reply {
  const limit = Math.min(200, Number(url.searchParams.get('limit') ?? 10) || 10);
  const cursor = url.searchParams.get('cursor');
  const from = cursor ? placeOf(cursor) : null;
  const page = records.filter((r) => from === null || later(placeOf(String(r['paging_token'])), from)).slice(0, limit);
  const last = page.at(-1)?.['paging_token'] ?? cursor ?? '';
  const link = (at: string) => ({ href: `${url.pathname}?cursor=${at}&limit=${limit}&order=asc` });
  const links = {
    self: link(cursor ?? ''),
    next: link(String(last)),
    prev: link(String(page[0]?.['paging_token'] ?? '')),
  };
  return { status: 200, type: HAL, body: { _links: links, _embedded: { records: page } } };
}

function closedAt(ledger: number): string {
  return new Date(Date.UTC(2025, 0, 1) + ledger * 5_000).toISOString().replace('.000Z', 'Z');
}

/** 320 bytes that look random (five SHA-512 digests) in base64, as a signed envelope does not compress: the same for the same index. */
function envelope(index: number): string {
  return Buffer.concat(
    Array.from({ length: 5 }, (_, i) => createHash('sha512').update(`${index}:${i}`).digest()),
  ).toString('base64');
}

/** Horizon's JSON: indented, `&` escaped (unless `plain`), hrefs made absolute against `origin`. */
function horizonJson(origin: string, body: unknown, plain: boolean): string {
  const text = JSON.stringify(
    body,
    (key, value: unknown) =>
      key === 'href' && typeof value === 'string' && value.startsWith('/') ? origin + value : value,
    2,
  );
  return plain ? text : text.replace(/&/g, '\\u0026');
}

function problem(
  status: number,
  name: string,
  title: string,
  headers: Record<string, string> = {},
  extras?: Record<string, string>,
): Reply {
  const detail = `The stand-in answers ${name}.`;
  return {
    status,
    type: PROBLEM,
    headers,
    body: { type: `${TYPE}${name}`, title, status, detail, ...(extras ? { extras } : {}) },
  };
}
