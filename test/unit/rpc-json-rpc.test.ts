// core/sources/rpc/json-rpc.ts against a real local HTTP server playing a Stellar RPC that answers
// well, refuses with a JSON-RPC error, lies (another call's id, no version, both or neither of
// result and error, a result of the wrong shape), answers HTML or an HTTP error; and window.ts's
// sentences and the two wordings of a refusal before the window.
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpClient } from '../../core/http/http';
import { JsonRpc, RpcCallError } from '../../core/sources/rpc/json-rpc';
import { windowOfRefusal } from '../../core/sources/rpc/window';
import { historyStartMessage, windowSentence } from '../../shared/history-start';
import { startLocalServer, type LocalServer } from '../support/local-server';

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A server answering each JSON-RPC request with `answer(request)` (an object, or text as it is). */
async function rpcServer(answer: (request: { id: number; method: string; params?: unknown }) => unknown, status = 200) {
  const seen: unknown[] = [];
  server = await startLocalServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const request = JSON.parse(body) as { id: number; method: string };
      seen.push({ method: req.method, type: req.headers['content-type'], request });
      const out = answer(request);
      res.writeHead(status, { 'content-type': typeof out === 'string' ? 'text/html' : 'application/json' });
      res.end(typeof out === 'string' ? out : JSON.stringify(out));
    });
  });
  return { rpc: new JsonRpc(new HttpClient(server.base, { maxRetries: 0 })), seen };
}

const Latest = z.object({ id: z.string(), protocolVersion: z.number().int(), sequence: z.number().int() });

describe('JSON-RPC calls', () => {
  it('posts a JSON-RPC 2.0 request with named params and reads the result by its schema', async () => {
    const { rpc, seen } = await rpcServer(({ id }) => ({
      jsonrpc: '2.0',
      id,
      result: { id: 'ab'.repeat(32), protocolVersion: 23, sequence: 60000000 },
    }));
    expect(await rpc.call('getLatestLedger', undefined, Latest)).toEqual({
      id: 'ab'.repeat(32),
      protocolVersion: 23,
      sequence: 60000000,
    });
    await rpc.call('getEvents', { startLedger: 5 }, z.unknown());
    expect(seen).toEqual([
      { method: 'POST', type: 'application/json', request: { jsonrpc: '2.0', id: 1, method: 'getLatestLedger' } },
      {
        method: 'POST',
        type: 'application/json',
        request: { jsonrpc: '2.0', id: 2, method: 'getEvents', params: { startLedger: 5 } },
      },
    ]);
  });

  it('says a server’s JSON-RPC error in its words, with its code, and keeps both for the caller', async () => {
    const { rpc } = await rpcServer(({ id }) => ({
      jsonrpc: '2.0',
      id,
      error: { code: -32600, message: 'startLedger must be within the ledger range: 59879040 - 60000000' },
    }));
    const error = await rpc.call('getEvents', { startLedger: 1 }, z.unknown()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcCallError);
    expect((error as RpcCallError).message).toBe(
      'The server refused getEvents: startLedger must be within the ledger range: 59879040 - 60000000 (JSON-RPC error -32600).',
    );
    expect((error as RpcCallError).rpcCode).toBe(-32600);
    expect(windowOfRefusal((error as RpcCallError).rpcMessage)).toEqual({ oldest: 59879040, latest: 60000000 });
  });

  it.each([
    ['another call’s id', (id: number) => ({ jsonrpc: '2.0', id: id + 1, result: {} }), 'with the id of another call'],
    ['no version', (id: number) => ({ id, result: {} }), 'without "jsonrpc": "2.0"'],
    [
      'both',
      (id: number) => ({ jsonrpc: '2.0', id, result: {}, error: { code: 1, message: 'x' } }),
      'both a result and an error',
    ],
    ['neither', (id: number) => ({ jsonrpc: '2.0', id }), 'neither a result nor an error'],
    [
      'a bad error',
      (id: number) => ({ jsonrpc: '2.0', id, error: 'nope' }),
      'an error that is not a JSON-RPC error object',
    ],
    [
      'a wrong shape',
      (id: number) => ({ jsonrpc: '2.0', id, result: { id: 'x', protocolVersion: '23', sequence: 1 } }),
      'whose protocolVersion is wrong',
    ],
    ['an array', () => [1, 2], 'something that is not a JSON-RPC answer'],
  ])('refuses an answer with %s, naming the method', async (_name, answer, words) => {
    const { rpc } = await rpcServer(({ id }) => answer(id));
    await expect(rpc.call('getLatestLedger', undefined, Latest)).rejects.toThrow(words);
    await expect(rpc.call('getLatestLedger', undefined, Latest)).rejects.toThrow(/getLatestLedger/);
  });

  it('an "error": null beside a result is no error', async () => {
    const { rpc } = await rpcServer(({ id }) => ({
      jsonrpc: '2.0',
      id,
      error: null,
      result: { id: 'x', protocolVersion: 1, sequence: 2 },
    }));
    await expect(rpc.call('getLatestLedger', undefined, Latest)).resolves.toMatchObject({ sequence: 2 });
  });

  it('an HTML page, or an HTTP error without JSON, is said as what it is', async () => {
    const { rpc } = await rpcServer(() => '<html><body>Welcome to nginx</body></html>');
    await expect(rpc.call('getHealth', undefined, z.unknown())).rejects.toThrow(
      /answered getHealth with something that is not JSON: is it a Stellar RPC server\?/,
    );
    await server!.close();
    const failing = await rpcServer(() => '', 502);
    await expect(failing.rpc.call('getHealth', undefined, z.unknown())).rejects.toThrow(
      /answered getHealth with HTTP 502 and no JSON-RPC answer/,
    );
  });
});

describe('the retention window', () => {
  it('says the ledgers kept and, from their close times, about how long, at each unit’s edge', () => {
    const base = { oldest: 59879040, latest: 60000000 };
    expect(windowSentence(base)).toBe('this server keeps ledgers 59,879,040 to 60,000,000');
    expect(windowSentence({ ...base, oldestCloseTime: 0, latestCloseTime: 7 * 86400 })).toBe(
      'this server keeps ledgers 59,879,040 to 60,000,000, about 7 days',
    );
    expect(windowSentence({ ...base, oldestCloseTime: 0, latestCloseTime: 3599 })).toMatch(/less than an hour$/);
    expect(windowSentence({ ...base, oldestCloseTime: 0, latestCloseTime: 3600 })).toMatch(/about 1 hour$/);
    expect(windowSentence({ ...base, oldestCloseTime: 0, latestCloseTime: 35 * 3600 })).toMatch(/about 35 hours$/);
    expect(windowSentence({ ...base, oldestCloseTime: 0, latestCloseTime: 36 * 3600 })).toMatch(/about 2 days$/);
    expect(windowSentence({ ...base, oldestCloseTime: 10, latestCloseTime: 5 })).toBe(
      'this server keeps ledgers 59,879,040 to 60,000,000',
    );
  });

  it("ends a listing with the window, pointing to what holds older ledgers, unless it starts at the network's first", () => {
    const window = { latest: 60000000, oldestCloseTime: 0, latestCloseTime: 7 * 86400 };
    expect(historyStartMessage({ ledger: 59879040, window })).toBe(
      'This server keeps ledgers 59,879,040 to 60,000,000, about 7 days; older operations, if any, are not listed: a Horizon that keeps full history, or the ledger data lake (SEP-54), holds the ledgers before them.',
    );
    expect(historyStartMessage({ ledger: 1, window: { ...window, fromGenesis: true } })).toBe(
      'This server keeps ledgers 1 to 60,000,000, about 7 days: every ledger of its network, so nothing older is missing.',
    );
  });

  it('reads the window from both of stellar-rpc’s refusals, and nothing from another error', () => {
    expect(
      windowOfRefusal(
        'start ledger (5) must be between the oldest ledger: 100 and the latest ledger: 200 for this rpc instance',
      ),
    ).toEqual({ oldest: 100, latest: 200 });
    expect(windowOfRefusal('ledger ranges and cursor cannot both be set')).toBeNull();
  });
});
