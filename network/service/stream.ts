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
import { type ListingTarget, readRecords, recordLinksOf, recordTexts } from './listing';
import { type Batch, PieceWriter } from './stream-pieces';

const BATCH = 200;
/**
 * Records one stream is sent in one turn before yielding to the others (one batch): every stream
 * that replays takes a turn in each pass of the event loop, so a turn is kept short enough that a
 * hundred replays at once still leave the loop free to read new requests.
 */
const TURN = BATCH;

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
  /** The socket refused a write: nothing more is read for this stream until it drains. */
  blocked: boolean;
  ageTimer: NodeJS.Timeout | undefined;
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
      blocked: false,
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
    this.pumpOrEnd(stream);
  }

  private pumpOrEnd(stream: Stream): void {
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
      // A blocked stream's socket is not idle: a comment would only add to what it holds.
      for (const stream of this.streams) if (!stream.blocked) stream.res.write(': keepalive\n\n');
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
    const pieces = new PieceWriter();
    let count: number;
    if (stream.target.read) {
      const whole = stream.target.read(this.store, stream.lastId, BATCH, stream.base);
      for (const record of whole) pieces.add(`${record.id}`, '', record.bytes);
      count = whole.length;
    } else if (!stream.params.join) {
      const texts = recordTexts(this.store, stream.target, stream.params, stream.parts, stream.lastId, BATCH);
      for (const [id, text] of texts) pieces.add(id, text);
      count = texts.length;
    } else {
      const { target, params, base, lastId } = stream;
      const texts = readRecords(this.store, target, params, base, lastId, INT64_MAX, BATCH, false);
      for (const record of texts) {
        const id = `${record.id}`;
        pieces.add(id, recordHead(stream.parts, id, record.hash), record.body);
      }
      count = texts.length;
    }
    const batch = pieces.finish(stream.lastId, count === BATCH);
    this.shared?.set(shareKey, batch);
    return batch;
  }

  /**
   * Sends what follows the stream's last record; long replays yield between turns. A refused
   * write leaves the cursor on the last record handed to the socket and waits for `drain`.
   */
  private pump(stream: Stream): void {
    if (stream.pumping || stream.blocked || !this.streams.has(stream)) return;
    let sent = 0;
    for (;;) {
      const batch = this.read(stream);
      for (let i = 0; i < batch.pieces.length; i += 1) {
        const more = stream.res.write(batch.pieces[i]!);
        stream.lastId = batch.ends[i]!;
        if (!more) return this.block(stream);
      }
      stream.lastId = batch.lastId;
      sent += BATCH;
      if (!batch.full) return;
      if (sent >= TURN) break;
    }
    stream.pumping = true;
    setImmediate(() => {
      stream.pumping = false;
      this.pumpOrEnd(stream);
    });
  }

  private block(stream: Stream): void {
    stream.blocked = true;
    stream.res.once('drain', () => {
      stream.blocked = false;
      this.pumpOrEnd(stream);
    });
  }

  /**
   * Ends a stream with its last frame; a blocked one (its client is not reading, so neither would
   * the end arrive) is destroyed, so that its socket and what it holds go at once.
   */
  private end(stream: Stream, lastFrame: string): void {
    if (!this.streams.has(stream)) return;
    if (stream.blocked) stream.res.destroy();
    else {
      if (lastFrame) stream.res.write(lastFrame);
      stream.res.end();
    }
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
