// The core's SSE reader (core/sources/horizon/sse-parser.ts): the event-stream format as the WHATWG spec reads it,
// whatever the chunking, and its caps (issue #28 point 4): a line or an event past 1 MiB is the
// server's fault, found while holding no more than the cap, however long the line goes on.
import { describe, expect, it } from 'vitest';
import {
  MAX_EVENT_BYTES,
  MAX_LINE_BYTES,
  SseParser,
  SseTooLarge,
  type SseEvent,
} from '../../core/sources/horizon/sse-parser';

/** Feeds `text` cut into chunks of `size` bytes; the events read. */
function read(text: string | Uint8Array, size = Number.MAX_SAFE_INTEGER): SseEvent[] {
  const events: SseEvent[] = [];
  const parser = new SseParser((event) => events.push(event));
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  for (let at = 0; at < bytes.length; at += size) parser.push(bytes.subarray(at, at + size));
  return events;
}

const STREAM = [
  '\uFEFFretry: 1000\r\nevent: open\r\ndata: "hello"\r\n\r\n',
  ': keepalive\n\n',
  'id: 120259084288\ndata: {"a":1,\ndata:  "b":"€ ünï"}\n\n',
  'data\n\n', // a data field with no value: an empty event
  'event: nothing\n\n', // no data: no event
  'id: 7\rdata:x\r\r',
  'event: close\ndata: "byebye"\n\n',
].join('');

const EXPECTED: SseEvent[] = [
  { type: 'open', data: '"hello"', lastEventId: '' },
  { type: 'message', data: '{"a":1,\n "b":"€ ünï"}', lastEventId: '120259084288' },
  { type: 'message', data: '', lastEventId: '120259084288' },
  { type: 'message', data: 'x', lastEventId: '7' },
  { type: 'close', data: '"byebye"', lastEventId: '7' },
];

describe('the SSE reader', () => {
  it('reads fields, comments, ids and line ends (LF, CR, CRLF), a BOM and UTF-8, in any chunking', () => {
    expect(read(STREAM)).toEqual(EXPECTED);
    for (const size of [1, 2, 3, 5, 7, 64]) expect(read(STREAM, size), `chunks of ${size}`).toEqual(EXPECTED);
  });

  it('keeps an id with NUL out, and holds a line not yet ended until its end arrives', () => {
    expect(read('id: 5\n\nid: a\0b\ndata: y\n\n')).toEqual([{ type: 'message', data: 'y', lastEventId: '5' }]);
    const events: SseEvent[] = [];
    const parser = new SseParser((event) => events.push(event));
    parser.push(Buffer.from('data: par'));
    expect(parser.heldBytes).toBe(9);
    parser.push(Buffer.from('tial\n\n'));
    expect(events).toEqual([{ type: 'message', data: 'partial', lastEventId: '' }]);
    expect(parser.heldBytes).toBe(0);
  });

  it('reads a line and an event of exactly the caps', () => {
    const line = `data: ${'x'.repeat(MAX_LINE_BYTES - 6)}\n\n`;
    expect(read(line, 65_536)[0]!.data).toHaveLength(MAX_LINE_BYTES - 6);
    expect(() => read(`data: ${'x'.repeat(MAX_LINE_BYTES - 5)}\n\n`)).toThrow(/a line longer than 1.0 MiB/);
    // 1023 values of 1023 bytes, one of 1024, and the 1023 LFs between them: 1 MiB of data.
    const event = `${`data: ${'y'.repeat(1023)}\n`.repeat(1023)}data: ${'y'.repeat(1024)}\n\n`;
    expect(read(event, 65_536)[0]!.data).toHaveLength(MAX_EVENT_BYTES);
    expect(() => read(`data: €\n${event}`)).toThrow(SseTooLarge);
  });

  it('refuses a line without end past 1 MiB, holding at most the cap, however long it goes on', () => {
    const parser = new SseParser(() => undefined);
    const chunk = Buffer.alloc(65_536, 'x');
    let fed = 0;
    let held = 0;
    let error: unknown = null;
    try {
      for (fed = 0; fed < 100_000_000; fed += chunk.length) {
        parser.push(chunk);
        held = Math.max(held, parser.heldBytes);
      }
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(SseTooLarge);
    expect((error as Error).message).toMatch(/a line longer than 1.0 MiB/);
    expect(fed).toBeLessThanOrEqual(MAX_LINE_BYTES + chunk.length);
    expect(held).toBeLessThanOrEqual(MAX_LINE_BYTES);
  });

  it('refuses an event whose data lines together pass 1 MiB, though each is short', () => {
    const parser = new SseParser(() => undefined);
    const line = Buffer.from(`data: ${'z'.repeat(100_000)}\n`);
    let lines = 0;
    expect(() => {
      for (lines = 0; lines < 1_000; lines++) parser.push(line);
    }).toThrow(/an event longer than 1.0 MiB/);
    expect(lines).toBe(10);
  });
});
