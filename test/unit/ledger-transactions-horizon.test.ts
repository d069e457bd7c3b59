// ledger:transactions against a Horizon-shaped server: one direct listing request, and the
// derived path (operations, then each transaction) when the route is missing.
import { afterEach, describe, expect, it } from 'vitest';
import { createDispatcher, type Handlers } from '../../core/app/dispatch';
import { CoreError } from '../../core/app/errors';
import { ledgerTransactionHandlers } from '../../core/handlers/ledger-transactions';
import { HttpClient, HttpError } from '../../core/http/http';
import { startLocalServer, type LocalServer } from '../support/local-server';

const SOURCE = 'GCFIRY65OQE7DFP5KLNS2PF2LVZMUZYJX4OZIEQ36N2IQANUB5XVYOJR';
let server: LocalServer | null = null;

afterEach(async () => {
  await server?.close();
  server = null;
});

function tx(i: number) {
  return {
    id: String(i).repeat(64).slice(0, 64),
    hash: String(i).repeat(64).slice(0, 64),
    ledger: 7,
    created_at: '2026-11-01T00:00:00Z',
    source_account: SOURCE,
    fee_charged: '100',
    max_fee: '200',
    operation_count: i,
    memo_type: 'none',
    successful: i !== 2,
  };
}

async function setup(routes: Record<string, (url: URL) => unknown>, dialect: 'ledger' | 'horizon') {
  const seen: string[] = [];
  server = await startLocalServer((request, response) => {
    const url = new URL(request.url!, 'http://x');
    seen.push(`${url.pathname}${url.search}`);
    const route = routes[url.pathname];
    response.setHeader('content-type', 'application/json');
    if (!route) {
      response.statusCode = 404;
      response.end(JSON.stringify({ type: 'not_found', title: 'Resource Missing', status: 404 }));
      return;
    }
    response.end(JSON.stringify(route(url)));
  });
  const http = new HttpClient(server.base, { maxRetries: 0 });
  const orNotFound = async <T>(what: string, request: () => Promise<T>) => {
    try {
      return await request();
    } catch (error) {
      if (error instanceof HttpError && error.status === 404)
        throw new CoreError('not_found', `${what} was not found.`);
      throw error;
    }
  };
  const dispatch = createDispatcher(
    ledgerTransactionHandlers({
      http: () => http,
      orNotFound,
      networks: { selected: () => ({ dialect }) },
    }) as unknown as Handlers,
  );
  return { seen, dispatch };
}

describe('ledger:transactions on Horizon', () => {
  it('reads /ledgers/{seq}/transactions once, failed included, ascending, one more than the limit', async () => {
    const { seen, dispatch } = await setup(
      {
        '/ledgers/7/transactions': (url) => ({
          _embedded: { records: [tx(1), tx(2), tx(3)].slice(0, Number(url.searchParams.get('limit'))) },
        }),
      },
      'horizon',
    );
    const reply = await dispatch('ledger:transactions', { sequence: 7, limit: 2 });
    expect(reply).toMatchObject({ ok: true, value: { truncated: true } });
    const value = (reply as { value: { records: { hash: string; successful: boolean; operationCount: number }[] } })
      .value;
    expect(value.records.map((r) => [r.operationCount, r.successful])).toEqual([
      [1, true],
      [2, false],
    ]);
    expect(seen).toEqual(['/ledgers/7/transactions?limit=3&order=asc&include_failed=true']);
    expect(await dispatch('ledger:transactions', { sequence: 7 })).toMatchObject({
      ok: true,
      value: { truncated: false },
    });
  });

  it('falls back to the operations when the route is missing, and says not_found for a ledger that is not there', async () => {
    const ops = {
      _embedded: {
        records: [
          {
            id: '30064775169',
            paging_token: '30064775169',
            type: 'bump_sequence',
            type_i: 11,
            source_account: SOURCE,
            transaction_hash: tx(1).hash,
            transaction_successful: true,
            created_at: '2026-11-01T00:00:00Z',
            bump_to: '5',
          },
        ],
      },
    };
    const { seen, dispatch } = await setup(
      { '/ledgers/7/operations': () => ops, [`/transactions/${tx(1).hash}`]: () => tx(1) },
      'horizon',
    );
    const reply = await dispatch('ledger:transactions', { sequence: 7 });
    expect(reply).toMatchObject({
      ok: true,
      value: { truncated: false, records: [{ hash: tx(1).hash, operationCount: 1 }] },
    });
    expect(seen[0]).toMatch(/^\/ledgers\/7\/transactions\?/);
    expect(await dispatch('ledger:transactions', { sequence: 8 })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });

  it('never asks the local service (ledger dialect) for the listing it does not have', async () => {
    const { seen, dispatch } = await setup(
      { '/ledgers/7/operations': () => ({ _embedded: { records: [] } }) },
      'ledger',
    );
    expect(await dispatch('ledger:transactions', { sequence: 7 })).toEqual({
      ok: true,
      value: { records: [], truncated: false },
    });
    expect(seen.every((path) => path.startsWith('/ledgers/7/operations'))).toBe(true);
  });
});
