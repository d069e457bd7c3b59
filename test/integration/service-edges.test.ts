// The service's edges against a real service process (docs/service.md "Behaviour worth knowing"),
// written as raw bytes on sockets as a slow or hostile client would send them: headers that drip
// in (408 at the headers timeout, and not before), the cap on open connections, and submission
// bodies at and one byte past the 256 KiB limit in every form and both framings (Content-Length
// and chunked), with any number of small multipart parts.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT, DEFAULTS, startService } from '../../network/service/server';
import { type RunningNetwork, startNetwork } from '../support/network';
import { paymentTx } from '../support/signed-tx';
import { waitFor } from '../support/wait';

const HEADERS_TIMEOUT = 600;
const MAX_CONNECTIONS = 3;
let net: RunningNetwork;
let capped: RunningNetwork;

beforeAll(async () => {
  [net, capped] = await Promise.all([
    startNetwork({ args: ['--headers-timeout-ms', String(HEADERS_TIMEOUT)] }),
    startNetwork({ args: ['--max-connections', String(MAX_CONNECTIONS)] }),
  ]);
});

afterAll(async () => {
  await Promise.all([net?.stop(), capped?.stop()]);
});

const portOf = (network: RunningNetwork) => Number(new URL(network.serviceUrl).port);

interface Reply {
  status: number;
  head: string;
  body: string;
  /** Milliseconds from the connection to its close. */
  elapsed: number;
}

/**
 * Opens a connection, writes each step's bytes `at` ms after connecting, and reads until the
 * server closes it. A step may come after the answer: by then the socket is closed and it is not sent.
 */
function exchange(port: number, steps: { at: number; bytes: string | Buffer; end?: boolean }[]): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timers = steps.map(({ at, bytes, end }) =>
      setTimeout(() => {
        if (socket.destroyed || !socket.writable) return;
        if (end) socket.end(bytes);
        else socket.write(bytes);
      }, at),
    );
    socket.setTimeout(20_000, () => socket.destroy(new Error('no answer in 20 s')));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    socket.on('close', () => {
      timers.forEach(clearTimeout);
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      resolve({
        status: Number(text.split(' ')[1] ?? 0),
        head: split >= 0 ? text.slice(0, split) : text,
        body: split >= 0 ? text.slice(split + 4) : '',
        elapsed: performance.now() - started,
      });
    });
  });
}

function problem(reply: Reply): Record<string, unknown> {
  expect(reply.head).toMatch(/content-type: application\/problem\+json/i);
  return JSON.parse(reply.body) as Record<string, unknown>;
}

describe('the headers timeout', () => {
  const lines = ['GET /health HTTP/1.1\r\n', 'Host: 127.0.0.1\r\n', 'Connection: close\r\n', 'Accept: */*\r\n'];

  it('answers headers that end before it', async () => {
    const steps = lines.map((bytes, i) => ({ at: i * 50, bytes }));
    const reply = await exchange(portOf(net), [...steps, { at: HEADERS_TIMEOUT / 2, bytes: '\r\n' }]);
    expect(reply.status).toBe(200);
    expect(reply.body).toBe('{"status":"ok"}');
  });

  it.each([
    ['headers that drip in and end after it', [...lines, 'X-Slow: 1\r\n'], true],
    ['headers that drip in and never end', [...lines, 'X-Slow: 1\r\n'], false],
    ['a connection that sends nothing', [], false],
  ])('answers %s with 408 timeout at the timeout, and closes', async (_what, drip, ends) => {
    const steps = drip.map((bytes, i) => ({ at: i * 100, bytes }));
    if (ends) steps.push({ at: HEADERS_TIMEOUT + 400, bytes: '\r\n' });
    const reply = await exchange(portOf(net), steps);
    expect(reply.status).toBe(408);
    expect(reply.head).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(reply.head).toMatch(/connection: close/i);
    expect(problem(reply)).toMatchObject({ type: 'timeout', status: 408 });
    expect(reply.elapsed).toBeGreaterThanOrEqual(HEADERS_TIMEOUT - 20);
    // The connection checker looks every twentieth of the timeout; the rest is this machine's load.
    expect(reply.elapsed).toBeLessThan(HEADERS_TIMEOUT + 2_000);
    expect((await fetch(`${net.serviceUrl}/health`)).status).toBe(200);
  });

  it('is 10 s unless told otherwise, with 16,384 open connections at most', async () => {
    expect(DEFAULTS.headersTimeoutMs).toBe(10_000);
    const service = await startService({ dataDir: net.dataDir, port: 0, coreUrl: net.coreUrl });
    try {
      expect(service.app.server.headersTimeout).toBe(10_000);
      expect(service.app.server.maxConnections).toBe(16_384);
    } finally {
      await service.close();
    }
  });
});

describe('one answer per request', () => {
  it('does not answer again what follows an answered request (a body it never read, cut off)', async () => {
    // Transfer-Encoding that is not chunked: the body runs to the end of the connection, which
    // Node's parser then refuses, after the 404 has gone out.
    const reply = await exchange(portOf(net), [
      {
        at: 0,
        bytes: 'GET /nowhere HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nTransfer-Encoding: text/html\r\n\r\n',
        end: true,
      },
    ]);
    expect(reply.status).toBe(404);
    expect(problem(reply)).toMatchObject({ type: 'not_found' });
  });
});

describe('the cap on open connections', () => {
  /** A connection holding an open stream of /ledgers; resolves once the stream's headers came. */
  function holdStream(port: number): Promise<Socket> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('data', (chunk) => {
        if (/^HTTP\/1\.1 200 /.test(chunk.toString('latin1'))) resolve(socket);
        else reject(new Error(`not a stream: ${chunk.toString('latin1').slice(0, 80)}`));
      });
      socket.on('error', reject);
      socket.write('GET /ledgers?cursor=now HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n');
    });
  }

  it(`serves ${MAX_CONNECTIONS} connections at once and closes one more unanswered, until one goes`, async () => {
    const port = portOf(capped);
    const held: Socket[] = [];
    for (let i = 0; i < MAX_CONNECTIONS; i += 1) held.push(await holdStream(port));
    try {
      const refused = await exchange(port, [{ at: 0, bytes: 'GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n' }]);
      expect(refused.status).toBe(0);
      expect(refused.head).toBe('');
      held.pop()!.destroy();
      const served = await waitFor('a connection to be served again', async () => {
        const reply = await exchange(port, [
          { at: 0, bytes: 'GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n' },
        ]);
        return reply.status === 200 ? reply : undefined;
      });
      expect(served.body).toBe('{"status":"ok"}');
    } finally {
      held.forEach((socket) => socket.destroy());
    }
  });
});

describe('submission bodies', () => {
  const FILLER = 'f';

  /** A body of exactly `size` bytes whose `tx` field is `tx` (padded by another field). */
  function body(form: 'json' | 'urlencoded' | 'multipart', tx: string, size: number): [string, Buffer] {
    if (form === 'json') {
      const bare = JSON.stringify({ tx, pad: '' });
      return ['application/json', Buffer.from(JSON.stringify({ tx, pad: FILLER.repeat(size - bare.length) }))];
    }
    if (form === 'urlencoded') {
      const bare = `tx=${encodeURIComponent(tx)}&pad=`;
      return ['application/x-www-form-urlencoded', Buffer.from(`${bare}${FILLER.repeat(size - bare.length)}`)];
    }
    const part = (name: string, value: string) =>
      `--x\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const bare = `${part('tx', tx)}${part('pad', '')}--x--\r\n`;
    const text = `${part('tx', tx)}${part('pad', FILLER.repeat(size - bare.length))}--x--\r\n`;
    return ['multipart/form-data; boundary=x', Buffer.from(text)];
  }

  function post(type: string, payload: Buffer, chunked: boolean): Promise<Reply> {
    const head = `POST /transactions HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: ${type}\r\n`;
    if (!chunked) {
      return exchange(portOf(net), [
        { at: 0, bytes: Buffer.concat([Buffer.from(`${head}Content-Length: ${payload.length}\r\n\r\n`), payload]) },
      ]);
    }
    // Chunks of 60,000 bytes, as a client streaming its body would send them.
    const chunks: Buffer[] = [Buffer.from(`${head}Transfer-Encoding: chunked\r\n\r\n`)];
    for (let at = 0; at < payload.length; at += 60_000) {
      const piece = payload.subarray(at, at + 60_000);
      chunks.push(Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n'));
    }
    chunks.push(Buffer.from('0\r\n\r\n'));
    return exchange(portOf(net), [{ at: 0, bytes: Buffer.concat(chunks) }]);
  }

  describe.each(['json', 'urlencoded', 'multipart'] as const)('%s', (form) => {
    it.each([
      ['with Content-Length', false],
      ['chunked', true],
    ])('%s: reads exactly 256 KiB and refuses one byte more with 413', async (_framing, chunked) => {
      const [type, atLimit] = body(form, 'not an envelope', BODY_LIMIT);
      expect(atLimit.length).toBe(BODY_LIMIT);
      const read = await post(type, atLimit, chunked);
      expect(read.status).toBe(400);
      expect(JSON.parse(read.body)).toEqual({ hash: '', result: 'malformed', submission_result: '' });

      const [, over] = body(form, 'not an envelope', BODY_LIMIT + 1);
      const refused = await post(type, over, chunked);
      expect(refused.status).toBe(413);
      expect(problem(refused)).toEqual({
        type: 'request_too_large',
        title: 'Request Too Large',
        status: 413,
        detail: 'The request body is larger than 256 KiB.',
      });
    });
  });

  it('reads a multipart tx among 30 small parts, and one sent as a file', async () => {
    const sender = net.demoAccounts[0]!;
    const tx = await paymentTx(net.serviceUrl, sender, net.demoAccounts[1]!.publicKey, {
      passphrase: net.passphrase,
    });
    const manyParts = new FormData();
    for (let i = 0; i < 29; i += 1) manyParts.set(`field${i}`, `value ${i}`);
    manyParts.set('tx', tx.toEnvelope().toXDR('base64'));
    const first = await fetch(`${net.serviceUrl}/transactions`, { method: 'POST', body: manyParts });
    expect(await first.json()).toMatchObject({ result: 'received', hash: tx.hash().toString('hex') });
    expect(first.status).toBe(201);

    const asFile = new FormData();
    asFile.set('tx', new Blob([tx.toEnvelope().toXDR('hex')]), 'tx.txt');
    const again = await fetch(`${net.serviceUrl}/transactions`, { method: 'POST', body: asFile });
    expect(await again.json()).toMatchObject({ result: 'already_finished', hash: tx.hash().toString('hex') });
  });

  it('refuses a multipart tx given twice, and a body that is not multipart after all', async () => {
    const twice = new FormData();
    twice.append('tx', 'AAAA');
    twice.append('tx', 'AAAA');
    const response = await fetch(`${net.serviceUrl}/transactions`, { method: 'POST', body: twice });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ type: 'bad_request', extras: { invalid_field: 'tx' } });

    const broken = await post('multipart/form-data; boundary=x', Buffer.from('--x\r\nno headers end'), false);
    expect(broken.status).toBe(400);
    expect(problem(broken)).toMatchObject({ type: 'bad_request', extras: { invalid_field: 'body' } });
  });
});
