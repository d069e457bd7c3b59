// A TCP relay that makes a local server as far away as a remote one: every byte a client sends
// reaches the server `--rtt-ms` later (a request and its answer cross one round trip), and the
// answers come back as fast as a link of `--mbit` megabits a second carries them, shared by every
// connection (0: no limit). It runs as its own process, so relaying costs neither the client's
// threads nor the server's.
//   node --import tsx test/bench/latency-proxy.ts --target http://127.0.0.1:PORT --rtt-ms 20 [--mbit 100]
// prints "listening on http://127.0.0.1:PORT" once it accepts connections, then "request <path>"
// for each HTTP request it relays (read from the request line), and "mark" for each line it reads
// on its standard input: every request line printed before a mark came before it.
import { connect, createServer, type Socket } from 'node:net';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    target: { type: 'string' },
    'rtt-ms': { type: 'string', default: '20' },
    mbit: { type: 'string', default: '0' },
  },
});
const target = new URL(values.target ?? '');
const rttMs = Number(values['rtt-ms']);
if (!Number.isFinite(rttMs) || rttMs < 0 || rttMs > 10_000)
  throw new Error(`--rtt-ms must be 0 to 10000, not ${values['rtt-ms']}`);
const mbit = Number(values.mbit);
if (!Number.isFinite(mbit) || mbit < 0)
  throw new Error(`--mbit must be a number of megabits a second (0: no limit), not ${values.mbit}`);

/** When the downlink is free again (performance.now() ms): answers queue on it, whichever connection they are on. */
let linkFreeAt = 0;

/** Relays the server's answers at the link's speed: a chunk leaves once those before it have. */
function download(from: Socket, to: Socket): void {
  if (mbit === 0) return relay(from, to, 0);
  const queue = new Ordered(to);
  from.on('data', (chunk: Buffer) => {
    linkFreeAt = Math.max(performance.now(), linkFreeAt) + (chunk.length * 8) / (mbit * 1000);
    queue.push(chunk, linkFreeAt);
  });
  from.on('end', () => queue.push(null, linkFreeAt));
}

/**
 * What one socket is sent, each chunk at its time and always in order: one timer for the chunk at
 * the head of the queue. (A timer per chunk could fire out of order on a loaded machine, where a
 * late computation set a later chunk's delay below an earlier one's, and garble an answer.)
 */
class Ordered {
  private readonly chunks: { chunk: Buffer | null; at: number }[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  constructor(private readonly to: Socket) {}

  /** `chunk` null: the end of the stream. `at`: performance.now() ms. */
  push(chunk: Buffer | null, at: number): void {
    this.chunks.push({ chunk, at });
    if (!this.timer) this.drain();
  }

  private drain(): void {
    this.timer = null;
    while (this.chunks.length > 0 && this.chunks[0]!.at <= performance.now()) {
      const { chunk } = this.chunks.shift()!;
      if (this.to.destroyed) continue;
      if (chunk === null) this.to.end();
      else this.to.write(chunk);
    }
    if (this.chunks.length > 0)
      this.timer = setTimeout(() => this.drain(), Math.max(0, this.chunks[0]!.at - performance.now()));
  }
}

const REQUEST_LINE = /(?:^|\r\n)(?:GET|HEAD|POST|PUT|DELETE|OPTIONS) (\S+) HTTP\/1\.[01]\r\n/g;

/** Prints the path of every request line in what a client sent (a request's head comes in one chunk from these clients). */
function count(chunk: Buffer): void {
  for (const match of chunk.toString('latin1').matchAll(REQUEST_LINE)) process.stdout.write(`request ${match[1]}\n`);
}

/** Relays `from` to `to`, each chunk `delayMs` after it came, in order. */
function relay(from: Socket, to: Socket, delayMs: number, onChunk?: (chunk: Buffer) => void): void {
  const queue = new Ordered(to);
  from.on('data', (chunk: Buffer) => {
    onChunk?.(chunk);
    if (delayMs === 0) to.write(chunk);
    else queue.push(chunk, performance.now() + delayMs);
  });
  from.on('end', () => (delayMs === 0 ? to.end() : queue.push(null, performance.now() + delayMs)));
}

const server = createServer((client) => {
  const upstream = connect(Number(target.port), target.hostname);
  client.setNoDelay(true);
  upstream.setNoDelay(true);
  relay(client, upstream, rttMs, count);
  download(upstream, client);
  const close = () => {
    client.destroy();
    upstream.destroy();
  };
  client.on('error', close);
  upstream.on('error', close);
  client.on('close', close);
  upstream.on('close', close);
});

process.stdin.on('data', (lines: Buffer) =>
  lines
    .toString()
    .split('\n')
    .slice(0, -1)
    .forEach(() => process.stdout.write('mark\n')),
);

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') console.log(`listening on http://127.0.0.1:${address.port}`);
});
