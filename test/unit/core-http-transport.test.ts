// The HTTP client's transport (http-node.ts) against a real local server playing a peer that
// compresses, redirects, drops kept-alive connections, truncates bodies, sends bombs, and sends a
// body in parts.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../../electron/core/http';
import { MAX_BODY_BYTES } from '../../electron/core/http-node';
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
const encoders: Record<string, (body: Buffer) => Buffer> = { gzip: gzipSync, deflate: deflateSync, br: brotliCompressSync };

describe('HTTP transport', () => {
  it.each(Object.keys(encoders))('asks for compressed bodies and reads a %s one, as text and as bytes', async (encoding) => {
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
  });

  it('shows a caller the bytes of an uncompressed body as they arrive, before the rest is sent, and nothing of a compressed one', async () => {
    const seen: string[] = [];
    let rest: (() => void) | null = null;
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(PAGE.slice(0, 30));
      rest = () => res.end(PAGE.slice(30));
    };
    const client = new HttpClient(local.base);
    const reading = client.getBytes('/slow', { onChunk: (chunk) => seen.push(Buffer.from(chunk).toString()) });
    // The server sends the rest only once the first part has been seen.
    await waitFor('the first part', () => seen.join('').length >= 30 || undefined);
    expect(seen.join('')).toBe(PAGE.slice(0, 30));
    rest!();
    expect(Buffer.from((await reading).bytes).toString()).toBe(PAGE);
    expect(seen.join('')).toBe(PAGE);

    const compressed: Uint8Array[] = [];
    handler = (_req, res) => {
      res.writeHead(200, { 'content-encoding': 'gzip' });
      res.end(gzipSync(Buffer.from(PAGE)));
    };
    expect(Buffer.from((await client.getBytes('/gzip', { onChunk: (chunk) => compressed.push(chunk) })).bytes).toString()).toBe(PAGE);
    expect(compressed).toEqual([]);
  });

  it('refuses a body that inflates past the limit, and one that is not what its encoding says', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-encoding': 'gzip' });
      res.end(gzipSync(Buffer.alloc(MAX_BODY_BYTES + 1)));
    };
    expect(await new HttpClient(local.base).getBytes('/bomb').catch((e: unknown) => e)).toMatchObject({ code: 'too_large' });
    handler = (_req, res) => {
      res.writeHead(200, { 'content-encoding': 'gzip' });
      res.end('this is not gzip');
    };
    expect(await new HttpClient(local.base).getJson('/liar').catch((e: unknown) => e)).toMatchObject({ code: 'unreachable', message: expect.stringContaining('could not be decoded') });
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
    expect(await new HttpClient(local.base).getBytes('/huge').catch((e: unknown) => e)).toMatchObject({ code: 'too_large' });
  });

  it('follows redirects as fetch does, and stops after five', async () => {
    handler = (req, res) => {
      const hop = Number(/hop=(\d+)/.exec(req.url ?? '')?.[1] ?? 0);
      if (req.url?.startsWith('/loop')) return void res.writeHead(302, { location: `/loop?hop=${hop + 1}` }).end();
      if (hop < 3) return void res.writeHead(hop % 2 ? 301 : 307, { location: `/moved?hop=${hop + 1}` }).end();
      res.writeHead(200, { 'content-type': 'application/json' }).end(`{"hop":${hop}}`);
    };
    expect((await new HttpClient(local.base).getJson('/start')).body).toEqual({ hop: 3 });
    expect(await new HttpClient(local.base).getJson('/loop').catch((e: unknown) => e)).toMatchObject({ code: 'http_error', status: 302 });
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
    expect(await new HttpClient(local.base).getBytes('/short').catch((e: unknown) => e)).toMatchObject({ code: 'unreachable', message: expect.stringContaining('connection broke') });
    expect(await new HttpClient(local.base, { timeoutMs: 300 }).getJson('/stall').catch((e: unknown) => e)).toMatchObject({ code: 'timeout' });
  });

  it('refuses a URL that is not http or https', async () => {
    expect(await new HttpClient(local.base).getJson('file:///etc/passwd').catch((e: unknown) => e)).toMatchObject({ code: 'invalid_input' });
  });
});
