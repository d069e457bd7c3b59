// Server-sent events on the listings (docs/design.md "Streaming"). Each stream keeps the id of the last
// record it sent and, whenever a ledger is committed, reads what follows it: each record once, in
// order, with no gap, whatever the timing. One shared poller watches max(ledgers.sequence) (the
// core is the only writer) and runs only while a stream is open. Streams of the same listing at
// the same position share one read and one serialisation per ledger.
import type { ServerResponse } from 'node:http';
import { INT64_MAX } from '../../shared/amount';
import type { ListingParams } from './params';
import type { Store } from './queries';
import { type LinkParts, linkParts, recordHead } from './links';
import { type ListingTarget, readRecords, recordLinksOf } from './listing';

const BATCH = 200;
/** Records one stream is sent in one turn before yielding to the others. */
const TURN = 1000;
/** A client that stops reading is dropped past this much buffered output; it resumes by id. */
const MAX_BUFFERED = 8 * 1024 * 1024;
const FRAME_END = Buffer.from('\n\n');

export interface StreamHubOptions {
  pollMs: number;
  keepaliveMs: number;
  /** 0: streams never end on their own. */
  maxAgeMs: number;
}

interface Stream {
  res: ServerResponse;
  target: ListingTarget;
  params: ListingParams;
  /** The base URL its client sees the service at (records link into this listing under it). */
  base: string;
  parts: LinkParts;
  /** Key of what the stream reads, for sharing reads between streams. */
  key: string;
  lastId: bigint;
  client: string;
  pumping: boolean;
  ageTimer: NodeJS.Timeout | undefined;
}

interface Batch {
  /** The frames of the batch, encoded once and written to every stream at this position. */
  bytes: Buffer;
  lastId: bigint;
  full: boolean;
}

export class StreamHub {
  private readonly streams = new Set<Stream>();
  private readonly perClient = new Map<string, number>();
  private poller: NodeJS.Timeout | undefined;
  private keepalive: NodeJS.Timeout | undefined;
  private latest = -1n;
  /** Batches read during the current poll turn, by listing key and position. */
  private shared: Map<string, Batch> | undefined;

  constructor(
    private readonly store: Store,
    private readonly options: StreamHubOptions,
  ) {}

  openCount(client: string): number {
    return this.perClient.get(client) ?? 0;
  }

  get size(): number {
    return this.streams.size;
  }

  open(
    res: ServerResponse,
    target: ListingTarget,
    params: ListingParams,
    after: bigint,
    client: string,
    base: string,
  ): void {
    const key = `${base}${target.path}|${params.includeFailed}|${params.join}`;
    const parts = linkParts(recordLinksOf(target, params, base));
    const stream: Stream = {
      res,
      target,
      params,
      base,
      parts,
      key,
      lastId: after,
      client,
      pumping: false,
      ageTimer: undefined,
    };
    this.streams.add(stream);
    this.perClient.set(client, this.openCount(client) + 1);
    res.write('retry: 1000\nevent: open\ndata: "hello"\n\n');
    res.on('close', () => this.remove(stream));
    if (this.options.maxAgeMs > 0) {
      stream.ageTimer = setTimeout(() => this.end(stream, 'event: close\ndata: "byebye"\n\n'), this.options.maxAgeMs);
    }
    this.start();
    try {
      this.pump(stream);
    } catch {
      this.end(stream, ''); // the store could not be read: the client resumes by id
    }
  }

  private start(): void {
    if (this.poller) return;
    this.latest = this.store.latestLedger();
    this.poller = setInterval(() => this.poll(), this.options.pollMs);
    this.keepalive = setInterval(() => {
      for (const stream of this.streams) stream.res.write(': keepalive\n\n');
    }, this.options.keepaliveMs);
  }

  private stop(): void {
    clearInterval(this.poller);
    clearInterval(this.keepalive);
    this.poller = undefined;
    this.keepalive = undefined;
  }

  private poll(): void {
    let latest: bigint;
    try {
      latest = this.store.latestLedger();
    } catch {
      return; // a locked or replaced file: the next tick tries again
    }
    if (latest === this.latest) return;
    this.latest = latest;
    this.shared = new Map();
    try {
      for (const stream of this.streams) {
        try {
          this.pump(stream);
        } catch {
          this.latest = -1n; // read again on the next tick
        }
      }
    } finally {
      this.shared = undefined;
    }
  }

  private read(stream: Stream): Batch {
    const shareKey = `${stream.key}|${stream.lastId}`;
    const cached = this.shared?.get(shareKey);
    if (cached) return cached;
    const parts: Buffer[] = [];
    let records: { id: bigint }[];
    if (stream.target.read) {
      const whole = stream.target.read(this.store, stream.lastId, BATCH, stream.base);
      for (const record of whole) parts.push(Buffer.from(`id: ${record.id}\ndata: `), record.bytes, FRAME_END);
      records = whole;
    } else {
      const texts = readRecords(
        this.store,
        stream.target,
        stream.params,
        stream.base,
        stream.lastId,
        INT64_MAX,
        BATCH,
        false,
      );
      for (const record of texts)
        parts.push(
          Buffer.from(`id: ${record.id}\ndata: ${recordHead(stream.parts, `${record.id}`, record.hash)}`),
          record.body,
          FRAME_END,
        );
      records = texts;
    }
    const batch = {
      bytes: Buffer.concat(parts),
      lastId: records.length ? records[records.length - 1]!.id : stream.lastId,
      full: records.length === BATCH,
    };
    this.shared?.set(shareKey, batch);
    return batch;
  }

  /** Sends what follows the stream's last record; long replays yield between turns. */
  private pump(stream: Stream): void {
    if (stream.pumping || !this.streams.has(stream)) return;
    let sent = 0;
    for (;;) {
      const batch = this.read(stream);
      if (batch.bytes.length > 0) stream.res.write(batch.bytes);
      stream.lastId = batch.lastId;
      sent += BATCH;
      if (stream.res.writableLength > MAX_BUFFERED) return this.end(stream, '');
      if (!batch.full) return;
      if (sent >= TURN) break;
    }
    stream.pumping = true;
    setImmediate(() => {
      stream.pumping = false;
      this.pump(stream);
    });
  }

  private end(stream: Stream, lastFrame: string): void {
    if (!this.streams.has(stream)) return;
    if (lastFrame) stream.res.write(lastFrame);
    stream.res.end();
    this.remove(stream);
  }

  private remove(stream: Stream): void {
    if (!this.streams.delete(stream)) return;
    clearTimeout(stream.ageTimer);
    const count = this.openCount(stream.client) - 1;
    if (count > 0) this.perClient.set(stream.client, count);
    else this.perClient.delete(stream.client);
    if (this.streams.size === 0) this.stop();
  }

  closeAll(): void {
    for (const stream of [...this.streams]) this.end(stream, '');
    this.stop();
  }
}
