// A stream whose server sends a line or an event past the SSE reader's caps (issue #28 point 4):
// a stand-in streams one line of 100 million characters without a newline, and the client must
// close each connection after about 1 MiB (its memory stays bounded), never report "live" (no
// preamble nor event arrived), and come back after a delay that grows each time. A server that
// sends its preamble and then an oversized event is live for a moment, but its reconnects still
// back off further each time: the fault is the server's, not a passing break.
import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { builtInProfiles } from '../../core/networks/networks';
import { MAX_LINE_BYTES } from '../../core/sources/horizon/sse-parser';
import { streamPayments } from '../../core/streams/streams';
import type { StreamStatus } from '../../shared/model';
import { startLocalServer, type LocalServer } from '../support/local-server';
import { waitFor } from '../support/wait';

const ACCOUNT = 'GDJNVXHV5FEOVP4S5LNUAO6GDJIBYMTGYNXPLKN5JIIJVHIIQBPVHTMX';
const LINE_CHARS = 100_000_000;
const BASE_MS = 100;

interface Connection {
  at: number;
  closedAt: number | null;
  /** Bytes the client took (accepted by the socket) before it closed the connection. */
  sent: number;
}

let connections: Connection[] = [];
let preamble = false;
let local: LocalServer;

/** Writes `total` bytes of `x` in 64 KiB chunks, waiting for the client to take each, until it closes. */
async function writeLong(res: ServerResponse, connection: Connection, total: number): Promise<void> {
  const chunk = Buffer.alloc(65_536, 'x');
  while (connection.sent < total && !res.destroyed) {
    connection.sent += chunk.length;
    if (!res.write(chunk)) await Promise.race([once(res, 'drain'), once(res, 'close')]);
  }
}

beforeAll(async () => {
  local = await startLocalServer((req, res) => {
    const connection: Connection = { at: performance.now(), closedAt: null, sent: 0 };
    connections.push(connection);
    res.on('close', () => (connection.closedAt = performance.now()));
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    if (preamble) {
      // The preamble, then one event of 11 data lines of 100,000 bytes: each line is short, the event is not.
      res.write('retry: 1000\nevent: open\ndata: "hello"\n\n');
      for (let i = 0; i < 11 && !res.destroyed; i++) res.write(`data: ${'y'.repeat(100_000)}\n`);
      return;
    }
    res.write('data: ');
    void writeLong(res, connection, LINE_CHARS);
  });
});
afterAll(() => local.close());
afterEach(() => void (connections = []));

/** Streams the account (from a given token: no pin) until `count` connections have come and gone; each status with when it came. */
async function streamUntil(count: number): Promise<(StreamStatus & { at: number })[]> {
  const statuses: (StreamStatus & { at: number })[] = [];
  const profile = { ...builtInProfiles(local.base)[1]!, baseUrl: local.base, dialect: 'ledger' as const };
  const handle = streamPayments(
    profile,
    ACCOUNT,
    { record: () => undefined, status: (s) => void statuses.push({ ...s, at: performance.now() }) },
    { cursor: '120259084288', backoffBaseMs: BASE_MS, backoffCapMs: 10_000 },
  );
  try {
    await waitFor(
      () => `${count} closed connections (${connections.filter((c) => c.closedAt).length} so far)`,
      () => connections.filter((c) => c.closedAt !== null).length >= count,
      15_000,
    );
  } finally {
    handle.stop();
  }
  return statuses;
}

/** The waits between the client's giving up a connection (its `reconnecting` status) and the next request, ms. */
const gaps = (reconnecting: { at: number }[]) => reconnecting.map((status, i) => connections[i + 1]!.at - status.at);

describe('SSE caps on a stream', () => {
  it('closes a 100-million-character line after about 1 MiB, is never live, and waits longer each time', async () => {
    preamble = false;
    const heapBefore = process.memoryUsage().heapUsed;
    const statuses = await streamUntil(4);
    for (const connection of connections.slice(0, 4)) {
      // What the sockets buffer on loopback comes on top of the 1 MiB read; far below the line.
      expect(connection.sent).toBeGreaterThan(MAX_LINE_BYTES);
      expect(connection.sent).toBeLessThan(40_000_000);
    }
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(64 * 1024 * 1024);
    expect(statuses.map((s) => s.state)).not.toContain('live');
    const reconnecting = statuses.filter((s) => s.state === 'reconnecting');
    expect(reconnecting.slice(0, 3).map((s) => s.attempt)).toEqual([1, 2, 3]);
    expect(reconnecting[0]!.message).toMatch(/a line longer than 1.0 MiB/);
    // ×1.5 from 100 ms: 100, 150, 225 ms (a timer never fires early, so the third is past any first).
    const waits = gaps(reconnecting.slice(0, 3));
    [BASE_MS, BASE_MS * 1.5, BASE_MS * 2.25].forEach((expected, i) =>
      expect(waits[i]).toBeGreaterThanOrEqual(expected - 1),
    );
  });

  it('backs off further after an oversized event even when the preamble came first', async () => {
    preamble = true;
    const statuses = await streamUntil(3);
    expect(statuses.map((s) => s.state)).toContain('live');
    const reconnecting = statuses.filter((s) => s.state === 'reconnecting');
    expect(reconnecting.slice(0, 3).map((s) => s.attempt)).toEqual([1, 2, 3]);
    expect(reconnecting[0]!.message).toMatch(/an event longer than 1.0 MiB/);
    const waits = gaps(reconnecting.slice(0, 2));
    [BASE_MS, BASE_MS * 1.5].forEach((expected, i) => expect(waits[i]).toBeGreaterThanOrEqual(expected - 1));
  });
});
