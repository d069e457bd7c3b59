// The HTTP client's transport (http-node.ts) against a real local server playing a peer that
// compresses, redirects, drops kept-alive connections, truncates bodies, sends bombs, and sends a
// body in parts (whose start, decoded, a caller is told before the rest comes).
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../../core/http/http';
import { HEAD_BYTES } from '../../core/http/http-head';
import { BodyBuffer, declaredLength, SIZED_MOST } from '../../core/http/body-buffer';
import { MAX_BODY_BYTES } from '../../core/http/http-node';
import { startLocalServer, type LocalServer } from '../support/local-server';
import { waitFor } from '../support/wait';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;
let handler: Handler = (_req, res) => res.end('{}');
let local: LocalServer;
/** Requests seen per connection, in order. */
const perSocket = new Map<Socket, number>();

beforeAll(async () => {
  local = await startLocalServer((req, res) => {
    perSocket.set(req.socket, (perSocket.get(req.socket) ?? 0) + 1);
    handler(req, res);
  });
});

afterAll(() => local.close());

const PAGE = '{"_embedded":{"records":[{"id":"257698037760004097","memo":"€ ünï"}]},"n":257698037760004097}';
const encoders: Record<string, (body: Buffer) => Buffer> = {
  gzip: gzipSync,
  deflate: deflateSync,
  br: brotliCompressSync,
};

describe('HTTP transport', () => {
  it.each(Object.keys(encoders))(
    'asks for compressed bodies and reads a %s one, as text and as bytes',
    async (encoding) => {
      let asked = '';
      handler = (req, res) => {
        asked = String(req.headers['accept-encoding']);
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': encoding });
        res.end(encoders[encoding]!(Buffer.from(PAGE)));
      };
      const client = new HttpClient(local.base);
      expect(asked).toBe('');
      const json = await client.getJson('/page');
      expect(asked).toContain(encoding);
      expect(json.body).toMatchObject({ n: 257698037760004097n });
      const { bytes } = await client.getBytes('/page');
      expect(Buffer.from(bytes).toString()).toBe(PAGE);
      expect([bytes.byteOffset, bytes.buffer.byteLength]).toEqual([0, bytes.length]);
    },
  );

  it.each(['identity', 'gzip'])(
    'tells a caller the decoded start of a %s body while the rest is still to come',
    async (encoding) => {
      // 40 KB of records that do not compress to nothing, sent in two halves (as sent: compressed or not).
      const text = `{"_links":{"next":{"href":"?cursor=42"}},"records":[${Array.from({ length: 600 }, (_, i) => `{"id":"${i}","hash":"${createHash('sha256').update(String(i)).digest('hex')}"}`).join(',')}]}`;
      const sent = encoding === 'gzip' ? gzipSync(Buffer.from(text)) : Buffer.from(text);
      const half = Math.floor(sent.length / 2);
      const seen: { head: string; received: number }[] = [];
      let rest: (() => void) | null = null;
      handler = (_req, res) => {
        res.writeHead(200, {
          'content-type': 'application/json',
          'content-encoding': encoding,
          'content-length': String(sent.length),
        });
        res.write(sent.subarray(0, half));
        rest = () => res.end(sent.subarray(half));
      };
      expect(sent.length).toBeGreaterThan(2 * HEAD_BYTES);
      const reading = new HttpClient(local.base).getBytes('/parts', {
        onProgress: (head, received) => seen.push({ head: Buffer.from(head).toString(), received }),
      });
      // The server sends the second half only once the start has been told.
      await waitFor('the start of the body', () => seen[0]);
      expect(seen[0]!.head).toBe(text.slice(0, HEAD_BYTES));
      expect(seen.every((s) => s.received <= half)).toBe(true);
      rest!();
      expect(Buffer.from((await reading).bytes).toString()).toBe(text);
      expect(seen.at(-1)!.received).toBe(sent.length);
    },
  );

  it('tells nothing of a body that is not what its encoding says, or is shorter than the head', async () => {
    const seen: number[] = [];
    const onProgress = (_head: Uint8Array, received: number) => seen.push(received);
    handler = (_req, res) => {
      res.writeHead(200, { 'content-encoding': 'gzip' });
      res.end(Buffer.alloc(3 * HEAD_BYTES, 7));
    };
    expect(await new HttpClient(local.base).getBytes('/liar', { onProgress }).catch((e: unknown) => e)).toMatchObject({
      code: 'unreachable',
    });
    handler = (_req, res) => res.end(PAGE);
    expect(Buffer.from((await new HttpClient(local.base).getBytes('/short', { onProgress })).bytes).toString()).toBe(
      PAGE,
    );
    expect(seen).toEqual([]);
  });

  it('refuses a body that inflates past the limit, and one that is not what its encoding says', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-encoding': 'gzip' });
      res.end(gzipSync(Buffer.alloc(MAX_BODY_BYTES + 1)));
    };
    expect(await new HttpClient(local.base).getBytes('/bomb').catch((e: unknown) => e)).toMatchObject({
      code: 'too_large',
    });
    handler = (_req, res) => {
      res.writeHead(200, { 'content-encoding': 'gzip' });
      res.end('this is not gzip');
    };
    expect(await new HttpClient(local.base).getJson('/liar').catch((e: unknown) => e)).toMatchObject({
      code: 'unreachable',
      message: expect.stringContaining('could not be decoded'),
    });
  });

  it('stops reading a body past the limit without holding it', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      let sent = 0;
      const more = () => {
        while (sent <= MAX_BODY_BYTES && !res.destroyed) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', more);
        }
        res.end();
      };
      res.on('error', () => undefined);
      more();
    };
    expect(await new HttpClient(local.base).getBytes('/huge').catch((e: unknown) => e)).toMatchObject({
      code: 'too_large',
    });
  });

  it('follows redirects within the origin as fetch does, and stops after five', async () => {
    handler = (req, res) => {
      const hop = Number(/hop=(\d+)/.exec(req.url ?? '')?.[1] ?? 0);
      if (req.url?.startsWith('/loop')) return void res.writeHead(302, { location: `/loop?hop=${hop + 1}` }).end();
      if (hop < 3) return void res.writeHead(hop % 2 ? 301 : 307, { location: `/moved?hop=${hop + 1}` }).end();
      res.writeHead(200, { 'content-type': 'application/json' }).end(`{"hop":${hop}}`);
    };
    expect((await new HttpClient(local.base).getJson('/start')).body).toEqual({ hop: 3 });
    expect(await new HttpClient(local.base).getJson('/loop').catch((e: unknown) => e)).toMatchObject({
      code: 'bad_response',
    });
  });

  it('follows five redirects within the origin and refuses the sixth by a sentence (#37.6)', async () => {
    handler = (req, res) => {
      const hop = Number(/hop=(\d+)/.exec(req.url ?? '')?.[1] ?? 0);
      if (req.url?.startsWith('/hops') && hop < Number(/of=(\d+)/.exec(req.url)?.[1]))
        return void res.writeHead(302, { location: `${req.url.replace(/hop=\d+/, `hop=${hop + 1}`)}` }).end();
      res.writeHead(200, { 'content-type': 'application/json' }).end(`{"hop":${hop}}`);
    };
    expect((await new HttpClient(local.base).getJson('/hops?hop=0&of=5')).body).toEqual({ hop: 5 });
    const refused = await new HttpClient(local.base).getJson('/hops?hop=0&of=6').catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'bad_response' });
    expect((refused as Error).message).toBe(
      `${new URL(local.base).origin} redirected /hops more than 5 times; the answer was not read.`,
    );
  });

  it('refuses a redirect to another origin by a sentence naming both, and never asks the other host (#37.6)', async () => {
    let elsewhere = 0;
    const other = await startLocalServer((_req, res) => {
      elsewhere++;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"_embedded":{"records":[]}}');
    });
    try {
      const own = new URL(local.base).origin;
      const cases = [
        `${other.base.replace(/\/$/, '')}/accounts/G/transactions`, // another port
        `${own.replace('127.0.0.1', 'localhost')}/accounts/G/transactions`, // another host, same server
        `${own.replace('http:', 'https:')}/accounts/G/transactions`, // another scheme
      ];
      for (const location of cases) {
        handler = (_req, res) => void res.writeHead(302, { location }).end();
        const refused = await new HttpClient(local.base).getJson('/accounts/G/transactions').catch((e: unknown) => e);
        expect(refused).toMatchObject({ code: 'bad_response' });
        expect((refused as Error).message).toBe(
          `${own} redirected /accounts/G/transactions to ${new URL(location).origin}, another server; the answer was not read.`,
        );
      }
      expect(elsewhere).toBe(0);
    } finally {
      await other.close();
    }
  });

  it('sends a GET again on a new connection when the server dropped the kept-alive one', async () => {
    handler = (req, res) => {
      // The second request on any connection finds it closed, as after a server's idle timeout.
      if (perSocket.get(req.socket)! > 1) return void req.socket.destroy();
      res.writeHead(200, { 'content-type': 'application/json', connection: 'keep-alive' }).end('{"ok":true}');
    };
    const client = new HttpClient(local.base);
    for (let i = 0; i < 3; i++) expect((await client.getJson(`/again/${i}`)).body).toEqual({ ok: true });
    // A POST is never sent twice: a dropped one is an error to show, not to repeat.
    const post = await client.postForm('/submit', { tx: 'AAAA' }).catch((e: unknown) => e);
    expect(post).toMatchObject({ code: 'unreachable' });
  });

  it('says the connection broke when a body ends short, and times out one that stalls', async () => {
    handler = (req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"partial":');
      if (req.url === '/short') setImmediate(() => req.socket.destroy());
    };
    expect(await new HttpClient(local.base).getBytes('/short').catch((e: unknown) => e)).toMatchObject({
      code: 'unreachable',
      message: expect.stringContaining('connection broke'),
    });
    expect(
      await new HttpClient(local.base, { timeoutMs: 300 }).getJson('/stall').catch((e: unknown) => e),
    ).toMatchObject({ code: 'timeout' });
  });

  it('refuses a URL that is not http or https', async () => {
    expect(await new HttpClient(local.base).getJson('file:///etc/passwd').catch((e: unknown) => e)).toMatchObject({
      code: 'invalid_input',
    });
  });
});

describe('a body read into one buffer (BodyBuffer)', () => {
  const tooLong = () => new Error('too long');
  const bytes = (from: number, length: number) => Uint8Array.from({ length }, (_, i) => (from + i) % 251);
  const whole = (body: Uint8Array | Error) => {
    if (body instanceof Error) throw body;
    return { offset: body.byteOffset, own: body.buffer.byteLength, bytes: [...body] };
  };

  it('takes exactly its Content-Length, in one buffer of that length', () => {
    const body = new BodyBuffer(10, 100, tooLong);
    expect(body.refused()).toBeNull();
    expect(body.push(bytes(0, 4))).toBeNull();
    expect(body.push(bytes(4, 6))).toBeNull();
    expect(whole(body.end())).toEqual({ offset: 0, own: 10, bytes: [...bytes(0, 10)] });
  });

  it('refuses one byte more than its Content-Length, at that byte', () => {
    const body = new BodyBuffer(10, 100, tooLong);
    expect(body.push(bytes(0, 6))).toBeNull();
    expect(body.push(bytes(6, 5))?.message).toBe('the answer went on past the 10 bytes its Content-Length said');
  });

  it('says a body one byte short of its Content-Length ended early', () => {
    const body = new BodyBuffer(10, 100, tooLong);
    expect(body.push(bytes(0, 9))).toBeNull();
    expect((body.end() as Error).message).toBe(
      'the connection closed before the answer was complete (9 of the 10 bytes its Content-Length said)',
    );
  });

  it('without a Content-Length, joins what came into one buffer of its own, up to the bound and not a byte more', () => {
    const body = new BodyBuffer(null, 10, tooLong);
    expect(body.refused()).toBeNull();
    expect(body.push(bytes(0, 3))).toBeNull();
    expect(body.push(bytes(3, 7))).toBeNull();
    expect(whole(body.end())).toEqual({ offset: 0, own: 10, bytes: [...bytes(0, 10)] });
    const over = new BodyBuffer(null, 10, tooLong);
    expect(over.push(bytes(0, 10))).toBeNull();
    expect(over.push(bytes(10, 1))?.message).toBe('too long');
  });

  it('refuses a Content-Length over the bound before a byte is read, and takes one of exactly the bound', () => {
    expect(new BodyBuffer(11, 10, tooLong).refused()?.message).toBe('too long');
    const body = new BodyBuffer(10, 10, tooLong);
    expect(body.refused()).toBeNull();
    expect(body.push(bytes(0, 10))).toBeNull();
    expect(whole(body.end()).own).toBe(10);
  });

  it('makes one buffer of a declared length only up to SIZED_MOST: a larger body is gathered as it comes, held to its length all the same', () => {
    const most = SIZED_MOST + 10;
    const at = new BodyBuffer(SIZED_MOST, most, tooLong);
    expect(at.preallocated).toBe(SIZED_MOST);
    expect(at.push(bytes(0, 1))).toBeNull();
    expect((at.end() as Error).message).toMatch(/\(1 of the 16777216 bytes its Content-Length said\)$/);
    // One byte over SIZED_MOST: nothing of that size made before the bytes come.
    const over = new BodyBuffer(SIZED_MOST + 1, most, tooLong);
    expect(over.preallocated).toBe(0);
    expect(over.push(bytes(0, 3))).toBeNull();
    expect((over.end() as Error).message).toMatch(/\(3 of the 16777217 bytes its Content-Length said\)$/);
    const big = new BodyBuffer(SIZED_MOST + 1, most, tooLong);
    const piece = new Uint8Array(SIZED_MOST);
    expect(big.push(piece)).toBeNull();
    expect(big.push(bytes(0, 2))?.message).toBe(
      `the answer went on past the ${SIZED_MOST + 1} bytes its Content-Length said`,
    );
    const exactly = new BodyBuffer(SIZED_MOST + 1, most, tooLong);
    expect(exactly.push(piece)).toBeNull();
    expect(exactly.push(bytes(0, 1))).toBeNull();
    expect(whole(exactly.end()).own).toBe(SIZED_MOST + 1);
  });

  it('reads a Content-Length only when it is one whole number', () => {
    expect(['10', ' 10 ', '0', '9007199254740991'].map(declaredLength)).toEqual([10, 10, 0, 9007199254740991]);
    expect([undefined, '', '-1', '1e3', '10, 10', '0x10', '12345678901234567'].map(declaredLength)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});
