// Server-sent events read from bytes as they arrive, as the WHATWG event-stream format says: lines
// end with LF, CR or CRLF, a line starting with `:` is a comment (a keepalive), `data` lines join
// with LF, `id` sets the last event id, a blank line dispatches, an event without data is none.
// `retry` is not read: the streams keep their own backoff. Two caps bound what one server can
// make the core hold (issue #28 point 4): a line and an event's data are at most 1 MiB each. A
// stream of records never needs that much, so passing either is the server's fault: push() throws
// SseTooLarge, having held no more than the cap and the chunk at hand.
import { formatBytes } from '../../../shared/bytes';

/** The longest line read, in bytes. */
export const MAX_LINE_BYTES = 1024 * 1024;
/** The most data one event may carry, in bytes (its data lines together). */
export const MAX_EVENT_BYTES = 1024 * 1024;

export interface SseEvent {
  /** The `event` field, `message` when there was none. */
  type: string;
  data: string;
  /** The last `id` the stream sent (this event's, or an earlier one's). */
  lastEventId: string;
}

export class SseTooLarge extends Error {
  override name = 'SseTooLarge';
}

const LF = 0x0a;
const CR = 0x0d;

export class SseParser {
  /** The start of a line whose end has not arrived, copied out of its chunks. */
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  /** The last chunk ended with CR: an LF starting the next one ends no second line. */
  private afterCr = false;
  private firstLine = true;
  private type = '';
  private data: string[] = [];
  private dataBytes = 0;
  private lastEventId = '';

  constructor(
    private readonly onEvent: (event: SseEvent) => void,
    private readonly limits: { lineBytes: number; eventBytes: number } = {
      lineBytes: MAX_LINE_BYTES,
      eventBytes: MAX_EVENT_BYTES,
    },
  ) {}

  /** Bytes held for a line not yet ended (what the line cap bounds). */
  get heldBytes(): number {
    return this.pendingBytes;
  }

  /** Reads the next chunk, dispatching every event it completes; throws SseTooLarge past a cap. */
  push(chunk: Uint8Array): void {
    let start = 0;
    if (this.afterCr && chunk.length > 0) {
      this.afterCr = false;
      if (chunk[0] === LF) start = 1;
    }
    let lf = chunk.indexOf(LF, start);
    let cr = chunk.indexOf(CR, start);
    while (lf >= 0 || cr >= 0) {
      const end = lf < 0 ? cr : cr < 0 ? lf : Math.min(lf, cr);
      this.line(chunk.subarray(start, end));
      start = end + 1;
      if (chunk[end] === CR) {
        if (start === chunk.length) this.afterCr = true;
        else if (chunk[start] === LF) start += 1;
      }
      if (lf >= 0 && lf < start) lf = chunk.indexOf(LF, start);
      if (cr >= 0 && cr < start) cr = chunk.indexOf(CR, start);
    }
    if (start < chunk.length) this.hold(chunk.subarray(start));
  }

  private hold(bytes: Uint8Array): void {
    if (this.pendingBytes + bytes.length > this.limits.lineBytes) throw this.tooLarge('a line');
    this.pending.push(new Uint8Array(bytes)); // a copy: the chunk it came in can go
    this.pendingBytes += bytes.length;
  }

  private line(end: Uint8Array): void {
    const size = this.pendingBytes + end.length;
    if (size > this.limits.lineBytes) throw this.tooLarge('a line');
    const bytes = this.pending.length === 0 ? end : Buffer.concat([...this.pending, end], size);
    this.pending = [];
    this.pendingBytes = 0;
    let text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
    if (this.firstLine) {
      this.firstLine = false;
      if (text.startsWith('\uFEFF')) text = text.slice(1);
    }
    this.field(text, size);
  }

  private field(line: string, size: number): void {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return; // a comment: a keepalive
    const colon = line.indexOf(':');
    const name = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(line[colon + 1] === ' ' ? colon + 2 : colon + 1);
    if (name === 'event') this.type = value;
    else if (name === 'id' && !value.includes('\0')) this.lastEventId = value;
    else if (name === 'data') {
      // The event's data as it will be: each value (its line less the ASCII field name) and the LFs between.
      this.dataBytes += size - (line.length - value.length) + (this.data.length > 0 ? 1 : 0);
      if (this.dataBytes > this.limits.eventBytes) throw this.tooLarge('an event');
      this.data.push(value);
    }
  }

  private dispatch(): void {
    const { data, type } = this;
    this.data = [];
    this.dataBytes = 0;
    this.type = '';
    if (data.length > 0)
      this.onEvent({ type: type || 'message', data: data.join('\n'), lastEventId: this.lastEventId });
  }

  private tooLarge(what: string): SseTooLarge {
    const cap = what === 'a line' ? this.limits.lineBytes : this.limits.eventBytes;
    return new SseTooLarge(
      `The server sent ${what} longer than ${formatBytes(cap)}, which no stream of records needs.`,
    );
  }
}
