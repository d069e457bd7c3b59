// 6,000 random and hostile requests (fast-check, fixed seed) written as raw bytes on a socket, so
// that paths, headers and bodies no well-behaved client would send reach the service too. No
// answer may be a 5xx; every error is a problem document (POST /transactions may instead answer
// its own submission document); the service still answers afterwards.
import { connect } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningNetwork, startNetwork } from '../support/network';

const REQUESTS = 6000;
const CONCURRENCY = 16;
let net: RunningNetwork;

beforeAll(async () => {
  net = await startNetwork({ historyOps: 300, startLedger: 60_000_000, closeIntervalMs: 500 });
});

afterAll(async () => {
  await net?.stop();
});

interface RawReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends raw request bytes; returns the parsed reply (an event stream is cut after its headers). */
function rawRequest(port: number, request: Buffer): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const finish = () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const split = text.indexOf('\r\n\r\n');
      const head = split >= 0 ? text.slice(0, split) : text;
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      let body = split >= 0 ? text.slice(split + 4) : '';
      if (headers['transfer-encoding'] === 'chunked') body = dechunk(body);
      resolve({
        status: Number(statusLine.split(' ')[1] ?? 0),
        headers,
        body: Buffer.from(body, 'latin1').toString('utf8'),
      });
    };
    socket.setTimeout(15_000, () => {
      socket.destroy();
      reject(new Error(`no answer to ${request.subarray(0, 120).toString('latin1')}`));
    });
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      if (/content-type: text\/event-stream/i.test(Buffer.concat(chunks).toString('latin1'))) socket.destroy();
    });
    socket.on('close', finish);
    socket.on('error', () => undefined);
    socket.end(request);
  });
}

function dechunk(body: string): string {
  let out = '';
  let rest = body;
  for (;;) {
    const line = rest.indexOf('\r\n');
    if (line < 0) return out + rest;
    const size = parseInt(rest.slice(0, line), 16);
    if (!(size > 0)) return out;
    out += rest.slice(line + 2, line + 2 + size);
    rest = rest.slice(line + 4 + size);
  }
}

const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map(String),
  fc.constantFrom(
    '',
    'now',
    '-1',
    '0',
    '1e9',
    '9223372036854775808',
    '%ZZ',
    '%00',
    '..',
    '../..',
    'null',
    '[]',
    '{}',
    'GAAAA',
    '💸',
    'a'.repeat(700),
  ),
);

function requestBytes(
  spec: {
    method: string;
    path: string[];
    query: [string, string][];
    headers: [string, string][];
    body: string | undefined;
  },
  knownAccount: string,
): Buffer {
  const path = `/${spec.path.map((part) => (part === '$account' ? knownAccount : part)).join('/')}`;
  const query = spec.query.map(([k, v]) => `${k}=${v}`).join('&');
  const body = spec.body === undefined ? Buffer.alloc(0) : Buffer.from(spec.body, 'utf8');
  const lines = [`${spec.method} ${path}${query ? `?${query}` : ''} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close'];
  for (const [name, value] of spec.headers) lines.push(`${name}: ${value}`);
  if (spec.body !== undefined) lines.push(`Content-Length: ${body.length}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'utf8'), body]);
}

const segment = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'accounts',
      'account',
      'ledgers',
      'transactions',
      'transaction',
      'operations',
      'claimable_balances',
      'liquidity_pools',
      'payments',
      'trades',
      '$account',
      '60000001',
      '',
    ),
  },
  { weight: 2, arbitrary: hostileText.map((text) => encodeURIComponent(text)) },
  { weight: 1, arbitrary: hostileText },
);
const specArbitrary = fc.record({
  method: fc.constantFrom('GET', 'GET', 'GET', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'BREW'),
  path: fc.array(segment, { minLength: 0, maxLength: 4 }),
  query: fc.array(
    fc.tuple(
      fc.constantFrom('cursor', 'limit', 'order', 'include_failed', 'join', 'include_transactions', 'x'),
      hostileText.map(encodeURIComponent),
    ),
    { maxLength: 4 },
  ),
  headers: fc.array(
    fc.tuple(
      fc.constantFrom(
        'Accept',
        'Content-Type',
        'Last-Event-ID',
        'Origin',
        'X-Forwarded-For',
        'Transfer-Encoding',
        'Content-Length',
      ),
      fc.oneof(
        fc.constantFrom(
          'text/event-stream',
          'application/json',
          'text/html',
          '*/*',
          'multipart/form-data; boundary=x',
          'application/x-www-form-urlencoded',
          'chunked',
          '-5',
        ),
        hostileText,
      ),
    ),
    { maxLength: 3 },
  ),
  body: fc.option(
    fc.oneof(
      hostileText,
      fc.constantFrom(
        '{"tx":"AAAA"}',
        'tx=AAAA',
        '--x\r\nContent-Disposition: form-data; name="tx"\r\n\r\nAAAA\r\n--x--\r\n',
        '{"tx":',
      ),
      fc.nat(400_000).map((n) => 'A'.repeat(n)),
    ),
    { nil: undefined },
  ),
});

function checkReply(reply: RawReply, method: string, label: string): void {
  expect(reply.status, label).toBeGreaterThanOrEqual(100);
  expect(reply.status, label).toBeLessThan(500);
  if (reply.status < 400 || method === 'HEAD') return;
  const type = reply.headers['content-type'] ?? '';
  if (type.startsWith('application/json')) {
    // A submission document (POST /transactions): {hash, result, submission_result}.
    expect(JSON.parse(reply.body), label).toMatchObject({ result: expect.any(String) });
    return;
  }
  expect(type, label).toMatch(/^application\/problem\+json/);
  const problem = JSON.parse(reply.body) as Record<string, unknown>;
  expect(problem.status, label).toBe(reply.status);
  expect(
    typeof problem.type === 'string' && typeof problem.title === 'string' && typeof problem.detail === 'string',
    label,
  ).toBe(true);
  expect(reply.body, label).not.toMatch(/\bat .+\.(ts|js):\d+/);
}

describe('fuzz', () => {
  it(`answers ${REQUESTS} random and hostile requests without a 5xx, every error a problem`, async () => {
    const port = Number(new URL(net.serviceUrl).port);
    const account = net.demoAccounts[0]!.publicKey;
    const specs = fc.sample(specArbitrary, { numRuns: REQUESTS, seed: 20261122 });
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < specs.length) {
        const spec = specs[next]!;
        next += 1;
        const bytes = requestBytes(spec, account);
        const reply = await rawRequest(port, bytes);
        statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
        try {
          checkReply(reply, spec.method, bytes.subarray(0, 200).toString('latin1'));
        } catch (error) {
          failures.push(
            `${(error as Error).message.slice(0, 600)}\n  -> ${reply.status} ${reply.headers['content-type']} ${reply.body.slice(0, 200)}`,
          );
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    expect(failures.slice(0, 5)).toEqual([]);
    expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBe(REQUESTS);
    // The mix reached the routes, not only the 404 handler.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(50);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(50);
    const after = await fetch(`${net.serviceUrl}/accounts/${account}/payments?limit=1`);
    expect(after.status).toBe(200);
  });
});
