// Where a listing says the server's history starts: after a 410, and at the end of a newest-first
// walk of an account that did not reach the account's creation, on a pruned-history server only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyStartAtEnd, isBeforeHistory, prunedHistoryStart } from '../../core/sources/horizon/pruned-history';
import { HttpClient, HttpError } from '../../core/http/http';
import type { Operation } from '../../shared/model';
import { historyStartMessage } from '../../shared/history-start';
import { startLocalServer, type LocalServer } from '../support/local-server';

const ACCOUNT = 'GCFIRY65OQE7DFP5KLNS2PF2LVZMUZYJX4OZIEQ36N2IQANUB5XVYOJR';
let root: Record<string, unknown> = {};
let prevHash = 'ab'.repeat(32);
let hits: string[] = [];
let server: LocalServer;

beforeAll(async () => {
  server = await startLocalServer((req, res) => {
    hits.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'application/hal+json' });
    res.end(
      JSON.stringify(
        req.url === '/' ? root : { sequence: 46500001, closed_at: '2025-03-14T10:12:35Z', prev_hash: prevHash },
      ),
    );
  });
});
afterAll(() => server.close());

describe('history start', () => {
  it('reads a 410 as before_history, whatever the problem type says or omits, and nothing else', () => {
    expect(
      isBeforeHistory(
        new HttpError('http_error', 'gone', 410, { type: 'https://stellar.org/horizon-errors/before_history' }),
      ),
    ).toBe(true);
    expect(isBeforeHistory(new HttpError('http_error', 'gone', 410, null))).toBe(true);
    expect(
      isBeforeHistory(
        new HttpError('http_error', 'gone', 410, { type: 'https://stellar.org/horizon-errors/gone_fishing' }),
      ),
    ).toBe(false);
    expect(isBeforeHistory(new HttpError('not_found', 'x', 404, null))).toBe(false);
    expect(isBeforeHistory(new Error('410'))).toBe(false);
  });

  it('asks a pruned-history server once, with the elder ledger close time, and a full one for nothing', async () => {
    root = { history_elder_ledger: 46500001 };
    hits = [];
    const http = new HttpClient(server.base);
    expect(await prunedHistoryStart(http)).toEqual({ ledger: 46500001, closedAt: '2025-03-14T10:12:35Z' });
    expect(await prunedHistoryStart(http)).toEqual({ ledger: 46500001, closedAt: '2025-03-14T10:12:35Z' });
    expect(hits).toEqual(['/', '/ledgers/46500001']);
    root = { history_elder_ledger: 2 };
    expect(await prunedHistoryStart(new HttpClient(server.base))).toBeNull();
    root = { history_elder_ledger: '-5' };
    expect(await prunedHistoryStart(new HttpClient(server.base))).toBeNull();
  });

  it('reads a server whose elder ledger is its network’s genesis (it follows no ledger) as keeping all', async () => {
    root = { history_elder_ledger: 46500001 };
    prevHash = '0'.repeat(64);
    expect(await prunedHistoryStart(new HttpClient(server.base))).toBeNull();
    prevHash = `${'0'.repeat(63)}1`;
    expect(await prunedHistoryStart(new HttpClient(server.base))).toEqual({
      ledger: 46500001,
      closedAt: '2025-03-14T10:12:35Z',
    });
    prevHash = 'ab'.repeat(32);
  });

  it('says nothing at the end of a walk that reached the account creation, or of a listing that is not an account', async () => {
    root = { history_elder_ledger: 46500001 };
    hits = [];
    const http = new HttpClient(server.base);
    const created = {
      type: 'create_account',
      account: ACCOUNT,
      funder: 'G',
      startingBalance: '1',
    } as unknown as Operation;
    expect(await historyStartAtEnd(http, { kind: 'payments', account: ACCOUNT }, created)).toBeNull();
    expect(await historyStartAtEnd(http, { kind: 'operations', scope: 'ledger', id: '5' }, undefined)).toBeNull();
    expect(hits).toEqual([]);
    expect(
      await historyStartAtEnd(http, { kind: 'operations', scope: 'account', id: ACCOUNT }, undefined),
    ).toMatchObject({ ledger: 46500001 });
  });

  it('words the end the same everywhere', () => {
    expect(historyStartMessage({ ledger: 46500001, closedAt: '2025-03-14T10:12:35Z' })).toBe(
      'This server keeps history from ledger 46500001 (2025-03-14); older operations, if any, are not listed. A full-history server has them.',
    );
    expect(historyStartMessage({ ledger: 7 })).toBe(
      'This server keeps history from ledger 7; older operations, if any, are not listed. A full-history server has them.',
    );
    expect(historyStartMessage({ ledger: null })).toMatch(/does not keep older history/);
  });
});
