// Clients that open streams and stop reading (docs/service.md "Streams"), against a real service
// process. A stream replays a long history (an account with about 16 MB of operations); the kernel
// takes a few MB of each before the socket refuses more, and from then on the service must stop
// reading for that stream instead of buffering the rest. Before it did, each paused stream held up
// to 8 MiB until it was dropped, a dropped one kept its socket and buffer until its client went,
// and 100 of them took the service from 240 MB to over 1 GB.
//
// What the service holds is read through its inspector (NODE_OPTIONS opens one on a free port):
// the heap in use and the buffers after a full collection, so the figure is what is kept, not
// garbage not yet collected. Its resident size is checked too, with room for what replaying 100
// streams costs the process once (V8's young generation and malloc's arenas grow under that
// allocation and are kept for reuse rather than handed back).
import { connect, type Socket } from 'node:net';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningNetwork, startNetwork } from '../support/network';
import { waitFor } from '../support/wait';

const STREAMS = 100;
const MB = 1024 * 1024;
let net: RunningNetwork;
let pid: number;
let path: string;
let inspector: Inspector;

beforeAll(async () => {
  net = await startNetwork({
    historyOps: 20_000,
    readyTimeoutMs: 180_000,
    env: { NODE_OPTIONS: '--inspect=127.0.0.1:0' },
  });
  const line = net.output.find((l) => l.includes('ledgerscope-service pid '));
  pid = Number(line?.split('ledgerscope-service pid ')[1]);
  expect(pid).toBeGreaterThan(0);
  // Each process of the network prints its own inspector's address; the service's is prefixed.
  const address = net.output
    .find((l) => l.startsWith('[service] Debugger listening on '))
    ?.split(' ')
    .pop();
  inspector = await Inspector.open(address!);
  path = `/accounts/${net.demoAccounts[0]!.publicKey}/operations?cursor=0`;
}, 200_000);

afterAll(async () => {
  inspector?.close();
  await net?.stop();
});

/** Just enough of the Chrome DevTools protocol to collect garbage and read process.memoryUsage(). */
class Inspector {
  private next = 1;
  private readonly waiting = new Map<number, (result: Record<string, unknown>) => void>();

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { id?: number; result?: Record<string, unknown> };
      if (message.id !== undefined) this.waiting.get(message.id)?.(message.result ?? {});
    });
  }

  static open(url: string): Promise<Inspector> {
    const socket = new WebSocket(url);
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new Inspector(socket)));
      socket.once('error', reject);
    });
  }

  send(method: string, params: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    const id = this.next++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.socket.send(JSON.stringify({ id, method, params }));
    });
  }

  /** Heap in use plus array buffers, after a full collection. */
  async heldBytes(): Promise<number> {
    await this.send('HeapProfiler.collectGarbage');
    const { result } = (await this.send('Runtime.evaluate', {
      expression: 'JSON.stringify(process.memoryUsage())',
    })) as { result: { value: string } };
    const usage = JSON.parse(result.value) as { heapUsed: number; arrayBuffers: number };
    return usage.heapUsed + usage.arrayBuffers;
  }

  close(): void {
    this.socket.close();
  }
}

function rssBytes(): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) * 1024;
}

/** The service's open sockets (the listening one included). */
function socketCount(): number {
  const dir = `/proc/${pid}/fd`;
  return readdirSync(dir).filter((fd) => {
    try {
      return readlinkSync(`${dir}/${fd}`).startsWith('socket:');
    } catch {
      return false; // closed meanwhile
    }
  }).length;
}

/** The RSS once it has stopped moving: within 1 MB over five samples 300 ms apart. */
async function settledRss(what: string): Promise<number> {
  const samples: number[] = [];
  return waitFor(
    () =>
      `the service's memory to settle ${what} (last samples ${samples.slice(-5).map((b) => Math.round(b / MB))} MB)`,
    () => {
      samples.push(rssBytes());
      const last = samples.slice(-5);
      return last.length === 5 && Math.max(...last) - Math.min(...last) < MB ? last[4] : undefined;
    },
    120_000,
    300,
  );
}

/** A stream whose client reads the response head, then nothing more. */
function pausedStream(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(new URL(net.serviceUrl).port), '127.0.0.1');
    socket.once('data', (chunk) => {
      socket.pause();
      if (/^HTTP\/1\.1 200 /.test(chunk.toString('latin1'))) resolve(socket);
      else reject(new Error(`not a stream: ${chunk.toString('latin1').slice(0, 120)}`));
    });
    socket.on('error', () => undefined);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n`);
  });
}

/** Opens `count` paused streams and waits for the service to settle; returns them and the RSS. */
async function openPaused(count: number, what: string): Promise<{ sockets: Socket[]; rss: number }> {
  const sockets = await Promise.all(Array.from({ length: count }, pausedStream));
  return { sockets, rss: await settledRss(what) };
}

/** Closes the streams and waits until the service has closed every one of their sockets. */
async function closeAll(sockets: Socket[], baseSockets: number, what: string): Promise<number> {
  sockets.forEach((socket) => socket.destroy());
  await waitFor('the service to close every stream', () => socketCount() === baseSockets, 30_000);
  return settledRss(what);
}

describe('streams whose clients stop reading', () => {
  it(`${STREAMS} paused streams hold at most 50 MB, and nothing after they close`, async () => {
    const baseSockets = socketCount();
    const idle = { held: await inspector.heldBytes(), rss: await settledRss('at idle') };
    const { sockets, rss } = await openPaused(STREAMS, `with ${STREAMS} paused streams`);
    const open = { held: await inspector.heldBytes(), rss };
    const closedRss = await closeAll(sockets, baseSockets, 'after they closed');
    const closed = { held: await inspector.heldBytes(), rss: closedRss };
    const collectedRss = await settledRss('after a collection');
    const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
    const shown = (at: { held: number; rss: number }) => `held ${mb(at.held)}, resident ${mb(at.rss)}`;
    const report =
      `idle: ${shown(idle)}; ${STREAMS} paused: ${shown(open)}; closed: ${shown(closed)}; ` +
      `resident after a collection ${mb(collectedRss)}`;
    expect(open.held - idle.held, report).toBeLessThanOrEqual(50 * MB);
    expect(closed.held - idle.held, report).toBeLessThanOrEqual(5 * MB);
    expect(open.rss - idle.rss, report).toBeLessThanOrEqual(250 * MB);
    expect(closed.rss, report).toBeLessThanOrEqual(open.rss + MB);
    expect(collectedRss - idle.rss, report).toBeLessThanOrEqual(100 * MB);
    expect((await fetch(`${net.serviceUrl}/health`)).status).toBe(200);
  }, 600_000);
});
