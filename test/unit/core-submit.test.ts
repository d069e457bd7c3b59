// Submission outcomes of the Horizon dialect, from a real HTTP server that answers the way
// Horizon does: the success resource (fixture), a transaction_failed problem with result codes,
// transaction_malformed, and a 504 after which the core polls the hash until it lands.
import { mkdtempSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startLocalServer, type LocalServer } from '../support/local-server';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventChannel } from '../../shared/ipc';
import type { TxStatus } from '../../shared/model';
import { HttpClient } from '../../core/http/http';
import { builtInProfiles } from '../../core/networks/networks';
import { interpret } from '../../core/submission/submit-answer';
import { Submissions } from '../../core/submission/submit';

const fixtureText = readFileSync(new URL('../fixtures/horizon/submit/success.json', import.meta.url), 'utf8');
const fixture = JSON.parse(fixtureText) as { envelope_xdr: string; hash: string; result_xdr: string };
const testnet = { ...builtInProfiles('http://127.0.0.1:9')[1]! };

type Handler = (request: IncomingMessage, response: ServerResponse, body: string) => void;
let handler: Handler;
let local: LocalServer;
let base: string;

beforeAll(async () => {
  local = await startLocalServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => handler(req, res, body));
  });
  base = local.base;
});

afterAll(() => local.close());

function send(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'content-type': status >= 400 ? 'application/problem+json' : 'application/hal+json' });
  res.end(body);
}

function submissions() {
  const events: { channel: EventChannel; payload: unknown }[] = [];
  const subs = new Submissions(
    mkdtempSync(join(tmpdir(), 'ledgerscope-submit-')),
    (channel, payload) => void events.push({ channel, payload }),
    { pollMs: 20, timeoutMs: 5_000 },
  );
  return { subs, events };
}

describe('Horizon submission outcomes', () => {
  it('reads the success resource (fixture) as success with its ledger', async () => {
    let posted = '';
    handler = (req, res, body) => {
      posted = body;
      send(res, 200, fixtureText);
    };
    const { subs } = submissions();
    const report = await subs.submit(fixture.envelope_xdr, { ...testnet, baseUrl: base }, new HttpClient(base));
    expect(new URLSearchParams(posted).get('tx')).toBe(fixture.envelope_xdr);
    expect(report).toMatchObject({
      result: 'success',
      hash: fixture.hash,
      ledger: 52424905,
      transactionCode: 'tx_success',
      operationCodes: ['op_success'],
      following: false,
    });
    expect(subs.entries(10)[0]).toMatchObject({
      result: 'success',
      finalState: 'success',
      hash: fixture.hash,
      networkId: 'testnet',
    });
  });

  it('reads transaction_failed with result codes, and transaction_malformed', () => {
    const failed = interpret(
      400,
      {
        type: 'https://stellar.org/horizon-errors/transaction_failed',
        title: 'Transaction Failed',
        status: 400,
        extras: {
          envelope_xdr: fixture.envelope_xdr,
          result_codes: { transaction: 'tx_failed', operations: ['op_no_destination'] },
        },
      } as never,
      fixture.hash,
    );
    expect(failed.report).toMatchObject({
      result: 'failed',
      hash: fixture.hash,
      transactionCode: 'tx_failed',
      operationCodes: ['op_no_destination'],
    });
    const malformed = interpret(
      400,
      {
        type: 'https://stellar.org/horizon-errors/transaction_malformed',
        status: 400,
        detail: 'Horizon could not decode the transaction envelope',
      } as never,
      fixture.hash,
    );
    expect(malformed.report).toMatchObject({
      result: 'malformed',
      message: expect.stringContaining('could not decode'),
    });
    expect(() => interpret(429, { type: 'rate_limit_exceeded', status: 429 } as never, fixture.hash)).toThrow(/429/);
  });

  it('after a 504, follows the hash until it is in a ledger', async () => {
    let lookups = 0;
    handler = (req, res) => {
      if (req.method === 'POST')
        return send(res, 504, '{"type":"https://stellar.org/horizon-errors/timeout","title":"Timeout","status":504}');
      lookups += 1;
      if (req.url === `/transactions/${fixture.hash}` && lookups >= 3) return send(res, 200, fixtureText);
      send(res, 404, '{"type":"https://stellar.org/horizon-errors/not_found","status":404}');
    };
    const { subs, events } = submissions();
    const report = await subs.submit(fixture.envelope_xdr, { ...testnet, baseUrl: base }, new HttpClient(base));
    expect(report).toMatchObject({ result: 'timeout', hash: fixture.hash, following: true });
    await subs.idle(10_000);
    const states = events.filter((e) => e.channel === 'tx:status').map((e) => (e.payload as TxStatus).state);
    expect(states[0]).toBe('pending');
    expect(states.at(-1)).toBe('success');
    expect(lookups).toBeGreaterThanOrEqual(3);
    expect(subs.entries(1)[0]).toMatchObject({ result: 'timeout', finalState: 'success', ledger: 52424905 });
  });

  it('reports a hash that never lands as timeout, without hammering the server', async () => {
    let lookups = 0;
    handler = (req, res) => {
      if (req.method === 'POST') return send(res, 201, `{"hash":"","result":"received","submission_result":""}`);
      lookups += 1;
      send(res, 404, '{"type":"not_found","status":404}');
    };
    const events: TxStatus[] = [];
    const subs = new Submissions(
      mkdtempSync(join(tmpdir(), 'ledgerscope-submit-')),
      (channel, payload) => channel === 'tx:status' && void events.push(payload as TxStatus),
      { pollMs: 20, timeoutMs: 600 },
    );
    const report = await subs.submit(fixture.envelope_xdr, { ...testnet, baseUrl: base }, new HttpClient(base));
    expect(report).toMatchObject({ result: 'received', hash: fixture.hash });
    await subs.idle(5_000);
    expect(events.at(-1)).toMatchObject({ state: 'timeout' });
    expect(lookups).toBeLessThan(15); // polls back off ×1.5
  });

  it('reports an unreachable server as connection_failed', async () => {
    const { subs } = submissions();
    const report = await subs.submit(fixture.envelope_xdr, testnet, new HttpClient('http://127.0.0.1:9'));
    expect(report).toMatchObject({ result: 'connection_failed', hash: fixture.hash, following: false });
  });

  it('sends only the envelope whose hash is the one shown: another is refused before anything is posted', async () => {
    let posts = 0;
    handler = (req, res) => {
      if (req.method === 'POST') posts += 1;
      send(res, 200, fixtureText);
    };
    const { subs } = submissions();
    const profile = { ...testnet, baseUrl: base };
    const other = 'ab'.repeat(32);
    await expect(
      subs.submit(fixture.envelope_xdr, profile, new HttpClient(base), undefined, other),
    ).rejects.toMatchObject({ code: 'hash_mismatch', message: expect.stringContaining(fixture.hash) });
    expect(posts).toBe(0);
    expect(subs.entries(10)).toEqual([]);
    // The hash shown, in either case: sent.
    const report = await subs.submit(
      fixture.envelope_xdr,
      profile,
      new HttpClient(base),
      undefined,
      fixture.hash.toUpperCase(),
    );
    expect(report.result).toBe('success');
    expect(posts).toBe(1);
  });

  it('journals the hash of the envelope sent, whatever hash the answer names', async () => {
    // A service naming another hash, and one naming none (a malformed answer).
    const answers = [
      `{"hash":"${'ef'.repeat(32)}","result":"failed","submission_result":""}`,
      '{"hash":"","result":"malformed"}',
    ];
    handler = (req, res) => send(res, 200, req.method === 'POST' ? answers.shift()! : fixtureText);
    const { subs } = submissions();
    const profile = { ...testnet, baseUrl: base };
    await subs.submit(fixture.envelope_xdr, profile, new HttpClient(base));
    await subs.submit(fixture.envelope_xdr, profile, new HttpClient(base));
    expect(subs.entries(10).map((e) => [e.result, e.hash])).toEqual([
      ['malformed', fixture.hash],
      ['failed', fixture.hash],
    ]);
  });

  it('adds no sentence of its own to the service’s result: only the service’s detail', () => {
    const plain = interpret(
      200,
      { hash: fixture.hash, result: 'already_finished', submission_result: '' } as never,
      fixture.hash,
    );
    expect(plain.report.message).toBeUndefined();
    const detailed = interpret(
      200,
      { hash: fixture.hash, result: 'already_finished', submission_result: '', detail: 'seen in ledger 748' } as never,
      fixture.hash,
    );
    expect(detailed.report.message).toBe('seen in ledger 748');
  });
});
